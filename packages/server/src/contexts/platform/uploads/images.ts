import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  type ImageFormat,
  type ImageRule,
  MAX_IMAGE_PIXELS,
  PREVIEW_MAX_SIDE,
  checkImageDimensions,
  imageTooManyPixels,
  unreadableImage,
  wrongFileType,
} from '@baridesk/contracts';
import { ValidationError } from '../../../lib/valibot';

export interface PreparedImage {
  /** The image re-encoded in its own format: turned upright, metadata (EXIF with GPS, XMP, IPTC) removed. */
  original: Buffer;
  /** At most PREVIEW_MAX_SIDE on its longest side, WebP, first frame of an animation. */
  preview: Buffer;
  width: number;
  height: number;
}

/** A decoder that stops at a pixel bomb and at a truncated file, and gives up on a picture that takes too long. */
const decoder = (bytes: Buffer, animated: boolean): Sharp =>
  sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated', animated }).timeout({ seconds: 20 });

const ENCODE: Record<ImageFormat, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 90 }),
  png: (image) => image.png(),
  gif: (image) => image.gif(),
  webp: (image) => image.webp({ quality: 90 }),
};

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Decodes an image whose leading bytes said `format`, checks it against `rule`, and gives what is
 * stored. The stored copy is re-encoded on purpose: photos from phones carry EXIF (GPS position,
 * device, time) that must not be published with program content, and re-encoding drops it all.
 */
export async function prepareImage(bytes: Buffer, format: ImageFormat, field: string, rule?: ImageRule): Promise<PreparedImage> {
  const refuse = (message: string) => new ValidationError({ [field]: [message] });
  const animated = format === 'gif' || format === 'webp';

  let declared: Metadata;
  try {
    declared = await decoder(bytes, false).metadata();
  } catch (error) {
    throw refuse(isPixelLimit(error) ? imageTooManyPixels(field) : unreadableImage(field));
  }
  // The leading bytes and the decoder must agree (a PNG signature before JPEG data is not a PNG).
  if (declared.format !== format) throw refuse(wrongFileType(field, 'image'));
  const upright = declared.autoOrient ?? { width: declared.width, height: declared.height };
  if (rule) {
    const problem = checkImageDimensions(upright, rule, field);
    if (problem) throw refuse(problem);
  }

  try {
    const original = await ENCODE[format](decoder(bytes, animated).rotate()).toBuffer({ resolveWithObject: true });
    const preview = await decoder(original.data, false)
      .resize({ width: PREVIEW_MAX_SIDE, height: PREVIEW_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return {
      original: original.data,
      preview,
      width: original.info.width,
      height: original.info.pageHeight ?? original.info.height,
    };
  } catch (error) {
    throw refuse(isPixelLimit(error) ? imageTooManyPixels(field) : unreadableImage(field));
  }
}

/** The upright size of a stored image, or null when its bytes do not decode as `format`. */
export async function measureImage(bytes: Buffer, format: ImageFormat): Promise<{ width: number; height: number } | null> {
  try {
    const info = await decoder(bytes, false).metadata();
    if (info.format !== format) return null;
    return info.autoOrient ?? { width: info.width, height: info.height };
  } catch {
    return null;
  }
}
