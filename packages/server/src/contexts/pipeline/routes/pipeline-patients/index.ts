import type { FastifyInstance } from 'fastify';
import {
  PIPELINE_MESSAGES as MESSAGES,
  pipelineHistoryQuery,
  pipelineHistoryResponse,
  pipelineMoveBody,
  pipelineMoveResponse,
} from '@baridesk/contracts';
import { patientNotFound } from '../../../patients';
import { staffScope } from '../../../../lib/scope';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { answerMove } from './answer-move';
import { inMenuArea } from '../../../../lib/menu-area';

/** A patient's place on the board: moves by hand and the history of moves. */
export default async function pipelinePatientRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Pipeline'];

  app.post(
    '/move',
    { schema: { body: pipelineMoveBody, response: { 200: pipelineMoveResponse }, tags } },
    async (request, reply) => {
      const result = await fastify.pipelines.move(staffScope(request.scope), request.body, fastify.clock.now());
      return answerMove(fastify, request, reply, 'pipeline.move', request.body.patient_id, result, {
        field: 'to_status_id',
        message: MESSAGES.patientMoved,
      });
    },
  );

  app.get(
    '/history',
    { schema: { querystring: pipelineHistoryQuery, response: { 200: pipelineHistoryResponse }, tags } },
    async (request) => {
      const scope = staffScope(request.scope);
      const patientId = request.query.patient_id;
      if (!(await fastify.pipelines.hasPatient(scope, patientId))) await patientNotFound(fastify, request, patientId, 'pipeline.history');
      const moves = await fastify.pipelines.history(scope, patientId);
      await fastify.audit.record(request, {
        action: 'pipeline.history',
        entity: 'patient',
        entityId: patientId,
        patientId,
        detail: { count: moves.length },
      });
      return { data: moves };
    },
  );
}
