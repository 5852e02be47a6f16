import type { FastifyInstance } from 'fastify';
import { PIPELINE_MESSAGES, pipelineBoardQuery, pipelineBoardResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * GET /api/pipeline-patients-by-stage: the board of a stage (every column with its first cards), or one
 * column's page for "Show more". Audited with the ids of the patients it shows, never the search text.
 */
export default async function pipelineBoardRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.get(
    '',
    {
      schema: { querystring: pipelineBoardQuery, response: { 200: pipelineBoardResponse }, tags: ['Pipeline'] },
    },
    async (request) => {
      const query = request.query;
      const board = await fastify.pipelines.board(staffScope(request.scope), query, fastify.clock.now());
      if (board === null) throw fastify.httpErrors.notFound(PIPELINE_MESSAGES.statusNotFound);
      const patientIds = board.columns.flatMap((column) => column.cards.map((card) => card.id));
      await fastify.audit.record(request, {
        action: 'pipeline.board',
        entity: 'patient',
        detail: {
          stage: query.stage,
          ...(query.status_id === undefined ? {} : { statusId: query.status_id }),
          page: query.page,
          perColumn: query.per_column,
          searchLength: query.search ? query.search.length : 0,
          count: patientIds.length,
          patientIds,
        },
      });
      return { data: board };
    },
  );
}
