import type { FastifyInstance } from 'fastify';
import { AUTH_FLOW_MESSAGES, resetPasswordBody, resetPasswordResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { hashPassword } from '../../../../lib/secrets';
import { PASSWORD_LINK_PURPOSES, findPasswordLink, invalidLink } from '../../password-link-check';
import { loginLink } from '../../mail-links';
import { passwordChangedMail } from '../../mail-templates';

/**
 * POST /api/reset-password (public): a staff account's new password, from a reset, set or invite link.
 * The link is used up, every session of the account ends, and all its other links die with the old
 * password. Program users are also told by e-mail that their password changed.
 */
export default async function resetPasswordRoutes(fastify: FastifyInstance) {
  fastify.withTypeProvider<ValibotTypeProvider>().post(
    '',
    {
      config: { access: 'public' },
      schema: { body: resetPasswordBody, response: { 200: resetPasswordResponse }, tags: ['Auth'], security: [] },
    },
    async (request) => {
      const { token, password, patient_id: patientId } = request.body;
      const link = await findPasswordLink(fastify, token, { owner: 'account', patientId });
      if (!link.account) throw invalidLink(fastify);
      const account = link.account;
      const hash = await hashPassword(password);
      const now = fastify.clock.now();
      await fastify.db.transaction(async (tx) => {
        if (!(await fastify.authLinks.consume(tx, link.id, now))) throw invalidLink(fastify);
        await fastify.accounts.setPassword(tx, account.id, hash, now);
        await fastify.sessions.revokeOthers(tx, account.id, null, now);
        await fastify.authLinks.voidAll(tx, { accountId: account.id }, [...PASSWORD_LINK_PURPOSES, 'security'], now);
        // The link reached this address: that confirms it.
        await fastify.authLinks.markEmailVerified(tx, account.id, now);
        await fastify.audit.record(
          request,
          {
            action: 'password.reset',
            entity: 'account',
            entityId: account.id,
            actorAccountId: account.id,
            actorType: account.type,
            programId: account.programId,
            detail: { flow: link.flow },
          },
          tx,
        );
      });
      if (account.type === 'program_user') {
        const mail = passwordChangedMail({ name: account.name, loginLink: loginLink(fastify.config.publicUrl) });
        fastify.mailer.sendLater({ ...mail, to: account.email }, request.log);
      }
      return { message: AUTH_FLOW_MESSAGES.passwordUpdated };
    },
  );
}
