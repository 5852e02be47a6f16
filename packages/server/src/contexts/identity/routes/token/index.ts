import type { FastifyInstance } from 'fastify';
import { SESSION_TIMEOUT_MINUTES } from '@baridesk/domain';
import { tokenValidateResponse } from '@baridesk/contracts';

/** GET /api/token/validate: the navigation guard's check; 401 when the session is gone. */
export default async function tokenRoutes(fastify: FastifyInstance) {
  fastify.get(
    '/validate',
    { config: { access: 'signed-in' }, schema: { response: { 200: tokenValidateResponse }, tags: ['Auth'] } },
    async (request) => ({
      data: { valid: true as const, type: request.scope.type, expiresInMinutes: SESSION_TIMEOUT_MINUTES },
    }),
  );
}
