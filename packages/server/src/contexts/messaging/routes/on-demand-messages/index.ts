import type { FastifyInstance } from 'fastify';
import {
  STAFF_MESSAGE_MESSAGES as MESSAGES,
  audienceCountBody,
  audienceCountResponse,
  deliveryRecipientsPage,
  deliveryRecipientsQuery,
  envelope,
  idParams,
  onDemandMessageBody,
  onDemandMessageListQuery,
  onDemandMessageListResponse,
  onDemandMessageResponse,
  onDemandMessageSavedResponse,
} from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { audienceOf, checkAudience } from '../../staff-messages';

const entity = 'message';

/**
 * On-demand messages (/on-demand-messages, /on-demand-messages/:id/show): the list, one message with its
 * per-channel summary, its recipients with their statuses, the count of an audience before sending, and
 * sending (201 at once; the delivery service's fan-out does the rest).
 */
export default async function onDemandMessagesRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'messages');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['On-demand messages'];

  app.get('', { schema: { querystring: onDemandMessageListQuery, response: { 200: onDemandMessageListResponse }, tags } }, async (request) => ({
    data: await fastify.onDemandMessages.list(staffScope(request.scope), request.query),
  }));

  app.post('', { schema: { body: onDemandMessageBody, response: { 201: onDemandMessageSavedResponse }, tags } }, async (request, reply) => {
    const message = await fastify.onDemandMessages.create(staffScope(request.scope), request.body);
    const audience = audienceOf(request.body);
    await fastify.audit.record(request, {
      action: 'on-demand-message.send',
      entity,
      entityId: message.id,
      detail: {
        channels: message.channels,
        audience: 'patient_ids' in audience ? { patients: audience.patient_ids.length } : { filter: audience.filter },
        message_template_id: message.message_template_id,
      },
    });
    return reply.code(201).send({ data: message, message: MESSAGES.sent });
  });

  /** How many patients an audience reaches now: the figure the compose screen shows before sending. */
  app.post('/audience-count', { schema: { body: audienceCountBody, response: { 200: audienceCountResponse }, tags } }, async (request) => {
    const scope = staffScope(request.scope);
    await checkAudience(fastify.db, scope.programId, request.body);
    return { data: { count: await fastify.delivery.countAudience(scope, audienceOf(request.body)) } };
  });

  app.get('/:id', { schema: { params: idParams, response: { 200: onDemandMessageResponse }, tags } }, async (request) => {
    const message = await fastify.onDemandMessages.get(staffScope(request.scope), request.params.id);
    if (!message) throw fastify.httpErrors.notFound(MESSAGES.notFound);
    return { data: message };
  });

  app.get(
    '/:id/recipients',
    { schema: { params: idParams, querystring: deliveryRecipientsQuery, response: { 200: envelope(deliveryRecipientsPage) }, tags } },
    async (request) => {
      const scope = staffScope(request.scope);
      if (!(await fastify.onDemandMessages.exists(scope, request.params.id))) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      const page = await fastify.delivery.recipients(scope.programId, request.params.id, request.query);
      // Reading who received a message, and how, is a read of those patients' data.
      await fastify.audit.record(request, {
        action: 'message.recipients.read',
        entity,
        entityId: request.params.id,
        detail: { page: page.page, shown: page.data.length, patient_ids: page.data.map((row) => row.patient_id) },
      });
      return { data: page };
    },
  );
}
