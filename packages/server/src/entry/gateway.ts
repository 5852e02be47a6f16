/**
 * `pnpm start`: one process on PORT (default 8080) serving the API under /api, the scheduler service under
 * /scheduler/api (and its jobs, unless SCHEDULER_WORKERS=0) and the front ends' builds (SERVE_WEB=0: the
 * API only, as `pnpm dev` runs it beside the webpack dev servers), on PGlite in DATA_DIR, or PostgreSQL
 * when DATABASE_URL is set.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from '../app';

async function main() {
  // PIPELINE_SWEEP=0 turns the daily pipeline sweep job off (the benchmarks measure it on its own).
  const app = await buildApp({ web: process.env.SERVE_WEB !== '0', demoIdp: process.env.DEMO_IDP !== '0', pipelineSweep: process.env.PIPELINE_SWEEP !== '0' });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'closing after an error');
    else app.log.info(`${signal} received, closing`);
    await app.close();
  });
  const { port, host } = app.config;
  await app.listen({ port, host });
  app.log.info(
    `BariDesk is ready on http://localhost:${port} (API docs: /api/docs, database: ${app.dbKind}, ` +
      `jobs: ${app.jobs.workersOn ? 'run here' : 'left to pnpm start:scheduler (SCHEDULER_WORKERS=0)'})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
