/**
 * The shop (super admins, permission manage_shop): the products the patient app links to, one list per
 * surgery type (surgical, non-surgical) with one default item each. Spec admin-public-auth §4
 * (make-default), §7 "Shop".
 */
import * as v from 'valibot';
import { flag } from './common';
import { invalidValue } from './messages';
import { defineResource, field, imageField, type ResourceItem } from './resource-kit';
import { optionalString, requiredString, url } from './rules';

export const SHOP_PATH = '/api/admin/manage-shop';

export const SHOP_SURGERY_TYPES = [
  { value: 'surgical', label: 'Surgical' },
  { value: 'non_surgical', label: 'Non-surgical' },
] as const;
export type ShopSurgeryType = (typeof SHOP_SURGERY_TYPES)[number]['value'];
export const shopSurgeryTypeLabel = (value: string | undefined) => SHOP_SURGERY_TYPES.find((type) => type.value === value)?.label ?? '';
export const isShopSurgeryType = (value: unknown): value is ShopSurgeryType => SHOP_SURGERY_TYPES.some((type) => type.value === value);

export const SHOP_TITLE_MAX_LENGTH = 254;
export const SHOP_DESCRIPTION_MAX_LENGTH = 2000;
export const SHOP_LINK_MAX_LENGTH = 2048;
/** A product picture, shown square in the app's shop. */
export const SHOP_IMAGE_RULE = { minWidth: 300, minHeight: 300 } as const;

export const SHOP_MESSAGES = {
  created: 'Shop item created successfully.',
  updated: 'Shop item updated successfully.',
  statusUpdated: 'Shop item status updated successfully.',
  deleted: 'Shop item deleted successfully.',
  notFound: 'Shop item not found.',
  madeDefault: 'Default shop item updated successfully.',
  /** Not in the spec: the default is what the app shows first, so it is an active item. */
  inactiveDefault: 'Only an active item can be the default: switch it on first.',
} as const;

/** A surgery type as a path or body gives it: another value is "Please enter valid surgery type.". */
export const shopSurgeryType = v.picklist(
  SHOP_SURGERY_TYPES.map((type) => type.value) as [ShopSurgeryType, ...ShopSurgeryType[]],
  invalidValue('surgery type'),
);

/**
 * `/api/admin/manage-shop/{surgery_type}`: GET list, POST store (multipart); `/{id}/{surgery_type}`: GET
 * show, POST update (`_method=PUT`, multipart), DELETE; PATCH `toggle-status/{id}/{surgery_type}`
 * {status}; PATCH `make-default/{id}/{surgery_type}` (the kit's `extend`). The surgery type is read from
 * the path; a record of the other type is not found there.
 */
export const shopItemResource = defineResource({
  name: 'shop-item',
  entity: 'shop_item',
  labels: { singular: 'Shop Item', plural: 'Shop' },
  fields: {
    title: field('text', 'Title', requiredString('title', { max: SHOP_TITLE_MAX_LENGTH })),
    description: field('textarea', 'Description', optionalString('description', { max: SHOP_DESCRIPTION_MAX_LENGTH }), {
      output: v.nullable(v.string()),
      column: false,
    }),
    link: field('url', 'Link', url('link', { max: SHOP_LINK_MAX_LENGTH }), { column: false }),
    image: imageField('image', 'Image', SHOP_IMAGE_RULE),
  },
  labelField: 'title',
  extra: { is_default: flag },
  sorts: ['title', 'is_default', 'status', 'created_at', 'updated_at'],
  defaultSort: 'title',
  scope: 'global',
  permission: { who: 'super-admin', slug: 'manage_shop' },
  status: true,
  ordering: false,
  partition: { field: 'surgery_type', label: 'Surgery type', input: shopSurgeryType, output: shopSurgeryType },
  multipart: true,
  messages: SHOP_MESSAGES,
  paths: {
    base: SHOP_PATH,
    list: '/:surgery_type',
    store: { method: 'POST', path: '/:surgery_type' },
    show: '/:id/:surgery_type',
    update: { method: 'POST', path: '/:id/:surgery_type', as: 'PUT' },
    delete: { method: 'DELETE', path: '/:id/:surgery_type' },
    toggleStatus: { method: 'PATCH', path: '/toggle-status/:id/:surgery_type' },
  },
});

/** PATCH make-default/{id}/{surgery_type}: the item that is now the default, and the one that was (if another). */
export const shopMakeDefaultResponse = v.object({
  data: v.object({ id: v.number(), is_default: flag, previous: v.nullable(v.number()) }),
  message: v.string(),
});

export type ShopItem = ResourceItem<typeof shopItemResource>;
export type ShopMakeDefaultResponse = v.InferOutput<typeof shopMakeDefaultResponse>;
