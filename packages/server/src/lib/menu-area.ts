import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MENU_AREAS, menuAreaRefusal, type MenuAreaOrNone } from '@baridesk/domain';
import { NOT_FOR_SELF_SERVICE } from '@baridesk/contracts';

/**
 * Declares the menu area of every route a route file registers after this call (a route that sets its own
 * `config.area` keeps it). The file's plugin is its own encapsulated context, so this reaches no other file.
 */
export function inMenuArea(fastify: FastifyInstance, area: MenuAreaOrNone) {
  fastify.addHook('onRoute', (route) => {
    route.config = { ...route.config, area: route.config?.area ?? area };
  });
}

/**
 * The api hook's check of the route's area against the domain's flag table, after `config.access` let the
 * caller in: self-service staff in an area closed to them get the self-service refusal, a program user
 * whose flag is off gets the area's own. It runs before any route hook and before the input is read, so a
 * refused caller learns nothing from validation messages. Super admins never reach a staff route (access).
 */
export function refuseOutsideMenuArea(fastify: FastifyInstance, request: FastifyRequest) {
  const { area, selfServiceRefusal } = request.routeOptions.config;
  refuseOutsideArea(fastify, request, area, selfServiceRefusal);
}

/**
 * The same check for an area a route learns from its input (the generic content categories: the area
 * of the `menu` named), with the area's own messages.
 */
export function refuseOutsideArea(fastify: FastifyInstance, request: FastifyRequest, area: MenuAreaOrNone | undefined, selfServiceRefusal?: string) {
  const { scope } = request;
  if (area === undefined || area === 'none' || scope.type === 'super_admin') return;
  const refusal = menuAreaRefusal({ type: scope.type, selfService: scope.selfService, flags: scope.flags }, area);
  if (refusal === 'self-service') throw fastify.httpErrors.forbidden(selfServiceRefusal ?? NOT_FOR_SELF_SERVICE);
  if (refusal === 'flag') throw fastify.httpErrors.forbidden(MENU_AREAS[area].refusal);
}
