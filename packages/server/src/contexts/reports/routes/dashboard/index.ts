import type { FastifyInstance } from 'fastify';
import { dashboardResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';

/** GET /api/dashboard: the staff dashboard's figures for the caller's program (self-service staff too). */
export default async function dashboardRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'none');
  fastify.get('', { schema: { response: { 200: dashboardResponse }, tags: ['Staff'] } }, async (request) => {
    const data = await fastify.dashboard.read(staffScope(request.scope), fastify.clock.now());
    // It shows patients by name: which ones is recorded (ids only).
    await fastify.audit.record(request, {
      action: 'dashboard.read',
      entity: 'dashboard',
      detail: { patientIds: data.recentPatients.map((p) => p.id) },
    });
    return { data };
  });
}
