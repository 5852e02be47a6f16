import type { FastifyInstance } from 'fastify';
import { adminDashboardResponse } from '@baridesk/contracts';

/** GET /api/admin/dashboard: platform-wide counts for any super admin (no permission needed). */
export default async function adminDashboardRoutes(fastify: FastifyInstance) {
  fastify.get('', { schema: { response: { 200: adminDashboardResponse }, tags: ['Admin'] } }, async () => {
    const today = fastify.clock.now().toISOString().slice(0, 10);
    return { data: await fastify.adminDashboard.summary(today) };
  });
}
