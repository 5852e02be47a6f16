import type { FastifyInstance } from 'fastify';
import { GROUP_MESSAGES as MESSAGES, messageOnly, sendGroupMessageBody, sendGroupMessageResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { ValidationError } from '../../../../lib/valibot';

/**
 * POST /scheduler/api/manage-users/send-group-message (super admins with groups; the spec sends it to the
 * scheduler service, as the events): one text to every active member of a group, delivered like an
 * on-demand message: one message of kind 'group' per program among the members, its audience the
 * registered audience `admin.group`, fanned out by the delivery service. 201 with the messages made.
 */
export default async function manageUsersSchedulerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const config = { access: 'super_admin', permission: 'groups' } as const;

  app.post(
    '/send-group-message',
    { config, schema: { body: sendGroupMessageBody, response: { 201: sendGroupMessageResponse, 404: messageOnly, 409: messageOnly }, tags: ['Admin'] } },
    async (request, reply) => {
      const { group_id: groupId, title, channels } = request.body;
      const outcome = await fastify.patientGroups.send(request.scope, groupId, request.body);
      const detail = { title, channels, ...(outcome.kind === 'sent' ? { messageIds: outcome.messages.map((m) => m.id), recipients: outcome.recipients } : { refused: outcome.kind }) };
      await fastify.audit.record(request, { action: 'group.send-message', entity: 'patient_group', entityId: groupId, success: outcome.kind === 'sent', detail });
      if (outcome.kind === 'no-group') throw fastify.httpErrors.notFound(MESSAGES.notFound);
      if (outcome.kind === 'inactive') throw fastify.httpErrors.conflict(MESSAGES.inactive);
      if (outcome.kind === 'empty') throw new ValidationError({ group_id: [MESSAGES.noRecipients] });
      return reply.code(201).send({ data: { messages: outcome.messages, recipients: outcome.recipients }, message: MESSAGES.sent });
    },
  );
}
