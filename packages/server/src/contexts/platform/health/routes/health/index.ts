import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

/** GET /api/health: 200 once the database answers (the app only listens after migrating and seeding). */
export default async function healthRoutes(fastify: FastifyInstance) {
  fastify.get('', { config: { access: 'public' }, schema: { tags: ['Service'], security: [] } }, async (_request, reply) => {
    try {
      await fastify.db.execute(sql`select 1`);
      return { data: { status: 'ok', database: fastify.dbKind } };
    } catch (error) {
      fastify.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ message: 'The database is not reachable.' });
    }
  });
}
