import type { FastifyInstance } from 'fastify';
import { pipelineAverageDaysQuery, pipelineAverageDaysResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * GET /api/get-pipeline-patient-average-days?stage: per status, its patients now and their average days
 * so far, and the stays that ended in the last 365 days. Figures only (no patient is named): not audited.
 */
export default async function pipelineAverageDaysRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.get(
    '',
    {
      schema: { querystring: pipelineAverageDaysQuery, response: { 200: pipelineAverageDaysResponse }, tags: ['Pipeline'] },
    },
    async (request) => ({
      data: await fastify.pipelines.averageDays(staffScope(request.scope), request.query.stage, fastify.clock.now()),
    }),
  );
}
