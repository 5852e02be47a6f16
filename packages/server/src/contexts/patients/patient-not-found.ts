import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PATIENT_NOT_FOUND } from '@baridesk/contracts';

/**
 * The refusal of a patient the caller's program does not have: audited under `action` with the id asked
 * for (a failed probe of another program's ids leaves a trace), then 404 "Patient not found.".
 */
export async function patientNotFound(
  fastify: FastifyInstance,
  request: FastifyRequest,
  patientId: number,
  action: string,
  /** More of what was asked, for the audit record (never health data). */
  detail: Record<string, unknown> = {},
): Promise<never> {
  await fastify.audit.record(request, {
    action,
    entity: 'patient',
    entityId: patientId,
    success: false,
    detail: { ...detail, refused: 'not-found' },
  });
  throw fastify.httpErrors.notFound(PATIENT_NOT_FOUND);
}
