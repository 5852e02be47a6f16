import type { FastifyInstance } from 'fastify';
import { userResponse } from '@baridesk/contracts';
import { toAuthUser } from '../../auth-user';

/** GET /api/user: the signed-in user. */
export default async function userRoutes(fastify: FastifyInstance) {
  fastify.get(
    '',
    { config: { access: 'signed-in' }, schema: { response: { 200: userResponse }, tags: ['Auth'] } },
    async (request) => ({ data: toAuthUser(request.principal) }),
  );
}
