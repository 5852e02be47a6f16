/**
 * Dynamic content sections (staff-area sections 2, 3, 5, 7, 8): content menus a program's sub user adds
 * beside the library's types. Each section is a resource of the kit; its items, categories and
 * sub-categories are resources of the kit too, in the content library's shared tables (menu
 * 'dynamic-section'), split by section. Paths and decisions: docs/content.md, "Dynamic content sections".
 */
import * as v from 'valibot';
import { DEFAULT_DYNAMIC_SECTION_STATUS } from '@baridesk/domain';
import {
  CONTENT_ITEM_SORTS,
  contentCategoryResource,
  contentField,
  contentItemMessages,
  contentSubCategoryResource,
} from './content-library';
import type { ContentFieldName, ContentFields, ContentFieldUse } from './content-menus';
import { defineResource, field, type ResourceField, type ResourceItem, type ResourcePaths } from './resource-kit';
import { requiredId, requiredString } from './rules';

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

// ---------------------------------------------------------------------------------------------
// A section's items, categories and sub-categories
// ---------------------------------------------------------------------------------------------

/**
 * The column that splits the library's 'dynamic-section' rows into each section's lists: every list,
 * options, by-category-id and update-indexes call carries `?section_id=`, and store `section_id` in its body.
 */
const sectionPartition = { field: 'section_id', label: 'Section', input: requiredId('section'), output: v.number() } as const;

/** What an item of a section holds (the content library's rules for each column: contentField). */
export const DYNAMIC_SECTION_ITEM_FIELDS: ContentFields = {
  title: { label: 'Title', required: true },
  body: { label: 'Content' },
  image: { label: 'Image' },
  link: { label: 'Link' },
  video_url: { label: 'Video URL' },
};

const itemFields = Object.fromEntries(
  (Object.entries(DYNAMIC_SECTION_ITEM_FIELDS) as [ContentFieldName, ContentFieldUse][]).map(([name, use]) => [name, contentField(name, use)]),
) as Record<'title' | 'body' | 'image' | 'link' | 'video_url', ResourceField>;

/** The spec's verbs below a base: GET '' (list), GET /all, GET show/{id}, POST store, update, toggle-status, update-indexes, DELETE delete?id=. */
const sectionPaths = (path: string, extra: Partial<ResourcePaths> = {}): ResourcePaths => ({
  base: `${DYNAMIC_SECTION_API}/${path}`,
  show: '/show/:id',
  delete: { method: 'DELETE', path: '/delete' },
  ...extra,
});

/**
 * A section's items: GET section?section_id= (the spec's "GET section (params)"), GET section/{id},
 * POST section/store, update, toggle-status, update-indexes?section_id=, DELETE section/delete?id=. An
 * item may name a category and a sub-category of its own section.
 */
export const dynamicSectionItemResource = defineResource({
  name: 'dynamic-section-item',
  entity: 'content_item',
  labels: { singular: 'Item', plural: 'Items' },
  fields: itemFields,
  labelField: 'title',
  sorts: CONTENT_ITEM_SORTS,
  defaultSort: 'order_index',
  scope: 'program',
  permission: { who: 'staff' },
  status: true,
  ordering: true,
  categories: { category: { field: 'category_id', label: 'Category' }, subCategory: { field: 'sub_category_id', label: 'Sub-category' } },
  partition: sectionPartition,
  messages: contentItemMessages('Item'),
  paths: { ...sectionPaths('section', { show: '/:id' }), byCategory: false },
});

/** A section's categories: GET category?section_id=, GET category/all?section_id=, GET category/show/{id}, POST store, update, toggle-status, update-indexes, DELETE delete?id=. */
export const dynamicSectionCategoryResource = contentCategoryResource({
  name: 'dynamic-section-category',
  plural: 'Categories',
  partition: sectionPartition,
  paths: sectionPaths('category', { options: '/all' }),
});

/** A section's sub-categories: the categories' calls under sub-category/, and GET by-category-id?categoryId=&section_id=. */
export const dynamicSectionSubCategoryResource = contentSubCategoryResource({
  name: 'dynamic-section-sub-category',
  plural: 'Sub-categories',
  partition: sectionPartition,
  paths: sectionPaths('sub-category', { options: '/all' }),
});

export type DynamicSectionItem = ResourceItem<typeof dynamicSectionItemResource>;
