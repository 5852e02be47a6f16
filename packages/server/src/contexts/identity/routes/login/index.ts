import type { FastifyInstance } from 'fastify';
import { AUTH_FLOW_MESSAGES, SECURITY_CHALLENGE_TTL_MINUTES, type SecurityStep, loginBody, loginResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { verifyPassword } from '../../../../lib/secrets';
import { MESSAGES } from '../../auth-policy';
import {
  admitAttempt,
  countWrongSecret,
  finishSignIn,
  isInactive,
  recordSignInFailure,
  refuseIfLocked,
} from '../../sign-in';
import { sendEmailConfirmation } from '../../password-links';

/** Fresh confirmation links an unconfirmed account is sent by signing in, per window. */
const CONFIRMATION_RESEND_LIMIT = 3;
const CONFIRMATION_RESEND_WINDOW_MINUTES = 15;

/**
 * POST /api/login: e-mail and password in, a bearer token out — or, for an account that must pass its
 * security question, a short-lived challenge for POST /api/security-answer instead of the token, and for
 * one with a second factor (or one that must set it up) a challenge for POST /api/mfa/challenge….
 */
export default async function loginRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { accounts, audit, authLinks, clock, httpErrors } = fastify;

  app.post(
    '',
    {
      config: { access: 'public' },
      schema: { body: loginBody, response: { 200: loginResponse }, tags: ['Auth'], security: [] },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const now = clock.now();

      const account = await accounts.findForLogin(email);
      // A browser that signed in to this account before goes on; any other is first held to the
      // per-address limit (too many failures from one place, whichever accounts they tried).
      const knownBrowser = await admitAttempt(fastify, request, reply, account, now);
      if (!account) {
        await verifyPassword(null, password);
        await recordSignInFailure(fastify, request, { accountId: null, email, reason: 'unknown e-mail', now });
        throw httpErrors.unauthorized(MESSAGES.badCredentials);
      }
      // A locked account stays locked, whatever password is offered (to browsers it does not know).
      await refuseIfLocked(fastify, request, account, { email, now, knownBrowser });
      if (!(await verifyPassword(account.passwordHash, password))) {
        await countWrongSecret(fastify, request, account, { email, reason: 'wrong password', now, knownBrowser });
        throw httpErrors.unauthorized(MESSAGES.badCredentials);
      }
      // Told only after the right password, so the answers reveal nothing to a guesser.
      if (isInactive(account, now)) {
        await recordSignInFailure(fastify, request, { accountId: account.id, email, reason: 'inactive', now, knownBrowser });
        throw httpErrors.forbidden(MESSAGES.inactive);
      }
      if (account.emailVerifiedAt === null) {
        await audit.record(request, {
          action: 'login',
          entity: 'account',
          entityId: account.id,
          actorAccountId: account.id,
          actorType: account.type,
          programId: account.programId,
          success: false,
          detail: { reason: 'e-mail address not confirmed' },
        });
        // A fresh link each time, within a limit, so a lost or expired one is never a dead end.
        const wait = await authLinks.countRequest(
          'verify-account',
          String(account.id),
          CONFIRMATION_RESEND_LIMIT,
          CONFIRMATION_RESEND_WINDOW_MINUTES,
          now,
        );
        if (wait === 0) {
          const contact = await authLinks.accountById(account.id);
          if (contact) await sendEmailConfirmation(fastify, request, contact, { delivery: 'later' });
        }
        throw httpErrors.forbidden(AUTH_FLOW_MESSAGES.emailNotConfirmed);
      }

      const security = account.type === 'program_user' ? await fastify.securityQuestions.requirement(account.id) : null;
      if (security?.required) {
        // The failure count is reset only when the whole sign-in succeeds, so a known password does
        // not buy unlimited guesses at the answer.
        const challenge = await authLinks.issue(fastify.db, { accountId: account.id }, 'security', now, SECURITY_CHALLENGE_TTL_MINUTES);
        const step: SecurityStep = security.answer ? 'answer' : 'setup';
        await audit.record(request, {
          action: 'login.security_step',
          entity: 'account',
          entityId: account.id,
          actorAccountId: account.id,
          actorType: account.type,
          programId: account.programId,
          detail: { step },
        });
        return {
          data: {
            securityStep: step,
            challenge,
            challengeExpiresInMinutes: SECURITY_CHALLENGE_TTL_MINUTES,
            ...(security.answer ? { question: { id: security.answer.questionId, question: security.answer.question } } : {}),
          },
        };
      }

      return { data: await finishSignIn(fastify, request, reply, account, now, { knownBrowser }) };
    },
  );
}

