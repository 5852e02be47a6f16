import type { UploadFormat } from '@baridesk/contracts';

/** Bytes sniffFormat needs from the start of a file. */
export const SNIFF_BYTES = 16;

const startsWith = (head: Buffer, bytes: readonly number[], at = 0) =>
  head.length >= at + bytes.length && bytes.every((byte, i) => head[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The format of a file from its leading bytes ("magic numbers"), or null for anything else — SVG and
 * HTML included, whatever the file is called or claims to be. Images are then decoded for real.
 */
export function sniffFormat(head: Buffer): UploadFormat | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  return null;
}

/** The file-name extension a format's objects are stored under. */
export const EXTENSIONS: Readonly<Record<UploadFormat, string>> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  pdf: 'pdf',
};
