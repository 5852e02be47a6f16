import fp from 'fastify-plugin';
import { CONTENT_TYPES } from '@baridesk/contracts';
import { type Uploads, createUploads, parseUploadKey } from '../uploads';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checked uploads: accept, claim, remove, open (see contexts/platform/uploads/README.md). */
    uploads: Uploads;
  }
}

/** Where files are served, outside /api: a browser's <img src> sends no bearer token. */
export const UPLOADS_PATH = '/uploads';

/** Served files render nothing active: no script, no plug-in, no form, not even a style sheet. */
const FILE_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
const FOREVER = 'public, max-age=31536000, immutable';

/**
 * The uploads service, and GET /uploads/<key>: public program content by its unguessable key (128
 * random bits, no listing), as the patients' app loads it. Private keys (patients' documents) are
 * never served here; see README.md.
 */
export default fp(
  async (fastify) => {
    fastify.decorate('uploads', createUploads({ storage: fastify.storage, maxBytes: fastify.config.uploadMaxBytes, publicPath: UPLOADS_PATH }));

    fastify.get(`${UPLOADS_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const file = await fastify.uploads.open(key);
      if (!file) return reply.code(404).send({ message: 'File not found.' });
      const parsed = parseUploadKey(key);
      // What the bytes are, not what the key says; anything unrecognised is only ever downloaded.
      const contentType = file.format ? CONTENT_TYPES[file.format] : 'application/octet-stream';
      const inline = file.format !== null && file.format !== 'pdf' && parsed?.format === file.format;
      const name = key.slice(key.lastIndexOf('/') + 1);
      return reply
        .header('content-type', contentType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
        .header('content-security-policy', FILE_POLICY)
        .header('cache-control', FOREVER)
        // Public content, loaded by the patients' app from wherever it runs (helmet's default is same-origin).
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(file.body);
    });
  },
  { name: 'uploads', dependencies: ['storage', 'multipart'] },
);
