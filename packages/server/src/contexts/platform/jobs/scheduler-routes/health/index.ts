import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { messageOnly, schedulerHealthResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';

/**
 * GET /scheduler/api/health: 200 once the database answers, with whether this process runs the jobs (a
 * scheduler process always does; the gateway unless SCHEDULER_WORKERS=0). For load balancers and probes.
 */
export default async function schedulerHealthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.get(
    '',
    { config: { access: 'public' }, schema: { tags: ['Scheduler'], security: [], response: { 200: schedulerHealthResponse, 503: messageOnly } } },
    async (_request, reply) => {
      try {
        await fastify.db.execute(sql`select 1`);
        return { data: { status: 'ok' as const, database: fastify.dbKind, workers: fastify.jobs.workersOn } };
      } catch (error) {
        fastify.log.error({ err: error }, 'scheduler health check: database unreachable');
        return reply.code(503).send({ message: 'The database is not reachable.' });
      }
    },
  );
}
