/**
 * Kill -9 of the scheduler process in the middle of a message's fan-out, then a restart: the scenario the
 * delivery test (PostgreSQL pass) and `pnpm bench:messages` both run. The scheduler is the real entry
 * (src/entry/scheduler.ts, as `pnpm start:scheduler`) in a child process on the same PostgreSQL.
 *
 * "In the middle" is made certain rather than hoped for: before the fan-out starts, an open transaction
 * holds the idempotency key of one recipient's inbox delivery half-way through the audience, so the
 * fan-out records the batches before it and then waits on that key; the process is killed while it
 * waits, and the transaction is rolled back (that recipient is then as unrecorded as every later one).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { queryRows } from '../db/client';
import { FAN_OUT_BATCH, STALLED_AFTER_MS, insertMessage } from '../contexts/messaging/plugins/delivery';

const ENTRY = path.resolve(__dirname, '../entry/scheduler.ts');
const SERVER_ROOT = path.resolve(__dirname, '../..');

export interface SchedulerProcess {
  child: ChildProcess;
  output: () => string;
  exited: Promise<NodeJS.Signals | number | null>;
}

/** The scheduler entry as `pnpm start:scheduler` runs it, on `databaseUrl`, ready (its workers running). */
export async function startScheduler(databaseUrl: string): Promise<SchedulerProcess> {
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  // One process (tsx as a loader, not its command line, which would run the entry in a child of its own that a
  // SIGKILL of ours would not reach); autoload is told it may load .ts files, as tsx's command line tells it.
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: SERVER_ROOT,
    env: { ...process.env, FASTIFY_AUTOLOAD_TYPESCRIPT: '1', DATABASE_URL: databaseUrl, SCHEDULER_PORT: port, SCHEDULER_POLL_SECONDS: '1', PIPELINE_SWEEP: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const scheduler = { child, output: () => text, exited };
  await until('the scheduler to be ready', () => (text.includes(`scheduler ready on port ${port}`) ? true : undefined), 90_000, () => text);
  return scheduler;
}

export async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 120_000, context?: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}.${context ? `\n${context().slice(-2000)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface KillRunResult {
  messageId: number;
  audience: number;
  /** Inbox deliveries recorded when the process was killed. */
  recordedAtKill: number;
  /** From the restart until the message was sent. */
  resumeSeconds: number;
  /** Inbox deliveries in the end, recipients with exactly one, and audience patients without one. */
  deliveries: number;
  exactlyOnce: number;
  missing: number;
}

/**
 * Sends an inbox message to every active patient of `programId` (the app on the same database, its own
 * workers off, queues the fan-out), kills the scheduler process mid-fan-out, restarts it and waits for
 * the message to be sent.
 */
export async function killMidFanOut(app: FastifyInstance, databaseUrl: string, programId: number): Promise<KillRunResult> {
  const audience = (
    await queryRows<{ id: number }>(app.db, sql`select id from patients where program_id = ${programId} and status = 1 order by id`)
  ).map((r) => r.id);
  if (audience.length < 2 * FAN_OUT_BATCH) throw new Error(`The kill run needs at least ${2 * FAN_OUT_BATCH} patients, not ${audience.length}.`);
  const messageId = await insertMessage(
    app.db,
    { programId, kind: 'on_demand', title: 'Kill -9 run', message: 'Sent while the scheduler is killed.', channels: ['inbox'], audience: { filter: {} }, createdBy: null },
    new Date(),
  );
  // The recipient whose key is held: the first of a batch half-way through the audience.
  const heldIndex = Math.floor(audience.length / 2 / FAN_OUT_BATCH) * FAN_OUT_BATCH;
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  const count = async () =>
    (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from message_deliveries where message_id = ${messageId} and channel = 'inbox'`))[0]!.n;
  let first: SchedulerProcess | undefined;
  let second: SchedulerProcess | undefined;
  try {
    await holder.query('begin');
    await holder.query(`insert into message_deliveries (message_id, program_id, patient_id, channel, status) values ($1, $2, $3, 'inbox', 'delivered')`, [
      messageId,
      programId,
      audience[heldIndex],
    ]);
    first = await startScheduler(databaseUrl);
    await app.delivery.queueFanOut(messageId);
    await until('the fan-out to reach the held recipient', async () => ((await count()) >= heldIndex ? true : undefined), 120_000, first.output);
    // The batch with the held key is waiting on it now (its rows are not visible until it goes on).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const recordedAtKill = await count();
    first.child.kill('SIGKILL');
    await first.exited;
    await holder.query('rollback');

    // The dead worker's fan-out counts as stalled once nothing was recorded for STALLED_AFTER_MS; a
    // scheduler starting after that resumes it at once.
    await new Promise((resolve) => setTimeout(resolve, STALLED_AFTER_MS + 1_000));
    const restarted = performance.now();
    second = await startScheduler(databaseUrl);
    await until(
      'the resumed fan-out to send the message',
      async () => {
        const [row] = await queryRows<{ status: string }>(app.db, sql`select status from messages where id = ${messageId}`);
        return row?.status === 'sent' ? true : undefined;
      },
      180_000,
      second.output,
    );
    const resumeSeconds = (performance.now() - restarted) / 1000;
    const [check] = await queryRows<{ deliveries: number; exactly_once: number; missing: number }>(
      app.db,
      sql`select
            (select count(*)::int from message_deliveries where message_id = ${messageId} and channel = 'inbox') as deliveries,
            (select count(*)::int from (select patient_id from message_deliveries where message_id = ${messageId} and channel = 'inbox'
               group by patient_id having count(*) = 1) once) as exactly_once,
            (select count(*)::int from patients p where p.program_id = ${programId} and p.status = 1 and not exists (
               select 1 from message_deliveries d where d.message_id = ${messageId} and d.patient_id = p.id and d.channel = 'inbox')) as missing`,
    );
    return { messageId, audience: audience.length, recordedAtKill, resumeSeconds, deliveries: check!.deliveries, exactlyOnce: check!.exactly_once, missing: check!.missing };
  } finally {
    first?.child.kill('SIGKILL');
    if (second) {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    await holder.end();
  }
}
