import type { FastifyInstance } from 'fastify';
import { sidebarMenuResponse } from '@baridesk/contracts';
import { toAuthUser } from '../../auth-user';
import { staffScope } from '../../../../lib/scope';

/** GET /api/sidebar-menu: the menu flags, sub-menu switches, user and dynamic sections the sidebar draws. */
export default async function sidebarMenuRoutes(fastify: FastifyInstance) {
  fastify.get('', { schema: { response: { 200: sidebarMenuResponse }, tags: ['Staff'] } }, async (request) => {
    const scope = staffScope(request.scope);
    const pu = request.principal.programUser;
    const [fromSubMenuManagers, dynamicContentSections] = await Promise.all([
      fastify.programs.subMenuManagers(scope),
      fastify.dynamicSections.active(scope),
    ]);
    return {
      data: {
        fromPUsTable:
          scope.flags && pu
            ? {
                ...scope.flags,
                shop_url: pu.shop_url === 1 ? 1 : 0,
                self_service: pu.self_service === 1 ? 1 : 0,
                administrative_rights: pu.administrative_rights === 1 ? 1 : 0,
              }
            : null,
        fromSubMenuManagers,
        authUser: toAuthUser(request.principal),
        dynamicContentSections,
      },
    };
  });
}
