import type { FastifyInstance } from 'fastify';
import { missingPipelineQuery, missingPipelineResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { inMenuArea } from '../../../../lib/menu-area';

/** GET /api/missing-pipeline-patients: the program's active patients with no pipeline status (its own account only). */
export default async function missingPipelinePatientRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.get(
    '',
    {
      config: { access: 'sub_user' },
      schema: { querystring: missingPipelineQuery, response: { 200: missingPipelineResponse }, tags: ['Pipeline'] },
    },
    async (request) => {
      const { search, stage, page, perPage, sort, direction } = request.query;
      const result = await fastify.pipelines.missing(staffScope(request.scope), request.query);
      await fastify.audit.record(request, {
        action: 'pipeline.missing-list',
        entity: 'patient',
        detail: {
          count: result.data.length,
          total: result.total,
          page,
          perPage,
          sort,
          direction,
          searchLength: search ? search.length : 0,
          ...(stage === undefined ? {} : { stage }),
        },
      });
      return { data: result };
    },
  );
}
