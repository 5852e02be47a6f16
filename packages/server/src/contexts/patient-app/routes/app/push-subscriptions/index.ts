import type { FastifyInstance } from 'fastify';
import { PATIENT_APP_MESSAGES, messageOnly, pushSubscriptionBody, pushSubscriptionDeleteBody } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';

/**
 * The patient's devices for Web Push: POST /api/app/push-subscriptions registers the browser's
 * PushSubscription (409 while push is off on this server), DELETE forgets one by its endpoint.
 */
export default async function appPushSubscriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { audit, clock, httpErrors, patientInbox } = fastify;
  const tags = ['Patient app'];
  const config = { access: 'patient' as const };

  app.post('', { config, schema: { body: pushSubscriptionBody, response: { 201: messageOnly, 409: messageOnly }, tags } }, async (request, reply) => {
    if (!fastify.webPush.enabled) throw httpErrors.conflict(PATIENT_APP_MESSAGES.pushOff);
    const { patientId, programId } = request.patient;
    const { movedFrom } = await patientInbox.subscribe(patientId, request.body, request.headers['user-agent'], clock.now());
    await audit.record(request, {
      action: 'app.push-subscription.add',
      entity: 'push_subscription',
      patientId,
      programId,
      actorType: 'patient',
      // Which push service, never the endpoint itself (it is the device's address for messages).
      detail: { service: new URL(request.body.endpoint).host, ...(movedFrom ? { movedFromPatient: movedFrom } : {}) },
    });
    return reply.code(201).send({ message: PATIENT_APP_MESSAGES.subscribed });
  });

  app.delete('', { config, schema: { body: pushSubscriptionDeleteBody, response: { 200: messageOnly, 404: messageOnly }, tags } }, async (request) => {
    const { patientId, programId } = request.patient;
    const removed = await patientInbox.unsubscribe(patientId, request.body.endpoint);
    await audit.record(request, {
      action: 'app.push-subscription.remove',
      entity: 'push_subscription',
      patientId,
      programId,
      actorType: 'patient',
      success: removed,
    });
    if (!removed) throw httpErrors.notFound(PATIENT_APP_MESSAGES.subscriptionNotFound);
    return { message: PATIENT_APP_MESSAGES.unsubscribed };
  });
}
