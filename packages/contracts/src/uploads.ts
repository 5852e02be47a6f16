/**
 * Uploads: the formats BariDesk accepts, the messages of a refused file, the generic upload route's
 * query and the answer of every accepted upload. The server checks files by their bytes, never by
 * their name or the content type the browser claims; the upload widgets use the same lists.
 */
import * as v from 'valibot';
import { fieldLabel, fileExtensions, lowerLabel } from './messages';

/** Image formats an image field accepts (decoded and measured on the server). SVG is refused: it can carry script. */
export const IMAGE_FORMATS = ['jpeg', 'png', 'gif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Document formats a document field accepts (recognised by their leading bytes). */
export const DOCUMENT_FORMATS = ['pdf'] as const;
export type DocumentFormat = (typeof DOCUMENT_FORMATS)[number];

export type UploadFormat = ImageFormat | DocumentFormat;

/** What a field takes: an image, a document, or either. */
export const UPLOAD_KINDS = ['image', 'document', 'file'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The formats of a kind, in the order the messages name them. */
export function formatsOf(kind: UploadKind): readonly UploadFormat[] {
  if (kind === 'image') return IMAGE_FORMATS;
  if (kind === 'document') return DOCUMENT_FORMATS;
  return [...IMAGE_FORMATS, ...DOCUMENT_FORMATS];
}

/** The MIME type each accepted format is stored and served with. */
export const CONTENT_TYPES: Readonly<Record<UploadFormat, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** The largest upload by default (UPLOAD_MAX_BYTES on the server): 10 MiB. */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** Images above this many pixels are refused before they are decoded (a small file can claim a huge picture). */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The longest side of the preview kept beside each image. */
export const PREVIEW_MAX_SIDE = 480;

// ---------------------------------------------------------------------------------------------
// Messages. "The {field} must be X and Y." and "Please upload {field} with minimum W * H." are the
// spec's (staff-area.md section 5: fileExtensions and imageMinimum in messages.ts); the rest are
// not in the spec.
// ---------------------------------------------------------------------------------------------

/** A file of a format the field does not take: "The {field} must be jpeg, png, gif and webp." */
export function wrongFileType(field: string, kind: UploadKind): string {
  return fileExtensions(field, formatsOf(kind));
}

/** Not in the spec: a request without a file. "The {field} is required." would read as a form field; this names the action. */
export function fileRequired(field: string): string {
  return `Please choose ${lowerLabel(field)} to upload.`;
}

/** Not in the spec: "{Field} may not be greater than 10 MB." (the wording of maxLength, in megabytes). */
export function fileTooLarge(field: string, maxBytes: number): string {
  return `${fieldLabel(field)} may not be greater than ${formatMegabytes(maxBytes)}.`;
}

/** Not in the spec: an image whose bytes do not decode (truncated, corrupt, or not the format it starts as). */
export function unreadableImage(field: string): string {
  return `The ${lowerLabel(field)} could not be read as an image.`;
}

/** Not in the spec: an image whose declared size is over MAX_IMAGE_PIXELS. */
export function imageTooManyPixels(field: string, maxPixels: number = MAX_IMAGE_PIXELS): string {
  return `Please upload ${lowerLabel(field)} of at most ${Math.floor(maxPixels / 1_000_000)} megapixels.`;
}

/** Not in the spec: a key given to a record that is not an upload of the caller's program (or no longer exists). */
export function unknownUpload(field: string): string {
  return `The ${lowerLabel(field)} is not an uploaded file.`;
}

/** 10485760 gives "10 MB", 1572864 gives "1.5 MB" (binary megabytes, as the limit is set). */
export function formatMegabytes(bytes: number): string {
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}

// ---------------------------------------------------------------------------------------------
// The generic upload route (POST /api/uploads, POST /api/admin/uploads)
// ---------------------------------------------------------------------------------------------

const MAX_MIN_SIDE = 20_000;

const optionalSide = (name: string) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, `The ${name} must be a whole number.`), v.transform(Number))]),
      v.integer(`The ${name} must be a whole number.`),
      v.minValue(1, `The ${name} must be at least 1.`),
      v.maxValue(MAX_MIN_SIDE, `The ${name} may not be greater than ${MAX_MIN_SIDE}.`),
    ),
  );

/**
 * The query of the generic upload route: which kind of file the field takes, the field's name (for
 * the messages and the `errors` key) and an optional minimum size, so the widget hears the spec's
 * message at once. The record that later takes the key checks its own rules again (`claim`).
 */
export const uploadQuery = v.object({
  kind: v.optional(v.picklist(UPLOAD_KINDS, 'The kind must be image, document or file.'), 'image'),
  field: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'The field must be a field name.')),
    'file',
  ),
  minWidth: optionalSide('minWidth'),
  minHeight: optionalSide('minHeight'),
});
export type UploadQuery = v.InferOutput<typeof uploadQuery>;

/** An accepted upload: its storage key, where to load it and its preview, and what was measured. */
export const uploadedFile = v.object({
  key: v.string(),
  url: v.string(),
  /** The resized preview of an image; null for documents. */
  previewUrl: v.nullable(v.string()),
  /** Pixels after the EXIF orientation is applied; null for documents. */
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
  contentType: v.string(),
  /** Bytes of the stored original. */
  size: v.number(),
});
export type UploadedFile = v.InferOutput<typeof uploadedFile>;

export const uploadResponse = v.object({ data: uploadedFile });
export type UploadResponse = v.InferOutput<typeof uploadResponse>;
