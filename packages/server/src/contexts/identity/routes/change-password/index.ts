import type { FastifyInstance } from 'fastify';
import { changePasswordBody, messageOnly } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { inMenuArea } from '../../../../lib/menu-area';

/** POST /api/change-password: a staff member changes their own password (also the forced first change). */
export default async function changePasswordRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'none');
  fastify.withTypeProvider<ValibotTypeProvider>().post(
    '',
    { schema: { body: changePasswordBody, response: { 200: messageOnly }, tags: ['Auth'] } },
    async (request) => {
      const { current_password, password } = request.body;
      await fastify.passwords.change(request, request.scope.accountId, { current: current_password, password });
      return { message: 'Your password has been updated.' };
    },
  );
}
