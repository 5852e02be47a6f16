import type { FastifyInstance } from 'fastify';
import { pipelineAverageDaysQuery, pipelineExcelQuery, reportExportResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { inMenuArea } from '../../../../lib/menu-area';
import { PIPELINE_AVERAGE_DAYS_EXPORT, PIPELINE_EXPORT } from '../../plugins/pipeline-exports';

/**
 * The board as spreadsheets (plugins/pipeline-exports.ts): GET /api/pipeline-patients-excel (the cards of
 * a stage) and /by-average-days (the average days per status), streamed while written, or made in the
 * background (202 with the export) when larger than a request streams (docs/exports.md).
 */
export default async function pipelineExportRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Pipeline'];
  const response = { 202: reportExportResponse };

  app.get('', { schema: { querystring: pipelineExcelQuery, response, tags } }, async (request, reply) =>
    fastify.reportExports.send(request, reply, PIPELINE_EXPORT, request.query),
  );

  app.get('/by-average-days', { schema: { querystring: pipelineAverageDaysQuery, response, tags } }, async (request, reply) =>
    fastify.reportExports.send(request, reply, PIPELINE_AVERAGE_DAYS_EXPORT, request.query),
  );
}
