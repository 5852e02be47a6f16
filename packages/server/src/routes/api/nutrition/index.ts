import type { FastifyInstance } from 'fastify';
import { foodLogsQuery, foodLogsResponse, macroNutrientsQuery, macroNutrientsResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../lib/valibot';
import { staffScope } from '../../../lib/scope';
import { monthWindow, notForSelfService, patientForLogs } from '../../../plugins/app/patient-logs-repository';

/**
 * GET /api/nutrition/food-logs and /api/nutrition/macro-nutrients: a patient's month of food logs, for
 * the food-log and nutrition-report screens. Program staff only, not self-service accounts; each read is audited.
 */
export default async function nutritionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Patient logs'];
  fastify.addHook('onRequest', notForSelfService(fastify));

  app.get(
    '/food-logs',
    { schema: { querystring: foodLogsQuery, response: { 200: foodLogsResponse }, tags } },
    async (request) => {
      const action = 'patient.food-logs.read';
      const patient = await patientForLogs(fastify, request, request.query.user_id, action);
      const window = monthWindow(patient.today, request.query.month, request.query.year);
      const data = await fastify.patientLogs.foodLogs(staffScope(request.scope), patient, window);
      await fastify.audit.record(request, {
        action,
        entity: 'patient',
        entityId: patient.id,
        patientId: patient.id,
        detail: { month: window.month, year: window.year, days: data.days.length },
      });
      return { data };
    },
  );

  app.get(
    '/macro-nutrients',
    { schema: { querystring: macroNutrientsQuery, response: { 200: macroNutrientsResponse }, tags } },
    async (request) => {
      const action = 'patient.macro-nutrients.read';
      const patient = await patientForLogs(fastify, request, request.query.patient_id, action);
      const window = monthWindow(patient.today, request.query.month, request.query.year);
      const data = await fastify.patientLogs.macroNutrients(staffScope(request.scope), patient, window);
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
