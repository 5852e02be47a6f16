import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

/**
 * The limits of a multipart/form-data body: `files` files of `fileSize` bytes (UPLOAD_MAX_BYTES) and 50
 * text fields of 256 KiB (a recipe's form has about 35; rich text fits), so a hostile body cannot make
 * the server buffer much more than its files. A route that takes more than one file (a form with two
 * image fields) passes its own count to `request.parts({ limits })`, which replaces the whole object.
 */
export const multipartLimits = (fileSize: number, files = 1) => ({
  fileSize,
  files,
  fields: 50,
  fieldNameSize: 100,
  fieldSize: 256 * 1024,
  parts: 50 + files,
  headerPairs: 200,
});

/**
 * multipart/form-data bodies, for uploads and the spec's "form data" stores. The body is streamed to the
 * handler (not bound by BODY_LIMIT); by default a request carries at most one file. busboy cuts a longer
 * field silently (`valueTruncated`): a route reading fields must refuse a truncated one, as the upload
 * routes do.
 */
export default fp(
  async (fastify) => {
    await fastify.register(multipart, { limits: multipartLimits(fastify.config.uploadMaxBytes) });
  },
  { name: 'multipart' },
);
