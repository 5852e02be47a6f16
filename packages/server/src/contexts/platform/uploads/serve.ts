import type { FastifyReply } from 'fastify';
import { CONTENT_TYPES } from '@baridesk/contracts';
import { type UploadsService, parseUploadKey } from './uploads';

/** Not in the spec: the 404 of an unknown file. */
export const FILE_NOT_FOUND = 'File not found.';

/** Served files render nothing active: no script, no plug-in, no form; an image shows, and that is all. */
const FILE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * Sends an upload: the content type sniffed from the stored bytes (never the key's or the uploader's
 * word), nosniff, a download rather than a page for anything but a known image, a policy that
 * sandboxes the file if it is opened on its own. Public files are cached for a year (their keys never
 * change content) and may be embedded from anywhere; private ones are never cached or shared.
 */
export async function serveUpload(uploads: UploadsService, reply: FastifyReply, key: string, { allowPrivate = false } = {}) {
  const file = await uploads.open(key, { allowPrivate });
  if (!file) return reply.code(404).send({ message: FILE_NOT_FOUND });
  const parsed = parseUploadKey(key);
  const contentType = file.format ? CONTENT_TYPES[file.format] : 'application/octet-stream';
  const inline = file.format !== null && file.format !== 'pdf' && parsed?.format === file.format;
  const name = key.slice(key.lastIndexOf('/') + 1);
  const isPrivate = Boolean(parsed?.isPrivate);
  return reply
    .header('content-type', contentType)
    .header('content-length', file.size)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
    .header('content-security-policy', FILE_POLICY)
    .header('cache-control', isPrivate ? 'private, no-store' : FOREVER)
    // Public content is loaded by the patients' app from wherever it runs (helmet's default is same-origin).
    .header('cross-origin-resource-policy', isPrivate ? 'same-origin' : 'cross-origin')
    .send(file.body);
}
