import type { FastifyInstance } from 'fastify';
import { appMainMenuResponse } from '@baridesk/contracts';

/** GET /api/app/main-menu: the app's main menu entries super admins left switched on, in the app's order. */
export default async function appMainMenuRoutes(fastify: FastifyInstance) {
  fastify.get('', { config: { access: 'patient' }, schema: { response: { 200: appMainMenuResponse }, tags: ['Patient app'] } }, async (request) => {
    const data = await fastify.appMainMenu.enabled();
    await fastify.audit.record(request, {
      action: 'app.main-menu.read',
      entity: 'app_main_menu',
      patientId: request.patient.patientId,
      programId: request.patient.programId,
      actorType: 'patient',
      detail: { count: data.length },
    });
    return { data };
  });
}
