import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MFA_MESSAGES } from '@baridesk/contracts';
import { ValidationError } from '../../lib/valibot';
import type { KnownBrowser } from './plugins/device-cookies';
import { countWrongSecret, type LoginAccount } from './sign-in';

/** What proves the second factor: a current authenticator code, or (at sign-in) one unused recovery code. */
export type SecondFactorProof = { code: string } | { recoveryCode: string };
export type SecondFactorUsed = 'authenticator' | 'recovery code';

/**
 * Checks a proof of the account's second factor. A wrong one is counted towards the account's lock like
 * a wrong password (from a known browser, against its cookie) and audited under `action`, then refused
 * with 422 on its field (423 when this attempt locked the account). A recovery code works once: using it
 * is audited with how many are left.
 */
export async function proveSecondFactor(
  fastify: FastifyInstance,
  request: FastifyRequest,
  account: LoginAccount,
  proof: SecondFactorProof,
  { knownBrowser, now, action }: { knownBrowser: KnownBrowser | null; now: Date; action: string },
): Promise<SecondFactorUsed> {
  const refuse = async (reason: string, field: string, message: string): Promise<never> => {
    await countWrongSecret(fastify, request, account, { email: account.email, reason, now, action, knownBrowser });
    throw new ValidationError({ [field]: [message] });
  };
  if ('code' in proof) {
    if (!(await fastify.mfa.checkCode(account.id, proof.code, now))) {
      return refuse('wrong or reused authenticator code', 'code', MFA_MESSAGES.wrongCode);
    }
    return 'authenticator';
  }
  if (!(await fastify.mfa.useRecoveryCode(account.id, proof.recoveryCode, now))) {
    return refuse('wrong or used recovery code', 'recovery_code', MFA_MESSAGES.wrongRecoveryCode);
  }
  await fastify.audit.record(request, {
    action: 'mfa.recovery_code_used',
    entity: 'account',
    entityId: account.id,
    actorAccountId: account.id,
    actorType: account.type,
    programId: account.programId,
    detail: { left: await fastify.mfa.recoveryCodesLeft(account.id) },
  });
  return 'recovery code';
}
