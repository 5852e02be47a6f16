import type { FastifyInstance } from 'fastify';
import { sidebarMenuResponse } from '@baridesk/contracts';
import { toAuthUser } from '../../auth-user';
import { staffScope } from '../../../../lib/scope';
import { asFlag } from '../../../../lib/sql';
import { inMenuArea } from '../../../../lib/menu-area';

/** GET /api/sidebar-menu: the menu flags, sub-menu switches, user and dynamic sections the sidebar draws. */
export default async function sidebarMenuRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'none');
  fastify.get('', { schema: { response: { 200: sidebarMenuResponse }, tags: ['Staff'] } }, async (request) => {
    const scope = staffScope(request.scope);
    const pu = request.principal.programUser;
    // The program's part from this replica's cache (plugins/sidebar-cache.ts); the caller's own part from
    // the session, which the session cache already keeps current.
    const { fromSubMenuManagers, dynamicContentSections } = await fastify.sidebarCache.get(scope, fastify.clock.now().getTime());
    return {
      data: {
        fromPUsTable:
          scope.flags && pu
            ? {
                ...scope.flags,
                shop_url: asFlag(pu.shop_url),
                self_service: asFlag(pu.self_service),
                administrative_rights: asFlag(pu.administrative_rights),
              }
            : null,
        fromSubMenuManagers,
        authUser: toAuthUser(request.principal),
        dynamicContentSections,
      },
    };
  });
}
