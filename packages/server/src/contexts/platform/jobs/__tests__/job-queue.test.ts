/**
 * The job queue on PGlite, the embedded default: pg-boss through the adapter to the one connection.
 * (job-queue-postgres.test.ts runs it on PostgreSQL with two workers on one database.)
 */
import { PGlite } from '@electric-sql/pglite';
import { JobQueue } from '../job-queue';

let client: PGlite;
const queues: JobQueue[] = [];
beforeAll(async () => {
  client = new PGlite();
  await client.waitReady;
});
/** pg-boss's own errors, which no test expects. */
const failures: object[] = [];
afterEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.close()));
  expect(failures.splice(0)).toEqual([]);
});
afterAll(() => client.close());

function queueOf(workers = false): JobQueue {
  const queue = new JobQueue({
    database: { kind: 'pglite', client },
    workers,
    pollSeconds: 0.5,
    log: { warn: () => {}, error: (detail) => failures.push(detail) },
  });
  queues.push(queue);
  return queue;
}

/** One job of a queue as pg-boss keeps it. */
async function jobRow(id: string) {
  const { rows } = await client.query<{ state: string; retry_count: number; output: { message?: string } | null; start_after: Date }>(
    'select state, retry_count, output, start_after from pgboss.job where id = $1',
    [id],
  );
  return rows[0];
}

let seq = 0;
/** Each test its own queue names: the tests share one database. */
const nameOf = (what: string) => `test.${what}-${++seq}`;

it('sends a job and drain runs its handler with the data, then the job is completed', async () => {
  const queue = queueOf();
  const name = nameOf('hello');
  const seen: unknown[] = [];
  queue.work<{ n: number }>(name, async (data, job) => {
    seen.push({ data, retryCount: job.retryCount });
  });
  const id = await queue.send(name, { n: 1 });
  expect(id).toEqual(expect.any(String));
  expect(seen).toEqual([]);
  await queue.drain();
  expect(seen).toEqual([{ data: { n: 1 }, retryCount: 0 }]);
  expect((await jobRow(id!))?.state).toBe('completed');
  await queue.drain();
  expect(seen).toHaveLength(1);
});

it('drain runs jobs that handlers queue, in any declared queue, until nothing is due', async () => {
  const queue = queueOf();
  const first = nameOf('first');
  const second = nameOf('second');
  const ran: string[] = [];
  queue.work<{ n: number }>(second, async ({ n }) => {
    ran.push(`second ${n}`);
  });
  queue.work<{ n: number }>(first, async ({ n }) => {
    ran.push(`first ${n}`);
    await queue.send(second, { n });
  });
  await queue.send(first, { n: 1 });
  await queue.send(first, { n: 2 });
  await queue.drain();
  expect(ran.sort()).toEqual(['first 1', 'first 2', 'second 1', 'second 2']);
});

it('drain of named queues leaves the others queued', async () => {
  const queue = queueOf();
  const a = nameOf('a');
  const b = nameOf('b');
  const ran: string[] = [];
  queue.work(a, async () => void ran.push('a'));
  queue.work(b, async () => void ran.push('b'));
  await queue.send(a, {});
  await queue.send(b, {});
  await queue.drain([a]);
  expect(ran).toEqual(['a']);
  await expect(queue.drain(['test.undeclared'])).rejects.toThrow('No handler is declared for the job queue test.undeclared.');
});

it('a throwing handler is retried up to retryLimit, then the job ends failed with the error', async () => {
  const queue = queueOf();
  const name = nameOf('flaky');
  const attempts: number[] = [];
  queue.work(
    name,
    async (_data, job) => {
      attempts.push(job.retryCount);
      throw new Error('the mail server said no');
    },
    { retryLimit: 2, retryDelaySeconds: 0 },
  );
  const id = await queue.send(name, {});
  await queue.drain();
  expect(attempts).toEqual([0, 1, 2]);
  const row = await jobRow(id!);
  expect(row).toMatchObject({ state: 'failed', retry_count: 2 });
  expect(row?.output?.message).toBe('the mail server said no');
});

it('a retry waits with back-off: the first one 1 to 2 times retryDelaySeconds later', async () => {
  const queue = queueOf();
  const name = nameOf('backoff');
  queue.work(
    name,
    async () => {
      throw new Error('not yet');
    },
    { retryDelaySeconds: 30 },
  );
  const id = await queue.send(name, {});
  const before = Date.now();
  await queue.drain();
  const row = await jobRow(id!);
  expect(row?.state).toBe('retry');
  const waitSeconds = (row!.start_after.getTime() - before) / 1000;
  expect(waitSeconds).toBeGreaterThanOrEqual(29);
  expect(waitSeconds).toBeLessThanOrEqual(61);
});

it('a second send with the same singletonKey is a no-op while the first is queued; after it ran, it queues again', async () => {
  const queue = queueOf();
  const name = nameOf('fan-out');
  let runs = 0;
  queue.work(name, async () => void runs++);
  const first = await queue.send(name, { messageId: 7 }, { singletonKey: 'message-7' });
  expect(first).toEqual(expect.any(String));
  expect(await queue.send(name, { messageId: 7 }, { singletonKey: 'message-7' })).toBeNull();
  expect(await queue.send(name, { messageId: 8 }, { singletonKey: 'message-8' })).toEqual(expect.any(String));
  await queue.drain();
  expect(runs).toBe(2);
  expect(await queue.send(name, { messageId: 7 }, { singletonKey: 'message-7' })).toEqual(expect.any(String));
});

it('startAfter keeps a job out of drain until its time', async () => {
  const queue = queueOf();
  const name = nameOf('later');
  let runs = 0;
  queue.work(name, async () => void runs++);
  const id = await queue.send(name, {}, { startAfter: new Date(Date.now() + 3_600_000) });
  await queue.drain();
  expect(runs).toBe(0);
  expect((await jobRow(id!))?.state).toBe('created');
});

it('schedule keeps the cron and its time zone in the database, and refuses a malformed cron', async () => {
  const queue = queueOf();
  const name = nameOf('nightly');
  queue.work(name, async () => {});
  await queue.schedule(name, '30 0 * * *', { kind: 'sweep' }, { tz: 'America/Chicago' });
  await queue.schedule(name, '45 0 * * *', { kind: 'sweep' }, { tz: 'America/Chicago' });
  const { rows } = await client.query('select cron, timezone, data from pgboss.schedule where name = $1', [name]);
  expect(rows).toEqual([{ cron: '45 0 * * *', timezone: 'America/Chicago', data: { kind: 'sweep' } }]);
  await expect(queue.schedule(name, 'every night', {})).rejects.toThrow();
});

it('with workers on, a sent job runs without drain', async () => {
  const queue = queueOf(true);
  const name = nameOf('worker');
  const done = new Promise<unknown>((resolve) => queue.work(name, async (data) => resolve(data)));
  await queue.startWorkers();
  await queue.send(name, { hello: 'world' });
  await expect(done).resolves.toEqual({ hello: 'world' });
});

it('refuses a queue declared twice or after it started', async () => {
  const queue = queueOf();
  const name = nameOf('twice');
  queue.work(name, async () => {});
  expect(() => queue.work(name, async () => {})).toThrow(`The job queue ${name} already has a handler.`);
  await queue.send(name, {});
  expect(() => queue.work(nameOf('late'), async () => {})).toThrow('declare queues while plugins register');
});

it('with workers on, a failed run is logged and retried; closing aborts a running job, which is retried later', async () => {
  const warned: string[] = [];
  const queue = new JobQueue({
    database: { kind: 'pglite', client },
    workers: true,
    pollSeconds: 0.5,
    log: { warn: (_detail, message) => void warned.push(message), error: (detail) => failures.push(detail) },
  });
  const name = nameOf('long');
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  queue.work(
    name,
    async (_data, { signal }) => {
      started();
      await new Promise((resolve) => signal.addEventListener('abort', resolve));
      throw new Error('stopped half-way');
    },
    { retryDelaySeconds: 30 },
  );
  await queue.startWorkers();
  const id = await queue.send(name, {});
  await running;
  await queue.close();
  expect(await jobRow(id!)).toMatchObject({ state: 'retry', output: { message: 'stopped half-way' } });
  expect(warned).toEqual(['job failed; it is retried']);
});

it('a job left active by a process that died is failed by the maintenance once expired, then retried', async () => {
  const name = nameOf('orphan');
  // The process that died: it fetched the job (active) and never finished it.
  const dead = queueOf();
  dead.work(name, async () => {}, { expireInSeconds: 1, retryDelaySeconds: 0 });
  const id = await dead.send(name, { messageId: 3 });
  const { rows } = await client.query(`update pgboss.job set state = 'active', started_on = now() - interval '1 minute' where id = $1 returning id`, [id]);
  expect(rows).toHaveLength(1);

  const ran: unknown[] = [];
  const done = new Promise<void>((resolve) => {
    const next = new JobQueue({ database: { kind: 'pglite', client }, workers: true, pollSeconds: 0.5, maintenanceSeconds: 1, log: { warn: () => {}, error: (detail) => failures.push(detail) } });
    queues.push(next);
    next.work(
      name,
      async (data, job) => {
        ran.push({ data, retryCount: job.retryCount });
        resolve();
      },
      { expireInSeconds: 1, retryDelaySeconds: 0 },
    );
    void next.startWorkers();
  });
  await done;
  expect(ran).toEqual([{ data: { messageId: 3 }, retryCount: 1 }]);
}, 20_000);

it('a job with a singletonKey is retried like any other, and its key stays taken until it has failed', async () => {
  const queue = queueOf();
  const name = nameOf('keyed-flaky');
  const attempts: number[] = [];
  queue.work(
    name,
    async (_data, job) => {
      attempts.push(job.retryCount);
      throw new Error('not today');
    },
    { retryLimit: 2, retryDelaySeconds: 30 },
  );
  const id = await queue.send(name, {}, { singletonKey: 'k' });
  await queue.drain();
  expect(await jobRow(id!)).toMatchObject({ state: 'retry', retry_count: 0 });
  expect(await queue.send(name, {}, { singletonKey: 'k' })).toBeNull();
  // Due now: the back-off has passed.
  await client.query('update pgboss.job set start_after = now() where id = $1', [id]);
  await queue.drain();
  await client.query('update pgboss.job set start_after = now() where id = $1', [id]);
  await queue.drain();
  expect(attempts).toEqual([0, 1, 2]);
  expect(await jobRow(id!)).toMatchObject({ state: 'failed', retry_count: 2 });
  expect(await queue.send(name, {}, { singletonKey: 'k' })).toEqual(expect.any(String));
});
