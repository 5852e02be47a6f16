import type { FastifyInstance } from 'fastify';
import {
  ALERT_MESSAGES,
  failedDeliveriesQuery,
  failedDeliveriesResponse,
  retryDeliveriesBody,
  retryDeliveriesResponse,
} from '@baridesk/contracts';
import { staffScope } from '../../../../../lib/scope';
import { inMenuArea } from '../../../../../lib/menu-area';
import { ValidationError, type ValibotTypeProvider } from '../../../../../lib/valibot';
import { JOBS, type SendBatchJob } from '../../../plugins/delivery';

/**
 * Alerts: deliveries that failed in the last 30 days, newest first, with the reason; POST retry queues the
 * chosen e-mail and push deliveries again through the delivery service.
 */
export default async function failedDeliveriesRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'messages');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Alerts'];

  app.get('', { schema: { querystring: failedDeliveriesQuery, response: { 200: failedDeliveriesResponse }, tags } }, async (request) => {
    const page = await fastify.alerts.failedDeliveries(staffScope(request.scope), request.query, fastify.clock.now());
    await fastify.audit.record(request, {
      action: 'alerts.failed-deliveries',
      entity: 'message_delivery',
      detail: { count: page.data.length, total: page.total },
    });
    return { data: page };
  });

  app.post('/retry', { schema: { body: retryDeliveriesBody, response: { 200: retryDeliveriesResponse }, tags } }, async (request) => {
    const scope = staffScope(request.scope);
    const requeued = await fastify.alerts.requeueFailed(scope, request.body.ids);
    if (requeued.length === 0) throw new ValidationError({ ids: [ALERT_MESSAGES.nothingToRetry] });
    // Each through the channel's own send job (one more try; after MAX_ATTEMPTS a failure is final at once).
    for (const d of requeued) {
      const job: SendBatchJob = { messageId: d.message_id, fromPatientId: d.patient_id, toPatientId: d.patient_id };
      await fastify.jobs.send(d.channel === 'email' ? JOBS.sendEmail : JOBS.sendPush, job, { singletonKey: `retry:${d.id}:${Date.now()}` });
    }
    await fastify.audit.record(request, {
      action: 'alerts.retry-deliveries',
      entity: 'message_delivery',
      detail: { ids: requeued.map((d) => d.id), patients: [...new Set(requeued.map((d) => d.patient_id))].length },
    });
    return { data: { retried: requeued.length }, message: ALERT_MESSAGES.retried };
  });
}
