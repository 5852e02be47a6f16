import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PIPELINE_MESSAGES as MESSAGES } from '@baridesk/contracts';
import { patientNotFound } from '../../../patients';
import { ValidationError } from '../../../../lib/valibot';
import type { MoveResult } from '../../plugins/pipelines-repository';

/**
 * Answers a move by hand or an addition of a missing patient: the card (200), or the refusal, audited
 * under `action` either way with the patient and the statuses (ids only).
 */
export async function answerMove(
  fastify: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  action: string,
  patientId: number,
  result: MoveResult,
  { field, message }: { field: string; message: string },
) {
  const audit = (success: boolean, detail: Record<string, unknown>) =>
    fastify.audit.record(request, { action, entity: 'patient', entityId: patientId, patientId, success, detail });
  const to = (request.body as Record<string, unknown>)[field];
  switch (result.outcome) {
    case 'patient-not-found':
      return patientNotFound(fastify, request, patientId, action, { to });
    case 'status-not-found':
      await audit(false, { refused: 'status-not-found', to });
      throw fastify.httpErrors.notFound(MESSAGES.statusNotFound);
    case 'wrong-stage':
      await audit(false, { refused: 'wrong-stage', to, stage: result.stage });
      throw new ValidationError({ [field]: [MESSAGES.wrongStage] });
    case 'stale':
      await audit(false, { refused: 'stale', from: (request.body as { from_status_id?: number }).from_status_id ?? null, current: result.current, to });
      throw fastify.httpErrors.conflict(MESSAGES.staleMove);
    case 'already-in-pipeline':
      await audit(false, { refused: 'already-in-pipeline', current: result.current, to });
      throw fastify.httpErrors.conflict(MESSAGES.alreadyInPipeline);
    case 'unchanged':
      await audit(true, { from: result.card.pipeline_status_id, to: result.card.pipeline_status_id, unchanged: true });
      return reply.send({ data: result.card, message });
    case 'moved':
      await audit(true, { from: result.from, to: result.to });
      return reply.send({ data: result.card, message });
  }
}
