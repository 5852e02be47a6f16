/**
 * Dynamic content sections (staff-area sections 2, 3, 5, 7, 8): content menus a program's sub user adds
 * beside the library's types. Each section is a resource of the kit; its items, categories and
 * sub-categories are resources of the kit too, in the content library's shared tables (menu
 * 'dynamic-section'), split by section. Paths and decisions: docs/content.md, "Dynamic content sections".
 */
import type * as v from 'valibot';
import { DEFAULT_DYNAMIC_SECTION_STATUS } from '@baridesk/domain';
import { defineResource, field, type ResourceItem } from './resource-kit';
import { requiredString } from './rules';

/** The base of every dynamic section call. */
export const DYNAMIC_SECTION_API = '/api/content/dynamic-content-section';

/** The section's notices: "added" and the notice titles are the spec's (section 8), the others ours in its words. */
export const DYNAMIC_SECTION_MESSAGES = {
  created: 'Dynamic section added successfully',
  updated: 'Dynamic section updated successfully',
  statusUpdated: 'Dynamic section status updated successfully',
  deleted: 'Dynamic section deleted successfully',
  indexesUpdated: 'Dynamic sections order updated successfully',
  notFound: 'Dynamic section not found.',
  nameTaken: 'A section with this name already exists.',
} as const;

/** Notice titles of spec section 8: the section screens' and the Add New Section form's. */
export const DYNAMIC_SECTION_NOTICE_TITLE = 'Dynamic Content Sections';
export const ADD_DYNAMIC_SECTION_NOTICE_TITLE = 'Add Dynamic Section';

export const DYNAMIC_SECTION_SORTS = ['order_index', 'name', 'status', 'created_at', 'updated_at'] as const;

/**
 * The sections: GET '' (data.data is the page's list; sorted by the sidebar's order unless told), GET
 * show/{id}, POST store (name, status; default Active), update, toggle-status, update-indexes (the
 * sidebar's order), DELETE delete?id= (removes the section's items, categories and sub-categories).
 * Every staff member reads them (the sidebar lists the active ones); only the program's sub user changes them.
 */
export const dynamicSectionResource = defineResource({
  name: 'dynamic-section',
  entity: 'dynamic_content_section',
  labels: { singular: 'Section', plural: 'Dynamic Content Sections' },
  fields: { name: field('text', 'Name', requiredString('name')) },
  labelField: 'name',
  sorts: DYNAMIC_SECTION_SORTS,
  defaultSort: 'order_index',
  unique: { field: 'name', message: DYNAMIC_SECTION_MESSAGES.nameTaken },
  scope: 'program',
  // The writes' rule; the server opens the two reads to every staff member (routes/content/dynamic-content-section).
  permission: { who: 'sub-user' },
  status: true,
  defaultStatus: DEFAULT_DYNAMIC_SECTION_STATUS,
  ordering: true,
  messages: DYNAMIC_SECTION_MESSAGES,
  paths: { base: DYNAMIC_SECTION_API, show: '/show/:id', delete: { method: 'DELETE', path: '/delete' } },
});

const sectionSchemas = dynamicSectionResource.schemas;

export type DynamicSection = ResourceItem<typeof dynamicSectionResource>;
export const dynamicSectionListQuery = sectionSchemas.listQuery;
export type DynamicSectionListQuery = v.InferOutput<typeof dynamicSectionListQuery>;
export const dynamicSectionListResponse = sectionSchemas.listResponse;
export const dynamicSectionStoreBody = sectionSchemas.storeBody;
export type DynamicSectionStoreBody = v.InferOutput<typeof dynamicSectionStoreBody>;
export const dynamicSectionStoreResponse = sectionSchemas.savedResponse;
