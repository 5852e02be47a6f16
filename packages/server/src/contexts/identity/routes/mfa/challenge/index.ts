import type { FastifyInstance } from 'fastify';
import {
  AUTH_FLOW_MESSAGES,
  MFA_MESSAGES,
  mfaChallengeBody,
  mfaChallengeConfirmBody,
  mfaChallengeSetupBody,
  mfaEnrolmentResponse,
  mfaSignedInResponse,
  mfaSignedInWithCodesResponse,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { ValidationError } from '../../../../../lib/valibot';
import { enrolmentOf, newRecoveryCodes, newTotpSecret } from '../../../mfa';
import { proveSecondFactor } from '../../../mfa-proof';
import { openChallenge, openSession } from '../../../sign-in';

/** Every refusal and success of these steps is audited under this action (and the sign-in's own 'login'). */
const ACTION = 'login.mfa';

/**
 * The second factor while signing in (public: the challenge of the login answer's mfaStep is the
 * credential). 'code': POST /api/mfa/challenge with the authenticator's code or a recovery code.
 * 'setup': POST /api/mfa/challenge/setup hands out a new authenticator's key and QR code, and
 * POST /api/mfa/challenge/confirm with its first code turns it on and completes the sign-in, answering
 * the recovery codes once. The challenge stays usable after a wrong code (until it expires) and is spent
 * by the step that signs in.
 */
export default async function mfaChallengeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { audit, authLinks, httpErrors } = fastify;
  const expired = () => httpErrors.gone(AUTH_FLOW_MESSAGES.challengeInvalid);

  app.post(
    '',
    {
      config: { access: 'public' },
      schema: { body: mfaChallengeBody, response: { 200: mfaSignedInResponse }, tags: ['Auth'], security: [] },
    },
    async (request, reply) => {
      const { challenge, code, recovery_code: recoveryCode } = request.body;
      const now = fastify.clock.now();
      const { link, account, knownBrowser } = await openChallenge(fastify, request, reply, { challenge, purpose: 'mfa', action: ACTION, now });
      // A 'setup' challenge has no authenticator to check yet.
      const factor = await fastify.mfa.factor(account.id);
      if (!factor?.confirmedAt) throw expired();
      const used = await proveSecondFactor(fastify, request, account, code !== '' ? { code } : { recoveryCode }, {
        knownBrowser,
        now,
        action: ACTION,
      });
      // One use: two requests with one challenge cannot both sign in.
      if (!(await authLinks.consume(fastify.db, link.id, now))) throw expired();
      return { data: await openSession(fastify, request, reply, account, now, { knownBrowser, detail: { secondFactor: used } }) };
    },
  );

  app.post(
    '/setup',
    {
      config: { access: 'public' },
      schema: { body: mfaChallengeSetupBody, response: { 200: mfaEnrolmentResponse }, tags: ['Auth'], security: [] },
    },
    async (request, reply) => {
      const now = fastify.clock.now();
      const { account } = await openChallenge(fastify, request, reply, { challenge: request.body.challenge, purpose: 'mfa', action: ACTION, now });
      const secret = newTotpSecret();
      // An account with a confirmed authenticator is asked for its code, never offered a new one.
      if (!(await fastify.mfa.startEnrolment(account.id, secret, now))) throw expired();
      await audit.record(request, {
        action: 'mfa.setup',
        entity: 'account',
        entityId: account.id,
        actorAccountId: account.id,
        actorType: account.type,
        programId: account.programId,
        detail: { duringSignIn: true },
      });
      return { data: await enrolmentOf(secret, account.email) };
    },
  );

  app.post(
    '/confirm',
    {
      config: { access: 'public' },
      schema: { body: mfaChallengeConfirmBody, response: { 200: mfaSignedInWithCodesResponse }, tags: ['Auth'], security: [] },
    },
    async (request, reply) => {
      const { challenge, code } = request.body;
      const now = fastify.clock.now();
      const { link, account, knownBrowser } = await openChallenge(fastify, request, reply, { challenge, purpose: 'mfa', action: ACTION, now });
      const factor = await fastify.mfa.factor(account.id);
      if (factor?.confirmedAt) throw expired();
      if (!factor) throw httpErrors.conflict(MFA_MESSAGES.noSetup);
      const recoveryCodes = newRecoveryCodes();
      const confirmed = await fastify.db.transaction(async (tx) => {
        if (!(await fastify.mfa.confirmEnrolment(tx, account.id, code, now))) return false;
        if (!(await authLinks.consume(tx, link.id, now))) throw expired();
        await fastify.mfa.replaceRecoveryCodes(tx, account.id, recoveryCodes, now);
        await audit.record(
          request,
          {
            action: 'mfa.enable',
            entity: 'account',
            entityId: account.id,
            actorAccountId: account.id,
            actorType: account.type,
            programId: account.programId,
            detail: { duringSignIn: true },
          },
          tx,
        );
        return true;
      });
      if (!confirmed) {
        // Not counted towards the lock: the key was just handed to whoever holds the challenge, so a wrong
        // first code is a slip in copying it, not a guess at anything.
        await audit.record(request, {
          action: ACTION,
          entity: 'account',
          entityId: account.id,
          actorAccountId: account.id,
          actorType: account.type,
          programId: account.programId,
          success: false,
          detail: { reason: 'wrong first code of a new authenticator' },
        });
        throw new ValidationError({ code: [MFA_MESSAGES.wrongCode] });
      }
      const signedIn = await openSession(fastify, request, reply, account, now, { knownBrowser, detail: { secondFactor: 'enrolled' } });
      return { data: { ...signedIn, recoveryCodes } };
    },
  );
}
