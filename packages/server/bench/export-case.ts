/**
 * The export case of `pnpm bench:api` (see README.md): GET /api/patients/excel of the 100,000 patients of
 * one bench program, against the targets (under 10 s, under 300 MB peak memory), on PGlite and
 * on PostgreSQL. Over the streaming limit (10,000 rows) the export is made by the 'reports.export' job:
 * the time is from the request to the file ready (the job done), the memory that of the process that ran
 * the job (the API with its workers, as `pnpm start` runs it). For each, a fresh database gets the patients (`pnpm seed --scale N --programs 1
 * --food-logs 0`, in a child process), then bench/export-run.ts runs the API alone in a process of its
 * own and downloads the export once, so that process's peak memory is the export's (with the API at rest).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ExportRunFigures } from './export-run';

export const DEFAULT_EXPORT_PATIENTS = 100_000;
export const EXPORT_TARGET_SECONDS = 10;
export const EXPORT_TARGET_MB = 300;
/** The list's default order: what "Export to Excel" of an unfiltered list asks for. */
const EXPORT_QUERY = 'sort=name';
const EXPORT_ENTRY = 'bench/export-run.ts';
const SEED_ENTRY = 'src/entry/seed.ts';
/** The first bench program's staff account of the scale seed (a fresh database per run, so it is ours). */
const BENCH_EMAIL = 'bench-staff-1@baridesk.test';
const BENCH_PASSWORD = 'Demo1234';
const SEED_TIMEOUT_MS = 30 * 60_000;
const EXPORT_TIMEOUT_MS = 10 * 60_000;
const MB = 1024 * 1024;
/**
 * The export run's process runs the jobs (as the gateway does by default), polling its queues every
 * second (the shortest setting; the default is 2 s), and no pipeline sweep competes with the export.
 */
const JOB_ENV = { SCHEDULER_WORKERS: '1', SCHEDULER_POLL_SECONDS: '1', PIPELINE_SWEEP: '0' };

type ExportTarget = 'pglite' | 'postgres';

/** What bench/api.ts lends the case: its child processes, its PostgreSQL and its clean-up. */
export interface ExportCaseHelpers {
  startChild(
    name: string,
    entry: string,
    env: NodeJS.ProcessEnv,
    args?: readonly string[],
  ): {
    child: ChildProcess;
    exited: Promise<number | string>;
    stop: () => Promise<void>;
    describeExit: () => Promise<string>;
    lineListeners: Set<(line: string) => void>;
  };
  preparePostgres(): Promise<{ url: string; where: string; release: () => Promise<void> } | { skipped: string }>;
  onCleanup(label: string, run: () => Promise<void>): () => Promise<void>;
}

export interface ExportRow {
  target: ExportTarget;
  patients: number;
  figures: ExportRunFigures;
}

/** A child to its end; its exit code, or why it was stopped. */
async function runToEnd(helpers: ExportCaseHelpers, name: string, entry: string, env: NodeJS.ProcessEnv, args: string[], timeoutMs: number) {
  const run = helpers.startChild(name, entry, env, args);
  const lines: string[] = [];
  run.lineListeners.add((line) => lines.push(line));
  const timer = setTimeout(() => void run.stop(), timeoutMs);
  const code = await run.exited;
  clearTimeout(timer);
  await run.stop();
  return { code, lines, describeExit: run.describeExit };
}

async function measureOn(helpers: ExportCaseHelpers, target: ExportTarget, env: NodeJS.ProcessEnv, patients: number): Promise<ExportRow> {
  console.error(`  ${target}: seeding ${patients.toLocaleString('en-US')} patients into one bench program…`);
  const seedStarted = Date.now();
  const seed = await runToEnd(helpers, `${target} seed`, SEED_ENTRY, env, ['--scale', String(patients), '--programs', '1', '--food-logs', '0'], SEED_TIMEOUT_MS);
  if (seed.code !== 0) throw new Error(`the seed failed: ${await seed.describeExit()}`);
  console.error(`  ${target}: seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s; exporting…`);
  const run = await runToEnd(helpers, `${target} export`, EXPORT_ENTRY, env, [BENCH_EMAIL, BENCH_PASSWORD, EXPORT_QUERY], EXPORT_TIMEOUT_MS);
  const line = run.lines.find((l) => l.startsWith('EXPORT '));
  if (!line) throw new Error(`the export run printed no figures: ${await run.describeExit()}`);
  const figures = JSON.parse(line.slice('EXPORT '.length)) as ExportRunFigures;
  if (figures.status !== 200) throw new Error(`the export answered ${figures.status}`);
  if (figures.listTotal !== patients) throw new Error(`the list holds ${figures.listTotal} patients, not ${patients}`);
  if (figures.jobRows !== null && figures.jobRows !== patients) throw new Error(`the job wrote ${figures.jobRows} rows, not ${patients}`);
  return { target, patients, figures };
}

/** The export case on a fresh PGlite folder and a fresh PostgreSQL database. */
export async function benchExports(helpers: ExportCaseHelpers, patients: number): Promise<{ rows: ExportRow[]; failures: string[]; notes: string[] }> {
  const rows: ExportRow[] = [];
  const failures: string[] = [];
  const notes: string[] = [];

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baridesk-bench-export-'));
  const removeDir = helpers.onCleanup('remove the export PGlite folder', async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, ...JOB_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    delete env.SEED_ON_EMPTY;
    rows.push(await measureOn(helpers, 'pglite', env, patients));
  } catch (error) {
    failures.push(`pglite export: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await removeDir();
  }

  try {
    const database = await helpers.preparePostgres();
    if ('skipped' in database) notes.push(`PostgreSQL export skipped: ${database.skipped}`);
    else {
      console.error(`  postgres: ${database.where}`);
      try {
        const env: NodeJS.ProcessEnv = { ...process.env, ...JOB_ENV, DATABASE_URL: database.url, LOG_LEVEL: 'warn' };
        delete env.SEED_ON_EMPTY;
        rows.push(await measureOn(helpers, 'postgres', env, patients));
      } finally {
        await database.release();
      }
    }
  } catch (error) {
    failures.push(`postgres export: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { rows, failures, notes };
}

const mb = (bytes: number) => (bytes / MB).toFixed(0);

/** The figures, then PASS/FAIL against the targets for each database. */
export function printExports(rows: ExportRow[], notes: string[], patients: number) {
  console.log('');
  console.log(`Patient export: GET /api/patients/excel?${EXPORT_QUERY}, ${patients.toLocaleString('en-US')} patients of one program, the API and its job workers alone in their process`);
  const header = ['target', 'patients', 'mode', 'ready s', 'downloaded s', 'file MB', 'RSS before MB', 'peak during MB', 'peak RSS MB'];
  const body = rows.map(({ target, figures }) => [
    target,
    figures.listTotal.toLocaleString('en-US'),
    figures.mode,
    figures.readySeconds.toFixed(2),
    figures.seconds.toFixed(2),
    (figures.bytes / MB).toFixed(1),
    mb(figures.rssBeforeBytes),
    mb(figures.rssPeakDuringBytes),
    mb(figures.maxRssBytes),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => (cells[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const cells of body) console.log(line(cells));
  console.log('(MB = 2^20 bytes; peak RSS: the kernel\'s high-water mark of the process, start-up included.)');
  for (const note of notes) console.log(`Note: ${note}`);
  if (patients !== DEFAULT_EXPORT_PATIENTS) {
    console.log(`Note: the export targets are set for ${DEFAULT_EXPORT_PATIENTS.toLocaleString('en-US')} patients; this run used ${patients.toLocaleString('en-US')}.`);
  }
  for (const { target, figures } of rows) {
    const label = `${target === 'postgres' ? 'PostgreSQL' : 'PGlite'} export of ${figures.listTotal.toLocaleString('en-US')} patients`;
    const fast = figures.readySeconds < EXPORT_TARGET_SECONDS ? 'PASS' : 'FAIL';
    console.log(`${fast}  ${label} (${figures.mode}): file ready in ${figures.readySeconds.toFixed(2)} s from the request (target < ${EXPORT_TARGET_SECONDS} s)`);
    const small = figures.maxRssBytes < EXPORT_TARGET_MB * MB ? 'PASS' : 'FAIL';
    const embedded = target === 'pglite' ? `; the embedded database lives in the same process: ${mb(figures.rssBeforeBytes)} MB before the export` : '';
    console.log(`${small}  ${label}: peak RSS ${mb(figures.maxRssBytes)} MB (target < ${EXPORT_TARGET_MB} MB${embedded})`);
  }
}
