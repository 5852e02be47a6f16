import type { FastifyInstance } from 'fastify';
import { messageOnly } from '@baridesk/contracts';

/** POST /api/logout: the token stops working at once. */
export default async function logoutRoutes(fastify: FastifyInstance) {
  fastify.post(
    '',
    { config: { access: 'signed-in' }, schema: { response: { 200: messageOnly }, tags: ['Auth'] } },
    async (request) => {
      await fastify.sessions.revoke(request.scope.sessionId, fastify.clock.now());
      await fastify.audit.record(request, { action: 'logout', entity: 'account', entityId: request.scope.accountId });
      return { message: 'You have been logged out.' };
    },
  );
}
