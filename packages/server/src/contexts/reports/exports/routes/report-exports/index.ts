import type { FastifyInstance } from 'fastify';
import { REPORT_EXPORT_MESSAGES, messageOnly, reportExportParams, reportExportResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { inMenuArea } from '../../../../../lib/menu-area';

/**
 * /api/report-exports/{id}: a background export (docs/exports.md), for the account that asked for it
 * alone: any other caller, of this program or another, gets 404 as for an id that never existed. Staff
 * and super admins both have exports, so any signed-in account may call (the owner check does the rest);
 * the report's menu area, or a super admin's export's permission, is checked when the file is read.
 */
export default async function reportExportRoutes(fastify: FastifyInstance) {
  fastify.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'signed-in' };
  });
  inMenuArea(fastify, 'none');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Report exports'];
  const { reportExports, httpErrors } = fastify;
  const notFound = () => httpErrors.notFound(REPORT_EXPORT_MESSAGES.notFound);

  app.get(
    '/:id',
    { schema: { params: reportExportParams, response: { 200: reportExportResponse, 404: messageOnly }, tags, summary: 'A background export and its progress' } },
    async (request) => {
      const found = await reportExports.find(request.scope.accountId, request.params.id);
      if (!found) throw notFound();
      return { data: found };
    },
  );

  app.post(
    '/:id/cancel',
    {
      schema: {
        params: reportExportParams,
        response: { 200: reportExportResponse, 404: messageOnly },
        tags,
        summary: 'Cancels a background export that is not finished (a finished one is answered as it is)',
      },
    },
    async (request) => {
      const found = await reportExports.cancel(request.scope.accountId, request.params.id);
      if (!found) throw notFound();
      return { data: found, ...(found.status === 'cancelled' ? { message: REPORT_EXPORT_MESSAGES.cancelled } : {}) };
    },
  );

  app.get(
    '/:id/file',
    {
      schema: {
        params: reportExportParams,
        tags,
        summary: 'The file of a finished background export (an attachment), until it expires',
      },
    },
    async (request, reply) => {
      const { scope } = request;
      const { id } = request.params;
      const found = await reportExports.file(scope, id);
      if (found === null) {
        // Not the caller's, not finished, or expired: the owner is told it is not ready when it is not.
        const own = await reportExports.find(scope.accountId, id);
        throw httpErrors.notFound(own && own.status !== 'done' ? REPORT_EXPORT_MESSAGES.notReady : REPORT_EXPORT_MESSAGES.notFound);
      }
      if ('refused' in found) throw httpErrors.forbidden(found.refused);
      const { export: file, body, size, contentType } = found;
      await fastify.audit.record(request, {
        action: 'report.export.file',
        entity: 'report_export',
        entityId: id,
        detail: { kind: file.kind, format: file.format, rows: file.done },
      });
      return reply
        .header('content-type', contentType)
        .header('content-length', size)
        .header('content-disposition', `attachment; filename="${file.file_name}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
