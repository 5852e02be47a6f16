/**
 * What the patients' app shows of its program's content library: GET /api/app/content (a signed-in
 * patient). One answer holds every content menu the program has switched on, each with its page or its
 * active categories and items in their order, and the program's active dynamic sections. The answer
 * carries an ETag (program, content version); the app sends it back in If-None-Match and gets 304 while
 * nothing changed. See docs/content.md ("What the patient sees").
 */
import * as v from 'valibot';
import { envelope } from './common';

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());

/**
 * One item as the app shows it (any list type or a dynamic section): the columns its type uses are
 * filled, the others null. `body` is HTML already sanitised when it was saved; `image` is a URL relative
 * to the gateway (`/uploads/<key>`), which an app on another origin prefixes with the gateway's address.
 */
export const appContentItemSchema = v.object({
  id: v.number(),
  title: v.string(),
  subtitle: nullableString,
  body: nullableString,
  image: nullableString,
  link: nullableString,
  video_url: nullableString,
  duration_minutes: nullableNumber,
  phone: nullableString,
  email: nullableString,
  address: nullableString,
  category_id: nullableNumber,
  sub_category_id: nullableNumber,
});
export type AppContentItem = v.InferOutput<typeof appContentItemSchema>;

export const appContentSubCategorySchema = v.object({ id: v.number(), name: v.string(), image: nullableString });
export type AppContentSubCategory = v.InferOutput<typeof appContentSubCategorySchema>;

/** An active category with its active sub-categories, both in their order. */
export const appContentCategorySchema = v.object({
  id: v.number(),
  name: v.string(),
  image: nullableString,
  sub_categories: v.array(appContentSubCategorySchema),
});
export type AppContentCategory = v.InferOutput<typeof appContentCategorySchema>;

/** A web page, link or text of a page type (body sanitised, image a relative URL). */
export const appContentPageSchema = v.object({
  title: nullableString,
  body: nullableString,
  image: nullableString,
  link: nullableString,
  updated_at: v.string(),
});
export type AppContentPage = v.InferOutput<typeof appContentPageSchema>;

/** The special program's two groups of its content menu; null in every other program. */
export const APP_CONTENT_GROUPS = ['weight-management', 'weight-loss-surgery'] as const;
export type AppContentGroup = (typeof APP_CONTENT_GROUPS)[number];

const menuHead = {
  /** The content type's key (contentTypeOf(key) in content-menus.ts). */
  key: v.string(),
  label: v.string(),
  group: v.nullable(v.picklist(APP_CONTENT_GROUPS)),
};

export const appContentListMenuSchema = v.object({
  ...menuHead,
  shape: v.literal('list'),
  /** Text the app shows above the list (the support group's menu data); null for the other types. */
  intro: v.nullable(appContentPageSchema),
  /** Empty for a type without categories. */
  categories: v.array(appContentCategorySchema),
  items: v.array(appContentItemSchema),
});
export type AppContentListMenu = v.InferOutput<typeof appContentListMenuSchema>;

export const appContentPageMenuSchema = v.object({
  ...menuHead,
  shape: v.literal('page'),
  page: appContentPageSchema,
});
export type AppContentPageMenu = v.InferOutput<typeof appContentPageMenuSchema>;

export const appContentMenuSchema = v.variant('shape', [appContentListMenuSchema, appContentPageMenuSchema]);
export type AppContentMenu = v.InferOutput<typeof appContentMenuSchema>;

/** An active dynamic section of the program, with its active categories and items. */
export const appContentSectionSchema = v.object({
  id: v.number(),
  name: v.string(),
  categories: v.array(appContentCategorySchema),
  items: v.array(appContentItemSchema),
});
export type AppContentSection = v.InferOutput<typeof appContentSectionSchema>;

export const appContentSchema = v.object({
  /** The program's content version: rises with every change of what this answer holds. */
  version: v.number(),
  /** The name and logo the app shows: the Program Logo page's when saved, else the program's own. */
  program: v.object({ id: v.number(), name: v.string(), logo: nullableString }),
  /** In the sidebar's order; the special program's contacts appear once in each group. */
  menus: v.array(appContentMenuSchema),
  sections: v.array(appContentSectionSchema),
});
export type AppContent = v.InferOutput<typeof appContentSchema>;

export const appContentResponse = envelope(appContentSchema);
export type AppContentResponse = v.InferOutput<typeof appContentResponse>;
