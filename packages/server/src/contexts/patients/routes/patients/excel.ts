import type { FastifyInstance } from 'fastify';
import { patientExportQuery, reportExportResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { inMenuArea } from '../../../../lib/menu-area';
import { PATIENT_EXPORT } from '../../plugins/patient-export';

/**
 * GET /api/patients/excel: the patient list as an .xlsx file (plugins/patient-export.ts), streamed while
 * it is written, or made in the background (202 with the export) when it holds more rows than a request
 * streams (docs/exports.md).
 */
export default async function patientExportRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/excel',
    { schema: { querystring: patientExportQuery, response: { 202: reportExportResponse }, tags: ['Patients'] } },
    async (request, reply) => fastify.reportExports.send(request, reply, PATIENT_EXPORT, request.query),
  );
}
