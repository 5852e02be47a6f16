import type { FastifyInstance } from 'fastify';
import { SUPPORT_MESSAGES, supportMessageBody, supportMessageResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import { ValidationError, type ValibotTypeProvider } from '../../../../lib/valibot';
import { SUPPORT_MAIL_JOB } from '../../plugins/support-messages';

/**
 * POST /api/support-message/store: a program user's help message (product support, support groups,
 * vitamin samples), stored and mailed to the support address (the super admins' support e-mail, else SUPPORT_EMAIL). `sub_user_id` is the spec's
 * field: the program's own account (the program id); it may be left out, and another is refused.
 */
export default async function supportMessageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.post(
    '/store',
    {
      // The Help menu is for program users only (staff-area §6), whatever their menu flags.
      config: { access: 'program_user', area: 'none' },
      schema: { body: supportMessageBody, response: { 201: supportMessageResponse }, tags: ['Help'] },
    },
    async (request, reply) => {
      const scope = staffScope(request.scope);
      const { sub_user_id: subUserId } = request.body;
      if (subUserId !== null && subUserId !== scope.programId) throw new ValidationError({ sub_user_id: [SUPPORT_MESSAGES.subUserInvalid] });
      const row = await fastify.supportMessages.store(scope, request.body, fastify.clock.now());
      await fastify.jobs.send(SUPPORT_MAIL_JOB, { id: row.id }, { singletonKey: String(row.id) });
      await fastify.audit.record(request, {
        action: 'support-message.store',
        entity: 'support_message',
        entityId: row.id,
        detail: { type: row.type, message_length: row.message.length },
      });
      return reply.code(201).send({
        data: { id: row.id, type: row.type, created_at: row.created_at.toISOString(), mailed: false },
        message: SUPPORT_MESSAGES.sent,
      });
    },
  );
}
