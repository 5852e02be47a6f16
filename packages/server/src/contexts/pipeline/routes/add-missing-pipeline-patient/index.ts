import type { FastifyInstance } from 'fastify';
import { PIPELINE_MESSAGES, addMissingPipelinePatientBody, addMissingPipelinePatientResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { answerMove } from '../pipeline-patients/answer-move';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * POST /api/add-missing-pipeline-patient: gives a patient with no status one of their current stage's
 * statuses (the program's own account only). Recorded as a move by the caller; rules do not run on it.
 */
export default async function addMissingPipelinePatientRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.post(
    '',
    {
      config: { access: 'sub_user' },
      schema: { body: addMissingPipelinePatientBody, response: { 200: addMissingPipelinePatientResponse }, tags: ['Pipeline'] },
    },
    async (request, reply) => {
      const result = await fastify.pipelines.addMissing(staffScope(request.scope), request.body, fastify.clock.now());
      return answerMove(fastify, request, reply, 'pipeline.add-missing', request.body.patient_id, result, {
        field: 'status_id',
        message: PIPELINE_MESSAGES.patientAdded,
      });
    },
  );
}
