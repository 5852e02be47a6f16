/**
 * Who may use a content type's routes: the rules the sidebar draws its Content menu by (staff-area
 * section 6), enforced on the server. Every route of a content type's route file passes through it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contentSwitchedOff, CONTENT_SHOP_REFUSAL, CONTENT_SUB_USER_ONLY, type ContentType } from '@baridesk/contracts';
import { inMenuArea } from '../../lib/menu-area';
import { staffScope } from '../../lib/scope';
import { asFlag } from '../../lib/sql';

/** The part of a content type the guard reads (a dynamic section passes only its switch-free rules). */
export type GuardedContent = Pick<ContentType, 'title' | 'area' | 'subUserOnly' | 'label'>;

/**
 * Declares the route file's menu area (the api hook checks the program user's flag) and adds an onRequest
 * hook, run after the api hook, that refuses with 403:
 * - a program user on a sub-user-only type (Resources);
 * - the shop to a program user without the shop switch (shop_url), unless self-service;
 * - any staff member while the program's sub-menu switch of the type is off (Manage Menu), as the sidebar hides it.
 */
export function guardContentType(fastify: FastifyInstance, type: GuardedContent) {
  inMenuArea(fastify, type.area === 'shop' ? 'none' : type.area);
  const content = { title: type.title, area: type.area, subUserOnly: type.subUserOnly === true, label: type.label };
  fastify.addHook('onRoute', (route) => {
    route.config = { ...route.config, content };
  });
  fastify.addHook('onRequest', async (request) => {
    await refuseContent(fastify, request, type);
  });
}

/** The check itself, for a route whose content type is only known from its input (the generic category calls). */
export async function refuseContent(fastify: FastifyInstance, request: FastifyRequest, type: GuardedContent) {
  const scope = staffScope(request.scope);
  const sub = scope.type === 'sub_user';
  if (type.subUserOnly && !sub) throw fastify.httpErrors.forbidden(CONTENT_SUB_USER_ONLY);
  if (type.area === 'shop' && !sub && !scope.selfService && asFlag(request.principal.programUser?.shop_url) !== 1) {
    throw fastify.httpErrors.forbidden(CONTENT_SHOP_REFUSAL);
  }
  if (type.title === null) return;
  const { fromSubMenuManagers } = await fastify.sidebarCache.get(scope, fastify.clock.now().getTime());
  const entry = fromSubMenuManagers.find((m) => m.sub_menu.title === type.title);
  if (entry?.status !== 1) throw fastify.httpErrors.forbidden(contentSwitchedOff(type.label));
}
