import type { FastifyInstance } from 'fastify';
import {
  pipelineMovesExcelQuery,
  pipelineMovesQuery,
  pipelineMovesResponse,
  pipelineReportQuery,
  pipelineReportResponse,
  reportExportResponse,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import { inMenuArea } from '../../../../../lib/menu-area';
import { reportCriteria } from '../../../report-criteria';
import { PIPELINE_MOVES_EXPORT } from '../../../plugins/pipeline-report';

const tags = ['Reports'];

/**
 * The Patient Pipeline report (plugins/pipeline-report.ts): GET /api/reports/pipeline (counts per status, the
 * conversion), /moves (the period's moves, paged) and /moves/excel. Reports area; the moves name patients, so
 * their ids are audited.
 */
export default async function pipelineReportRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'reports');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get('', { schema: { querystring: pipelineReportQuery, response: { 200: pipelineReportResponse }, tags } }, async (request) => {
    const data = await fastify.pipelineReport.read(staffScope(request.scope), request.query);
    // Counts only: no patient is shown.
    await fastify.audit.record(request, { action: 'report.pipeline', entity: 'patient', detail: { patientIds: [], ...reportCriteria(request.query) } });
    return { data };
  });

  app.get('/moves', { schema: { querystring: pipelineMovesQuery, response: { 200: pipelineMovesResponse }, tags } }, async (request) => {
    const data = await fastify.pipelineReport.moves(staffScope(request.scope), request.query);
    await fastify.audit.record(request, {
      action: 'report.pipeline_moves',
      entity: 'patient',
      detail: { patientIds: [...new Set(data.data.map((r) => r.id))], ...reportCriteria(request.query) },
    });
    return { data };
  });

  app.get(
    '/moves/excel',
    { schema: { querystring: pipelineMovesExcelQuery, response: { 202: reportExportResponse }, tags } },
    async (request, reply) => fastify.reportExports.send(request, reply, PIPELINE_MOVES_EXPORT, request.query),
  );
}
