/**
 * The route plugins of the content library's list types: each type's route folder
 * (routes/content/<key>/index.ts) is one call here, so every type has the same calls, guarded the same way.
 */
import type { FastifyInstance } from 'fastify';
import { CONTENT_LIST_RESOURCES, CONTENT_OWN_CATEGORY_RESOURCES, type AnyResource, type ContentListKey } from '@baridesk/contracts';
import { resourceRoutes, type ResourceRepository } from '../platform/resource-kit';
import { guardContentType } from './content-guard';

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
