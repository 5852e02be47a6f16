import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { JobState } from '@baridesk/contracts';

/** What a job handler is told besides its data. */
export interface JobInfo {
  id: string;
  /** 0 on the first run, 1 on the first retry… */
  retryCount: number;
  /** Aborted when the process stops: a long job stops between two steps (it is failed, so retried later). */
  signal: AbortSignal;
}

export type JobHandler<T extends object> = (data: T, job: JobInfo) => Promise<void>;

export interface WorkOptions {
  /** Retries after the first run before the job ends `failed` (5 by default). */
  retryLimit?: number;
  /**
   * The first retry's delay (30 s by default); each next one doubles, with jitter (pg-boss's back-off).
   * 0 retries at once, without back-off (tests).
   */
  retryDelaySeconds?: number;
  /** Jobs of this queue one process runs at the same time (1 by default). */
  concurrency?: number;
  /** A run taking longer than this counts as failed and is retried (15 minutes by default). */
  expireInSeconds?: number;
}

export interface SendOptions {
  /** A second send with the same key is a no-op while the first is queued, active or waiting to retry. */
  singletonKey?: string;
  /** Not before this instant. */
  startAfter?: Date;
}

export interface Jobs {
  /**
   * Declares a queue and its handler. Call it while plugins register (before ready). The handler runs only
   * in a process whose workers are on (the gateway by default; `pnpm start:scheduler`). A throw means
   * retry (with back-off), then the job ends `failed`, visible at GET /scheduler/api/jobs?state=failed.
   */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): void;
  /** Queues a job. Resolves to the job id, or null when deduplicated by `singletonKey`. */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /**
   * A cron schedule (5 fields) in an IANA time zone (UTC by default), kept in the database (survives
   * restarts). Its runs carry the singletonKey SCHEDULE_SINGLETON_KEY: a run is not queued while the
   * previous one is unfinished (a send with that key joins them: a run at start-up).
   */
  schedule(name: string, cron: string, data: object, options?: { tz?: string }): Promise<void>;
  /** Removes a cron schedule (the setting that turns its job off). */
  unschedule(name: string): Promise<void>;
  /** The jobs in one state, newest first: the scheduler service's jobs view (GET /scheduler/api/jobs). */
  list(query: JobListQuery): Promise<{ data: JobRecord[]; total: number }>;
  /** Tests only: runs every queued job that is due (of `names`, or of every declared queue) until none is left. */
  drain(names?: string[]): Promise<void>;
  /** Whether this process runs the handlers and the cron schedules. */
  readonly workersOn: boolean;
}

export interface JobListQuery {
  state: JobState;
  /** One queue's jobs only. */
  name?: string | undefined;
  limit: number;
  offset: number;
}

/** A job as the jobs view shows it. */
export interface JobRecord {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  /** The last failure's message (a failed or retrying job), else null. */
  error: string | null;
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startAfter: Date;
  startedOn: Date | null;
  completedOn: Date | null;
}

/** The singletonKey of a schedule's runs. */
export const SCHEDULE_SINGLETON_KEY = 'schedule';

/** pg-boss's schema in the database: its tables live apart from the app's (drizzle never sees them). */
export const JOBS_SCHEMA = 'pgboss';
/** Failed jobs stay in pgboss.job (visible in the jobs view) this long before pg-boss archives them. */
const FAILED_KEPT_SECONDS = 14 * 24 * 3600;
const DEFAULT_RETRY_LIMIT = 5;
const DEFAULT_RETRY_DELAY_SECONDS = 30;
// Any fixed 64-bit number, apart from the migrations' lock: replicas change pg-boss's tables (a queue's
// partition, the singleton index) one at a time; two creating the same queue at once deadlock otherwise.
const SCHEMA_LOCK_KEY = 7_208_451_994;

/** Where pg-boss's SQL goes: its own pool on PostgreSQL, or the app's one PGlite connection. */
export type QueueDatabase = { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; client: PGlite };

export interface JobQueueOptions {
  database: QueueDatabase;
  /** Run handlers, cron schedules and pg-boss's maintenance in this process. */
  workers: boolean;
  /** Seconds between two fetches of an idle queue. */
  pollSeconds: number;
  /** Seconds between two runs of pg-boss's maintenance (expiring, archiving), in processes with workers. */
  maintenanceSeconds?: number;
  /** Where pg-boss's own errors (a lost connection, a failed maintenance) and failed runs are told. */
  log: { warn(detail: object, message: string): void; error(detail: object, message: string): void };
}

interface Declared {
  handler: JobHandler<object>;
  options: WorkOptions;
}

/**
 * fastify.jobs on pg-boss. pg-boss starts (and creates or migrates its schema) on first use — a send, a
 * schedule, a drain, or the workers starting — so a process that never queues anything never touches it.
 */
export class JobQueue implements Jobs {
  readonly #declared = new Map<string, Declared>();
  readonly #queues = new Map<string, Promise<void>>();
  #boss: Promise<PgBoss> | null = null;
  #closed = false;
  readonly #stopping = new AbortController();

  constructor(private readonly options: JobQueueOptions) {}

  get workersOn(): boolean {
    return this.options.workers;
  }

  work<T extends object>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): void {
    if (this.#declared.has(name)) throw new Error(`The job queue ${name} already has a handler.`);
    if (this.#boss) throw new Error(`The job queue ${name} is declared too late: declare queues while plugins register.`);
    this.#declared.set(name, { handler: handler as JobHandler<object>, options });
  }

  async send(name: string, data: object, { singletonKey, startAfter }: SendOptions = {}): Promise<string | null> {
    const boss = await this.#queue(name);
    return boss.send(name, data, { ...this.#jobOptions(name), singletonKey, startAfter });
  }

  async schedule(name: string, cron: string, data: object, { tz = 'UTC' }: { tz?: string } = {}): Promise<void> {
    const boss = await this.#queue(name);
    await boss.schedule(name, cron, data, { tz, ...this.#jobOptions(name), singletonKey: SCHEDULE_SINGLETON_KEY });
  }

  async unschedule(name: string): Promise<void> {
    const boss = await this.#start();
    await boss.unschedule(name);
  }

  async list({ state, name, limit, offset }: JobListQuery): Promise<{ data: JobRecord[]; total: number }> {
    const boss = await this.#start();
    const db = boss.getDb();
    // pg-boss's own queues (the cron's) are its business, not a job of the app's.
    const where = `state = $1 AND name NOT LIKE '\\_\\_pgboss%' AND ($2::text IS NULL OR name = $2)`;
    const { rows } = await db.executeSql(
      `SELECT id, name, state, data, output, retry_count, retry_limit, created_on, start_after, started_on, completed_on
       FROM ${JOBS_SCHEMA}.job WHERE ${where} ORDER BY created_on DESC, id LIMIT $3 OFFSET $4`,
      [state, name ?? null, limit, offset],
    );
    const { rows: counted } = await db.executeSql(`SELECT count(*)::int AS total FROM ${JOBS_SCHEMA}.job WHERE ${where}`, [state, name ?? null]);
    return {
      total: Number(counted[0]?.total ?? 0),
      data: rows.map((row) => ({
        id: row.id,
        name: row.name,
        state: row.state,
        data: row.data,
        error: state === 'failed' || state === 'retry' ? errorOf(row.output) : null,
        retryCount: row.retry_count,
        retryLimit: row.retry_limit,
        createdOn: row.created_on,
        startAfter: row.start_after,
        startedOn: row.started_on,
        completedOn: row.completed_on,
      })),
    };
  }

  async drain(names?: string[]): Promise<void> {
    const queues = names ?? [...this.#declared.keys()];
    for (const name of queues) {
      if (!this.#declared.has(name)) throw new Error(`No handler is declared for the job queue ${name}.`);
    }
    const boss = await this.#start();
    for (const name of queues) await this.#queue(name);
    // Until a whole round over the queues finds nothing due: a job may queue others, in any queue.
    for (let ran = true; ran; ) {
      ran = false;
      for (const name of queues) {
        const [job] = await boss.fetch<object>(name, { batchSize: 1, includeMetadata: true });
        if (!job) continue;
        ran = true;
        await this.#run(boss, name, job);
      }
    }
  }

  /** Starts pg-boss, the declared queues' workers and the cron (when workers are on). */
  async startWorkers(): Promise<void> {
    if (!this.options.workers) return;
    const boss = await this.#start();
    for (const [name, { options }] of this.#declared) {
      await this.#queue(name);
      for (let i = 0; i < Math.max(1, options.concurrency ?? 1); i++) {
        await boss.work<object>(
          name,
          { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.options.pollSeconds },
          // pg-boss completes the job when this resolves and fails it (then retries) when it throws.
          async (jobs) => {
            for (const job of jobs) {
              try {
                await this.#declared.get(name)!.handler(job.data, this.#infoOf(job));
              } catch (error) {
                this.#told(name, job, error);
                throw error;
              }
            }
          },
        );
      }
    }
  }

  /**
   * Stops fetching and aborts the running jobs' signal, then gives them up to 8 s (inside the gateway's 10 s
   * grace); a job still running then is failed, and so retried.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#stopping.abort();
    if (!this.#boss) return;
    const boss = await this.#boss.catch(() => null);
    await boss?.stop({ graceful: true, wait: true, timeout: 8_000 });
  }

  async #run(boss: PgBoss, name: string, job: PgBoss.JobWithMetadata<object>) {
    try {
      await this.#declared.get(name)!.handler(job.data, this.#infoOf(job));
    } catch (error) {
      this.#told(name, job, error);
      await boss.fail(name, job.id, error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) });
      return;
    }
    await boss.complete(name, job.id);
  }

  /** A failed run, in the log: the job will be retried, or it has ended failed (GET /scheduler/api/jobs). */
  #told(name: string, job: PgBoss.JobWithMetadata<object>, error: unknown) {
    const last = job.retryCount >= job.retryLimit;
    this.options.log.warn(
      { err: error, job: { name, id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit } },
      last ? 'job failed for good (it shows in the failed jobs)' : 'job failed; it is retried',
    );
  }

  #infoOf(job: PgBoss.JobWithMetadata<object>): JobInfo {
    return { id: job.id, retryCount: job.retryCount, signal: this.#stopping.signal };
  }

  #jobOptions(name: string): PgBoss.SendOptions {
    const options = this.#declared.get(name)?.options ?? {};
    const retryDelay = options.retryDelaySeconds ?? DEFAULT_RETRY_DELAY_SECONDS;
    return {
      retryLimit: options.retryLimit ?? DEFAULT_RETRY_LIMIT,
      retryDelay,
      retryBackoff: retryDelay > 0,
      ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
    };
  }

  /** Creates the queue once per process (pg-boss keeps one table partition per queue). */
  #queue(name: string): Promise<PgBoss> {
    let created = this.#queues.get(name);
    if (!created) {
      created = this.#start().then(async (boss) => {
        if (await boss.getQueue(name)) return;
        // pg-boss's create_queue under the lock (its createQueue takes none). The queue's defaults are the
        // declared options; each job is sent with them too, so a queue created by an older version of its
        // handler's options still retries as declared now.
        const { retryLimit, retryDelay, retryBackoff, expireInSeconds } = this.#jobOptions(name);
        await boss
          .getDb()
          .executeSql(
            `WITH locked AS (SELECT pg_advisory_xact_lock(${SCHEMA_LOCK_KEY})) SELECT ${JOBS_SCHEMA}.create_queue($1, $2) FROM locked`,
            [name, { policy: 'standard', retryLimit, retryDelay, retryBackoff, expireInSeconds }],
          );
      });
      created.catch(() => this.#queues.delete(name));
      this.#queues.set(name, created);
    }
    return created.then(() => this.#start());
  }

  #start(): Promise<PgBoss> {
    if (this.#closed) return Promise.reject(new Error('The job queue is closed.'));
    if (!this.#boss) {
      this.#boss = this.#open();
      this.#boss.catch(() => {
        this.#boss = null;
      });
    }
    return this.#boss;
  }

  async #open(): Promise<PgBoss> {
    const { database, workers } = this.options;
    const boss = new PgBoss({
      ...(database.kind === 'postgres'
        ? { connectionString: database.url, max: database.poolSize, application_name: 'baridesk-jobs' }
        : { db: pgliteAdapter(database.client) }),
      schema: JOBS_SCHEMA,
      // Maintenance (expiring, archiving) and the cron belong to the processes that run jobs.
      supervise: workers,
      schedule: workers,
      archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
      ...(this.options.maintenanceSeconds ? { maintenanceIntervalSeconds: this.options.maintenanceSeconds } : {}),
    });
    boss.on('error', (error: Error) => this.options.log.error({ err: error }, 'job queue error'));
    await boss.start();
    await addSingletonIndex(boss);
    return boss;
  }
}

/** The message pg-boss kept of a handler's throw ({ message, stack }, or { value } around other values). */
function errorOf(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const value = 'value' in output ? (output as { value: unknown }).value : output;
  if (value && typeof value === 'object' && 'message' in value) return String((value as { message: unknown }).message);
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/**
 * pg-boss's own singleton policies each leave a gap (`short` dedupes only queued jobs, `stately` lets one
 * more queue while the first runs), so one partial unique index on its job table makes a singletonKey
 * unique among the jobs not yet finished, of every queue (its partitions inherit it). pg-boss inserts with
 * ON CONFLICT DO NOTHING and answers null. Its internal queues (the cron's) keep their own rules.
 */
async function addSingletonIndex(boss: PgBoss): Promise<void> {
  const db = boss.getDb() as { executeSql(text: string, values?: unknown[]): Promise<unknown> };
  await db.executeSql(`
    DO $$ BEGIN
      PERFORM pg_advisory_xact_lock(${SCHEMA_LOCK_KEY});
      CREATE UNIQUE INDEX IF NOT EXISTS job_unfinished_singleton ON ${JOBS_SCHEMA}.job (name, singleton_key)
        WHERE singleton_key IS NOT NULL AND state < 'completed' AND name NOT LIKE '\\_\\_pgboss%';
    END $$`);
}

/**
 * pg-boss's SQL on the app's PGlite: every statement goes through the one connection, whose own queue
 * runs them one at a time (and waits for an open transaction). pg-boss sends its schema scripts as several
 * statements without parameters, which only `exec` takes; the answer is the last statement's.
 */
export function pgliteAdapter(client: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}
