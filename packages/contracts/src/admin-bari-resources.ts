/**
 * Bari resources (super admins, permission manage_resources): the articles, videos, PDFs and podcasts
 * the patient app links to, each in a category and optionally one of its sub-categories, with a preview
 * image and the minutes it takes; put in order by dragging. Spec admin-public-auth §3, §7 "Bari resources".
 */
import * as v from 'valibot';
import { adminCategoryMessages, adminCategoryResource, adminSubCategoryResource } from './admin-categories';
import { optionalNumberIn } from './admin-programs';
import { invalidValue, required } from './messages';
import { defineResource, field, imageField, type ResourceItem } from './resource-kit';
import { requiredString, url } from './rules';

export const BARI_RESOURCES_PATH = '/api/admin/bari-resources';
export const BARI_RESOURCE_CATEGORIES_PATH = '/api/admin/bari-resource-categories';
export const BARI_RESOURCE_SUB_CATEGORIES_PATH = '/api/admin/bari-resource-sub-categories';

/** What a resource's link opens, as stored (`link_type`) and as shown. */
export const BARI_LINK_TYPES = [
  { value: 'article', label: 'Article' },
  { value: 'video', label: 'Video' },
  { value: 'pdf', label: 'PDF' },
  { value: 'podcast', label: 'Podcast' },
] as const;
export type BariLinkType = (typeof BARI_LINK_TYPES)[number]['value'];
export const bariLinkTypeLabel = (value: string | null | undefined) => BARI_LINK_TYPES.find((type) => type.value === value)?.label ?? '';

/** Engagement time: whole minutes, 1 to 600 (ten hours: a long podcast series is the most a patient is asked for). */
export const BARI_ENGAGEMENT_MINUTES = { min: 1, max: 600 } as const;
export const BARI_TITLE_MAX_LENGTH = 254;
export const BARI_LINK_MAX_LENGTH = 2048;
/** The preview shows as a wide tile in the app's resource list. */
export const BARI_PREVIEW_IMAGE_RULE = { minWidth: 400, minHeight: 225 } as const;

const LINK_TYPE_VALUES = BARI_LINK_TYPES.map((type) => type.value) as [BariLinkType, ...BariLinkType[]];

/** One of the link types: missing or blank is "Link type is required.", another value "Please enter valid link type.". */
const linkType = v.pipe(
  v.optional(v.string(invalidValue('link type')), ''),
  v.trim(),
  v.nonEmpty(required('link type')),
  v.picklist(LINK_TYPE_VALUES, invalidValue('link type')),
);

export const bariResourceCategoryResource = adminCategoryResource({
  name: 'bari-resource-category',
  entity: 'bari_resource_category',
  plural: 'Bari Resource Categories',
  slug: 'manage_resources',
  held: { one: 'resource or sub-category', many: 'resources or sub-categories' },
  // The spec's calls: GET all-active, GET index?page, GET {id}, POST store, update, toggle-status, delete.
  paths: { base: BARI_RESOURCE_CATEGORIES_PATH, list: '/index', options: '/all-active' },
});

export const bariResourceSubCategoryResource = adminSubCategoryResource({
  name: 'bari-resource-sub-category',
  entity: 'bari_resource_sub_category',
  plural: 'Bari Resource Sub-categories',
  slug: 'manage_resources',
  held: { one: 'resource', many: 'resources' },
  // GET by-category?categoryId=, GET index?page, GET {id}, POST store, update, toggle-status, delete.
  paths: { base: BARI_RESOURCE_SUB_CATEGORIES_PATH, list: '/index', byCategory: '/by-category' },
});

/** The sub-category refusals beyond the kit's: its name is taken in its category; it holds resources and would leave their category. */
export const BARI_SUB_CATEGORY_MESSAGES = {
  ...adminCategoryMessages('Sub-category', { one: 'resource', many: 'resources' }),
  nameTaken: 'This category already has a sub-category with this name.',
  movesResources: (count: number) =>
    `This sub-category holds ${count} ${count === 1 ? 'resource' : 'resources'} of its category: move ${count === 1 ? 'it' : 'them'} first, or add a new sub-category to the other category.`,
} as const;

export const BARI_RESOURCE_MESSAGES = {
  created: 'Resource created successfully.',
  updated: 'Resource updated successfully.',
  statusUpdated: 'Resource status updated successfully.',
  indexesUpdated: 'Resources order updated successfully.',
  deleted: 'Resource deleted successfully.',
  notFound: 'Resource not found.',
} as const;

export const BARI_RESOURCE_SORTS = ['order_index', 'title', 'link_type', 'engagement_time', 'status', 'created_at', 'updated_at'] as const;

/**
 * GET /api/admin/bari-resources (page, perPage, search in the title, sort, status, category,
 * sub-category and link type filters), GET /{id}, POST store, update, toggle-status, update-indexes, delete. A
 * resource must name a category; its sub-category, when it has one, must be that category's.
 */
export const bariResourceResource = defineResource({
  name: 'bari-resource',
  entity: 'bari_resource',
  labels: { singular: 'Resource', plural: 'Bari Resources' },
  fields: {
    title: field('text', 'Title', requiredString('title', { max: BARI_TITLE_MAX_LENGTH })),
    link: field('url', 'Link', url('link', { max: BARI_LINK_MAX_LENGTH }), { column: false }),
    link_type: field('text', 'Link type', linkType),
    engagement_time: field(
      'number',
      'Engagement time (minutes)',
      optionalNumberIn('Engagement time', { ...BARI_ENGAGEMENT_MINUTES, whole: true }),
      { output: v.nullable(v.number()) },
    ),
    preview_image: imageField('preview_image', 'Preview image', BARI_PREVIEW_IMAGE_RULE),
  },
  labelField: 'title',
  sorts: BARI_RESOURCE_SORTS,
  defaultSort: 'order_index',
  filters: { link_type: v.optional(v.picklist(LINK_TYPE_VALUES, invalidValue('link type'))) },
  scope: 'global',
  permission: { who: 'super-admin', slug: 'manage_resources' },
  status: true,
  ordering: true,
  categories: {
    category: { field: 'bari_resource_category_id', label: 'Category', required: true },
    subCategory: { field: 'bari_resource_sub_category_id', label: 'Sub-category' },
  },
  multipart: true,
  messages: BARI_RESOURCE_MESSAGES,
  // The spec's calls only: no by-category-id (the list filters by category).
  paths: { base: BARI_RESOURCES_PATH, byCategory: false },
});

export type BariResource = ResourceItem<typeof bariResourceResource>;
export type BariResourceCategory = ResourceItem<typeof bariResourceCategoryResource>;
export type BariResourceSubCategory = ResourceItem<typeof bariResourceSubCategoryResource>;
