/**
 * The content library's pages: one record per program and page type (a web page the app opens, a link, a
 * logo), read with GET /api/content/<key> and saved with POST /api/content/<key>/update, for every page
 * type of the registry (CONTENT_PAGES in content-menus.ts), and the support group's menu data (GET and
 * POST /api/content/support-group/menu-data), a page row of its own. The schemas are derived from each
 * type's `fields`, so a field added to the registry is validated, documented and drawn on the form
 * without another change. See docs/content.md ("Pages").
 */
import * as v from 'valibot';
import { envelope } from './common';
import { CONTENT_PAGES, SUPPORT_GROUP_MENU_PAGE, type ContentFieldName, type ContentFields, type ContentPageKey } from './content-menus';
import { CONTENT_IMAGE_RULES, contentField } from './content-library';
import { imageField } from './resource-kit';
import type { ImageRule } from './rules';

/** The columns a page may use (content_pages). */
export const CONTENT_PAGE_FIELDS = ['title', 'link', 'body', 'image'] as const satisfies readonly ContentFieldName[];
export type ContentPageField = (typeof CONTENT_PAGE_FIELDS)[number];

/** What a page's form and routes need of its type: the registry's page types, plus the support group's menu data. */
export interface ContentPageDefinition {
  /** The row's `page`. */
  readonly key: string;
  readonly label: string;
  /** The fields the type uses, of CONTENT_PAGE_FIELDS, with their labels and whether they must be filled in. */
  readonly fields: ContentFields;
  /** The smallest image accepted, when the type has an image. */
  readonly image?: ImageRule;
  /** The API path after /api/content: the key, or support-group/menu-data. */
  readonly path: string;
}

/**
 * The support group's menu data: the text (and picture and link) the app shows above the support groups.
 * Not in the registry's table (it is no menu of its own); its fields are chosen here.
 */
export const SUPPORT_GROUP_MENU_DATA: ContentPageDefinition = {
  key: SUPPORT_GROUP_MENU_PAGE,
  label: 'Support Group menu text',
  fields: {
    title: { label: 'Heading', required: true },
    body: { label: 'Text' },
    image: { label: 'Image' },
    link: { label: 'More information' },
  },
  image: CONTENT_IMAGE_RULES.wide,
  path: 'support-group/menu-data',
};

/** Every page type's definition, by key (the registry's page types). */
export const CONTENT_PAGE_DEFINITIONS = Object.fromEntries(
  CONTENT_PAGES.map((type): [ContentPageKey, ContentPageDefinition] => [
    type.key,
    {
      key: type.key,
      label: type.label,
      fields: type.fields,
      // A logo is shown small and square-ish; any other page's image is a banner over its text.
      ...('image' in type.fields ? { image: type.key === 'program-logo' ? CONTENT_IMAGE_RULES.square : CONTENT_IMAGE_RULES.wide } : {}),
      path: type.key,
    },
  ]),
) as Record<ContentPageKey, ContentPageDefinition>;

/** The fields a definition uses, in the form's order (title, link, body, image). */
export const pageFieldsOf = (definition: ContentPageDefinition): ContentPageField[] =>
  CONTENT_PAGE_FIELDS.filter((name) => definition.fields[name] !== undefined);

/** A page as the API gives it; every field null (and updated_at null) before the program's first save. */
export const contentPageSchema = v.object({
  key: v.string(),
  title: v.nullable(v.string()),
  link: v.nullable(v.string()),
  /** Rich text, sanitised when it was saved. */
  body: v.nullable(v.string()),
  /** The image's URL (/uploads/<key>), or null. */
  image: v.nullable(v.string()),
  updated_at: v.nullable(v.string()),
});
export type ContentPage = v.InferOutput<typeof contentPageSchema>;

export const contentPageResponse = envelope(contentPageSchema);
export type ContentPageResponse = v.InferOutput<typeof contentPageResponse>;

export const contentPageSavedResponse = v.object({ data: contentPageSchema, message: v.string() });
export type ContentPageSavedResponse = v.InferOutput<typeof contentPageSavedResponse>;

/**
 * The body of a page's save: its fields only (others are dropped). Text and link blank or missing
 * clear the field; the image is the key of a file the uploads call accepted, null to remove it, missing
 * to keep it. A required image is checked against the stored one by the server.
 */
export type ContentPageUpdateBody = { title?: string; link?: string; body?: string; image?: string | null };

/**
 * The rule of one field of a page type: a list type's rule of the same column (content-library.ts), so a
 * page and an item are checked alike; the image as an upload key, which a page may require (the logo).
 */
function fieldRule(name: ContentPageField, definition: ContentPageDefinition) {
  const use = definition.fields[name]!;
  if (name === 'image') return imageField('image', use.label, definition.image ?? CONTENT_IMAGE_RULES.wide).input;
  return contentField(name, use).input;
}

/** The validated body of a definition's POST …/update. */
export function contentPageUpdateBody(definition: ContentPageDefinition) {
  return v.object(Object.fromEntries(pageFieldsOf(definition).map((name) => [name, fieldRule(name, definition)]))) as unknown as v.GenericSchema<
    Record<string, unknown>,
    ContentPageUpdateBody
  >;
}

/** The schemas of each page type's calls, by key (and the support group's menu data). */
export const CONTENT_PAGE_SCHEMAS = Object.fromEntries(
  Object.values(CONTENT_PAGE_DEFINITIONS).map((definition) => [definition.key, { updateBody: contentPageUpdateBody(definition) }]),
) as Record<ContentPageKey, { updateBody: ReturnType<typeof contentPageUpdateBody> }>;
export const supportGroupMenuDataBody = contentPageUpdateBody(SUPPORT_GROUP_MENU_DATA);

/** The answers' texts (not in the spec). */
export const CONTENT_PAGE_MESSAGES = {
  updated: (label: string) => `${label} saved.`,
} as const;
