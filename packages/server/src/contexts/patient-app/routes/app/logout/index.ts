import type { FastifyInstance } from 'fastify';
import { PATIENT_APP_MESSAGES, messageOnly } from '@baridesk/contracts';

/** POST /api/app/logout: the app's token stops working at once. */
export default async function appLogoutRoutes(fastify: FastifyInstance) {
  fastify.post(
    '',
    { config: { access: 'patient' }, schema: { response: { 200: messageOnly }, tags: ['Patient app'] } },
    async (request) => {
      const { patientId, programId, sessionId } = request.patient;
      await fastify.patientSessions.revoke(sessionId, fastify.clock.now());
      await fastify.audit.record(request, { action: 'app.logout', entity: 'patient', entityId: patientId, patientId, programId, actorType: 'patient' });
      return { message: PATIENT_APP_MESSAGES.loggedOut };
    },
  );
}
