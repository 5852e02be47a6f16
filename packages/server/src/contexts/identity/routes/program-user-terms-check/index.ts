import type { FastifyInstance } from 'fastify';
import { termsCheckBody, termsCheckResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';

/** POST /api/program-user-terms-check: a program user accepts the licence terms (for themselves only). */
export default async function termsRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'none');
  fastify.withTypeProvider<ValibotTypeProvider>().post(
    '',
    {
      config: { access: 'program_user' },
      schema: { body: termsCheckBody, response: { 200: termsCheckResponse }, tags: ['Staff'] },
    },
    async (request) => {
      const scope = staffScope(request.scope);
      if (request.body.programUserId !== scope.accountId) {
        throw fastify.httpErrors.forbidden('You can accept the terms for your own account only.');
      }
      await fastify.programs.acceptTerms(scope, scope.accountId, fastify.clock.now());
      await fastify.audit.record(request, { action: 'terms.accept', entity: 'account', entityId: scope.accountId });
      return { data: { terms_and_conditions_check: 1 as const }, message: 'Terms And Conditions Accepted.' };
    },
  );
}
