/** The content context's published interface: its repositories' types (fastify.dynamicSections, fastify.manageMenu). */
export type { DynamicSectionsRepository } from './plugins/dynamic-sections-repository';
export type { ManageMenuRepository } from './plugins/manage-menu-repository';
