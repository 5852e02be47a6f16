import type { FastifyInstance } from 'fastify';
import { staffCalendarQuery, staffCalendarResponse } from '@baridesk/contracts';
import { mayOpenMenuArea } from '@baridesk/domain';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * GET /api/calendar?from&to: surgeries, consults and events on one calendar (plugins/staff-calendar.ts). Calendar
 * area (self-service staff too); surgeries and consults name patients, so only staff who may open the patients
 * area get them, and their ids are audited.
 */
export default async function staffCalendarRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'calendar');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get('', { schema: { querystring: staffCalendarQuery, response: { 200: staffCalendarResponse }, tags: ['Staff'] } }, async (request) => {
    const scope = staffScope(request.scope);
    const withPatients = mayOpenMenuArea({ type: scope.type, selfService: scope.selfService, flags: scope.flags }, 'patients');
    const { entries, patientIds } = await fastify.staffCalendar.read(scope, request.query, { withPatients });
    await fastify.audit.record(request, { action: 'calendar.read', entity: 'patient', detail: { patientIds, ...request.query } });
    return { data: entries };
  });
}
