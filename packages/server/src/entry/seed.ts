/**
 * `pnpm seed`: loads the demo data into an empty database, or with `--scale N` adds N synthetic
 * patients for benchmarks. Opens the same database the server would (DATABASE_URL, else PGlite
 * under DATA_DIR), so stop a server that uses the same PGlite folder first.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase, queryRows, type DatabaseHandle, type DatabaseTarget } from '../db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../seed/demo';
import { seedScale } from '../seed/scale';
import { seedAdminScale } from '../seed/scale-admin';

const USAGE = `Usage: pnpm seed [--scale N [--programs P] [--jobs J] [--food-logs F | --admin [--audit-records A]]] [--help]

  (no flags)      Load the demo data (programs, staff, super admins, patients) into an empty database.
                  Does nothing when the database already has accounts.
  --scale N       Add N synthetic patients for benchmarks (also --scale=N; 1_000_000 and 1e6 work),
                  spread over new "bench" programs: one per 50,000 patients unless --programs is given.
  --programs P    With --scale: the number of bench programs to create.
  --jobs J        With --scale on PostgreSQL: chunks of 50,000 written at once (default 4).
  --food-logs F   With --scale: food-log entries per new patient (default 20; 0 for none), so
                  --scale 1000000 makes the benchmark's 20,000,000 entries.
  --admin         With --scale: the super-admin area's benchmark data instead (seed/scale-admin.ts):
                  1,000 programs unless --programs, of uneven size and varied profiles, the patients
                  without food logs, weigh-ins or pipeline, and an audit trail of 10 records per patient.
  --audit-records A  With --admin: the audit records to write (e.g. 10_000_000).
  --help          Show this text.

The database is the server's: DATABASE_URL when set, else PGlite in DATA_DIR/pglite (default ./data).`;

const DEFAULT_JOBS = 4;

export type SeedCommand =
  | { kind: 'help' }
  | { kind: 'demo' }
  | { kind: 'scale'; patients: number; programs?: number; jobs?: number; foodLogs?: number; admin?: true; auditRecords?: number };

/** Reads the command line; throws an Error with a message for the user on anything it does not know. */
export function parseArgs(args: readonly string[]): SeedCommand {
  const values: Partial<Record<'--scale' | '--programs' | '--jobs' | '--food-logs' | '--audit-records', number>> = {};
  let admin = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') continue;
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    if (arg === '--admin') {
      admin = true;
      continue;
    }
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = equals > 0 ? arg.slice(0, equals) : arg;
    if (name !== '--scale' && name !== '--programs' && name !== '--jobs' && name !== '--food-logs' && name !== '--audit-records') {
      throw new Error(`Unknown argument "${arg}".`);
    }
    const text = equals > 0 ? arg.slice(equals + 1) : args[++i];
    if (text === undefined) throw new Error(`${name} needs a number.`);
    const n = wholeNumber(text);
    const min = name === '--scale' || name === '--food-logs' || name === '--audit-records' ? 0 : 1;
    if (n === null || n < min) throw new Error(`${name} needs a whole number of ${min} or more, not "${text}".`);
    values[name] = n;
  }
  const { '--scale': patients, '--programs': programs, '--jobs': jobs, '--food-logs': foodLogs, '--audit-records': auditRecords } = values;
  if (patients === undefined) {
    if (programs !== undefined || jobs !== undefined || foodLogs !== undefined || admin || auditRecords !== undefined) {
      throw new Error('--programs, --jobs, --food-logs, --admin and --audit-records only go with --scale.');
    }
    return { kind: 'demo' };
  }
  if (auditRecords !== undefined && !admin) throw new Error('--audit-records only goes with --admin.');
  if (admin && foodLogs !== undefined) throw new Error('--admin makes no food logs: leave out --food-logs.');
  return { kind: 'scale', patients, programs, jobs, foodLogs, ...(admin ? { admin: true as const } : {}), ...(auditRecords !== undefined ? { auditRecords } : {}) };
}

function wholeNumber(text: string): number | null {
  if (!/^[0-9][0-9_]*(e[0-9]+)?$/i.test(text.trim())) return null;
  const n = Number(text.trim().replace(/_/g, ''));
  return Number.isSafeInteger(n) ? n : null;
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const since = (started: number): number => (performance.now() - started) / 1000;

async function runDemo(handle: DatabaseHandle): Promise<void> {
  const [row] = await queryRows<{ count: string | number }>(handle.db, sql`select count(*) as count from accounts`);
  const existing = Number(row?.count ?? 0);
  if (existing > 0) {
    console.log(
      `The demo data is already there: the database has ${fmt(existing)} account(s), and the demo data ` +
        'is only loaded into an empty one. Nothing changed.',
    );
    return;
  }
  const started = performance.now();
  const result = await seedDemo(handle.db);
  console.log(
    `Loaded the demo data: ${result.accounts} accounts, ${fmt(result.patients)} patients and ` +
      `${fmt(result.logs.food)} food-log entries, ${fmt(result.logs.weight)} weigh-ins and ${fmt(result.logs.water)} days of water ` +
      `in ${since(started).toFixed(1)} s.`,
  );
  console.log(`Sign in with any of these, password ${DEMO_PASSWORD}:`);
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(28)} ${account.type} (id ${account.id})`);
}

async function runScale(handle: DatabaseHandle, command: Extract<SeedCommand, { kind: 'scale' }>): Promise<void> {
  const started = performance.now();
  const concurrency = handle.kind === 'postgres' ? (command.jobs ?? DEFAULT_JOBS) : 1;
  if (command.admin) return runAdminScale(handle, command, concurrency);
  console.log(`Adding ${fmt(command.patients)} patients (${handle.kind}, ${concurrency} at a time)...`);
  const result = await seedScale(handle.db, command.patients, {
    programs: command.programs,
    concurrency,
    foodLogsPerPatient: command.foodLogs,
    onFoodLogProgress: (done, total) => {
      const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
      console.log(`  ${fmt(done)} / ${fmt(total)} food-log entries (${percent}%)`);
    },
    onProgress: (done, total) => {
      const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
      const rate = done / Math.max(since(started), 0.001);
      console.log(`  ${fmt(done)} / ${fmt(total)} patients (${percent}%), ${fmt(rate)} rows/s`);
    },
  });
  const seconds = result.ms / 1000;
  console.log(
    `Added ${fmt(result.patients)} patients and ${fmt(result.foodLogs)} food-log entries in ${result.programs} ` +
      `new program(s) in ${seconds.toFixed(1)} s (${fmt((result.patients + result.foodLogs) / Math.max(seconds, 0.001))} rows/s).`,
  );
}

async function runAdminScale(handle: DatabaseHandle, command: Extract<SeedCommand, { kind: 'scale' }>, concurrency: number): Promise<void> {
  const started = performance.now();
  console.log(`Adding the super-admin benchmark data: ${fmt(command.patients)} patients (${handle.kind}, ${concurrency} at a time)...`);
  let lastPercent = -1;
  const result = await seedAdminScale(handle.db, command.patients, {
    programs: command.programs,
    auditRecords: command.auditRecords,
    concurrency,
    onProgress: (what, done, total) => {
      const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
      // At most one line per 5% (a million patients in programs of a few hundred is thousands of chunks).
      if (percent === lastPercent || (percent % 5 !== 0 && done < total)) return;
      lastPercent = percent;
      console.log(`  ${fmt(done)} / ${fmt(total)} ${what} (${percent}%), ${since(started).toFixed(0)} s`);
    },
  });
  const { seconds } = result;
  console.log(
    `Added ${result.programs} programs with ${fmt(result.patients)} patients in ${seconds.programsAndPatients.toFixed(1)} s, ` +
      `their profiles in ${seconds.profiles.toFixed(1)} s, ${fmt(result.auditRecords)} audit records in ${seconds.auditRecords.toFixed(1)} s ` +
      `(${fmt(result.auditRecords / Math.max(seconds.auditRecords, 0.001))} rows/s); ${since(started).toFixed(1)} s in all.`,
  );
}

async function main(): Promise<number> {
  let command: SeedCommand;
  try {
    command = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  if (command.kind === 'help') {
    console.log(USAGE);
    return 0;
  }

  const config = loadConfig();
  const target: DatabaseTarget = config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        poolSize: Math.max(config.databasePoolSize, command.kind === 'scale' ? (command.jobs ?? DEFAULT_JOBS) : 1),
      }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
  const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target.dataDir}`;
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase(target);
    if (command.kind === 'scale') await runScale(handle, command);
    else await runDemo(handle);
    return 0;
  } catch (error) {
    console.error(`Seeding failed (${where}): ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await handle?.close().catch((error: unknown) => console.error(`Could not close the database: ${String(error)}`));
  }
}

if (require.main === module) {
  void main().then((code) => process.exit(code));
}
