import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOR_SELF_SERVICE } from '@baridesk/contracts';

/**
 * The onRequest hook of every patient route: the spec hides Patients (and what hangs from them) from
 * self-service staff, who get 403 (with `refusal`, by default the Patients one). It runs after the api autohook has resolved the caller and before
 * the input is validated, so a refused caller learns nothing from validation messages.
 */
export function notForSelfService(fastify: FastifyInstance, refusal: string = NOT_FOR_SELF_SERVICE) {
  return async (request: FastifyRequest) => {
    if (request.scope?.selfService) throw fastify.httpErrors.forbidden(refusal);
  };
}
