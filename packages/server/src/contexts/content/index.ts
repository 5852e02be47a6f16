/** The content context's published interface: its repositories' types (fastify.dynamicSections, fastify.manageMenu). */
export type { DynamicSectionsRepository } from './plugins/dynamic-sections-repository';
export type { ManageMenuRepository } from './plugins/manage-menu-repository';
export type { ContentPagesRepository } from './plugins/content-pages-repository';
export type { ContentLibrary } from './plugins/content-library-repository';
export { grantContentSwitches } from './sub-menu-switches';
export { createAppContentReader, matchesEtag } from './app-content';
export type { AppContentAnswer, AppContentReader } from './app-content';
