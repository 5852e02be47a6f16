import type { FastifyInstance } from 'fastify';
import { foodLogsQuery, foodLogsResponse, macroNutrientsQuery, macroNutrientsResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { readPatientMonth } from '../../plugins/patient-logs-repository';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * GET /api/nutrition/food-logs and /api/nutrition/macro-nutrients: a patient's month of food logs, for
 * the food-log and nutrition-report screens. Program staff only, not self-service accounts; each read is audited.
 */
export default async function nutritionRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Patient logs'];

  app.get(
    '/food-logs',
    { schema: { querystring: foodLogsQuery, response: { 200: foodLogsResponse }, tags } },
    (request) =>
      readPatientMonth(fastify, request, {
        action: 'patient.food-logs.read',
        patientId: request.query.user_id,
        month: request.query.month,
        year: request.query.year,
        read: (...args) => fastify.patientLogs.foodLogs(...args),
        days: (data) => data.days.length,
      }),
  );

  app.get(
    '/macro-nutrients',
    { schema: { querystring: macroNutrientsQuery, response: { 200: macroNutrientsResponse }, tags } },
    (request) =>
      readPatientMonth(fastify, request, {
        action: 'patient.macro-nutrients.read',
        patientId: request.query.patient_id,
        month: request.query.month,
        year: request.query.year,
        read: (...args) => fastify.patientLogs.macroNutrients(...args),
        days: (data) => data.days_logged,
      }),
  );
}
