import type { FastifyInstance } from 'fastify';
import { inactivePatientsQuery, inactivePatientsResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../../lib/scope';
import { inMenuArea } from '../../../../../lib/menu-area';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';

/** Alerts: patients who used the app and stopped (no app activity and no weigh-in for `days` days), longest silent first. */
export default async function inactivePatientsRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'messages');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get('', { schema: { querystring: inactivePatientsQuery, response: { 200: inactivePatientsResponse }, tags: ['Alerts'] } }, async (request) => {
    const page = await fastify.alerts.inactivePatients(staffScope(request.scope), request.query, fastify.clock.now());
    await fastify.audit.record(request, {
      action: 'alerts.inactive-patients',
      entity: 'patient',
      detail: { count: page.data.length, total: page.total, days: request.query.days },
    });
    return { data: page };
  });
}
