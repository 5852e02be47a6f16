import type { FastifyInstance } from 'fastify';
import { allPipelinesResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { inMenuArea } from '../../../../lib/menu-area';

/** GET /api/all-pipelines: every stage, 1 to 3, with its statuses in order. */
export default async function allPipelinesRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.get(
    '',
    { schema: { response: { 200: allPipelinesResponse }, tags: ['Pipeline'] } },
    async (request) => ({ data: await fastify.pipelines.allStatuses(staffScope(request.scope)) }),
  );
}
