import type { FastifyInstance } from 'fastify';
import { followUpExcelQuery, followUpQuery, followUpResponse, reportExportResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import { inMenuArea } from '../../../../../lib/menu-area';
import { reportCriteria } from '../../../report-criteria';
import { FOLLOW_UP_EXPORT } from '../../../plugins/follow-up';

const tags = ['Reports'];

/**
 * The follow-up worklist (plugins/follow-up.ts): GET /api/reports/follow-up (a page and the summary per window)
 * and /excel. Reports area; audited with the ids of the patients on the page.
 */
export default async function followUpRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'reports');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get('', { schema: { querystring: followUpQuery, response: { 200: followUpResponse }, tags } }, async (request) => {
    const data = await fastify.followUp.page(staffScope(request.scope), request.query);
    await fastify.audit.record(request, {
      action: 'report.follow_up',
      entity: 'patient',
      detail: { patientIds: [...new Set(data.data.map((r) => r.id))], ...reportCriteria(request.query) },
    });
    return { data };
  });

  app.get(
    '/excel',
    { schema: { querystring: followUpExcelQuery, response: { 202: reportExportResponse }, tags } },
    async (request, reply) => fastify.reportExports.send(request, reply, FOLLOW_UP_EXPORT, request.query),
  );
}
