import path from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { type DatabaseTarget, openDatabase } from '../../db/client';
import type { AppOptions } from '../../app';
import { seedDemoIfEmpty } from '../../seed/demo';

/** Opens PostgreSQL (DATABASE_URL) or embedded PGlite (DATA_DIR), migrates it, and seeds an empty one. */
export default fp(
  async (fastify: FastifyInstance, options: AppOptions) => {
    const { config } = fastify;
    const target: DatabaseTarget =
      options.database ??
      (config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
    const handle = await openDatabase(target);
    fastify.decorate('db', handle.db);
    fastify.decorate('dbKind', handle.kind);
    fastify.decorate('dbListen', handle.listen);
    fastify.addHook('onClose', () => handle.close());

    if (options.seed !== false && (options.seed || config.seedOnEmpty)) {
      const seeded = await seedDemoIfEmpty(handle.db, options.seed || {});
      if (seeded) fastify.log.info(seeded, 'loaded the demo data into the empty database');
    }
  },
  { name: 'database' },
);
