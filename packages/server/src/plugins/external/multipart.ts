import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

/**
 * multipart/form-data bodies, for uploads and the spec's "form data" stores. The body is streamed to the
 * handler (not bound by BODY_LIMIT); a request carries at most one file of UPLOAD_MAX_BYTES and 50 text
 * fields of 256 KiB (a recipe's form has about 35; rich text fits), so a hostile body cannot make the
 * server buffer much more than one file. busboy cuts a longer field silently (`valueTruncated`): a
 * route reading fields must refuse a truncated one, as the upload routes do.
 */
export default fp(
  async (fastify) => {
    await fastify.register(multipart, {
      limits: {
        fileSize: fastify.config.uploadMaxBytes,
        files: 1,
        fields: 50,
        fieldNameSize: 100,
        fieldSize: 256 * 1024,
        parts: 51,
        headerPairs: 200,
      },
    });
  },
  { name: 'multipart' },
);
