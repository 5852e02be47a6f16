/**
 * `pnpm start:scheduler`: the scheduler service as a process of its own, on the PostgreSQL of DATABASE_URL.
 * It runs the job queue's handlers and cron schedules and serves /scheduler/api on SCHEDULER_PORT (8081);
 * start any number of them: pg-boss hands each job to one process (FOR UPDATE SKIP LOCKED). Set
 * SCHEDULER_WORKERS=0 on the gateways to leave the jobs to these processes alone. See docs/scheduler.md.
 *
 * To start one from a test or a script: `node --import tsx packages/server/src/entry/scheduler.ts` with
 * DATABASE_URL and a free SCHEDULER_PORT in its environment; it prints "scheduler ready on port N" on
 * stdout once it listens and its workers run. SIGTERM or SIGINT stop it gracefully (running jobs
 * get up to 8 s); after a kill -9, the jobs it held are failed by the next maintenance once their expiry
 * has passed, and retried.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from '../app';
import { loadConfig } from '../config';

export const PGLITE_REFUSAL =
  'The scheduler service runs as a process of its own only on PostgreSQL: set DATABASE_URL. PGlite is one process ' +
  '(its folder cannot be shared), so without DATABASE_URL the gateway (pnpm start) runs the jobs itself.';

async function main() {
  if (!loadConfig().databaseUrl) {
    console.error(PGLITE_REFUSAL);
    process.exit(1);
  }
  // The gateway loads the demo data and serves /api; this process runs the jobs (whatever SCHEDULER_WORKERS
  // says: it is the setting of gateways) and PIPELINE_SWEEP=0 turns the pipeline sweep off as there.
  const app = await buildApp({ api: false, web: false, demoIdp: false, seed: false, workers: true, pipelineSweep: process.env.PIPELINE_SWEEP !== '0' });
  closeWithGrace({ delay: 15_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info(`${signal} received, closing`);
    await app.close();
  });
  const { schedulerPort: port, host } = app.config;
  await app.listen({ port, host });
  console.log(`scheduler ready on port ${port}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
