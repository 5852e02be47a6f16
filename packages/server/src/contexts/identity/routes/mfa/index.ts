import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MFA_MESSAGES,
  messageOnly,
  mfaCodeBody,
  mfaDisableBody,
  mfaEnrolmentResponse,
  mfaRecoveryCodesResponse,
  mfaSetupBody,
  mfaStatusResponse,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { ValidationError } from '../../../../lib/valibot';
import { verifyPassword } from '../../../../lib/secrets';
import { enrolmentOf, newRecoveryCodes, newTotpSecret } from '../../mfa';
import { proveSecondFactor } from '../../mfa-proof';
import { admitAttempt, countWrongSecret, refuseIfLocked, type LoginAccount } from '../../sign-in';

/**
 * The signed-in user's own second factor (staff and super admins; GET /api/mfa, POST /api/mfa/setup,
 * /confirm, /disable, /recovery-codes). Setting it up asks for the password again; turning it off for the
 * password and a current code, and is refused while the account must have it; new recovery codes ask for
 * a current code. Those proofs count
 * towards the account's lock like a wrong password (a stolen session must not become a way to guess the
 * code); the first code of a new authenticator does not (see challenge/index.ts).
 */
export default async function mfaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { audit, httpErrors, mfa } = fastify;
  const signedIn = { access: 'signed-in' as const, area: 'none' as const };

  const holderOf = (request: FastifyRequest) => ({ id: request.scope.accountId, type: request.scope.type, programId: request.scope.programId });
  const record = (request: FastifyRequest, action: string, detail?: Record<string, unknown>) =>
    audit.record(request, { action, entity: 'account', entityId: request.scope.accountId, ...(detail ? { detail } : {}) });

  /** The caller's account as sign-in sees it, past the gates a proof of identity must pass (throttle, lock). */
  async function accountForProof(request: FastifyRequest, reply: Parameters<typeof admitAttempt>[2], action: string, now: Date) {
    const account = await fastify.accounts.findForLogin(request.principal.account.email);
    if (!account) throw httpErrors.unauthorized();
    const knownBrowser = await admitAttempt(fastify, request, reply, account, now);
    await refuseIfLocked(fastify, request, account, { email: account.email, now, action, knownBrowser });
    return { account, knownBrowser };
  }

  async function assertEnabled(accountId: number) {
    const factor = await mfa.factor(accountId);
    if (!factor?.confirmedAt) throw httpErrors.conflict(MFA_MESSAGES.notEnabled);
  }

  app.get('', { config: signedIn, schema: { response: { 200: mfaStatusResponse }, tags: ['Auth'] } }, async (request) => {
    const factor = await mfa.factor(request.scope.accountId);
    const enabled = Boolean(factor?.confirmedAt);
    return {
      data: {
        enabled,
        required: await mfa.required(holderOf(request)),
        confirmedAt: factor?.confirmedAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await mfa.recoveryCodesLeft(request.scope.accountId) : 0,
      },
    };
  });

  app.post(
    '/setup',
    { config: signedIn, schema: { body: mfaSetupBody, response: { 200: mfaEnrolmentResponse }, tags: ['Auth'] } },
    async (request, reply) => {
      const now = fastify.clock.now();
      const factor = await mfa.factor(request.scope.accountId);
      if (factor?.confirmedAt) throw httpErrors.conflict(MFA_MESSAGES.alreadyEnabled);
      const { account, knownBrowser } = await accountForProof(request, reply, 'mfa.setup', now);
      await provePassword(account, request.body.password, { request, knownBrowser, now, action: 'mfa.setup' });
      const secret = newTotpSecret();
      if (!(await mfa.startEnrolment(account.id, secret, now))) throw httpErrors.conflict(MFA_MESSAGES.alreadyEnabled);
      await record(request, 'mfa.setup');
      return { data: await enrolmentOf(secret, account.email) };
    },
  );

  app.post(
    '/confirm',
    { config: signedIn, schema: { body: mfaCodeBody, response: { 200: mfaRecoveryCodesResponse }, tags: ['Auth'] } },
    async (request) => {
      const accountId = request.scope.accountId;
      const now = fastify.clock.now();
      const factor = await mfa.factor(accountId);
      if (factor?.confirmedAt) throw httpErrors.conflict(MFA_MESSAGES.alreadyEnabled);
      if (!factor) throw httpErrors.conflict(MFA_MESSAGES.noSetup);
      const recoveryCodes = newRecoveryCodes();
      const confirmed = await fastify.db.transaction(async (tx) => {
        if (!(await mfa.confirmEnrolment(tx, accountId, request.body.code, now))) return false;
        await mfa.replaceRecoveryCodes(tx, accountId, recoveryCodes, now);
        await audit.record(request, { action: 'mfa.enable', entity: 'account', entityId: accountId }, tx);
        return true;
      });
      if (!confirmed) {
        await audit.record(request, { action: 'mfa.enable', entity: 'account', entityId: accountId, success: false, detail: { reason: 'wrong first code' } });
        throw new ValidationError({ code: [MFA_MESSAGES.wrongCode] });
      }
      return { data: { recoveryCodes } };
    },
  );

  app.post(
    '/disable',
    { config: signedIn, schema: { body: mfaDisableBody, response: { 200: messageOnly }, tags: ['Auth'] } },
    async (request, reply) => {
      const { password, code } = request.body;
      const now = fastify.clock.now();
      if (await mfa.required(holderOf(request))) throw httpErrors.forbidden(MFA_MESSAGES.required);
      await assertEnabled(request.scope.accountId);
      const { account, knownBrowser } = await accountForProof(request, reply, 'mfa.disable', now);
      await provePassword(account, password, { request, knownBrowser, now, action: 'mfa.disable' });
      await proveSecondFactor(fastify, request, account, { code }, { knownBrowser, now, action: 'mfa.disable' });
      await fastify.db.transaction(async (tx) => {
        await mfa.remove(tx, account.id);
        await audit.record(request, { action: 'mfa.disable', entity: 'account', entityId: account.id }, tx);
      });
      return { message: MFA_MESSAGES.disabled };
    },
  );

  app.post(
    '/recovery-codes',
    { config: signedIn, schema: { body: mfaCodeBody, response: { 200: mfaRecoveryCodesResponse }, tags: ['Auth'] } },
    async (request, reply) => {
      const now = fastify.clock.now();
      await assertEnabled(request.scope.accountId);
      const { account, knownBrowser } = await accountForProof(request, reply, 'mfa.recovery_codes', now);
      await proveSecondFactor(fastify, request, account, { code: request.body.code }, { knownBrowser, now, action: 'mfa.recovery_codes' });
      const recoveryCodes = newRecoveryCodes();
      await fastify.db.transaction(async (tx) => {
        await mfa.replaceRecoveryCodes(tx, account.id, recoveryCodes, now);
        await audit.record(request, { action: 'mfa.recovery_codes', entity: 'account', entityId: account.id }, tx);
      });
      return { data: { recoveryCodes } };
    },
  );

  /** The password again, before the factor is set up or turned off: wrong, it counts like a wrong password at sign-in. */
  async function provePassword(
    account: LoginAccount,
    password: string,
    {
      request,
      knownBrowser,
      now,
      action,
    }: { request: FastifyRequest; knownBrowser: Awaited<ReturnType<typeof admitAttempt>>; now: Date; action: string },
  ) {
    if (await verifyPassword(account.passwordHash, password)) return;
    await countWrongSecret(fastify, request, account, { email: account.email, reason: 'wrong password', now, action, knownBrowser });
    throw new ValidationError({ password: [MFA_MESSAGES.wrongPassword] });
  }
}
