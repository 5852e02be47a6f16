import type { FastifyInstance } from 'fastify';

/** Everything under /api/admin is for super admins, and for those with the route's permission slug. */
export default async function adminAutohooks(fastify: FastifyInstance) {
  fastify.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? 'super_admin' };
  });
}
