import type { AppContentItem, ContentFieldName, ContentFields } from '@baridesk/contracts';

/**
 * What the patients' app shows of a content item or page: the fields of GET /api/app/content's items
 * (AppContentItem: image as its URL, body as sanitised HTML). Anything missing or empty is not drawn,
 * so a page (title, link, body, image) and every list type's item fit the same shape.
 */
export type PreviewItem = { readonly [K in ContentFieldName]?: AppContentItem[K] | null };

/** Where a stored upload is served (relative to the gateway, as the app's image URLs are). */
export const uploadUrl = (key: string) => `/uploads/${key}`;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** The fields every item and page shares, from a record or a form's values. */
function previewFields(values: Readonly<Record<string, unknown>>): Omit<PreviewItem, 'image'> {
  const minutes = Number(values.duration_minutes);
  return {
    title: text(values.title),
    subtitle: text(values.subtitle),
    body: text(values.body),
    link: text(values.link),
    video_url: text(values.video_url),
    duration_minutes: values.duration_minutes !== '' && values.duration_minutes !== null && Number.isFinite(minutes) && minutes > 0 ? minutes : null,
    phone: text(values.phone),
    email: text(values.email),
    address: text(values.address),
  };
}

/** A stored record (the kit's item, a page's answer: its image is already a URL) as the app shows it. */
export const previewOfRecord = (record: Readonly<Record<string, unknown>>): PreviewItem => ({
  ...previewFields(record),
  image: text(record.image),
});

/**
 * The preview of a form being filled in: its values as the app would get them once saved. A kit form's
 * image field holds the new upload's key, null once removed, and nothing while the stored image (the
 * record's URL, `storedImage`) stays.
 */
export function previewOfValues(values: Readonly<Record<string, unknown>>, storedImage?: string | null): PreviewItem {
  const key = text(values.image);
  return {
    ...previewFields(values),
    image: values.image === undefined ? text(storedImage) : key && uploadUrl(key),
  };
}

/** The button words of a type's link: its label in the registry ("Where to buy"). */
export type PreviewLabels = Pick<ContentFields, 'link'>;
