import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOR_SELF_SERVICE, WEIGHT_REMINDER_MESSAGES } from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';

/**
 * Who may see and change the automatic messages: the program's staff as the sidebar shows them Messages.
 * Self-service staff never (the sidebar hides Messages from them); a program user only with the
 * alert_notification flag (Alerts and Messages); a sub user always. An onRequest hook: it runs after the
 * api autohook has resolved the caller, before the body is validated.
 */
export function automaticMessagesAccess(fastify: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const scope = staffScope(request.scope);
    if (scope.selfService) throw fastify.httpErrors.forbidden(NOT_FOR_SELF_SERVICE);
    if (scope.flags && scope.flags.alert_notification !== 1) {
      throw fastify.httpErrors.forbidden(WEIGHT_REMINDER_MESSAGES.noMessagesAccess);
    }
  };
}
