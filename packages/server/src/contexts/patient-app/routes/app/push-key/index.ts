import type { FastifyInstance } from 'fastify';
import { PATIENT_APP_MESSAGES, appPushKeyResponse } from '@baridesk/contracts';

/** GET /api/app/push-key: the VAPID public key the app subscribes with, or that push is off. */
export default async function appPushKeyRoutes(fastify: FastifyInstance) {
  fastify.get(
    '',
    { config: { access: 'patient' }, schema: { response: { 200: appPushKeyResponse }, tags: ['Patient app'] } },
    async () => {
      const { enabled, publicKey } = fastify.webPush;
      return enabled ? { data: { enabled, public_key: publicKey } } : { data: { enabled, public_key: null }, message: PATIENT_APP_MESSAGES.pushOff };
    },
  );
}
