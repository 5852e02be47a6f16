import path from 'node:path';
import fp from 'fastify-plugin';
import type { Storage } from '../storage';
import { createLocalStorage } from '../local-storage';
import { createS3Storage } from '../s3-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded files live: DATA_DIR/uploads, or the S3-compatible bucket of S3_BUCKET. */
    storage: Storage;
  }
}

/** Chooses the store from the settings: S3 when S3_BUCKET is set, else the local folder. */
export default fp(
  async (fastify) => {
    const { config } = fastify;
    if (config.s3) {
      const { storage, client } = createS3Storage(config.s3);
      fastify.decorate('storage', storage);
      fastify.addHook('onClose', async () => client.destroy());
      fastify.log.info({ bucket: config.s3.bucket, endpoint: config.s3.endpoint }, 'uploads are kept in an S3 bucket');
    } else {
      fastify.decorate('storage', createLocalStorage(path.join(config.dataDir, 'uploads')));
    }
  },
  { name: 'storage' },
);
