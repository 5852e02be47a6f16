import type { FastifyInstance } from 'fastify';
import {
  PATIENT_LOG_MESSAGES as MESSAGES,
  weightChartResponse,
  weightLogStoreBody,
  weightLogStoreResponse,
  weightLogsQuery,
} from '@baridesk/contracts';
import { ValidationError, type ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { patientForLogs } from '../../plugins/patient-logs-repository';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * GET /api/weight-logs (the weight chart) and POST /api/weight-logs/store (a weight entered by staff).
 * Program staff only, not self-service accounts; every read and change is audited.
 */
export default async function weightLogRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Patient logs'];

  app.get('', { schema: { querystring: weightLogsQuery, response: { 200: weightChartResponse }, tags } }, async (request) => {
    const action = 'patient.weight-logs.read';
    const patient = await patientForLogs(fastify, request, request.query.patient_id, action);
    const data = await fastify.patientLogs.weightChart(staffScope(request.scope), patient);
    await fastify.audit.record(request, {
      action,
      entity: 'patient',
      entityId: patient.id,
      patientId: patient.id,
      detail: { points: data.series.length },
    });
    return { data };
  });

  app.post(
    '/store',
    { schema: { body: weightLogStoreBody, response: { 201: weightLogStoreResponse }, tags } },
    async (request, reply) => {
      const action = 'patient.weight-log.create';
      const result = await fastify.patientLogs.storeWeight(staffScope(request.scope), request.body, fastify.clock.now());
      if (result === null) {
        await fastify.audit.record(request, {
          action,
          entity: 'patient',
          entityId: request.body.patient_id,
          success: false,
          detail: { refused: 'not-found' },
        });
        throw fastify.httpErrors.notFound(MESSAGES.patientNotFound);
      }
      if (result === 'future') throw new ValidationError({ date: [MESSAGES.futureDate] });
      const { log, isLatest, currentWeight } = result;
      await fastify.audit.record(request, {
        action,
        entity: 'weight_log',
        entityId: log.id,
        patientId: log.patient_id,
        // The date and whether it became the current weight; the weights themselves are health data.
        detail: { date: log.date, source: log.source, currentWeightChanged: isLatest },
      });
      return reply.code(201).send({ data: { ...log, is_latest: isLatest, current_weight: currentWeight }, message: MESSAGES.weightSaved });
    },
  );
}
