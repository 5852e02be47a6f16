/**
 * The route plugins of the content library's list types: each type's route folder
 * (routes/content/<key>/index.ts) is one call here, so every type has the same calls, guarded the same way.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CONTENT_CATEGORY_MENUS,
  CONTENT_CATEGORY_RESOURCE,
  CONTENT_LIST_RESOURCES,
  CONTENT_OWN_CATEGORY_RESOURCES,
  CONTENT_SUB_CATEGORY_MENUS,
  CONTENT_SUB_CATEGORY_RESOURCE,
  contentTypeOf,
  MAX_ID,
  type AnyResource,
  type ContentListKey,
} from '@baridesk/contracts';
import type { MenuAreaOrNone } from '@baridesk/domain';
import { refuseOutsideArea } from '../../lib/menu-area';
import { staffScope } from '../../lib/scope';
import { resourceRoutes, type ResourceRepository } from '../platform/resource-kit';
import { guardContentType, refuseContent } from './content-guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A generic category call: its content type is the `menu` it is given, or the menu of the category
     * (or sub-category) its id names; guarded as that type (the role suites read this to expect it).
     */
    contentOf?: 'category' | 'subCategory';
  }
}

const TAGS = ['Content library'];

/** A type's guard (its menu area, sub-user-only, the program's sub-menu switch) in front of the kit's routes of `resource`. */
function guarded(key: ContentListKey, resource: AnyResource, repository: (fastify: FastifyInstance) => ResourceRepository<AnyResource>, inUseNoun?: string) {
  const routes = resourceRoutes(resource, { repository, tags: TAGS, ...(inUseNoun ? { inUseNoun } : {}) });
  return async function contentLibraryRoutes(fastify: FastifyInstance) {
    // First, so its menu area reaches every route the kit registers after it.
    guardContentType(fastify, CONTENT_LIST_RESOURCES[key].contentType);
    await routes(fastify);
  };
}

/** /api/content/<key>: the items of one list type. */
export const contentItemRoutes = (key: ContentListKey) =>
  guarded(key, CONTENT_LIST_RESOURCES[key], (fastify) => fastify.contentLibrary.items[key]);

type OwnCategoryKey = keyof typeof CONTENT_OWN_CATEGORY_RESOURCES;

/** The support service's or group's categories (`category`) or sub-categories (`subCategory`) at their own paths. */
export const ownCategoryRoutes = (key: OwnCategoryKey, which: 'category' | 'subCategory') =>
  guarded(
    key,
    CONTENT_OWN_CATEGORY_RESOURCES[key][which],
    (fastify) => fastify.contentLibrary.ownCategories[key][which],
    which === 'category' ? 'items_and_sub_categories' : 'items',
  );

type Row = Record<string, unknown>;

/** An id as a client sends it (a number, or digits as text); anything else is left to the schema's 422. */
const asId = (value: unknown): number | undefined => {
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= MAX_ID ? id : undefined;
};

/** The record an id call names: in the path, the query (DELETE destroy?id=) or the body (PUT update, toggle-status). */
const idOf = (request: FastifyRequest): number | undefined => {
  for (const part of [request.params, request.query, request.body]) {
    if (part !== null && typeof part === 'object' && 'id' in part) return asId((part as Row).id) ?? Number.NaN;
  }
  return undefined;
};

/**
 * /api/content/content-categories and /content-sub-categories: every type's categories, split by `menu`.
 * Each call is guarded as the type it concerns, once its input is read and before it is validated: the
 * `menu` of a list or a store, the stored category's menu for a call naming one by id (a body's `menu`
 * cannot move it to another type's rules). The type's menu area, sub user only and the program's
 * sub-menu switch, as the type's own routes.
 */
export function genericCategoryRoutes(which: 'category' | 'subCategory') {
  const resource: AnyResource = which === 'category' ? CONTENT_CATEGORY_RESOURCE : CONTENT_SUB_CATEGORY_RESOURCE;
  const menus: readonly string[] = which === 'category' ? CONTENT_CATEGORY_MENUS : CONTENT_SUB_CATEGORY_MENUS;
  const storeUrl = resource.endpoints.store!.url;
  const routes = resourceRoutes(resource, {
    repository: (fastify) => fastify.contentLibrary[which === 'category' ? 'categories' : 'subCategories'],
    tags: TAGS,
    area: 'none',
    inUseNoun: which === 'category' ? 'items_and_sub_categories' : 'items',
  });
  return async function genericCategoryPlugin(fastify: FastifyInstance) {
    fastify.addHook('onRoute', (route) => {
      route.config = { ...route.config, contentOf: which };
    });
    // Before validation (the body is read by then), as the guard of a type's own routes runs before it:
    // a caller refused the type learns nothing from the schema's messages.
    fastify.addHook('preValidation', async (request) => {
      const id = idOf(request);
      if (Number.isNaN(id)) return;
      // The menu the kit will use: the store's body's, every other call's query's (never the other one).
      const input = request.routeOptions.url === storeUrl ? request.body : request.query;
      const menu =
        id === undefined ? (input as Row | null | undefined)?.menu : await fastify.contentLibrary.menuOf(which, staffScope(request.scope), id);
      // No record by that id, or no such menu: the schema's 422 or the kit's 404 answers.
      const type = typeof menu === 'string' && menus.includes(menu) ? contentTypeOf(menu) : undefined;
      if (!type) return;
      refuseOutsideArea(fastify, request, type.area as MenuAreaOrNone);
      await refuseContent(fastify, request, type);
    });
    await routes(fastify);
  };
}
