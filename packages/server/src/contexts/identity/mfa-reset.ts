/**
 * An administrator removing someone else's second factor: the help desk's answer to a user who lost
 * both their authenticator and their recovery codes (docs/security.md). The admin areas (program users,
 * programs, super admins) check who may ask and that the account exists; this does the rest the same
 * way for all three.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TWO_FACTOR_RESET_MESSAGES } from '@baridesk/contracts';
import { ValidationError } from '../../lib/valibot';
import { loginLink } from './mail-links';
import { secondFactorResetMail } from './mail-templates';

/**
 * Removes the account's authenticator and recovery codes, ends every session of it and voids a sign-in
 * waiting for its code (so nobody finishes a sign-in against the removed factor), audits 'mfa.reset' and
 * e-mails the owner a notice. 422 when the account has no confirmed authenticator: a waiting one does not
 * stop a sign-in, so there is nothing to help with. The caller has checked the account exists.
 */
export async function resetSecondFactor(fastify: FastifyInstance, request: FastifyRequest, accountId: number): Promise<void> {
  const contact = await fastify.authLinks.accountById(accountId);
  const factor = contact ? await fastify.mfa.factor(accountId) : null;
  if (!contact || !factor?.confirmedAt) throw new ValidationError({ id: [TWO_FACTOR_RESET_MESSAGES.noFactor] });
  const now = fastify.clock.now();
  await fastify.db.transaction(async (tx) => {
    await fastify.mfa.remove(tx, accountId);
    await fastify.sessions.revokeOthers(tx, accountId, null, now);
    await fastify.authLinks.voidAll(tx, { accountId }, ['mfa'], now);
    await fastify.audit.record(
      request,
      { action: 'mfa.reset', entity: 'account', entityId: accountId, programId: contact.programId, detail: { accountType: contact.type } },
      tx,
    );
  });
  const mail = secondFactorResetMail({ name: contact.name, loginLink: loginLink(fastify.config.publicUrl) });
  fastify.mailer.sendLater({ ...mail, to: contact.email }, request.log);
}
