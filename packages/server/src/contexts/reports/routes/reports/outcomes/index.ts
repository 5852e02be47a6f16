import type { FastifyInstance } from 'fastify';
import {
  outcomeCohortsQuery,
  outcomeCohortsResponse,
  outcomePatientsExcelQuery,
  outcomePatientsQuery,
  outcomePatientsResponse,
  reportExportResponse,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import { inMenuArea } from '../../../../../lib/menu-area';
import { reportCriteria } from '../../../report-criteria';
import { OUTCOME_PATIENTS_EXPORT } from '../../../plugins/outcomes';

const tags = ['Reports'];

/**
 * Outcomes (plugins/outcomes.ts): GET /api/reports/outcomes/cohorts (means per cohort), /patients (per patient,
 * paged) and /patients/excel. Reports area; audited with the ids of the patients behind the figures.
 */
export default async function outcomeRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'reports');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get('/cohorts', { schema: { querystring: outcomeCohortsQuery, response: { 200: outcomeCohortsResponse }, tags } }, async (request) => {
    const { data, patientIds } = await fastify.outcomes.cohorts(staffScope(request.scope), request.query);
    await fastify.audit.record(request, { action: 'report.outcome_cohorts', entity: 'patient', detail: { patientIds, ...reportCriteria(request.query) } });
    return { data };
  });

  app.get('/patients', { schema: { querystring: outcomePatientsQuery, response: { 200: outcomePatientsResponse }, tags } }, async (request) => {
    const data = await fastify.outcomes.patients(staffScope(request.scope), request.query);
    await fastify.audit.record(request, {
      action: 'report.outcome_patients',
      entity: 'patient',
      detail: { patientIds: data.data.map((r) => r.id), ...reportCriteria(request.query) },
    });
    return { data };
  });

  app.get(
    '/patients/excel',
    { schema: { querystring: outcomePatientsExcelQuery, response: { 202: reportExportResponse }, tags } },
    async (request, reply) => fastify.reportExports.send(request, reply, OUTCOME_PATIENTS_EXPORT, request.query),
  );
}
