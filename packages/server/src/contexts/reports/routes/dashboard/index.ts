import type { FastifyInstance } from 'fastify';
import { dashboardResponse } from '@baridesk/contracts';
import { mayOpenMenuArea } from '@baridesk/domain';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * GET /api/dashboard: the staff dashboard's figures for the caller's program (self-service staff too); the
 * newest patients' names only for staff who may open patients.
 */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'none');
  fastify.get('', { schema: { response: { 200: dashboardResponse }, tags: ['Staff'] } }, async (request) => {
    const scope = staffScope(request.scope);
    const read = await fastify.dashboard.read(scope, fastify.clock.now());
    // Patients' names open their records: only for staff who have the patients area (domain MENU_AREAS).
    const patients = mayOpenMenuArea({ type: scope.type, selfService: scope.selfService, flags: scope.flags }, 'patients');
    const data = patients ? read : { ...read, recentPatients: [] };
    // It shows patients by name: which ones is recorded (ids only).
    await fastify.audit.record(request, {
      action: 'dashboard.read',
      entity: 'dashboard',
      detail: { patientIds: data.recentPatients.map((p) => p.id) },
    });
    return { data };
  });
}
