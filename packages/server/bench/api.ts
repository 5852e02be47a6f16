/**
 * `pnpm bench:api [--duration s] [--connections n] [--scale N] [--food-log-connections n]`: the API's
 * throughput and latency, measured with autocannon against /api/user and /api/sidebar-menu on PGlite and
 * on PostgreSQL, beside a bare Fastify route measured in the same run, and a patient's month of food logs
 * with its aggregates (/api/nutrition/food-logs), on PostgreSQL after `pnpm seed --scale N` when asked. Each server runs in its own child process (never in this one, so the
 * load generator and the server do not share an event loop), one at a time. See bench/README.md.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  ADMIN_CONNECTIONS,
  DEFAULT_ADMIN_AUDIT_RECORDS,
  DEFAULT_ADMIN_PATIENTS,
  DEFAULT_ADMIN_PROGRAMS,
  type AdminCase,
  adminCases,
  checkPaths,
  measureSql,
  printAdminVerdicts,
} from './admin-case';
import {
  CONTENT_STAFF_EMAIL,
  type ContentCase,
  appLogin,
  contentCases,
  printContentVerdicts,
  seedContentBench,
} from './content-case';
import { DEFAULT_EXPORT_PATIENTS, benchExports, printExports } from './export-case';
import { printReportVerdicts, reportCases } from './reports-case';
import { SOAK_ALL_CALLS, type SoakOptions, type SoakRow, printSoak, runSoak, soakBrokenReason, soakOptionsFromEnv } from './soak';
import type { SweepRunFigures } from './pipeline-run';

const SERVER_DIR = path.resolve(__dirname, '..');
const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
const TSX = path.join(SERVER_DIR, 'node_modules/.bin/tsx');
const GATEWAY_ENTRY = 'src/entry/gateway.ts';
const BARE_ENTRY = 'bench/bare-server.ts';
const PG_CLUSTER_SCRIPT = path.join(REPO_ROOT, 'scripts/pg-cluster.mjs');

const BENCH_EMAIL = 'staff@northside.test';
/** The demo super admin (id 48, every permission), who asks the super-admin cases. */
const ADMIN_EMAIL = 'superadmin@baridesk.test';
const BENCH_PASSWORD = 'Demo1234';
const ROUTES = ['/api/user', '/api/sidebar-menu'] as const;
const SEED_ENTRY = 'src/entry/seed.ts';
/** A patient's month of food logs with the aggregates, asked for one patient after another. */
const FOOD_LOG_ROUTE = '/api/nutrition/food-logs';
/** The scale seed's first bench program's staff account (a fresh database per run, so it is ours). */
const SCALE_BENCH_EMAIL = 'bench-staff-1@baridesk.test';
/** Patients the food-log case cycles through. */
const FOOD_LOG_PATIENTS = 100;
/** The issue's target for the food-log case: p95 on PostgreSQL with the scale seed. */
const FOOD_LOG_TARGET_P95_MS = 30;
/** The patient list with a search term and a filter, asked with one term and filter after another. */
const PATIENT_LIST_ROUTE = '/api/patients';
/** The issue's target for the patient-list case: p95 on PostgreSQL with the scale seed. */
const PATIENT_LIST_TARGET_P95_MS = 50;
/** Filters the patient-list case combines with its search terms (each a query string). */
const PATIENT_LIST_FILTERS = ['stage=1', 'stage=2', 'stage=3', 'status=1', 'app=never_used', 'stage=2&sort=surgery_date&direction=desc'];
/** The pipeline board of one program (50,000 patients with the scale seed), each stage, with and without a search. */
const PIPELINE_BOARD_ROUTE = '/api/pipeline-patients-by-stage';
/** The issue's targets: the board p95 on PostgreSQL with the scale seed; the daily sweep of 1,000,000 patients. */
const PIPELINE_BOARD_TARGET_P95_MS = 100;
const PIPELINE_SWEEP_TARGET_SECONDS = 60;
const PIPELINE_RUN_ENTRY = 'bench/pipeline-run.ts';
/** One patient's PDF report (summary and full), asked again and again: it is CPU-bound, so few connections. */
const PATIENT_PDF_ROUTE = '/api/patients-report/pdf';
const PATIENT_PDF_CONNECTIONS = 4;
/** The demo patients the PDF case looks through for the one with the most weigh-ins. */
const PATIENT_PDF_CANDIDATES = 20;
/** The scale seed may take a long while (20,000,000 food-log entries for 1,000,000 patients). */
const SEED_TIMEOUT_MS = 6 * 3600_000;
const WARMUP_SECONDS = 2;
/** The first start migrates and loads the demo data, which takes a while on a small machine. */
const START_TIMEOUT_MS = 180_000;
const STOP_GRACE_MS = 12_000;
/** The issue's targets, for PostgreSQL /api/user at 50 connections. */
const TARGET_RATIO = 0.4;
const TARGET_P99_MS = 25;
const TARGET_CONNECTIONS = 50;
/** Lines of a child's output echoed here; the rest are counted, and the last ones kept for errors. */
const ECHO_LINES = 20;
const TAIL_LINES = 40;
const ECHO_WIDTH = 300;
/** After a run, wait this long at most for the server to finish the requests still queued in it. */
const DRAIN_TIMEOUT_MS = 30_000;

type TargetName = 'bare' | 'pglite' | 'postgres';

interface Options {
  /** Patients of the export case (bench/export-case.ts); 0 leaves it out. */
  exportPatients: number;
  /** Only the export case. */
  onlyExport: boolean;
  /** Only the staff soak (bench/soak.ts), on PGlite and PostgreSQL. */
  onlySoak: boolean;
  /** Only the report cases (bench/reports-case.ts), on PostgreSQL with the scale seed (50,000 unless --scale). */
  onlyReports: boolean;
  /**
   * Only the super-admin cases (bench/admin-case.ts), on PostgreSQL with the super-admin scale seed
   * (1,000,000 patients unless --scale, in --admin-programs programs, with --audit-records records).
   */
  onlyAdmin: boolean;
  /** Only the content cases (bench/content-case.ts): the demo data and 2,000 content items in one program, on PostgreSQL. */
  onlyContent: boolean;
  adminPrograms: number;
  auditRecords: number;
  /** The databases the gateway cases run on (`--database pglite|postgres`; both by default). */
  databases: ReadonlySet<'pglite' | 'postgres'>;
  /** The staff soak's users and seconds (env BENCH_SOAK_USERS, BENCH_SOAK_SECONDS). */
  soak: SoakOptions;
  duration: number;
  connections: number;
  /** Patients the scale seed adds to the PostgreSQL database before the food-log case (0: the demo data only). */
  scale: number;
  /** Connections of the food-log and patient-list cases. */
  foodLogConnections: number;
  /** A PostgreSQL database that already holds the scale seed: used as it is (not seeded, not dropped). */
  seededDatabase?: string;
}

interface Row {
  target: TargetName;
  route: string;
  requestsPerSecond: number;
  p50: number;
  /** From every 2xx answer's time (autocannon's own percentiles have no p95). */
  p95: number | null;
  p99: number;
  total2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

// ---------------------------------------------------------------------------------------------------
// Arguments

function parseOptions(argv: string[]): Options {
  const options: Options = {
    duration: 10,
    connections: 50,
    scale: 0,
    foodLogConnections: 10,
    exportPatients: DEFAULT_EXPORT_PATIENTS,
    onlyExport: false,
    onlySoak: false,
    onlyReports: false,
    onlyAdmin: false,
    onlyContent: false,
    adminPrograms: DEFAULT_ADMIN_PROGRAMS,
    auditRecords: DEFAULT_ADMIN_AUDIT_RECORDS,
    databases: new Set(['pglite', 'postgres']),
    soak: soakOptionsFromEnv(process.env, (message) => new UsageError(message)),
  };
  type NumberOption = 'duration' | 'connections' | 'scale' | 'foodLogConnections';
  const keys: Record<string, NumberOption> = {
    duration: 'duration',
    connections: 'connections',
    scale: 'scale',
    'food-log-connections': 'foodLogConnections',
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') continue;
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    const seeded = /^--seeded-database(?:=(.*))?$/.exec(arg);
    if (seeded) {
      const url = seeded[1] ?? argv[++i];
      if (!url || !/^postgres(ql)?:\/\//.test(url)) throw new UsageError('--seeded-database needs a postgres:// URL');
      options.seededDatabase = url;
      continue;
    }
    if (arg === '--only-export') {
      options.onlyExport = true;
      continue;
    }
    if (arg === '--only-soak') {
      options.onlySoak = true;
      continue;
    }
    if (arg === '--only-reports') {
      options.onlyReports = true;
      continue;
    }
    if (arg === '--only-admin') {
      options.onlyAdmin = true;
      continue;
    }
    if (arg === '--only-content') {
      options.onlyContent = true;
      continue;
    }
    const adminSize = /^--(admin-programs|audit-records)(?:=(.*))?$/.exec(arg);
    if (adminSize) {
      const raw = adminSize[2] ?? argv[++i];
      const value = Number(String(raw).replace(/_/g, ''));
      const min = adminSize[1] === 'admin-programs' ? 1 : 0;
      if (!Number.isSafeInteger(value) || value < min) throw new UsageError(`--${adminSize[1]} needs a whole number of ${min} or more, got ${raw}`);
      if (adminSize[1] === 'admin-programs') options.adminPrograms = value;
      else options.auditRecords = value;
      continue;
    }
    const database = /^--database(?:=(.*))?$/.exec(arg);
    if (database) {
      const value = database[1] ?? argv[++i];
      if (value !== 'pglite' && value !== 'postgres') throw new UsageError(`--database needs pglite or postgres, got ${value}`);
      options.databases = new Set([value]);
      continue;
    }
    const exported = /^--export-patients(?:=(.*))?$/.exec(arg);
    if (exported) {
      const raw = exported[1] ?? argv[++i];
      const value = Number(String(raw).replace(/_/g, ''));
      if (!Number.isSafeInteger(value) || value < 0) throw new UsageError(`--export-patients needs a whole number of 0 or more, got ${raw}`);
      options.exportPatients = value;
      continue;
    }
    const match = /^--(duration|connections|scale|food-log-connections)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`unknown argument ${arg}`);
    const name = match[1] as string;
    const key = keys[name] as NumberOption;
    const raw = match[2] ?? argv[++i];
    const value = Number(String(raw).replace(/_/g, ''));
    const min = key === 'scale' ? 0 : 1;
    if (!Number.isSafeInteger(value) || value < min) {
      throw new UsageError(`--${name} needs a whole number of ${min} or more, got ${raw}`);
    }
    options[key] = value;
  }
  return options;
}

class UsageError extends Error {}

const USAGE =
  'usage: pnpm bench:api [--duration seconds (10)] [--connections n (50)] [--scale patients (0)] ' +
  '[--food-log-connections n (10)] [--seeded-database postgres://… (a database that already holds the scale seed)] ' +
  '[--export-patients n (100000; 0 skips the export case)] [--only-export] [--only-soak] ' +
  '[--only-reports (the report cases alone, on PostgreSQL with the scale seed: --scale, 50000 unless given)] ' +
  '[--only-admin (the super-admin cases alone, on PostgreSQL with the super-admin scale seed: --scale patients (1000000), ' +
  '--admin-programs (1000), --audit-records (10000000))] ' +
  '[--only-content (the content cases alone, on PostgreSQL: the demo data and 2,000 content items in one program)] [--database pglite|postgres (both)]; ' +
  'env BENCH_SOAK_USERS (200) and BENCH_SOAK_SECONDS (180) size the staff soak';

// ---------------------------------------------------------------------------------------------------
// Clean-up: whatever was started is undone at the end, on errors and on Ctrl-C.

const cleanups: Array<{ label: string; run: () => Promise<void> }> = [];
const liveChildren = new Set<ChildProcess>();
let cleaningUp: Promise<void> | null = null;

function onCleanup(label: string, run: () => Promise<void>): () => Promise<void> {
  const entry = { label, run };
  cleanups.push(entry);
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    const index = cleanups.indexOf(entry);
    if (index >= 0) cleanups.splice(index, 1);
    await run();
  };
}

function cleanUpAll(): Promise<void> {
  cleaningUp ??= (async () => {
    while (cleanups.length > 0) {
      const entry = cleanups.pop();
      if (!entry) break;
      try {
        await entry.run();
      } catch (error) {
        console.error(`clean-up (${entry.label}) failed: ${messageOf(error)}`);
      }
    }
  })();
  return cleaningUp;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

// Last resort if the process leaves without cleaning up: no server may outlive the bench.
process.on('exit', () => {
  for (const child of liveChildren) killGroup(child, 'SIGKILL');
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers…`);
    void cleanUpAll().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------------
// Child servers

interface Server {
  name: string;
  base: string;
  /** A cheap route that answers 200 once the requests queued before it are done. */
  drainPath: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

function startChild(name: string, entry: string, env: NodeJS.ProcessEnv, args: readonly string[] = []) {
  // detached: the child leads its own process group, so tsx's own node child is stopped with it.
  const child = spawn(TSX, [entry, ...args], { cwd: SERVER_DIR, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  liveChildren.add(child);
  const tail: string[] = [];
  let echoed = 0;
  let suppressed = 0;
  const lineListeners = new Set<(line: string) => void>();
  const onData = (stream: NodeJS.ReadableStream) => {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
        for (const listener of lineListeners) listener(line);
        if (echoed < ECHO_LINES) {
          echoed++;
          console.error(`  [${name}] ${line.length > ECHO_WIDTH ? `${line.slice(0, ECHO_WIDTH)}…` : line}`);
        } else suppressed++;
      }
    });
  };
  if (child.stdout) onData(child.stdout);
  if (child.stderr) onData(child.stderr);

  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      liveChildren.delete(child);
      // Whatever tsx left behind in the group goes too.
      killGroup(child, 'SIGKILL');
      resolve(signal ?? code ?? 0);
    });
    child.once('error', (error) => {
      liveChildren.delete(child);
      resolve(`spawn error: ${error.message}`);
    });
  });

  const stop = onCleanup(`stop ${name}`, async () => {
    if (!liveChildren.has(child)) return;
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
    if (suppressed > 0) console.error(`  [${name}] (${suppressed} more output lines not shown)`);
  });

  const describeExit = async () => `${name} exited (${String(await exited)}).${tail.length ? `\n${tail.join('\n')}` : ''}`;
  return { child, exited, stop, describeExit, lineListeners };
}

async function startGateway(name: TargetName, env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The daily pipeline sweep is measured on its own (sweepCase), not while the routes are.
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PIPELINE_SWEEP: '0' };
  delete childEnv.SEED_ON_EMPTY;
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const started = Date.now();
  const { child, exited, stop, describeExit } = startChild(name, GATEWAY_ENTRY, childEnv);
  let gone = false;
  void exited.then(() => (gone = true));
  try {
    while (!(await isHealthy(`${base}/api/health`))) {
      if (gone) throw new Error(await describeExit());
      if (Date.now() - started > START_TIMEOUT_MS) {
        throw new Error(`${name}: /api/health did not answer 200 within ${START_TIMEOUT_MS / 1000} s`);
      }
      await sleep(250);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  console.error(`  ${name} ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { name, base, drainPath: '/api/health', child, stop };
}

async function startBare(): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const { child, exited, stop, describeExit, lineListeners } = startChild('bare', BARE_ENTRY, {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('bare: no "ready" within 60 s')), 60_000);
      lineListeners.add((line) => {
        if (line.trim() === 'ready') {
          clearTimeout(timer);
          resolve();
        }
      });
      void exited.then(async () => {
        clearTimeout(timer);
        reject(new Error(await describeExit()));
      });
    });
    if (!(await isHealthy(`${base}/bare`))) throw new Error('bare: printed "ready" but GET /bare did not answer 200');
  } catch (error) {
    await stop();
    throw error;
  }
  console.error(`  bare ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { name: 'bare', base, drainPath: '/bare', child, stop };
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

async function login(base: string, email = BENCH_EMAIL): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`login as ${email} answered ${response.status}: ${text.slice(0, 300)}`);
  const token = (JSON.parse(text) as { data?: { token?: unknown } }).data?.token;
  if (typeof token !== 'string') throw new Error(`login as ${email} answered no token: ${text.slice(0, 300)}`);
  return token;
}

// ---------------------------------------------------------------------------------------------------
// Measuring

/**
 * When autocannon stops, the server may still hold requests queued behind its database pool (their
 * clients gone). One more request through the same queue answers once they are done, so the next run
 * (or the shutdown) starts from an idle server.
 */
async function drain(server: Server) {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (!(await isHealthy(`${server.base}${server.drainPath}`))) {
    if (Date.now() > deadline) throw new Error(`${server.name} did not become idle within ${DRAIN_TIMEOUT_MS / 1000} s after a run`);
    await sleep(250);
  }
}

/** One autocannon run; the times of the answers `counted` takes (the 2xx ones unless told) go to `times`. */
function run(options: autocannon.Options, times: number[], counted = (status: number) => status >= 200 && status < 300): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result: autocannon.Result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
    // The emitter passes the client first; @types/autocannon leaves it out.
    (instance as NodeJS.EventEmitter).on('response', (...args: unknown[]) => {
      const [, status, , ms] = args;
      if (typeof status === 'number' && counted(status) && typeof ms === 'number') times.push(ms);
    });
  });
}

function percentile(times: number[], p: number): number | null {
  if (times.length === 0) return null;
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

interface Case {
  /** The label in the table. */
  route: string;
  /** The paths asked for, one after another (one path: the same request every time). */
  paths: readonly string[];
  connections: number;
  /** Headers of the case's own, besides the caller's (If-None-Match, Accept-Encoding). */
  headers?: Record<string, string>;
  /** The answer every request must get when it is not a 2xx (a 304 to a matching ETag). */
  expectStatus?: number;
}

async function measure(
  target: TargetName,
  server: Server,
  route: string | Case,
  headers: Record<string, string>,
  options: Options,
): Promise<Row> {
  const job: Case = typeof route === 'string' ? { route, paths: [route], connections: options.connections } : route;
  const url = `${server.base}${job.paths[0]}`;
  headers = { ...headers, ...job.headers };
  const expected = job.expectStatus;
  const counted = expected === undefined ? undefined : (status: number) => status === expected;
  // A 1-request probe first: a route that already fails is reported as such, not measured for seconds.
  const probe = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  const probeBody = await probe.text();
  if (expected !== undefined ? probe.status !== expected : probe.status < 200 || probe.status >= 300) {
    throw new Error(`${target} ${job.paths[0]} answered ${probe.status} before the run: ${probeBody.slice(0, 300)}`);
  }
  if (target !== 'bare') console.error(`  ${target} ${job.route}: ${Buffer.byteLength(probeBody)} bytes`);

  const { duration } = options;
  const { connections } = job;
  let next = 0;
  const requests: autocannon.Request[] | undefined =
    job.paths.length > 1
      ? [{ method: 'GET', setupRequest: (request) => ({ ...request, path: job.paths[next++ % job.paths.length] }) }]
      : undefined;
  await run({ url, connections, duration: WARMUP_SECONDS, headers, requests }, [], counted);
  await drain(server);
  const times: number[] = [];
  const result = await run({ url, connections, duration, headers, requests }, times, counted);
  await drain(server);
  // A case that expects another answer than a 2xx counts that answer as its success, and anything else as not.
  const answered = result['2xx'] + result.non2xx;
  const row: Row = {
    target,
    route: job.route,
    requestsPerSecond: result.requests.mean,
    p50: result.latency.p50,
    p95: percentile(times, 95),
    p99: result.latency.p99,
    total2xx: expected === undefined ? result['2xx'] : times.length,
    non2xx: expected === undefined ? result.non2xx : answered - times.length,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  console.error(
    `  ${target} ${job.route}: ${fmtInt(row.requestsPerSecond)} req/s, p50 ${fmtMs(row.p50)} ms, ` +
      `p95 ${row.p95 === null ? '-' : fmtMs(row.p95)} ms, p99 ${fmtMs(row.p99)} ms` +
      (row.non2xx || row.errors ? `, ${row.non2xx} non-2xx, ${row.errors} errors` : ''),
  );
  return row;
}

/** The food-log case's label: the route, the data set and the connections. */
const foodLogLabel = (scaled: boolean, connections: number) =>
  `${FOOD_LOG_ROUTE} (${scaled ? 'scale seed' : 'demo data'}, ${connections} conn.)`;

/** The paths of the food-log case: the current month of up to FOOD_LOG_PATIENTS of the caller's patients. */
async function foodLogCase(base: string, token: string, scaled: boolean, options: Options): Promise<Case> {
  const response = await fetch(`${base}/api/patients?perPage=${FOOD_LOG_PATIENTS}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`/api/patients answered ${response.status}: ${text.slice(0, 300)}`);
  const ids = ((JSON.parse(text) as { data: { data: { id: number }[] } }).data.data ?? []).map((p) => p.id);
  if (ids.length === 0) throw new Error('the food-log case found no patients to ask for');
  return {
    route: foodLogLabel(scaled, options.foodLogConnections),
    paths: ids.map((id) => `${FOOD_LOG_ROUTE}?user_id=${id}`),
    connections: options.foodLogConnections,
  };
}

/** Search terms of the patient-list case: three- and four-letter pieces of the seed's names. */
const LIST_TERMS = ['smi', 'john', 'gar', 'mar', 'lop', 'will', 'and', 'tho', 'bro', 'dav', 'ann', 'nguy', 'pat', 'lee', 'rob'];

/** The paths of the patient-list case: every term with every filter, first page of 10 by name. */
function patientListCase(scaled: boolean, options: Options): Case {
  const paths = LIST_TERMS.flatMap((term) => PATIENT_LIST_FILTERS.map((filter) => `${PATIENT_LIST_ROUTE}?search=${term}&${filter}`));
  return {
    route: `${PATIENT_LIST_ROUTE} search + filter (${scaled ? 'scale seed' : 'demo data'}, ${options.foodLogConnections} conn.)`,
    paths,
    connections: options.foodLogConnections,
  };
}

/** The paths of the board case: the three stages' boards, alone and with a search term. */
function pipelineBoardCase(scaled: boolean, options: Options): Case {
  const paths = [1, 2, 3].flatMap((stage) => ['', ...LIST_TERMS.slice(0, 5).map((term) => `&search=${term}`)].map((search) => `${PIPELINE_BOARD_ROUTE}?stage=${stage}${search}`));
  return {
    route: `${PIPELINE_BOARD_ROUTE} (${scaled ? 'scale seed' : 'demo data'}, ${options.foodLogConnections} conn.)`,
    paths,
    connections: options.foodLogConnections,
  };
}

/** `bench/pipeline-run.ts <mode>` on the database of `url`, in a child process; its last line of output. */
async function pipelineRun(url: string, mode: 'prepare' | 'sweep'): Promise<string> {
  const { exited, stop, describeExit, lineListeners } = startChild(`pipeline ${mode}`, PIPELINE_RUN_ENTRY, { ...process.env, DATABASE_URL: url }, [mode]);
  let last = '';
  lineListeners.add((line) => {
    if (/^(PREPARED|SWEEP) /.test(line)) last = line;
  });
  const timer = setTimeout(() => void stop(), SEED_TIMEOUT_MS);
  const code = await exited;
  clearTimeout(timer);
  await stop();
  if (code !== 0 || !last) throw new Error(`the pipeline ${mode} failed: ${await describeExit()}`);
  return last;
}

/**
 * The PDF cases: the summary and the full report of the demo patient with the most weigh-ins among the
 * caller's first PATIENT_PDF_CANDIDATES (the demo data in every run, so the figures compare).
 */
async function patientPdfCases(base: string, token: string): Promise<Case[]> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  };
  const list = await get<{ data: { data: { id: number }[] } }>(`/api/patients?perPage=${PATIENT_PDF_CANDIDATES}`);
  let best: { id: number; points: number } | null = null;
  for (const { id } of list.data.data) {
    const chart = await get<{ data: { series: unknown[] } }>(`/api/weight-logs?patient_id=${id}`);
    if (!best || chart.data.series.length > best.points) best = { id, points: chart.data.series.length };
  }
  if (!best) throw new Error('the PDF case found no patients to ask for');
  return (['summary', 'full'] as const).map((type) => ({
    route: `${PATIENT_PDF_ROUTE} (${type}, 1 patient, ${best.points} weigh-ins, ${PATIENT_PDF_CONNECTIONS} conn.)`,
    paths: [`${PATIENT_PDF_ROUTE}?patientId=${best.id}&type=${type}`],
    connections: PATIENT_PDF_CONNECTIONS,
  }));
}

/** `pnpm seed --scale N` against the database of `url`, in a child process. */
async function seedScale(url: string, patients: number, { foodLogs = true } = {}): Promise<void> {
  console.error(`  seeding ${fmtInt(patients)} patients${foodLogs ? ' with their food logs' : ''} (pnpm seed --scale)…`);
  const started = Date.now();
  const { exited, stop, describeExit } = startChild('seed', SEED_ENTRY, { ...process.env, DATABASE_URL: url }, [
    '--scale',
    String(patients),
    // The reports read no food logs: without them a report-only run seeds in minutes.
    ...(foodLogs ? [] : ['--food-logs', '0']),
  ]);
  const timer = setTimeout(() => void stop(), SEED_TIMEOUT_MS);
  const code = await exited;
  clearTimeout(timer);
  await stop();
  if (code !== 0) throw new Error(`the scale seed failed: ${await describeExit()}`);
  console.error(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function brokenReason(row: Row): string | null {
  const problems: string[] = [];
  if (row.non2xx > 0) problems.push(`${row.non2xx} non-2xx answers`);
  if (row.errors > 0) problems.push(`${row.errors} connection errors (${row.timeouts} timeouts)`);
  if (row.total2xx === 0) problems.push('no 2xx answers at all');
  return problems.length ? problems.join(', ') : null;
}

// ---------------------------------------------------------------------------------------------------
// Targets

async function benchBare(options: Options): Promise<Row> {
  const server = await startBare();
  try {
    return await measure('bare', server, '/bare', {}, options);
  } finally {
    await server.stop();
  }
}

/** The staff soak's rows of every gateway, filled by benchGateway. */
const soakRows: SoakRow[] = [];

async function benchGateway(name: TargetName, env: NodeJS.ProcessEnv, options: Options): Promise<Row[]> {
  const server = await startGateway(name, env);
  try {
    // The soak first, on the demo data of a gateway nothing else has loaded yet.
    soakRows.push(...(await runSoak(name, server.base, options.soak, (line) => console.error(line))));
    await drain(server);
    if (options.onlySoak) return [];
    const token = await login(server.base);
    const headers = { authorization: `Bearer ${token}` };
    const rows: Row[] = [];
    for (const route of ROUTES) rows.push(await measure(name, server, route, headers, options));

    // A patient's month of food logs: after the scale seed on PostgreSQL when asked (PGlite holds its
    // folder, and a million patients are not its use), else on the demo data.
    const scaled = name === 'postgres' && (options.scale > 0 || options.seededDatabase !== undefined) && typeof env.DATABASE_URL === 'string';
    if (scaled && !options.seededDatabase) await seedScale(env.DATABASE_URL as string, options.scale);
    // A database seeded before the pipeline existed gets it now (nothing happens when it is there).
    if (scaled) console.error(`  ${await pipelineRun(env.DATABASE_URL as string, 'prepare')}`);
    const foodToken = scaled ? await login(server.base, SCALE_BENCH_EMAIL) : token;
    const foodCase = await foodLogCase(server.base, foodToken, scaled, options);
    rows.push(await measure(name, server, foodCase, { authorization: `Bearer ${foodToken}` }, options));
    // The patient list of one program (50,000 patients with the scale seed), searched and filtered.
    rows.push(await measure(name, server, patientListCase(scaled, options), { authorization: `Bearer ${foodToken}` }, options));
    // The pipeline board of the same program.
    rows.push(await measure(name, server, pipelineBoardCase(scaled, options), { authorization: `Bearer ${foodToken}` }, options));
    // One patient's PDF report, drawn anew for every request (demo data, as the demo staff).
    for (const pdfCase of await patientPdfCases(server.base, token)) rows.push(await measure(name, server, pdfCase, headers, options));
    // Every report's first page and chart (bench/reports-case.ts): their target is PostgreSQL's.
    if (name === 'postgres') rows.push(...(await reportRows(name, server, foodToken, options)));
    return rows;
  } finally {
    await server.stop();
  }
}

/** Notes of the report cases (reports not served by this build), and the cases that failed. */
const reportNotes: string[] = [];
const reportFailures: string[] = [];

/** The report cases the server serves, each measured; a case that fails is noted, not fatal to the others. */
async function reportRows(name: TargetName, server: Server, token: string, options: Options): Promise<Row[]> {
  const { cases, notes } = await reportCases(server.base, token);
  reportNotes.push(...notes);
  const rows: Row[] = [];
  for (const reportCase of cases) {
    try {
      rows.push(await measure(name, server, reportCase, { authorization: `Bearer ${token}` }, options));
    } catch (error) {
      reportFailures.push(`${reportCase.route}: ${messageOf(error)}`);
    }
  }
  return rows;
}

/** `--only-reports`: the report cases alone, on PostgreSQL with the scale seed (without food logs). */
async function reportsOnly(options: Options): Promise<number> {
  const patients = options.scale > 0 ? options.scale : 50_000;
  const database = options.seededDatabase ? { url: options.seededDatabase, where: 'the seeded database (--seeded-database), kept', release: async () => {} } : await preparePostgres();
  if ('skipped' in database) {
    console.log(`Reports: not measured (${database.skipped}).`);
    return 1;
  }
  console.error(`\nPostgreSQL: ${database.where}`);
  try {
    if (!options.seededDatabase) await seedScale(database.url, patients, { foodLogs: false });
    console.error(`  ${await pipelineRun(database.url, 'prepare')}`);
    const server = await startGateway('postgres', { DATABASE_URL: database.url });
    let rows: Row[];
    try {
      rows = await reportRows('postgres', server, await login(server.base, SCALE_BENCH_EMAIL), options);
    } finally {
      await server.stop();
    }
    console.log('');
    printTable(rows, undefined);
    const seeded = options.seededDatabase ? 'the given seeded database' : `scale seed of ${fmtInt(patients)} patients`;
    printReportVerdicts(rows, reportNotes, true, seeded);
    // Like the other cases: exit 1 only when the run broke, not when a target is missed.
    const broken = [...reportFailures, ...rows.flatMap((row) => brokenReason(row) ?? [])];
    if (broken.length > 0) {
      console.log('\nThe bench is broken:');
      for (const reason of broken) console.log(`  - ${reason}`);
      return 1;
    }
    return 0;
  } finally {
    await database.release();
  }
}

/** The demo data (for its super admin, id 48, who holds every permission), then the super-admin scale seed. */
async function seedAdmin(url: string, options: Options, patients: number): Promise<void> {
  const started = Date.now();
  for (const [label, args] of [
    ['demo data', []],
    [
      `${fmtInt(options.adminPrograms)} programs, ${fmtInt(patients)} patients and ${fmtInt(options.auditRecords)} audit records`,
      ['--scale', String(patients), '--admin', '--programs', String(options.adminPrograms), '--audit-records', String(options.auditRecords)],
    ],
  ] as const) {
    // The seed's own summary (each part's time) goes to the output, beside the figures.
    await runSeed(url, label, args, (line) => {
      if (line.startsWith('Added ')) adminSeedLines.push(line);
    });
  }
  adminSeedLines.push(`Seeding took ${((Date.now() - started) / 1000).toFixed(1)} s in all (demo data included).`);
}

const adminSeedLines: string[] = [];

/** One super-admin case: through its route (autocannon) when served, else through its SQL. */
async function measureAdminCase(server: Server, url: string, token: string, adminCase: AdminCase & { served: boolean }, options: Options): Promise<Row> {
  if (adminCase.served) {
    const refused = await checkPaths(server.base, token, adminCase);
    if (refused) throw new Error(refused);
    return measure('postgres', server, adminCase, { authorization: `Bearer ${token}` }, options);
  }
  const result = await measureSql(url, adminCase, options.duration, WARMUP_SECONDS);
  if (result.errors > 0) throw new Error(`${adminCase.route} (SQL): ${result.errors} errors, the first: ${result.firstError}`);
  const row: Row = {
    target: 'postgres',
    route: `${adminCase.route} [SQL]`,
    requestsPerSecond: result.requestsPerSecond,
    p50: percentile(result.times, 50) ?? 0,
    p95: percentile(result.times, 95),
    p99: percentile(result.times, 99) ?? 0,
    total2xx: result.times.length,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
  };
  console.error(`  postgres ${row.route}: ${fmtInt(row.requestsPerSecond)} req/s, p50 ${fmtMs(row.p50)} ms, p95 ${row.p95 === null ? '-' : fmtMs(row.p95)} ms`);
  return row;
}

/** `--only-admin`: the super-admin cases alone, on PostgreSQL with the super-admin scale seed. */
async function adminOnly(options: Options): Promise<number> {
  const patients = options.scale > 0 ? options.scale : DEFAULT_ADMIN_PATIENTS;
  const database = options.seededDatabase ? { url: options.seededDatabase, where: 'the seeded database (--seeded-database), kept', release: async () => {} } : await preparePostgres();
  if ('skipped' in database) {
    console.log(`Super-admin cases: not measured (${database.skipped}).`);
    return 1;
  }
  console.error(`\nPostgreSQL: ${database.where}`);
  try {
    if (!options.seededDatabase) await seedAdmin(database.url, options, patients);
    // Super admins sign in with a password only here: the second factor is not what is measured.
    const server = await startGateway('postgres', { DATABASE_URL: database.url, SUPER_ADMIN_MFA: 'optional' });
    const rows: Row[] = [];
    const failures: string[] = [];
    let found: Awaited<ReturnType<typeof adminCases>>;
    const load = os.loadavg();
    try {
      const token = await login(server.base, ADMIN_EMAIL);
      found = await adminCases(server.base, token, database.url);
      for (const adminCase of found.cases) {
        try {
          rows.push(await measureAdminCase(server, database.url, token, adminCase, options));
        } catch (error) {
          failures.push(`${adminCase.route}: ${messageOf(error)}`);
        }
      }
    } finally {
      await server.stop();
    }
    const loadAfter = os.loadavg();
    console.log('');
    printTable(rows, undefined);
    const seeded = options.seededDatabase ? 'the given seeded database' : `${fmtInt(options.adminPrograms)} programs, ${fmtInt(patients)} patients, ${fmtInt(options.auditRecords)} audit records`;
    printAdminVerdicts(rows, found.cases, found.notes, seeded);
    for (const line of adminSeedLines) console.log(`      ${line}`);
    const fmtLoad = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
    console.log(`      load average (1, 5, 15 min) before the cases: ${fmtLoad(load)}; after: ${fmtLoad(loadAfter)}; ${os.cpus().length} CPUs; ${ADMIN_CONNECTIONS} connections, ${options.duration} s a case`);
    const broken = [...failures, ...rows.flatMap((row) => brokenReason(row) ?? [])];
    if (broken.length > 0) {
      console.log('\nThe bench is broken:');
      for (const reason of broken) console.log(`  - ${reason}`);
      return 1;
    }
    return 0;
  } finally {
    await database.release();
  }
}

/** `pnpm seed` with `args` against the database of `url`, in a child process; its lines go to `onLine`. */
async function runSeed(url: string, label: string, args: readonly string[], onLine?: (line: string) => void): Promise<void> {
  console.error(`  seeding the ${label} (pnpm seed ${args.join(' ')})…`);
  const { exited, stop, describeExit, lineListeners } = startChild('seed', SEED_ENTRY, { ...process.env, DATABASE_URL: url }, args);
  if (onLine) lineListeners.add(onLine);
  const timer = setTimeout(() => void stop(), SEED_TIMEOUT_MS);
  const code = await exited;
  clearTimeout(timer);
  await stop();
  if (code !== 0) throw new Error(`the seed (${label}) failed: ${await describeExit()}`);
}

/** `--only-content`: the content cases alone, on PostgreSQL with the demo data and the bench's content items. */
async function contentOnly(options: Options): Promise<number> {
  const database = options.seededDatabase ? { url: options.seededDatabase, where: 'the seeded database (--seeded-database), kept', release: async () => {} } : await preparePostgres();
  if ('skipped' in database) {
    console.log(`Content cases: not measured (${database.skipped}).`);
    return 1;
  }
  console.error(`\nPostgreSQL: ${database.where}`);
  try {
    let seeded = 'the given seeded database';
    if (!options.seededDatabase) {
      await runSeed(database.url, 'demo data', []);
      const added = await seedContentBench(database.url);
      seeded = `demo data + ${fmtInt(added.items)} content items in Northside (${fmtInt(added.categories)} categories and sub-categories, written in ${added.seconds.toFixed(1)} s)`;
    }
    const server = await startGateway('postgres', { DATABASE_URL: database.url });
    const rows: Row[] = [];
    const failures: string[] = [];
    let found: { cases: ContentCase[]; notes: string[] };
    const load = os.loadavg();
    try {
      const tokens = { patient: await appLogin(server.base), staff: await login(server.base, CONTENT_STAFF_EMAIL) };
      found = await contentCases(server.base, tokens);
      for (const contentCase of found.cases) {
        try {
          rows.push(await measure('postgres', server, contentCase, { authorization: `Bearer ${tokens[contentCase.caller]}` }, options));
        } catch (error) {
          failures.push(`${contentCase.route}: ${messageOf(error)}`);
        }
      }
    } finally {
      await server.stop();
    }
    const loadAfter = os.loadavg();
    console.log('');
    printTable(rows, undefined);
    printContentVerdicts(rows, found.cases, found.notes, seeded);
    const fmtLoad = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ');
    console.log(`      load average (1, 5, 15 min) before the cases: ${fmtLoad(load)}; after: ${fmtLoad(loadAfter)}; ${os.cpus().length} CPUs; ${options.duration} s a case`);
    const broken = [...failures, ...rows.flatMap((row) => brokenReason(row) ?? [])];
    if (broken.length > 0) {
      console.log('\nThe bench is broken:');
      for (const reason of broken) console.log(`  - ${reason}`);
      return 1;
    }
    return 0;
  } finally {
    await database.release();
  }
}

async function benchPglite(options: Options): Promise<Row[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baridesk-bench-pglite-'));
  const removeDir = onCleanup('remove PGlite folder', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    return await benchGateway('pglite', { DATA_DIR: dataDir }, options);
  } finally {
    await removeDir();
  }
}

interface PgCluster {
  postgresBin(): string;
  startCluster(dir: string, port?: number): string;
  stopCluster(dir: string): void;
}

/** A fresh PostgreSQL database for the run, or why there is none. */
async function preparePostgres(): Promise<{ url: string; where: string; release: () => Promise<void> } | { skipped: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
    } finally {
      await admin.end();
    }
    const release = onCleanup(`drop database ${name}`, async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    });
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), where: `database ${name} on ${url.host} (DATABASE_URL)`, release };
  }

  const cluster = (await import(pathToFileURL(PG_CLUSTER_SCRIPT).href)) as PgCluster;
  try {
    cluster.postgresBin();
  } catch (error) {
    return { skipped: messageOf(error) };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'baridesk-bench-pg-'));
  const port = await freePort();
  const release = onCleanup('stop the PostgreSQL cluster', async () => {
    try {
      cluster.stopCluster(dir);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  let url: string;
  try {
    url = cluster.startCluster(dir, port);
  } catch (error) {
    await release();
    throw new Error(`the throwaway PostgreSQL cluster did not start: ${childErrorText(error)}`);
  }
  return { url, where: `throwaway cluster on 127.0.0.1:${port} (${dir})`, release };
}

/** The daily sweep's figures (PostgreSQL with the scale seed), or why they are missing. */
let sweepFigures: SweepRunFigures | string = 'not run (the sweep is measured with the scale seed only)';

/** The daily sweep of every bench program, after the routes were measured (bench/pipeline-run.ts). */
async function sweepCase(url: string): Promise<void> {
  console.error('  daily pipeline sweep of every bench program, then the same sweep again…');
  try {
    const line = await pipelineRun(url, 'sweep');
    sweepFigures = JSON.parse(line.slice('SWEEP '.length)) as SweepRunFigures;
  } catch (error) {
    sweepFigures = `failed: ${messageOf(error)}`;
    throw error;
  }
}

async function benchPostgres(options: Options): Promise<Row[] | { skipped: string }> {
  if (options.seededDatabase) {
    console.error(`  PostgreSQL: the seeded database ${new URL(options.seededDatabase).pathname.slice(1)} (--seeded-database), kept`);
    const rows = await benchGateway('postgres', { DATABASE_URL: options.seededDatabase }, options);
    if (!options.onlySoak) await sweepCase(options.seededDatabase);
    return rows;
  }
  const database = await preparePostgres();
  if ('skipped' in database) return database;
  console.error(`  PostgreSQL: ${database.where}`);
  try {
    const rows = await benchGateway('postgres', { DATABASE_URL: database.url }, options);
    if (options.scale > 0 && !options.onlySoak) await sweepCase(database.url);
    return rows;
  } finally {
    await database.release();
  }
}

// ---------------------------------------------------------------------------------------------------
// Report

function fmtInt(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

function fmtMs(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2);
}

function printTable(rows: Row[], bare: Row | undefined) {
  const header = ['target', 'route', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'vs bare', 'non-2xx', 'errors'];
  const body = rows.map((row) => [
    row.target,
    row.route,
    fmtInt(row.requestsPerSecond),
    fmtMs(row.p50),
    row.p95 === null ? '-' : fmtMs(row.p95),
    fmtMs(row.p99),
    bare && bare.requestsPerSecond > 0 ? `${((100 * row.requestsPerSecond) / bare.requestsPerSecond).toFixed(1)}%` : '-',
    String(row.non2xx),
    String(row.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => (cells[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const cells of body) console.log(line(cells));
}

function printVerdict(rows: Row[], bare: Row | undefined, postgresNote: string | null, options: Options) {
  console.log('');
  const row = rows.find((r) => r.target === 'postgres' && r.route === '/api/user');
  const label = `PostgreSQL /api/user at ${options.connections} connections`;
  if (!row) {
    console.log(`Targets: not checked (${postgresNote ?? 'no PostgreSQL /api/user row'}).`);
    return;
  }
  if (options.connections !== TARGET_CONNECTIONS) {
    console.log(`Note: the targets are set for ${TARGET_CONNECTIONS} connections; this run used ${options.connections}.`);
  }
  if (bare && bare.requestsPerSecond > 0) {
    const ratio = row.requestsPerSecond / bare.requestsPerSecond;
    const verdict = ratio >= TARGET_RATIO ? 'PASS' : 'FAIL';
    console.log(
      `${verdict}  ${label}: throughput ${(ratio * 100).toFixed(1)}% of the bare route (target ≥ ${TARGET_RATIO * 100}%)`,
    );
  } else {
    console.log(`FAIL  ${label}: throughput not comparable, the bare route was not measured`);
  }
  const verdict = row.p99 < TARGET_P99_MS ? 'PASS' : 'FAIL';
  console.log(`${verdict}  ${label}: p99 ${fmtMs(row.p99)} ms (target < ${TARGET_P99_MS} ms)`);
}

/** The verdict of a case whose target is a p95 on PostgreSQL with the scale seed. */
function printScaleVerdict(rows: Row[], options: Options, what: string, routePrefix: string, targetMs: number) {
  const row = rows.find((r) => r.target === 'postgres' && r.route.startsWith(routePrefix));
  if (!row) {
    console.log(`${what}: not checked (no PostgreSQL ${routePrefix} row).`);
    return;
  }
  if (options.scale === 0 && !options.seededDatabase) {
    console.log(`Note: the ${what} target is set for the scale seed (--scale 1000000); this run used the demo data.`);
  }
  const verdict = row.p95 !== null && row.p95 < targetMs ? 'PASS' : 'FAIL';
  console.log(`${verdict}  PostgreSQL ${row.route}: p95 ${row.p95 === null ? '-' : fmtMs(row.p95)} ms (target < ${targetMs} ms)`);
}

/** The daily sweep's verdict (the next day's sweep), with today's catch-up and the same-day re-run. */
function printSweep(figures: SweepRunFigures | string) {
  if (typeof figures === 'string') {
    console.log(`Pipeline sweep: ${figures}.`);
    return;
  }
  const what = `${fmtInt(figures.patients)} patients in ${figures.programs} programs`;
  const verdict = figures.seconds < PIPELINE_SWEEP_TARGET_SECONDS ? 'PASS' : 'FAIL';
  console.log(
    `${verdict}  PostgreSQL daily pipeline sweep, ${what}: ${figures.seconds.toFixed(1)} s, ` +
      `${fmtInt(figures.moves)} moves (target < ${PIPELINE_SWEEP_TARGET_SECONDS} s)`,
  );
  console.log(
    `      before it, today's catch-up: ${figures.catchUpSeconds.toFixed(1)} s, ${fmtInt(figures.catchUpMoves)} moves ` +
      '(on a fresh scale seed the rules find most patients due at once: a one-off, not a daily figure)',
  );
  console.log(
    `${figures.rerunMoves === 0 ? 'PASS' : 'FAIL'}  the daily sweep again the same day: ${figures.rerunSeconds.toFixed(1)} s, ` +
      `${fmtInt(figures.rerunMoves)} moves (${figures.rerunMoves === 0 ? 'idempotent' : 'NOT idempotent'})`,
  );
}

// ---------------------------------------------------------------------------------------------------

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** execFileSync's errors carry the tool's stderr, which says more than "Command failed". */
function childErrorText(error: unknown): string {
  const stderr = (error as { stderr?: Buffer | string } | null)?.stderr;
  const text = stderr ? String(stderr).trim() : '';
  return text ? `${messageOf(error)}\n${text}` : messageOf(error);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The export case (bench/export-case.ts), with this file's child processes, PostgreSQL and clean-up. */
async function runExportCase(options: Options): Promise<Awaited<ReturnType<typeof benchExports>>> {
  if (options.exportPatients === 0) return { rows: [], failures: [], notes: [] };
  console.error(`\nPatient export (${fmtInt(options.exportPatients)} patients)`);
  return benchExports({ startChild, preparePostgres, onCleanup }, options.exportPatients);
}

/** `--only-export`: the export case alone. */
async function exportOnly(options: Options): Promise<number> {
  const exports = await runExportCase(options);
  printExports(exports.rows, exports.notes, options.exportPatients);
  if (exports.failures.length === 0) return 0;
  console.log('\nThe bench is broken:');
  for (const failure of exports.failures) console.log(`  - ${failure}`);
  return 1;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  console.error(
    `bench:api: ${options.connections} connections, ${WARMUP_SECONDS} s warm-up + ${options.duration} s per route, ` +
      `${os.cpus().length} CPUs, Node ${process.version}, PostgreSQL pool ${process.env.DATABASE_POOL_SIZE ?? '20 (default)'}, ` +
      `staff soak ${options.soak.users} users × ${options.soak.seconds} s, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  const rows: Row[] = [];
  const failures: string[] = [];
  let bare: Row | undefined;
  let postgresNote: string | null = null;
  if (options.onlyExport) return exportOnly(options);
  if (options.onlyReports) return reportsOnly(options);
  if (options.onlyAdmin) return adminOnly(options);
  if (options.onlyContent) return contentOnly(options);

  if (!options.onlySoak) {
    console.error('\nbare Fastify route');
    try {
      bare = await benchBare(options);
      rows.push(bare);
    } catch (error) {
      failures.push(`bare: ${messageOf(error)}`);
    }
  }

  if (options.databases.has('pglite')) {
    console.error('\nPGlite');
    try {
      rows.push(...(await benchPglite(options)));
    } catch (error) {
      failures.push(`pglite: ${messageOf(error)}`);
    }
  }

  if (!options.databases.has('postgres')) postgresNote = 'PostgreSQL not asked for (--database pglite)';
  else {
    console.error('\nPostgreSQL');
    try {
      const result = await benchPostgres(options);
      if (Array.isArray(result)) rows.push(...result);
      else {
        postgresNote = `PostgreSQL rows skipped: ${result.skipped}`;
        console.error(`  ${postgresNote}`);
      }
    } catch (error) {
      failures.push(`postgres: ${messageOf(error)}`);
      postgresNote = 'the PostgreSQL run failed';
    }
  }

  const exports = options.onlySoak ? { rows: [], failures: [], notes: [] } : await runExportCase(options);
  failures.push(...exports.failures, ...reportFailures);

  if (!options.onlySoak) {
    console.log('');
    printTable(rows, bare);
    printVerdict(rows, bare, postgresNote, options);
    printScaleVerdict(rows, options, 'food-log', FOOD_LOG_ROUTE, FOOD_LOG_TARGET_P95_MS);
    printScaleVerdict(rows, options, 'patient-list', `${PATIENT_LIST_ROUTE} search`, PATIENT_LIST_TARGET_P95_MS);
    printScaleVerdict(rows, options, 'pipeline-board', PIPELINE_BOARD_ROUTE, PIPELINE_BOARD_TARGET_P95_MS);
    const scaledRun = options.scale > 0 || options.seededDatabase !== undefined;
    printReportVerdicts(
      rows.filter((row) => row.target === 'postgres' && row.route.includes('(report,')),
      reportNotes,
      scaledRun,
      scaledRun ? 'scale seed' : 'demo data',
    );
    printSweep(sweepFigures);
  }
  printSoak(soakRows, options.soak, postgresNote ? [postgresNote] : []);
  if (options.exportPatients > 0 && !options.onlySoak) printExports(exports.rows, exports.notes, options.exportPatients);

  for (const row of rows) {
    const reason = brokenReason(row);
    if (reason) failures.push(`${row.target} ${row.route}: ${reason} — the figures do not measure the route`);
  }
  for (const row of soakRows.filter((r) => r.route !== SOAK_ALL_CALLS)) {
    const reason = soakBrokenReason(row);
    if (reason) failures.push(`${row.target} soak ${row.route}: ${reason} — the figures do not measure the route`);
  }
  if (failures.length > 0) {
    console.log('\nThe bench is broken:');
    for (const failure of failures) console.log(`  - ${failure}`);
    return 1;
  }
  return 0;
}

main()
  .catch((error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`bench:api: ${error.message}\n${USAGE}`);
      return 2;
    }
    console.error(`bench:api failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  })
  .then(async (code) => {
    await cleanUpAll();
    process.exit(code);
  });
