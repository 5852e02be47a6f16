import type { FastifyInstance } from 'fastify';
import { ALERT_MESSAGES, idParams, replyHandledResponse, repliesQuery, repliesResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../../lib/scope';
import { inMenuArea } from '../../../../../lib/menu-area';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';

/** Alerts: patients' replies from the app, unhandled ones first in the staff's attention; POST {id}/handled marks one. */
export default async function repliesRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'messages');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Alerts'];

  app.get('', { schema: { querystring: repliesQuery, response: { 200: repliesResponse }, tags } }, async (request) => {
    const page = await fastify.alerts.replies(staffScope(request.scope), request.query);
    await fastify.audit.record(request, {
      action: 'alerts.replies',
      entity: 'message_reply',
      detail: { count: page.data.length, total: page.total, handled: request.query.handled },
    });
    return { data: page };
  });

  app.post('/:id/handled', { schema: { params: idParams, response: { 200: replyHandledResponse }, tags } }, async (request) => {
    const reply = await fastify.alerts.markHandled(staffScope(request.scope), request.params.id, fastify.clock.now());
    if (!reply) throw fastify.httpErrors.notFound(ALERT_MESSAGES.replyNotFound);
    await fastify.audit.record(request, {
      action: 'alerts.reply-handled',
      entity: 'message_reply',
      entityId: reply.id,
      patientId: reply.patient_id,
    });
    return { data: reply, message: ALERT_MESSAGES.handled };
  });
}
