import type { FastifyInstance } from 'fastify';
import { AUTOMATIC_MESSAGES as MESSAGES, automaticRuleSavedResponse, automaticRuleStatusBody } from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';
import type { ValibotTypeProvider } from '../../../../lib/valibot';

/**
 * PUT /api/AutomaticMessages/message-field-status/update (the spec's path, its capitals kept): switches one
 * automatic message on (1) or off (0). The value to set, not a flip, so a repeated call changes nothing.
 */
export default async function automaticMessageStatusRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'messages');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.put(
    '/message-field-status/update',
    { schema: { body: automaticRuleStatusBody, response: { 200: automaticRuleSavedResponse }, tags: ['Automatic messages'] } },
    async (request) => {
      const { id, message_field_status: status } = request.body;
      const change = await fastify.automaticMessages.setStatus(staffScope(request.scope), id, status, fastify.clock.now());
      if (!change) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      await fastify.audit.record(request, {
        action: 'automatic-message.status',
        entity: 'automatic_message_rule',
        entityId: id,
        detail: { status, changed: change.changed },
      });
      return { data: change.rule, message: status === 1 ? MESSAGES.switchedOn : MESSAGES.switchedOff };
    },
  );
}
