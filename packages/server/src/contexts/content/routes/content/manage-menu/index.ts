import type { FastifyInstance } from 'fastify';
import {
  MANAGE_MENU_MESSAGES as MESSAGES,
  manageMenuListQuery,
  manageMenuListResponse,
  manageMenuToggleBody,
  manageMenuToggleResponse,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import { inMenuArea } from '../../../../../lib/menu-area';

/** Manage Menu: the program account (sub user) switches the content sub-menus of its program on and off. */
export default async function manageMenuRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'none');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Content'];

  app.get(
    '',
    {
      config: { access: 'sub_user' },
      schema: { querystring: manageMenuListQuery, response: { 200: manageMenuListResponse }, tags },
    },
    async (request) => ({ data: await fastify.manageMenu.list(staffScope(request.scope), request.query) }),
  );

  app.post(
    '/toggle-status',
    {
      config: { access: 'sub_user' },
      schema: { body: manageMenuToggleBody, response: { 200: manageMenuToggleResponse }, tags },
    },
    async (request) => {
      const scope = staffScope(request.scope);
      const entry = await fastify.manageMenu.setStatus(scope, request.body, fastify.clock.now());
      if (!entry) throw fastify.httpErrors.notFound(MESSAGES.notFound);
      await fastify.audit.record(request, {
        action: 'sub-menu-manager.toggle-status',
        entity: 'sub_menu_manager',
        entityId: entry.id,
        detail: { sub_menu_id: entry.subMenuId, status: entry.status },
      });
      return { data: { id: entry.id, status: entry.status }, message: MESSAGES.updated };
    },
  );
}
