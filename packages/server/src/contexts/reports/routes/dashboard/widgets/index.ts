import type { FastifyInstance } from 'fastify';
import { dashboardWidgetsResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../../lib/scope';
import { inMenuArea } from '../../../../../lib/menu-area';

/**
 * GET /api/dashboard/widgets: the figures and series of /charts and /widgets (plugins/dashboard-widgets.ts), in
 * the reports area as those screens are. Counts only, no patient is shown: audited without ids.
 */
export default async function dashboardWidgetRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'reports');
  fastify.get(
    '',
    { schema: { response: { 200: dashboardWidgetsResponse }, tags: ['Reports'] }, config: { area: 'reports' } },
    async (request) => {
      const data = await fastify.dashboardWidgets.read(staffScope(request.scope));
      await fastify.audit.record(request, { action: 'report.dashboard_widgets', entity: 'patient', detail: { patientIds: [] } });
      return { data };
    },
  );
}
