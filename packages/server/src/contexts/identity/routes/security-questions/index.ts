import type { FastifyInstance } from 'fastify';
import { securityQuestionsResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';

/** GET /api/security-questions (public): the questions a user may choose from (active ones only). */
export default async function securityQuestionsRoutes(fastify: FastifyInstance) {
  fastify.withTypeProvider<ValibotTypeProvider>().get(
    '',
    {
      config: { access: 'public' },
      schema: { response: { 200: securityQuestionsResponse }, tags: ['Auth'], security: [] },
    },
    async () => ({ data: await fastify.securityQuestions.active() }),
  );
}
