import type { FastifyInstance } from 'fastify';
import { patientReportPdfQuery, reportExportResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import { patientNotFound } from '../../../../patients';
import { inMenuArea } from '../../../../../lib/menu-area';
import { PATIENT_REPORT_EXPORT } from '../../../plugins/patient-report-export';

/**
 * GET /api/patients-report/pdf?patientId&type: one patient's report as a PDF ('summary' or 'full'),
 * made by a job (plugins/patient-report-export.ts): the answer is 202 with the export, whose file the
 * browser fetches once done (docs/exports.md). Program staff only, not self-service accounts; another
 * program's patient is not found (404, JSON, audited as refused).
 */
export default async function patientReportPdfRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '',
    {
      schema: {
        querystring: patientReportPdfQuery,
        response: { 202: reportExportResponse },
        tags: ['Reports'],
        summary: 'A patient report as a PDF file, made in the background (202 with the export; its file at /api/report-exports/{id}/file)',
      },
    },
    async (request, reply) => {
      const scope = staffScope(request.scope);
      const { patientId, type } = request.query;
      const patient = await fastify.patients.find(scope, patientId, fastify.clock.now());
      if (!patient) return patientNotFound(fastify, request, patientId, 'patient.report.pdf', { type });
      return fastify.reportExports.send(request, reply, PATIENT_REPORT_EXPORT, request.query);
    },
  );
}
