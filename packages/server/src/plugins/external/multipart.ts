import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';

/**
 * multipart/form-data bodies, for uploads. The body is streamed to the handler (not bound by
 * BODY_LIMIT); each request carries at most one file of UPLOAD_MAX_BYTES and a few short fields, so a
 * hostile body cannot make the server buffer more than that.
 */
export default fp(
  async (fastify) => {
    await fastify.register(multipart, {
      limits: {
        fileSize: fastify.config.uploadMaxBytes,
        files: 1,
        fields: 20,
        fieldNameSize: 100,
        fieldSize: 64 * 1024,
        parts: 21,
        headerPairs: 200,
      },
    });
  },
  { name: 'multipart' },
);
