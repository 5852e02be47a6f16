import type { FastifyInstance } from 'fastify';
import { waterLogsQuery, waterLogsResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { readPatientMonth } from '../../../plugins/patient-logs-repository';
import { inMenuArea } from '../../../../../lib/menu-area';

/** GET /api/reports/water-logs: a patient's water per day in a month. Program staff only, not self-service; audited. */
export default async function waterLogRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '',
    { schema: { querystring: waterLogsQuery, response: { 200: waterLogsResponse }, tags: ['Patient logs'] } },
    (request) =>
      readPatientMonth(fastify, request, {
        action: 'patient.water-logs.read',
        patientId: request.query.patientId,
        month: request.query.month,
        year: request.query.year,
        read: (...args) => fastify.patientLogs.waterLogs(...args),
        days: (data) => data.days_logged,
      }),
  );
}
