import type { PGlite } from '@electric-sql/pglite';
import fp from 'fastify-plugin';
import type { AppOptions } from '../../../../app';
import { type Jobs, JobQueue } from '../job-queue';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * fastify.jobs: the job queue (pg-boss) on the app's database. Contexts declare their queues with
 * `jobs.work` while they register; the handlers and cron schedules run once the app is ready, in a process
 * whose workers are on: `workers` of the app options, else the SCHEDULER_WORKERS setting (on by default;
 * tests build the app with workers off and call `jobs.drain()`).
 */
export default fp(
  async (fastify, options: AppOptions) => {
    const { config } = fastify;
    const queue = new JobQueue({
      database:
        fastify.dbKind === 'pglite'
          ? { kind: 'pglite', client: (fastify.db as unknown as { $client: PGlite }).$client }
          : { kind: 'postgres', url: postgresUrl(options, config.databaseUrl), poolSize: config.schedulerPoolSize },
      // An app built with housekeeping off runs no background work at all (the tests' apps).
      workers: options.workers ?? (options.housekeeping === false ? false : config.schedulerWorkers),
      pollSeconds: config.schedulerPollSeconds,
      maintenanceSeconds: config.schedulerMaintenanceSeconds,
      log: fastify.log,
    });
    if (fastify.dbKind === 'pglite' && !config.schedulerWorkers && options.workers === undefined && options.housekeeping !== false) {
      // No scheduler process can share PGlite, so nothing would ever run the queued jobs.
      fastify.log.warn('SCHEDULER_WORKERS=0 on PGlite: no process runs the background jobs (messages stay queued). Use it with DATABASE_URL and pnpm start:scheduler.');
    }
    fastify.decorate('jobs', queue as Jobs);
    fastify.addHook('onReady', () => queue.startWorkers());
    // preClose runs before every onClose hook, so the queue stops while the database is still open.
    fastify.addHook('preClose', () => queue.close());
  },
  { name: 'jobs', dependencies: ['database'] },
);

/** The PostgreSQL the app opened (see plugins/external/database.ts): the one it was built on, else DATABASE_URL. */
function postgresUrl(options: AppOptions, databaseUrl: string | undefined): string {
  const url = options.database?.kind === 'postgres' ? options.database.url : databaseUrl;
  if (!url) throw new Error('The job queue found no PostgreSQL address.');
  return url;
}
