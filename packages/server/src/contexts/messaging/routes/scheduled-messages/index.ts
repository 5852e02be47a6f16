import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  STAFF_MESSAGE_MESSAGES as MESSAGES,
  deliveryRecipientsPage,
  deliveryRecipientsQuery,
  envelope,
  idParams,
  scheduledMessageBody,
  scheduledMessageListQuery,
  scheduledMessageListResponse,
  scheduledMessageResponse,
  scheduledMessageSavedResponse,
  type ScheduledMessage,
} from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';
import type { ValibotTypeProvider } from '../../../../lib/valibot';

const entity = 'scheduled_message';

/** What the audit keeps of a schedule: when and to whom (ids counted, not listed), never the text. */
const scheduleDetail = (message: ScheduledMessage) => ({
  status: message.status,
  send_at: message.send_at,
  timezone: message.patient_timezone ? 'patient' : message.timezone,
  rrule: message.rrule,
  channels: message.channels,
  audience: message.audience.patient_ids ? { patients: message.audience.patient_ids.length } : { filter: message.audience.filter },
  next_run_at: message.next_run_at,
});

/**
 * Scheduled messages (/scheduled-messages, /scheduled-message/:id/show): list, schedule, show with its
 * runs, edit before the next run, pause, resume, cancel, and a run's recipients with their statuses.
 * The runs themselves are made by the tick job (plugins/scheduled-messages.ts).
 */
export default async function scheduledMessagesRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'messages');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Scheduled messages'];
  const audit = (request: FastifyRequest, action: string, message: ScheduledMessage) =>
    fastify.audit.record(request, { action: `scheduled-message.${action}`, entity, entityId: message.id, detail: scheduleDetail(message) });

  app.get('', { schema: { querystring: scheduledMessageListQuery, response: { 200: scheduledMessageListResponse }, tags } }, async (request) => ({
    data: await fastify.scheduledMessages.list(staffScope(request.scope), request.query),
  }));

  app.post('', { schema: { body: scheduledMessageBody, response: { 201: scheduledMessageSavedResponse }, tags } }, async (request, reply) => {
    const message = await fastify.scheduledMessages.create(staffScope(request.scope), request.body, fastify.clock.now());
    await audit(request, 'create', message);
    return reply.code(201).send({ data: message, message: MESSAGES.scheduled });
  });

  app.get('/:id', { schema: { params: idParams, response: { 200: scheduledMessageResponse }, tags } }, async (request) => {
    const message = await fastify.scheduledMessages.get(staffScope(request.scope), request.params.id);
    if (!message) throw fastify.httpErrors.notFound(MESSAGES.scheduledNotFound);
    return { data: message };
  });

  app.put(
    '/:id',
    { schema: { params: idParams, body: scheduledMessageBody, response: { 200: scheduledMessageSavedResponse }, tags } },
    async (request) => {
      const message = await fastify.scheduledMessages.update(staffScope(request.scope), request.params.id, request.body, fastify.clock.now());
      if (!message) throw fastify.httpErrors.notFound(MESSAGES.scheduledNotFound);
      await audit(request, 'update', message);
      return { data: message, message: MESSAGES.updated };
    },
  );

  const notices = { pause: MESSAGES.paused, resume: MESSAGES.resumed, cancel: MESSAGES.cancelled } as const;
  for (const action of ['pause', 'resume', 'cancel'] as const) {
    app.post(`/:id/${action}`, { schema: { params: idParams, response: { 200: scheduledMessageSavedResponse }, tags } }, async (request) => {
      const message = await fastify.scheduledMessages.setState(staffScope(request.scope), request.params.id, action, fastify.clock.now());
      if (!message) throw fastify.httpErrors.notFound(MESSAGES.scheduledNotFound);
      await audit(request, action, message);
      return { data: message, message: notices[action] };
    });
  }

  /** The recipients of one run (a message made by the schedule), with their per-channel statuses. */
  app.get(
    '/runs/:id/recipients',
    { schema: { params: idParams, querystring: deliveryRecipientsQuery, response: { 200: envelope(deliveryRecipientsPage) }, tags } },
    async (request) => {
      const scope = staffScope(request.scope);
      if (!(await fastify.scheduledMessages.runExists(scope, request.params.id))) throw fastify.httpErrors.notFound(MESSAGES.runNotFound);
      const page = await fastify.delivery.recipients(scope.programId, request.params.id, request.query);
      await fastify.audit.record(request, {
        action: 'message.recipients.read',
        entity: 'message',
        entityId: request.params.id,
        detail: { page: page.page, shown: page.data.length, patient_ids: page.data.map((row) => row.patient_id) },
      });
      return { data: page };
    },
  );
}
