/**
 * The staff soak of `pnpm bench:api` (see README.md): many signed-in staff users, each clicking about once
 * a second, against one gateway for minutes, with the latency percentiles of every route they call. It
 * measures what a page load costs under a clinic's everyday load (the sidebar and the navigation guard's
 * token check above all), where the other cases measure one route at full throttle.
 *
 * The load runs in this process (the gateway runs in a child of its own): each user waits for its answer,
 * then thinks for 0.5–1.5 s before its next call, as a person does; when the server falls behind, the
 * users slow down with it, so req/s below users × 1 says the server saturated.
 */

/** Simulated users (env BENCH_SOAK_USERS) and seconds (env BENCH_SOAK_SECONDS) of the soak. */
export const DEFAULT_SOAK_USERS = 200;
export const DEFAULT_SOAK_SECONDS = 180;
/** The issue's target: p99 of these routes on PostgreSQL. */
export const SOAK_TARGET_P99_MS = 50;
export const SOAK_TARGET_ROUTES = ['/api/sidebar-menu', '/api/token/validate'] as const;

/** The label of the row of every call together. */
export const SOAK_ALL_CALLS = 'all calls';
const PASSWORD = 'Demo1234';
/**
 * The demo staff the users sign in as, one after another (several sessions per account, as several
 * people or tabs): program accounts of the three demo programs and Northside's coordinator, whose
 * menus open every route of the mix.
 */
const SOAK_ACCOUNTS = ['subuser@northside.test', 'staff@northside.test', 'subuser@lakeview.test', 'subuser@program302.test'] as const;
const THINK_MIN_MS = 500;
const THINK_MAX_MS = 1500;
/** Sign-ins at a time (each costs a password hash check). */
const SIGN_IN_CONCURRENCY = 4;
const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The calls a user makes, by weight: the guard's token check on every navigation, the sidebar and the
 * user on every page load, and the data of the pages staff open most (dashboard, patient list with its
 * filters, pipeline board).
 */
const MIX: readonly { route: string; weight: number; paths: readonly string[] }[] = [
  { route: '/api/token/validate', weight: 30, paths: ['/api/token/validate'] },
  { route: '/api/sidebar-menu', weight: 20, paths: ['/api/sidebar-menu'] },
  { route: '/api/user', weight: 10, paths: ['/api/user'] },
  { route: '/api/dashboard', weight: 8, paths: ['/api/dashboard'] },
  {
    route: '/api/patients',
    weight: 15,
    paths: ['/api/patients?perPage=10', '/api/patients?perPage=10&page=2', '/api/patients?perPage=10&search=mar', '/api/patients?perPage=10&stage=2'],
  },
  { route: '/api/pre-load-filters', weight: 7, paths: ['/api/pre-load-filters'] },
  {
    route: '/api/pipeline-patients-by-stage',
    weight: 10,
    paths: ['/api/pipeline-patients-by-stage?stage=1', '/api/pipeline-patients-by-stage?stage=2', '/api/pipeline-patients-by-stage?stage=3'],
  },
];
const TOTAL_WEIGHT = MIX.reduce((sum, call) => sum + call.weight, 0);

export interface SoakOptions {
  users: number;
  seconds: number;
}

export interface SoakRow {
  target: string;
  route: string;
  requests: number;
  requestsPerSecond: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  max: number | null;
  /** Answers other than 2xx, and requests that got no answer (refused, reset, timed out). */
  non2xx: number;
  errors: number;
}

/** The soak's size from the environment, or why it is wrong. */
export function soakOptionsFromEnv(env: NodeJS.ProcessEnv, usageError: (message: string) => Error): SoakOptions {
  const read = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < 1) throw usageError(`${name} needs a whole number of 1 or more, got ${raw}`);
    return value;
  };
  return { users: read('BENCH_SOAK_USERS', DEFAULT_SOAK_USERS), seconds: read('BENCH_SOAK_SECONDS', DEFAULT_SOAK_SECONDS) };
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`soak: login as ${email} answered ${response.status}: ${text.slice(0, 300)}`);
  const token = (JSON.parse(text) as { data?: { token?: unknown } }).data?.token;
  if (typeof token !== 'string') throw new Error(`soak: login as ${email} answered no token`);
  return token;
}

/** One session per user, the accounts taken in turn. */
async function signInUsers(base: string, users: number): Promise<string[]> {
  const tokens: string[] = new Array<string>(users);
  let next = 0;
  const worker = async () => {
    while (next < users) {
      const index = next++;
      tokens[index] = await signIn(base, SOAK_ACCOUNTS[index % SOAK_ACCOUNTS.length] as string);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SIGN_IN_CONCURRENCY, users) }, worker));
  return tokens;
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

function pickCall() {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const call of MIX) {
    roll -= call.weight;
    if (roll < 0) return call;
  }
  return MIX[MIX.length - 1] as (typeof MIX)[number];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? null;
}

/**
 * Signs the users in, checks every call of the mix answers 2xx once, then lets them click for the
 * soak's seconds; one row per route (their 2xx answers' times) and one for all of them.
 */
export async function runSoak(target: string, base: string, options: SoakOptions, log: (line: string) => void): Promise<SoakRow[]> {
  const signInStarted = Date.now();
  const tokens = await signInUsers(base, options.users);
  log(`  ${target} soak: ${options.users} users signed in (${SOAK_ACCOUNTS.length} accounts) in ${((Date.now() - signInStarted) / 1000).toFixed(1)} s`);

  // Every path once per account first: a call that fails is reported as such, not soaked for minutes.
  for (const [index, email] of SOAK_ACCOUNTS.entries()) {
    const token = tokens[index];
    if (!token) continue;
    for (const call of MIX) {
      for (const path of call.paths) {
        const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`soak: ${path} as ${email} answered ${response.status} before the run: ${text.slice(0, 300)}`);
      }
    }
  }

  const times = new Map<string, number[]>(MIX.map((call) => [call.route, []]));
  const failures = new Map<string, { non2xx: number; errors: number }>(MIX.map((call) => [call.route, { non2xx: 0, errors: 0 }]));
  const started = performance.now();
  const endAt = started + options.seconds * 1000;

  const user = async (token: string) => {
    // Users start spread over the first think time, not all in the same millisecond.
    await sleep(Math.random() * THINK_MAX_MS);
    while (performance.now() < endAt) {
      const call = pickCall();
      const sent = performance.now();
      try {
        const response = await fetch(`${base}${pick(call.paths)}`, {
          headers: { authorization: `Bearer ${token}` },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        const ms = performance.now() - sent;
        if (response.status >= 200 && response.status < 300) times.get(call.route)?.push(ms);
        else (failures.get(call.route) as { non2xx: number }).non2xx++;
      } catch {
        (failures.get(call.route) as { errors: number }).errors++;
      }
      await sleep(THINK_MIN_MS + Math.random() * (THINK_MAX_MS - THINK_MIN_MS));
    }
  };
  await Promise.all(tokens.map(user));
  const seconds = (performance.now() - started) / 1000;

  const row = (route: string, measured: number[], failed: { non2xx: number; errors: number }): SoakRow => {
    const sorted = [...measured].sort((a, b) => a - b);
    const requests = sorted.length + failed.non2xx + failed.errors;
    return {
      target,
      route,
      requests,
      requestsPerSecond: requests / seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.length ? (sorted[sorted.length - 1] as number) : null,
      ...failed,
    };
  };
  const rows = MIX.map((call) => row(call.route, times.get(call.route) ?? [], failures.get(call.route) ?? { non2xx: 0, errors: 0 }));
  const allFailed = { non2xx: 0, errors: 0 };
  for (const r of rows) {
    allFailed.non2xx += r.non2xx;
    allFailed.errors += r.errors;
  }
  rows.push(row(SOAK_ALL_CALLS, [...times.values()].flat(), allFailed));
  for (const r of rows) {
    log(
      `  ${target} soak ${r.route}: ${r.requestsPerSecond.toFixed(1)} req/s, p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, ` +
        `p99 ${fmt(r.p99)} ms, max ${fmt(r.max)} ms${r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`,
    );
  }
  return rows;
}

function fmt(ms: number | null): string {
  return ms === null ? '-' : ms.toFixed(1);
}

/** The soak's table and the verdict of the issue's target (PostgreSQL rows only). */
export function printSoak(rows: SoakRow[], options: SoakOptions, notes: string[]) {
  console.log('');
  console.log(`Staff soak: ${options.users} users, one call each every 0.5–1.5 s (think time), ${options.seconds} s per database`);
  const header = ['target', 'route', 'calls', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors'];
  const body = rows.map((r) => [
    r.target,
    r.route,
    String(r.requests),
    r.requestsPerSecond.toFixed(1),
    fmt(r.p50),
    fmt(r.p95),
    fmt(r.p99),
    fmt(r.max),
    String(r.non2xx),
    String(r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => (cells[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const cells of body) console.log(line(cells));
  for (const note of notes) console.log(note);
  if (options.users !== DEFAULT_SOAK_USERS || options.seconds !== DEFAULT_SOAK_SECONDS) {
    console.log(`Note: the target is set for ${DEFAULT_SOAK_USERS} users over ${DEFAULT_SOAK_SECONDS} s; this run used ${options.users} users over ${options.seconds} s.`);
  }
  for (const route of SOAK_TARGET_ROUTES) {
    const row = rows.find((r) => r.target === 'postgres' && r.route === route);
    if (!row) {
      console.log(`Soak ${route}: not checked (no PostgreSQL row).`);
      continue;
    }
    const verdict = row.p99 !== null && row.p99 < SOAK_TARGET_P99_MS ? 'PASS' : 'FAIL';
    console.log(`${verdict}  PostgreSQL soak ${route}: p99 ${fmt(row.p99)} ms (target < ${SOAK_TARGET_P99_MS} ms)`);
  }
}

/** Why a soak row does not measure its route, or null. */
export function soakBrokenReason(row: SoakRow): string | null {
  const problems: string[] = [];
  if (row.non2xx > 0) problems.push(`${row.non2xx} non-2xx answers`);
  if (row.errors > 0) problems.push(`${row.errors} requests without an answer`);
  if (row.requests === 0) problems.push('no requests at all');
  return problems.length ? problems.join(', ') : null;
}
