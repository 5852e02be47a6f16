/**
 * The scheduler service scaled out: its own process (src/entry/scheduler.ts) and several workers on one
 * PostgreSQL database, each job done once. PGlite is one process, so all but the refusal run only when the
 * server tests have PostgreSQL (TEST_DATABASE_URL, set by scripts/test-server.mjs from DATABASE_URL).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { freshDatabase, type FreshDatabase } from '../../../../test/app';
import { JobQueue } from '../job-queue';
import { HOUSEKEEPING_JOB } from '../../housekeeping/plugins/housekeeping';

const ENTRY = path.resolve(__dirname, '../../../../entry/scheduler.ts');
const SERVER_ROOT = path.resolve(__dirname, '../../../../..');

/** Starts the scheduler entry as `pnpm start:scheduler` does, with these settings over the test's environment. */
function startScheduler(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: SERVER_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

it('refuses to start on PGlite, saying why', async () => {
  const scheduler = startScheduler({ DATABASE_URL: '' });
  expect(await scheduler.exited).toBe(1);
  expect(scheduler.output()).toContain('The scheduler service runs as a process of its own only on PostgreSQL: set DATABASE_URL.');
}, 30_000);

if (process.env.TEST_DATABASE_URL) {
  describe('on PostgreSQL', () => {
    let database: FreshDatabase;
    const queues: JobQueue[] = [];
    beforeAll(async () => {
      database = await freshDatabase();
    });
    afterAll(async () => {
      await Promise.all(queues.map((q) => q.close()));
      await database.drop();
    });

    function queueOn(workers: boolean): JobQueue {
      if (database.target.kind !== 'postgres') throw new Error('PostgreSQL only');
      const queue = new JobQueue({
        database: { kind: 'postgres', url: database.target.url, poolSize: 3 },
        workers,
        pollSeconds: 0.5,
        log: { warn: () => {}, error: (detail) => console.error(detail) },
      });
      queues.push(queue);
      return queue;
    }

    it('two workers on one database do each job once, and both take part', async () => {
      const runs = new Map<number, string[]>();
      const workers = ['a', 'b'].map((who) => {
        const queue = queueOn(true);
        queue.work<{ n: number }>(
          'test.once',
          async ({ n }) => {
            runs.set(n, [...(runs.get(n) ?? []), who]);
            await new Promise((resolve) => setTimeout(resolve, 10));
          },
          { concurrency: 2 },
        );
        return queue;
      });
      await Promise.all(workers.map((w) => w.startWorkers()));
      const JOBS = 120;
      for (let n = 0; n < JOBS; n++) await workers[n % 2]!.send('test.once', { n });
      await until('every job to run', () => (runs.size === JOBS ? true : undefined));
      // A moment more: a job run twice would show now.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const twice = [...runs].filter(([, by]) => by.length !== 1);
      expect(twice).toEqual([]);
      const by = [...runs.values()].flat();
      expect(new Set(by)).toEqual(new Set(['a', 'b']));
    });

    it('the scheduler process runs the jobs the others queue, serves /scheduler/api alone and stops on SIGTERM', async () => {
      if (database.target.kind !== 'postgres') throw new Error('PostgreSQL only');
      const port = String(20_000 + Math.floor(Math.random() * 20_000));
      const scheduler = startScheduler({ DATABASE_URL: database.target.url, SCHEDULER_PORT: port, SCHEDULER_POLL_SECONDS: '1' });
      try {
        await until('the scheduler to be ready', () => (scheduler.output().includes(`scheduler ready on port ${port}`) ? true : undefined));
        const health = await fetch(`http://127.0.0.1:${port}/scheduler/api/health`);
        expect(await health.json()).toEqual({ data: { status: 'ok', database: 'postgres', workers: true } });
        expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);

        // A gateway with its workers off queues the hourly housekeeping; the scheduler process runs it.
        const gateway = queueOn(false);
        const id = await gateway.send(HOUSEKEEPING_JOB, {});
        const done = await until('the housekeeping job to complete', async () => {
          const { data } = await gateway.list({ state: 'completed', name: HOUSEKEEPING_JOB, limit: 10, offset: 0 });
          return data.find((job) => job.id === id);
        });
        expect(done.state).toBe('completed');
        // It wrote the schedules into the database, where every scheduler process reads them.
        const client = new pg.Client({ connectionString: database.target.url });
        await client.connect();
        try {
          const { rows } = await client.query(`select name, cron from pgboss.schedule where name in ('pipeline.sweep', 'platform.housekeeping') order by name`);
          expect(rows).toEqual([
            { name: 'pipeline.sweep', cron: '*/15 * * * *' },
            { name: 'platform.housekeeping', cron: '0 * * * *' },
          ]);
        } finally {
          await client.end();
        }
      } finally {
        scheduler.child.kill('SIGTERM');
      }
      expect(await scheduler.exited).toBe(0);
    }, 120_000);
  });
}
