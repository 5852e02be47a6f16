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

/**
 * Runs at most `max` tasks at once; the others wait their turn, first come first served. Decoding a
 * 50-megapixel photo holds about 200 MB, so a burst of uploads must not decode all at once.
 */
export function turns(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function inTurn<T>(task: () => Promise<T>): Promise<T> {
    if (running < max) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot to the next in line, or free it.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** Per process: each replica decodes at most two images at a time. */
const decoding = turns(2);

const isPixelLimit = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Decodes an image whose leading bytes said `format`, checks it against `rule`, and gives what is
 * stored. The stored copy is re-encoded on purpose: photos from phones carry EXIF (GPS position,
 * device, time) that must not be published with program content, and re-encoding drops it all.
 */
export function prepareImage(bytes: Buffer, format: ImageFormat, field: string, rule?: ImageRule): Promise<PreparedImage> {
  return decoding(() => decodeAndPrepare(bytes, format, field, rule));
}

async function decodeAndPrepare(bytes: Buffer, format: ImageFormat, field: string, rule?: ImageRule): Promise<PreparedImage> {
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
export function measureImage(bytes: Buffer, format: ImageFormat): Promise<{ width: number; height: number } | null> {
  return decoding(() => readSize(bytes, format));
}

async function readSize(bytes: Buffer, format: ImageFormat): Promise<{ width: number; height: number } | null> {
  try {
    const info = await decoder(bytes, false).metadata();
    if (info.format !== format) return null;
    return info.autoOrient ?? { width: info.width, height: info.height };
  } catch {
    return null;
  }
}
