import type { FastifyInstance } from 'fastify';
import { permissionsResponse } from '@baridesk/contracts';

/** GET /api/admin/permissions: the permission slugs a super admin can be granted. */
export default async function permissionRoutes(fastify: FastifyInstance) {
  fastify.get('', { schema: { response: { 200: permissionsResponse }, tags: ['Admin'] } }, async () => ({
    data: await fastify.permissions.list(),
  }));
}
