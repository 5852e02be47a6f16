#!/usr/bin/env node
/**
 * `pnpm test`: the stages of the test suite in order, each timed, stopping at the first that fails, with
 * a table of the times at the end, whether it passed or not (then the exit code is non-zero).
 *
 *   node scripts/test-stages.mjs                 every stage
 *   node scripts/test-stages.mjs lint typecheck  only these, in the suite's order
 *   node scripts/test-stages.mjs report          prints the table of STAGE_TIMES and exits
 *
 * STAGE_TIMES=<file>: steps timed before (.ci/run's installs) are read from it, one
 * "name<TAB>seconds<TAB>ok|failed" line each, printed first, and these stages are appended to it.
 * See docs/testing.md for what each stage runs and what it usually takes.
 *
 * A stage with `alongside` runs at the same time as that stage when both are asked for, at the lowest
 * CPU priority (nice 19), its output kept aside and printed after it: the e2e stage leaves much of both
 * cores idle (one Playwright worker, and tests that wait on the clock), and a jest stage that waits on
 * nothing but long hook timeouts fills it with little CPU taken from the browser and the server under
 * test (screen tests did not: they missed their waits there, docs/testing.md). Several stages
 * alongside one run one after another, in the order below. The total is then the wall time, not the
 * sum. `alongsideEnv` is added to its environment then.
 *
 * A stage that fails has the end of its output printed again below the table (its last TAIL_LINES
 * lines: Playwright's and jest's summaries of what failed), so a log read from its end names the failures.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = (script, ...args) => [process.execPath, [path.join(root, 'scripts', script), ...args]];
const pnpm = (...args) => ['pnpm', args];
const jest = (...args) => [process.execPath, ['--experimental-vm-modules', path.join(root, 'node_modules/jest/bin/jest.js'), ...args]];
const SERVER_PROJECT = '@baridesk/server';

/** name, [command, args], options: in the order they run. */
const STAGES = [
  ['lint', pnpm('lint')],
  ['typecheck', pnpm('typecheck')],
  // The server's project: its API files on the PostgreSQL server of DATABASE_URL when there is one, else
  // on PGlite; the route suites. On its own, with both cores: beside e2e at nice 19 it got
  // too little of the CPU to end with it (docs/testing.md, 27 Nov 2026).
  ['jest (server)', node('test-server.mjs')],
  // Every other jest project: domain, contracts, the shared packages, the shell's and remotes' screens
  // (jsdom). On its own, with both cores: beside e2e, even at a lower priority, a starved worker missed
  // the waits of screen tests (a POST sent on a socket the fake API had just closed, a wait for the next
  // request) and made CI red twice (docs/testing.md, 27 Nov 2026).
  ['jest (screens and packages)', jest('--ignoreProjects', SERVER_PROJECT)],
  // The production build the Playwright suites run against (their server would build it otherwise,
  // inside the suites' own time).
  ['web build', node('build-web.mjs')],
  ['e2e', pnpm('test:e2e')],
  // With DATABASE_URL: the route suites (every route's bad input, tenancy, roles) again on PGlite, the
  // engine the product runs on by default. Skipped without it (the server's stage used PGlite). At the
  // lowest priority a hook may wait for the CPU a while when e2e is busy: the timeout is a guard against
  // hangs, so it is longer there (packages/server/src/test/setup-timeouts.ts).
  ['jest (route suites on PGlite)', node('test-server.mjs', '--pglite'), { alongside: 'e2e', alongsideEnv: { SERVER_TEST_TIMEOUT_MS: '300000' } }],
];

const timesFile = process.env.STAGE_TIMES;
const TAIL_LINES = 40;
/** The most of a stage's output kept for that (a few lines of a summary, with room for long ones). */
const TAIL_BYTES = 64 * 1024;

/** Keeps the last TAIL_BYTES of what a stage wrote. */
function tailKeeper() {
  let kept = '';
  return {
    add(chunk) {
      kept = (kept + chunk.toString('utf8')).slice(-TAIL_BYTES);
    },
    lines: () => kept.split('\n').slice(-TAIL_LINES - 1).join('\n'),
  };
}

function readRecorded() {
  if (!timesFile || !fs.existsSync(timesFile)) return [];
  return fs
    .readFileSync(timesFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, seconds, status] = line.split('\t');
      return { name, seconds: Number(seconds), status };
    });
}

function record(entry) {
  if (timesFile) fs.appendFileSync(timesFile, `${entry.name}\t${entry.seconds.toFixed(1)}\t${entry.status}\n`);
}

const clock = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** `counted`: the part of a row's time the run waited for (a stage run alongside another counts only its overrun). */
function printTable(rows) {
  const width = Math.max(5, ...rows.map((r) => r.name.length));
  const total = rows.reduce((sum, r) => sum + (Number.isFinite(r.counted ?? r.seconds) ? (r.counted ?? r.seconds) : 0), 0);
  const lines = [
    '',
    `${'stage'.padEnd(width)}   time    result`,
    ...rows.map((r) => `${r.name.padEnd(width)}  ${Number.isFinite(r.seconds) ? clock(r.seconds).padStart(5) : '    -'}    ${r.status}`),
    `${'total'.padEnd(width)}  ${clock(total).padStart(5)}`,
  ];
  console.log(lines.join('\n'));
}

const args = process.argv.slice(2);
if (args[0] === 'report') {
  printTable(readRecorded());
  process.exit(0);
}
const unknown = args.filter((name) => !STAGES.some(([stage]) => stage === name));
if (unknown.length > 0) {
  console.error(`Unknown stage ${unknown.join(', ')}; the stages are: ${STAGES.map(([name]) => name).join(', ')}.`);
  process.exit(2);
}

const display = (command, commandArgs) => [path.basename(command), ...commandArgs.map((a) => path.relative(root, a) || a)].join(' ');

/** Starts a stage; resolves with its row when it ends. In the `background` its output goes to `log`, at the lowest priority. */
function start(name, [command, commandArgs], { background = false, log, env } = {}) {
  const started = process.hrtime.bigint();
  const out = background ? fs.openSync(log, 'w') : 'pipe';
  const child = spawn(command, commandArgs, {
    cwd: root,
    stdio: background ? ['ignore', out, out] : ['inherit', out, out],
    env: env ? { ...process.env, ...env } : process.env,
  });
  // In the foreground the output is passed on as it comes, and its end kept for a failure's summary.
  const tail = tailKeeper();
  if (!background) {
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail.add(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      tail.add(chunk);
    });
  }
  // Its jest workers, started after this, inherit the priority.
  if (background && child.pid) os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
  if (background) fs.closeSync(out);
  return new Promise((resolve) => {
    const finish = (status, error) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const ok = status === 0;
      const row = { name, seconds, status: ok ? 'ok' : error ? `failed (${error.message})` : `failed (exit ${status})` };
      if (!ok) row.tail = background ? tailOfFile(log) : tail.lines();
      resolve(row);
    };
    child.on('error', (error) => finish(null, error));
    // 'close', not 'exit': the piped output has been read to its end then.
    child.on('close', (code, signal) => finish(code ?? signal));
  });
}

function tailOfFile(file) {
  const keeper = tailKeeper();
  const size = fs.statSync(file).size;
  const fd = fs.openSync(file, 'r');
  const buffer = Buffer.alloc(Math.min(size, TAIL_BYTES));
  fs.readSync(fd, buffer, 0, buffer.length, size - buffer.length);
  fs.closeSync(fd);
  keeper.add(buffer);
  return keeper.lines();
}

/** After the table: the end of each failed stage's output, so the log's last lines say what failed. */
function printFailures(rows) {
  for (const row of rows) {
    if (!row.tail) continue;
    console.log(`\n▶ ${row.name} failed; the end of its output:\n${row.tail}`);
  }
}

const rows = readRecorded();
const asked = STAGES.filter(([name]) => args.length === 0 || args.includes(name));
/** Stages that will run alongside another, by the name of that other, in their order. */
const companions = new Map();
for (const stage of asked) {
  const target = stage[2]?.alongside;
  if (target && asked.some(([name]) => name === target)) companions.set(target, [...(companions.get(target) ?? []), stage]);
}
const isCompanion = (name) => [...companions.values()].some((list) => list.some(([companion]) => companion === name));

/** Runs `list` one after another in the background; resolves with each one's row and log file. */
async function runAside(list, name) {
  const done = [];
  for (const [companion, command, options] of list) {
    const log = path.join(os.tmpdir(), `baridesk-stage-${process.pid}-${done.length}.log`);
    console.log(`\n▶ ${companion} (alongside ${name}, lowest CPU priority, output after it): ${display(...command)}`);
    const entry = await start(companion, command, {
      background: true,
      log,
      env: options.alongsideEnv,
    });
    done.push({ entry, log });
  }
  return done;
}

let failed = false;
for (const [name, command] of asked) {
  if (isCompanion(name)) continue;
  const list = companions.get(name) ?? [];
  if (failed) {
    rows.push({ name, seconds: Number.NaN, status: 'not run' });
    for (const [companion] of list) rows.push({ name: companion, seconds: Number.NaN, status: 'not run' });
    continue;
  }
  const aside = list.length > 0 ? runAside(list, name) : undefined;
  console.log(`\n▶ ${name}: ${display(...command)}`);
  const entry = await start(name, command);
  rows.push(entry);
  record(entry);
  failed = entry.status !== 'ok';
  if (aside) {
    const waitStarted = process.hrtime.bigint();
    const done = await aside;
    const overrun = Number(process.hrtime.bigint() - waitStarted) / 1e9;
    for (const [i, { entry: other, log }] of done.entries()) {
      console.log(`\n▶ ${other.name} (ran alongside ${name}; ${clock(other.seconds)}):`);
      process.stdout.write(fs.readFileSync(log, 'utf8'));
      fs.rmSync(log, { force: true });
      // The last one carries the time the run waited after the stage ended, so the total is the wall time.
      const counted = i === done.length - 1 ? overrun : 0;
      const row = { ...other, name: `${other.name} (alongside ${name})`, counted };
      rows.push(row);
      // The file keeps what the run waited for, so a later `report` adds up to the wall time too.
      record({ ...row, seconds: counted, status: `${row.status}, ${clock(other.seconds)} in all` });
      failed ||= other.status !== 'ok';
    }
    if (done.length > 1) console.log(`\n(${done.map(({ entry: e }) => e.name).join(', then ')}: ${clock(overrun)} after ${name} ended)`);
  }
}
printTable(rows);
printFailures(rows);
process.exit(failed ? 1 : 0);
