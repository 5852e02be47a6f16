/**
 * How to use the app (super admins, permission how_to_use_app): short guides the patient app lists by
 * category, each with a description (rich text), a video link and an image; put in order by dragging,
 * switched on or off and deleted one by one or several at once. Spec admin-public-auth §7 "How-to-use app".
 */
import * as v from 'valibot';
import { adminCategoryResource } from './admin-categories';
import { defineResource, field, imageField, type ResourceItem } from './resource-kit';
import { optionalOf, optionalString, requiredString, url } from './rules';
import { invalidValue } from './messages';

export const HOW_TO_PATH = '/api/admin/how-to-use-app';
export const HOW_TO_CATEGORIES_PATH = '/api/admin/how-to-use-app-category';

export const HOW_TO_TITLE_MAX_LENGTH = 254;
export const HOW_TO_DESCRIPTION_MAX_LENGTH = 20_000;
export const HOW_TO_VIDEO_URL_MAX_LENGTH = 2048;
/** The image is the guide's tile in the app, shown 16:9 like the video's frame. */
export const HOW_TO_IMAGE_RULE = { minWidth: 480, minHeight: 270 } as const;

/**
 * GET select (the active categories as options), GET list, POST store, PUT update/{id}, DELETE
 * destroy/{id}, POST destroy-multiple, toggle-status-multiple; GET show/{id} for the edit form. A
 * category that guides name is not deleted (409).
 */
export const howToCategoryResource = adminCategoryResource({
  name: 'how-to-category',
  entity: 'how_to_category',
  plural: 'How-to Categories',
  slug: 'how_to_use_app',
  held: { one: 'guide', many: 'guides' },
  paths: {
    base: HOW_TO_CATEGORIES_PATH,
    list: '/list',
    options: '/select',
    show: '/show/:id',
    store: '/store',
    update: { method: 'PUT', path: '/update/:id' },
    delete: { method: 'DELETE', path: '/destroy/:id' },
    // The spec switches categories only through the bulk call; the list's switch sends one id.
    toggleStatus: false,
    destroyMultiple: '/destroy-multiple',
    toggleStatusMultiple: '/toggle-status-multiple',
  },
});

export const HOW_TO_MESSAGES = {
  created: 'Guide created successfully.',
  updated: 'Guide updated successfully.',
  deleted: 'Guide deleted successfully.',
  notFound: 'Guide not found.',
  indexesUpdated: 'Guides order updated successfully.',
  deletedMultiple: (count: number) => `${count} ${count === 1 ? 'guide' : 'guides'} deleted successfully.`,
  statusUpdatedMultiple: (count: number, status: 0 | 1) =>
    `${count} ${count === 1 ? 'guide' : 'guides'} ${status === 1 ? 'activated' : 'deactivated'} successfully.`,
} as const;

const optionalText = v.nullable(v.string());

/**
 * GET list (page, perPage, search in the title, sort, status, category), GET show/{id}, POST store,
 * PUT update/{id}, DELETE destroy/{id}, POST destroy-multiple {ids}, toggle-status-multiple {ids,
 * status}, reorder {ids} (the kit's update-indexes).
 */
export const howToResource = defineResource({
  name: 'how-to',
  entity: 'how_to_item',
  labels: { singular: 'Guide', plural: 'How to Use the App' },
  fields: {
    title: field('text', 'Title', requiredString('title', { max: HOW_TO_TITLE_MAX_LENGTH })),
    description: field('richText', 'Description', optionalString('description', { max: HOW_TO_DESCRIPTION_MAX_LENGTH }), {
      output: optionalText,
      column: false,
    }),
    video_url: field('url', 'Video URL', optionalOf(url('video URL', { max: HOW_TO_VIDEO_URL_MAX_LENGTH }), invalidValue('video URL')), {
      output: optionalText,
      column: false,
    }),
    image: imageField('image', 'Image', HOW_TO_IMAGE_RULE),
  },
  labelField: 'title',
  sorts: ['order_index', 'title', 'status', 'created_at', 'updated_at'],
  defaultSort: 'order_index',
  scope: 'global',
  permission: { who: 'super-admin', slug: 'how_to_use_app' },
  status: true,
  ordering: true,
  categories: { category: { field: 'category_id', label: 'Category', required: true } },
  messages: HOW_TO_MESSAGES,
  paths: {
    base: HOW_TO_PATH,
    list: '/list',
    show: '/show/:id',
    store: '/store',
    update: { method: 'PUT', path: '/update/:id' },
    delete: { method: 'DELETE', path: '/destroy/:id' },
    toggleStatus: false,
    // The category picker and filter read the categories' select call; the spec has no by-category call.
    byCategory: false,
    updateIndexes: '/reorder',
    destroyMultiple: '/destroy-multiple',
    toggleStatusMultiple: '/toggle-status-multiple',
  },
});

export type HowToItem = ResourceItem<typeof howToResource>;
export type HowToCategory = ResourceItem<typeof howToCategoryResource>;
