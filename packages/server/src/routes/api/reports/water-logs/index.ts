import type { FastifyInstance } from 'fastify';
import { waterLogsQuery, waterLogsResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { monthWindow, notForSelfService, patientForLogs } from '../../../../plugins/app/patient-logs-repository';

/** GET /api/reports/water-logs: a patient's water per day in a month. Program staff only, not self-service; audited. */
export default async function waterLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  fastify.addHook('onRequest', notForSelfService(fastify));

  app.get(
    '',
    { schema: { querystring: waterLogsQuery, response: { 200: waterLogsResponse }, tags: ['Patient logs'] } },
    async (request) => {
      const action = 'patient.water-logs.read';
      const patient = await patientForLogs(fastify, request, request.query.patientId, action);
      const window = monthWindow(patient.today, request.query.month, request.query.year);
      const data = await fastify.patientLogs.waterLogs(staffScope(request.scope), patient, window);
      await fastify.audit.record(request, {
        action,
        entity: 'patient',
        entityId: patient.id,
        patientId: patient.id,
        detail: { month: window.month, year: window.year, days: data.days_logged },
      });
      return { data };
    },
  );
}
