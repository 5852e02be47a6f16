import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { serveUpload } from '../serve';
import { UPLOADS_PATH, type UploadsService, createUploads } from '../uploads';

export type Uploads = UploadsService & {
  /** Sends an upload with the headers of served files (404 if unknown); `allowPrivate` for a context that checked access itself. */
  serve(reply: FastifyReply, key: string, options?: { allowPrivate?: boolean }): Promise<FastifyReply>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Checked uploads: accept, store, claim, remove, open, serve, sweepUnclaimed (see contexts/platform/uploads/README.md). */
    uploads: Uploads;
  }
}

/**
 * The uploads service, and GET /uploads/<key>: public program content by its unguessable key (128
 * random bits, no listing), as the patients' app loads it. Private keys (patients' documents) are
 * never served here; see README.md.
 */
export default fp(
  async (fastify) => {
    const service = createUploads({
      storage: fastify.storage,
      maxBytes: fastify.config.uploadMaxBytes,
      publicPath: UPLOADS_PATH,
      db: fastify.db,
      clock: fastify.clock,
    });
    fastify.decorate('uploads', { ...service, serve: (reply, key, options) => serveUpload(service, reply, key, options) } satisfies Uploads);

    fastify.get(`${UPLOADS_PATH}/*`, { schema: { hide: true } }, (request, reply) =>
      fastify.uploads.serve(reply, (request.params as { '*': string })['*']),
    );
  },
  { name: 'uploads', dependencies: ['database', 'storage', 'multipart'] },
);
