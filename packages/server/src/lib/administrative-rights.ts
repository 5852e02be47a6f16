import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Not in the spec (it only guards the screen): the refusal of a pipeline change without the rights. */
export const NEEDS_ADMINISTRATIVE_RIGHTS = 'Changing the pipeline needs administrative rights.';
/** The same refusal for a change that is not the pipeline's (a resource kit resource with this permission). */
export const CHANGE_NEEDS_ADMINISTRATIVE_RIGHTS = 'This change needs administrative rights.';

/**
 * The onRequest hook of the calls that change a program's pipeline (statuses and automation rules): the
 * program's own account (sub user) or staff with administrative rights; anyone else gets 403. Like the
 * api hook's menu-area check (lib/menu-area.ts), it runs before the input is validated.
 */
export function needsAdministrativeRights(fastify: FastifyInstance, refusal: string = NEEDS_ADMINISTRATIVE_RIGHTS) {
  return async (request: FastifyRequest) => {
    const scope = request.scope;
    if (scope?.type === 'sub_user' || scope?.administrativeRights) return;
    throw fastify.httpErrors.forbidden(refusal);
  };
}
