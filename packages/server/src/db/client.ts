import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one query interface every repository uses; the same on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself: what a repository method may be handed. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Receives NOTIFY messages on a channel. `onState(false)` says messages may have been missed (the
   * listening connection dropped); `onState(true)` that listening resumed.
   */
  listen(channel: string, onMessage: (payload: string) => void, onState?: (listening: boolean) => void): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | {
      kind: 'pglite';
      dataDir?: string;
      /** A data folder to start from (a dumpDataDir tarball) instead of an empty one: the tests' seeded templates. */
      loadDataDir?: Blob;
    };

const MIGRATIONS_FOLDER = path.resolve(__dirname, '../../drizzle');
// Any fixed 64-bit number: replicas starting together apply migrations one at a time.
const MIGRATION_LOCK_KEY = 7_208_451_993;

/** Opens the database and brings its schema up to date (migrations are only ever added, never edited). */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.poolSize ?? 20);
  return openPglite(target.dataDir, target.loadDataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  // DATE columns stay 'yyyy-MM-dd' strings, as PGlite returns them.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: { getTypeParser } });
  // An idle connection the server closes (a restart, a failover) must not take the process down:
  // the pool drops it and opens another on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    client.release();
  }
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listeners: PgListener[] = [];
  return {
    db,
    kind: 'postgres',
    async listen(channel, onMessage, onState) {
      const listener = new PgListener(url, channel, onMessage, onState ?? (() => {}));
      listeners.push(listener);
      await listener.start();
    },
    async close() {
      await Promise.all(listeners.map((l) => l.stop()));
      await pool.end();
    },
  };
}

/** A connection of its own that LISTENs on one channel, and reconnects (1 s, 2 s … 30 s) when it drops. */
class PgListener {
  #client: pg.Client | null = null;
  #stopped = false;
  #retryMs = 1000;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onMessage: (payload: string) => void,
    private readonly onState: (listening: boolean) => void,
  ) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (n.channel === this.channel) this.onMessage(n.payload ?? '');
    });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    this.#client = client;
    this.#retryMs = 1000;
    this.onState(true);
  }

  #lost(client: pg.Client) {
    if (this.#client !== client) return;
    this.#client = null;
    this.onState(false);
    if (this.#stopped) return;
    const retry = () => {
      if (this.#stopped) return;
      this.start().catch(() => {
        this.#retryMs = Math.min(this.#retryMs * 2, 30_000);
        this.#timer = setTimeout(retry, this.#retryMs);
        this.#timer.unref();
      });
    };
    this.#timer = setTimeout(retry, this.#retryMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }
}

function getTypeParser(oid: number, format?: 'text' | 'binary') {
  if (oid === pg.types.builtins.DATE) return (value: string) => value;
  return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  if (dataDir) {
    // PGlite neither creates parent folders nor guards its folder against a second process.
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = takeFolderLock(dataDir);
  }
  // The extensions the migrations create (PostgreSQL ships them in its contrib; PGlite loads them here).
  const client = new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm, btree_gin } });
  try {
    await client.waitReady;
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      async listen(channel, onMessage, onState) {
        // One in-process connection: notifications cannot be missed.
        await client.listen(channel, onMessage);
        onState?.(true);
      },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    releaseLock();
    throw error;
  }
}

/** One process per PGlite folder: a lock file with our pid, taken over only from a process that is gone. */
function takeFolderLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'baridesk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockFile, 'utf8'), 10);
      if (Number.isFinite(owner) && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The database folder ${dataDir} is in use by process ${owner}. Stop it first, or set DATA_DIR to another folder.`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the database folder ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Rows of a raw statement; both drivers answer with `rows`. */
export async function queryRows<T>(db: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
