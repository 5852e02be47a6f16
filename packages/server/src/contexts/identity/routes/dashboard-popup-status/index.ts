import type { FastifyInstance } from 'fastify';
import { popupStatusResponse } from '@baridesk/contracts';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';

/** POST /api/dashboard-popup-status/update: the sub user saw the popup message; it is not shown again. */
export default async function popupRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'none');
  fastify.post(
    '/update',
    { config: { access: 'sub_user' }, schema: { response: { 200: popupStatusResponse }, tags: ['Staff'] } },
    async (request) => {
      await fastify.programs.dismissPopup(staffScope(request.scope), fastify.clock.now());
      return { data: { popup_status: 0 as const } };
    },
  );
}
