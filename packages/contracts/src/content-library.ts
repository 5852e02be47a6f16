/**
 * The content library's list types on the resource kit: one resource per list type of the registry
 * (content-menus.ts CONTENT_LISTS), made by one function from the type's registry entry, so a field or a
 * type added there reaches the API, the screens and the seed without another line here. Besides the
 * items: the support service's and support group's categories and sub-categories at their own paths.
 * Every item lives in content_items (its `menu` is the type's key), every category in content_categories,
 * every sub-category in content_sub_categories. See docs/content.md.
 */
import * as v from 'valibot';
import { SPECIAL_PROGRAM_ID } from '@baridesk/domain';
import {
  CONTACT_GROUPS,
  CONTENT_LISTS,
  type ContentFieldName,
  type ContentFieldUse,
  type ContentListKey,
  type ContentListType,
} from './content-menus';
import { fieldLabel, invalidValue, maxLength, required } from './messages';
import {
  defineResource,
  field,
  imageField,
  type AnyResource,
  type ResourceField,
  type ResourcePartition,
  type ResourcePaths,
} from './resource-kit';
import { email, optionalOf, optionalString, phone, requiredString, url } from './rules';

// ---------------------------------------------------------------------------------------------
// Limits and words
// ---------------------------------------------------------------------------------------------

/** Column widths of content_items (contexts/content/schema.ts). */
export const CONTENT_TEXT_MAX_LENGTH = 254;
export const CONTENT_LINK_MAX_LENGTH = 2048;
export const CONTENT_PHONE_MAX_LENGTH = 32;
export const CONTENT_ADDRESS_MAX_LENGTH = 512;
/** Longest rich-text body, in characters of HTML after sanitising (a long article with markup is ~30,000). */
export const CONTENT_BODY_MAX_LENGTH = 100_000;
/** A video's or a resource's length in minutes: 1 to 10 hours. */
export const CONTENT_MINUTES_MAX = 600;

/**
 * The smallest images accepted: a photo or a logo is shown square (a team member's portrait, a portal's
 * logo); any other image is shown wide (16:9 cards, video thumbnails). Either may be larger, of any shape.
 */
export const CONTENT_IMAGE_RULES = {
  square: { minWidth: 200, minHeight: 200 },
  wide: { minWidth: 400, minHeight: 225 },
} as const;
/** Registry labels of image fields shown square. */
const SQUARE_IMAGE_LABELS: readonly string[] = ['Photo', 'Logo'];

/** Not in the spec: the notices of a list type's calls, from its singular ("FAQ created successfully."). */
export const contentItemMessages = (singular: string) =>
  ({
    created: `${singular} created successfully.`,
    updated: `${singular} updated successfully.`,
    statusUpdated: `${singular} status updated successfully.`,
    deleted: `${singular} deleted successfully.`,
    indexesUpdated: 'Order updated successfully.',
    notFound: `${singular} not found.`,
  }) as const;

/** Not in the spec: the notices of the category calls. */
export const CONTENT_CATEGORY_MESSAGES = {
  created: 'Category created successfully.',
  updated: 'Category updated successfully.',
  statusUpdated: 'Category status updated successfully.',
  deleted: 'Category deleted successfully.',
  indexesUpdated: 'Order updated successfully.',
  notFound: 'Category not found.',
  nameTaken: 'A category with this name already exists.',
  /** 409: a category that items or sub-categories still name is not deleted. */
  inUse: (count: number) =>
    `This category still holds ${count === 1 ? '1 item or sub-category' : `${count} items and sub-categories`}. Move or delete them first, or switch the category off to hide it.`,
} as const;

export const CONTENT_SUB_CATEGORY_MESSAGES = {
  created: 'Sub-category created successfully.',
  updated: 'Sub-category updated successfully.',
  statusUpdated: 'Sub-category status updated successfully.',
  deleted: 'Sub-category deleted successfully.',
  indexesUpdated: 'Order updated successfully.',
  notFound: 'Sub-category not found.',
  nameTaken: 'This category already has a sub-category with this name.',
  /** 409: a sub-category that items still name is not deleted. */
  inUse: (count: number) =>
    `This sub-category still holds ${count === 1 ? '1 item' : `${count} items`}. Move or delete them first, or switch the sub-category off to hide it.`,
} as const;

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

const optionalText = v.nullable(v.string());
const optionalNumber = v.nullable(v.number());

/** A whole number of minutes, 1 to CONTENT_MINUTES_MAX, or none (blank, null or missing; a form's number input sends text). */
function minutes(label: string) {
  const message = `${fieldLabel(label)} must be a whole number from 1 to ${CONTENT_MINUTES_MAX}.`;
  return v.pipe(
    v.optional(v.nullable(v.union([v.number(message), v.string(message)], message)), null),
    v.transform((value): number | null => {
      if (value === null || value === undefined) return null;
      const text = String(value).trim();
      if (text === '') return null;
      return typeof value === 'number' ? value : /^\d+$/.test(text) ? Number(text) : Number.NaN;
    }),
    v.check((value) => value === null || (Number.isInteger(value) && value >= 1 && value <= CONTENT_MINUTES_MAX), message),
  );
}

/** A text of the type: required or optional as the registry says, trimmed, at most `max` long. */
const text = (use: ContentFieldUse, max: number) =>
  use.required ? requiredString(use.label, { max }) : optionalString(use.label, { max });

/** A web address (http, https or ftp with a domain): "Please enter valid {field}.". */
const address = (use: ContentFieldUse) => {
  const rule = url(use.label, { max: CONTENT_LINK_MAX_LENGTH });
  return use.required ? rule : optionalOf(rule, invalidValue(use.label));
};

/**
 * The kit field of one registry column, as the type uses it (its label, whether it is required). A
 * dynamic section's items use it too, so every content item is checked by the same rules.
 */
export function contentField(name: ContentFieldName, use: ContentFieldUse): ResourceField {
  const { label } = use;
  const output = use.required ? v.string() : optionalText;
  switch (name) {
    case 'title':
    case 'subtitle':
      return field('text', label, text(use, CONTENT_TEXT_MAX_LENGTH), { output });
    case 'body':
      // Sanitised by the kit (sanitizeRichText) and checked again by this rule, so markup that cleans to
      // nothing leaves a required body empty.
      return field('richText', label, text(use, CONTENT_BODY_MAX_LENGTH), { output, column: false });
    case 'address':
      return field('textarea', label, text(use, CONTENT_ADDRESS_MAX_LENGTH), { output, column: false });
    case 'link':
    case 'video_url':
      return field('url', label, address(use), { output, column: false });
    case 'phone': {
      const rule = v.pipe(phone(label), v.maxLength(CONTENT_PHONE_MAX_LENGTH, maxLength(label, CONTENT_PHONE_MAX_LENGTH)));
      return field('phone', label, use.required ? rule : optionalOf(rule, invalidValue(label)), { output });
    }
    case 'email':
      return field('email', label, use.required ? email(label) : optionalOf(email(label), invalidValue(label)), { output });
    case 'duration_minutes':
      if (use.required) throw new Error(`${label}: a required length is not supported`);
      return field('number', label, minutes(label), { output: optionalNumber });
    case 'image':
      // A required image would need a file on every store; no list type asks for one.
      if (use.required) throw new Error(`${label}: a required image is not supported on a list type`);
      return imageField('image', label, SQUARE_IMAGE_LABELS.includes(label) ? CONTENT_IMAGE_RULES.square : CONTENT_IMAGE_RULES.wide);
  }
}

// ---------------------------------------------------------------------------------------------
// The special program's contacts
// ---------------------------------------------------------------------------------------------

/** The special program's (302) contact groups: 1 Weight Management, 2 Weight Loss Surgery. */
export const CONTACT_GROUP_OPTIONS = [
  { value: CONTACT_GROUPS.weightManagement, label: 'Weight Management' },
  { value: CONTACT_GROUPS.weightLossSurgery, label: 'Weight Loss Surgery' },
] as const;
export type ContactGroup = (typeof CONTACT_GROUP_OPTIONS)[number]['value'];
export const CONTACT_GROUP_LABEL = 'Weight loss type';
/** Not in the spec: a contact of program 302 without its group. */
export const CONTACT_GROUP_REQUIRED = 'Weight loss type is required.';
/** Not in the spec: a group sent by another program, whose contacts are not grouped. */
export const CONTACT_GROUP_NOT_USED = `Weight loss type is only used by program ${SPECIAL_PROGRAM_ID}'s contacts.`;

const INVALID_CONTACT_GROUP = invalidValue(CONTACT_GROUP_LABEL);
/** 1 or 2, as a number or as the form's and the query string's text. */
const weightLossType = v.pipe(
  v.union([v.literal(1), v.literal(2), v.literal('1'), v.literal('2')], INVALID_CONTACT_GROUP),
  v.transform((value) => Number(value) as ContactGroup),
);
/** In a body: also none, as null, missing or the blank of a form whose select was left empty. */
const weightLossTypeInput = v.pipe(
  v.optional(v.nullable(v.union([v.literal(''), weightLossType], INVALID_CONTACT_GROUP)), null),
  v.transform((value) => (value === '' ? null : value)),
);

/**
 * The contacts' group (program 302 only): required there, refused elsewhere (the server's check, as it
 * knows the caller's program); the list filters by it (`?weightLossType=1`, the sidebar's Weight
 * Management contacts).
 */
const weightLossTypeField = field('number', CONTACT_GROUP_LABEL, weightLossTypeInput, {
  output: v.nullable(v.picklist([1, 2])),
  column: false,
});

// ---------------------------------------------------------------------------------------------
// The list types
// ---------------------------------------------------------------------------------------------

export const CONTENT_ITEM_SORTS = ['order_index', 'title', 'status', 'created_at', 'updated_at'] as const;

/**
 * Paths: the spec's verbs of support service and group (admin-public-auth section 7) for every type:
 * GET '' (list), GET /{id}, GET /all (active items, a picker's choices), GET /by-category-id?categoryId=,
 * POST /store, /update, /toggle-status, /destroy, /update-indexes. Member portals, whose calls the spec
 * lists on their own, delete with DELETE ?id=.
 */
function itemPaths(type: ContentListType): ResourcePaths {
  return {
    base: `/api/content/${type.key}`,
    options: '/all',
    delete: type.key === 'member-portals' ? { method: 'DELETE', path: '' } : '/destroy',
  };
}

const CATEGORY_REFS = {
  category: { field: 'category_id', label: 'Category' },
  subCategory: { field: 'sub_category_id', label: 'Sub-category' },
} as const;

/** The resource of one list type, from its registry entry. */
function contentListResource(type: ContentListType) {
  const fields: Record<string, ResourceField> = {};
  for (const [name, use] of Object.entries(type.fields) as [ContentFieldName, ContentFieldUse][]) fields[name] = contentField(name, use);
  if (type.key === 'contacts') fields.weight_loss_type = weightLossTypeField;
  const resource = defineResource({
    name: `content-${type.key}`,
    entity: 'content_item',
    labels: { singular: type.singular, plural: type.label },
    fields,
    labelField: 'title',
    sorts: CONTENT_ITEM_SORTS,
    defaultSort: 'order_index',
    ...(type.key === 'contacts' ? { filters: { weightLossType: v.optional(weightLossType) } } : {}),
    scope: 'program',
    // Resources: the program's sub user only (the content guard says so too, in its own words).
    permission: type.subUserOnly ? { who: 'sub-user' } : { who: 'staff' },
    status: true,
    ordering: true,
    ...(type.categories === 0
      ? {}
      : { categories: type.categories === 2 ? CATEGORY_REFS : { category: CATEGORY_REFS.category } }),
    // Member portals: store and update also take multipart/form-data with the logo as a file (the spec's).
    ...(type.multipart ? { multipart: true } : {}),
    messages: contentItemMessages(type.singular),
    paths: itemPaths(type),
  });
  return { ...resource, contentType: type };
}

/** A list type's resource: the kit's resource with the registry entry it was made from. */
export type ContentListResource = AnyResource & { readonly contentType: ContentListType };

/** Every list type's resource, by its key (the screens, the tests and the seed find a type's resource here). */
export const CONTENT_LIST_RESOURCES = Object.fromEntries(
  (CONTENT_LISTS as readonly ContentListType[]).map((type) => [type.key, contentListResource(type) as unknown as ContentListResource]),
) as Record<ContentListKey, ContentListResource>;

/**
 * One item of a list type, as the API answers it: the columns its type uses (the registry's `fields`),
 * its category and sub-category when the type has them, and, for contacts, the special program's group.
 */
export interface ContentListItem {
  id: number;
  title: string;
  subtitle?: string | null;
  body?: string | null;
  /** The image's URL (/uploads/<key>), or null. */
  image?: string | null;
  link?: string | null;
  video_url?: string | null;
  duration_minutes?: number | null;
  phone?: string | null;
  email?: string | null;
  address?: string | null;
  weight_loss_type?: ContactGroup | null;
  category_id?: number | null;
  category_name?: string | null;
  sub_category_id?: number | null;
  sub_category_name?: string | null;
  status: 0 | 1;
  order_index: number;
  created_at: string;
  updated_at: string;
}

// ---------------------------------------------------------------------------------------------
// Categories and sub-categories at a type's own paths (support service, support group)
// ---------------------------------------------------------------------------------------------

export const CONTENT_CATEGORY_SORTS = ['order_index', 'name', 'status', 'created_at', 'updated_at'] as const;

/** A category's own fields: its name (unique within its list) and an optional image (a tile in the app). */
export const contentCategoryFields = {
  name: field('text', 'Name', requiredString('name', { max: CONTENT_TEXT_MAX_LENGTH })),
  image: imageField('image', 'Image', CONTENT_IMAGE_RULES.wide),
};

/**
 * A list of categories: the same definition wherever the list lives (a type's own paths, the generic calls
 * split by `menu`, a dynamic section's calls split by `section_id`); only its name, plural, paths and
 * partition differ. Names are unique within the list.
 */
export function contentCategoryResource<const P extends ResourcePartition | undefined = undefined>(spec: {
  name: string;
  plural: string;
  paths: ResourcePaths;
  partition?: P;
}) {
  return defineResource({
    name: spec.name,
    entity: 'content_category',
    labels: { singular: 'Category', plural: spec.plural },
    fields: contentCategoryFields,
    labelField: 'name',
    sorts: CONTENT_CATEGORY_SORTS,
    defaultSort: 'order_index',
    unique: { field: 'name', message: CONTENT_CATEGORY_MESSAGES.nameTaken },
    scope: 'program',
    permission: { who: 'staff' },
    status: true,
    ordering: true,
    partition: spec.partition as P,
    messages: CONTENT_CATEGORY_MESSAGES,
    paths: spec.paths,
  });
}

/**
 * A list of sub-categories: each names its category (required); GET by-category-id?categoryId= lists a
 * category's. Names are unique within their category (the server's check and the index
 * content_sub_categories_name_key).
 */
export function contentSubCategoryResource<const P extends ResourcePartition | undefined = undefined>(spec: {
  name: string;
  plural: string;
  paths: ResourcePaths;
  partition?: P;
}) {
  return defineResource({
    name: spec.name,
    entity: 'content_sub_category',
    labels: { singular: 'Sub-category', plural: spec.plural },
    fields: contentCategoryFields,
    labelField: 'name',
    sorts: CONTENT_CATEGORY_SORTS,
    defaultSort: 'order_index',
    scope: 'program',
    permission: { who: 'staff' },
    status: true,
    ordering: true,
    categories: { category: { field: 'category_id', label: 'Category', required: true } },
    partition: spec.partition as P,
    messages: CONTENT_SUB_CATEGORY_MESSAGES,
    paths: spec.paths,
  });
}

/** The verbs of the spec's category calls: GET '', GET /{id}, GET /all, POST store, update, toggle-status, destroy, update-indexes. */
const categoryPaths = (base: string): ResourcePaths => ({ base, options: '/all', delete: '/destroy' });
const ownCategoryResource = (type: ContentListType, base: string) =>
  contentCategoryResource({ name: `content-${type.key}-category`, plural: `${type.label} Categories`, paths: categoryPaths(base) });
const ownSubCategoryResource = (type: ContentListType, base: string) =>
  contentSubCategoryResource({ name: `content-${type.key}-sub-category`, plural: `${type.label} Sub-categories`, paths: categoryPaths(base) });

type OwnCategoryKey = Extract<(typeof CONTENT_LISTS)[number], { categoryApi: object }>['key'];

/** The list types whose categories also have paths of their own (the registry's `categoryApi`). */
export const CONTENT_OWN_CATEGORY_TYPES = (CONTENT_LISTS as readonly ContentListType[]).filter(
  (type): type is ContentListType & { categoryApi: NonNullable<ContentListType['categoryApi']> } => type.categoryApi !== undefined,
);

/** The support service's and support group's category and sub-category resources, by the type's key. */
export const CONTENT_OWN_CATEGORY_RESOURCES = Object.fromEntries(
  CONTENT_OWN_CATEGORY_TYPES.map((type) => [
    type.key,
    { category: ownCategoryResource(type, type.categoryApi.category), subCategory: ownSubCategoryResource(type, type.categoryApi.subCategory) },
  ]),
) as Record<OwnCategoryKey, { category: ReturnType<typeof ownCategoryResource>; subCategory: ReturnType<typeof ownSubCategoryResource> }>;

// ---------------------------------------------------------------------------------------------
// The generic categories and sub-categories of every type (partitioned by menu)
// ---------------------------------------------------------------------------------------------

/** The list types with categories (the generic categories' `menu`), and those with sub-categories too. */
export const CONTENT_CATEGORY_MENUS = (CONTENT_LISTS as readonly ContentListType[]).filter((type) => type.categories > 0).map((type) => type.key as ContentListKey);
export const CONTENT_SUB_CATEGORY_MENUS = (CONTENT_LISTS as readonly ContentListType[]).filter((type) => type.categories === 2).map((type) => type.key as ContentListKey);

/**
 * The `menu` that splits the generic calls' rows into each type's categories: a list type's key among
 * `menus`; missing is "Menu is required.", another value "Please enter valid menu.".
 */
function menuPartition(menus: readonly ContentListKey[]) {
  return {
    field: 'menu',
    label: 'Menu',
    input: v.optional(
      v.picklist(menus as [ContentListKey, ...ContentListKey[]], (issue) => (issue.input === '' ? required('menu') : invalidValue('menu'))),
      // Not a key: the default makes a missing value run the picklist, which refuses it as required.
      '' as ContentListKey,
    ),
    output: v.string(),
  } as const satisfies ResourcePartition;
}

/**
 * The spec's content-categories calls (staff-area section 7): GET '' (index), GET /all, GET /{id},
 * POST /store, PUT /update, POST /toggle-status, DELETE /destroy?id=, POST /update-indexes; every list
 * call and store carry `menu` (`?menu=diet`). The id calls find a category of any type of the program;
 * the server guards each call as the category's type.
 */
const genericCategoryPaths = (base: string): ResourcePaths => ({
  base,
  options: '/all',
  update: { method: 'PUT', path: '/update' },
  delete: { method: 'DELETE', path: '/destroy' },
});

export const CONTENT_CATEGORY_RESOURCE = contentCategoryResource({
  name: 'content-category',
  plural: 'Categories',
  partition: menuPartition(CONTENT_CATEGORY_MENUS),
  paths: genericCategoryPaths('/api/content/content-categories'),
});

/** The same calls for sub-categories, and GET /by-category-id?categoryId=&menu=. A sub-category names a category of its menu. */
export const CONTENT_SUB_CATEGORY_RESOURCE = contentSubCategoryResource({
  name: 'content-sub-category',
  plural: 'Sub-categories',
  partition: menuPartition(CONTENT_SUB_CATEGORY_MENUS),
  paths: genericCategoryPaths('/api/content/content-sub-categories'),
});
