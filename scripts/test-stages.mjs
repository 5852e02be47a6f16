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
 * CPU priority, its output kept aside and printed after it: the e2e stage leaves much of a core idle
 * (one Playwright worker, and tests that wait on the clock), and the PostgreSQL pass fills it without
 * taking CPU from the browser and the server under test. The total is then the wall time, not the sum.
 * `alongsideArgs` are added to its command then.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = (script, ...args) => [process.execPath, [path.join(root, 'scripts', script), ...args]];
const pnpm = (...args) => ['pnpm', args];

/** name, [command, args], options: in the order they run. */
const STAGES = [
  ['lint', pnpm('lint')],
  ['typecheck', pnpm('typecheck')],
  // Every jest project; the server's API files on PGlite.
  ['jest', pnpm('test:unit')],
  // The production build the Playwright suites run against (their server would build it otherwise,
  // inside the suites' own time).
  ['web build', node('build-web.mjs')],
  ['e2e', pnpm('test:e2e')],
  // The server's API files again, on the PostgreSQL server of DATABASE_URL (skipped without one).
  // At the lowest priority a hook may wait for the CPU a while when e2e is busy (a template build took
  // over the usual 60 s at load 20): the timeout is a guard against hangs, so it is longer there.
  ['jest on PostgreSQL', node('test-postgres.mjs'), { alongside: 'e2e', alongsideArgs: ['--testTimeout=300000'] }],
];

const timesFile = process.env.STAGE_TIMES;

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
function start(name, [command, commandArgs], { background = false, log } = {}) {
  const started = process.hrtime.bigint();
  const out = background ? fs.openSync(log, 'w') : 'inherit';
  const child = spawn(command, commandArgs, { cwd: root, stdio: background ? ['ignore', out, out] : 'inherit' });
  // Its jest workers, started after this, inherit the priority.
  if (background && child.pid) os.setPriority(child.pid, os.constants.priority.PRIORITY_LOW);
  if (background) fs.closeSync(out);
  return new Promise((resolve) => {
    const finish = (status, error) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const ok = status === 0;
      resolve({ name, seconds, status: ok ? 'ok' : error ? `failed (${error.message})` : `failed (exit ${status})` });
    };
    child.on('error', (error) => finish(null, error));
    child.on('exit', (code, signal) => finish(code ?? signal));
  });
}

const rows = readRecorded();
const asked = STAGES.filter(([name]) => args.length === 0 || args.includes(name));
/** Stages that will run alongside another, by the name of that other. */
const companions = new Map(
  asked.filter(([, , options]) => options?.alongside && asked.some(([name]) => name === options.alongside)).map((stage) => [stage[2].alongside, stage]),
);
let failed = false;
for (const [name, command] of asked) {
  if ([...companions.values()].some(([companion]) => companion === name)) continue;
  if (failed) {
    rows.push({ name, seconds: Number.NaN, status: 'not run' });
    const companion = companions.get(name);
    if (companion) rows.push({ name: companion[0], seconds: Number.NaN, status: 'not run' });
    continue;
  }
  const companion = companions.get(name);
  const log = companion ? path.join(os.tmpdir(), `baridesk-stage-${process.pid}.log`) : undefined;
  const aside = companion
    ? start(companion[0], [companion[1][0], [...companion[1][1], ...(companion[2].alongsideArgs ?? [])]], { background: true, log })
    : undefined;
  if (companion) console.log(`\n▶ ${companion[0]} (alongside ${name}, lowest CPU priority, output after it): ${display(...companion[1])}`);
  console.log(`\n▶ ${name}: ${display(...command)}`);
  const entry = await start(name, command);
  rows.push(entry);
  record(entry);
  failed = entry.status !== 'ok';
  if (aside) {
    const waitStarted = process.hrtime.bigint();
    const other = await aside;
    const overrun = Number(process.hrtime.bigint() - waitStarted) / 1e9;
    console.log(`\n▶ ${companion[0]} (ran alongside ${name}; ${clock(other.seconds)}, ${clock(overrun)} of it after ${name} ended):`);
    process.stdout.write(fs.readFileSync(log, 'utf8'));
    fs.rmSync(log, { force: true });
    const row = { ...other, name: `${other.name} (alongside ${name})`, counted: overrun };
    rows.push(row);
    // The file keeps what the run waited for, so a later `report` adds up to the wall time too.
    record({ ...row, seconds: overrun, status: `${row.status}, ${clock(other.seconds)} in all` });
    failed ||= other.status !== 'ok';
  }
}
printTable(rows);
process.exit(failed ? 1 : 0);
