import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOR_SELF_SERVICE } from '@baridesk/contracts';
import { staffScope } from '../../../lib/scope';

/**
 * An onRequest hook refusing self-service staff (403), from whom the spec hides Patients. It runs after
 * the api autohook has resolved the caller, and before the input is validated.
 */
export const notForSelfService = (fastify: FastifyInstance) => async (request: FastifyRequest) => {
  if (staffScope(request.scope).selfService) throw fastify.httpErrors.forbidden(NOT_FOR_SELF_SERVICE);
};
