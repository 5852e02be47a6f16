/**
 * The test files' databases: an empty one (freshDatabase), or one holding the demo data (seededDatabase).
 *
 * Migrating a new database and loading the demo data into it takes seconds (PGlite's initdb, the
 * migrations, a few thousand inserts), and nearly every API test file wants exactly that. So each set of
 * seed options is built once per test run as a template and copied for each file that asks for it: on
 * PGlite the template is its data folder as a tarball (dumpDataDir), loaded into a new in-memory
 * instance; on PostgreSQL it is a database that `CREATE DATABASE … TEMPLATE` copies. Every copy is a
 * database of its own, as fresh as before; only the work of making it is shared.
 *
 * The templates live in the run's folder (BARIDESK_TEST_TEMPLATES, made by global-setup.ts and removed
 * by global-teardown.ts), so a run always seeds from today's migrations and seed code. Jest's workers are
 * separate processes: the first to need a template builds it under a lock file, the others wait for it.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseTarget, openDatabase } from '../db/client';
import { type DemoSeedOptions, seedDemoIfEmpty } from '../seed/demo';

/** A database of its own for one test file: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export interface FreshDatabase {
  target: DatabaseTarget;
  drop: () => Promise<void>;
}

/** An empty database (not even migrated): PGlite in memory, or a new database on TEST_DATABASE_URL's server. */
export async function freshDatabase(): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { target: { kind: 'pglite' }, drop: async () => {} };
  const name = newDatabaseName();
  await admin(serverUrl, (client) => client.query(`create database ${name}`));
  return postgresDatabase(serverUrl, name);
}

/** The run's folder and id, set by global-setup.ts for every worker. */
export const TEMPLATES_FOLDER_VARIABLE = 'BARIDESK_TEST_TEMPLATES';
export const RUN_ID_VARIABLE = 'BARIDESK_TEST_RUN';
/** Every template database of a run is named with this prefix and the run's id, so the teardown finds them. */
export const TEMPLATE_DATABASE_PREFIX = 'baridesk_template_';

const BUILD_TIMEOUT_MS = 180_000;

/** The fake patients per program of the usual template (createTestApp's default); global-setup.ts builds it. */
export const TEST_PATIENTS_PER_PROGRAM = 12;

/**
 * A fresh database holding the demo data of `options`, copied from the run's template of those options.
 * On PostgreSQL (TEST_DATABASE_URL) a new database, dropped by `drop`; on PGlite an in-memory instance.
 */
export async function seededDatabase(options: DemoSeedOptions): Promise<FreshDatabase> {
  const template = await seededTemplate(options);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return copyPostgresDatabase(serverUrl, template);
  return { target: { kind: 'pglite', loadDataDir: new Blob([fs.readFileSync(template)]) }, drop: async () => {} };
}

/**
 * Builds the run's template of `options` unless a worker already did, and names it: a database on
 * TEST_DATABASE_URL's server, or the path of a PGlite tarball.
 */
export async function seededTemplate(options: DemoSeedOptions): Promise<string> {
  const name = templateName(options);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = `${TEMPLATE_DATABASE_PREFIX}${runId()}_${name}`;
    await ensureTemplate(`postgres-${name}`, () => buildPostgresTemplate(serverUrl, template, options));
    return template;
  }
  const tarball = path.join(templatesFolder(), `pglite-${name}.tar`);
  await ensureTemplate(`pglite-${name}`, () => buildPgliteTemplate(tarball, options));
  return tarball;
}

/**
 * The name of a template: the seed options, and the UTC hour it serves. The demo data is dated from the
 * moment it was made (today's events, last week's weigh-ins) and the tests' clocks start at the real time,
 * so a template is rebuilt each hour: the seed and its users then always share the calendar day in every
 * program's zone (all on whole-hour offsets), as they did when each file seeded its own.
 */
function templateName({ patientsPerProgram, randomSeed }: DemoSeedOptions): string {
  const hour = new Date().toISOString().slice(0, 13).replace(/\D/g, '');
  return `p${patientsPerProgram ?? 'default'}_r${randomSeed ?? 'default'}_h${hour}`;
}

function templatesFolder(): string {
  const folder = process.env[TEMPLATES_FOLDER_VARIABLE];
  if (!folder || !fs.existsSync(folder)) {
    throw new Error(
      `${TEMPLATES_FOLDER_VARIABLE} is not set: the server's jest project makes it in its globalSetup (packages/server/jest.config.js).`,
    );
  }
  return folder;
}

function runId(): string {
  const id = process.env[RUN_ID_VARIABLE];
  if (!id) throw new Error(`${RUN_ID_VARIABLE} is not set: the server's jest project sets it in its globalSetup.`);
  return id;
}

/** Builds the template `key` once across the run's worker processes: a marker file says it is done. */
async function ensureTemplate(key: string, build: () => Promise<void>): Promise<void> {
  const folder = templatesFolder();
  const done = path.join(folder, `${key}.done`);
  const lock = path.join(folder, `${key}.lock`);
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!fs.existsSync(done)) {
    if (takeLock(lock)) {
      try {
        if (!fs.existsSync(done)) {
          await build();
          fs.writeFileSync(done, '');
        }
      } finally {
        fs.rmSync(lock, { force: true });
      }
      return;
    }
    if (Date.now() > deadline) throw new Error(`The test database template ${key} was not built within ${BUILD_TIMEOUT_MS / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Takes the lock file, or takes it over from a worker that died holding it; false while another holds it. */
function takeLock(lock: string): boolean {
  try {
    fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const owner = Number.parseInt(readOr(lock, ''), 10);
  if (Number.isFinite(owner) && !isAlive(owner)) fs.rmSync(lock, { force: true });
  return false;
}

function readOr(file: string, fallback: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function buildPgliteTemplate(tarball: string, options: DemoSeedOptions): Promise<void> {
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await seedDemoIfEmpty(handle.db, options);
    // drizzle keeps the PGlite instance it runs on as $client.
    const client = (handle.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    // Written aside and renamed, so no reader ever sees half a tarball.
    const partial = `${tarball}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, tarball);
  } finally {
    await handle.close();
  }
}

async function buildPostgresTemplate(serverUrl: string, template: string, options: DemoSeedOptions): Promise<void> {
  await admin(serverUrl, (client) => client.query(`create database ${template}`));
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, template), poolSize: 2 });
  try {
    await seedDemoIfEmpty(handle.db, options);
  } finally {
    // No connection may stay open on a template while it is copied.
    await handle.close();
  }
}

async function copyPostgresDatabase(serverUrl: string, template: string): Promise<FreshDatabase> {
  const name = newDatabaseName();
  await admin(serverUrl, async (client) => {
    // PostgreSQL refuses to copy a template while another session is connected to it (object_in_use);
    // none stays connected after the build, so a refusal can only be a moment's overlap: try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`create database ${name} template ${template}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  });
  return postgresDatabase(serverUrl, name);
}

const newDatabaseName = () => `baridesk_test_${randomUUID().replace(/-/g, '')}`;

function postgresDatabase(serverUrl: string, name: string): FreshDatabase {
  return {
    target: { kind: 'postgres', url: databaseUrl(serverUrl, name), poolSize: 5 },
    drop: async () => {
      await admin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** Runs `work` on a connection to the server's maintenance database. */
export async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
