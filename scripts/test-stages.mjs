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
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = (script, ...args) => [process.execPath, [path.join(root, 'scripts', script), ...args]];
const pnpm = (...args) => ['pnpm', args];

/** name, [command, args]: in the order they run. */
const STAGES = [
  ['lint', pnpm('lint')],
  ['typecheck', pnpm('typecheck')],
  // Every jest project; the server's API files on PGlite.
  ['jest', pnpm('test:unit')],
  // The production build the Playwright suites run against (their server would build it otherwise,
  // inside the suites' own time).
  ['web build', node('build-web.mjs')],
  ['e2e', pnpm('test:e2e')],
  // The server's jest project again, on the PostgreSQL server of DATABASE_URL (skipped without one).
  ['jest on PostgreSQL', node('test-postgres.mjs')],
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

function printTable(rows) {
  const width = Math.max(5, ...rows.map((r) => r.name.length));
  const total = rows.reduce((sum, r) => sum + (Number.isFinite(r.seconds) ? r.seconds : 0), 0);
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

const rows = readRecorded();
let failed = false;
for (const [name, [command, commandArgs]] of STAGES) {
  if (args.length > 0 && !args.includes(name)) continue;
  if (failed) {
    rows.push({ name, seconds: Number.NaN, status: 'not run' });
    continue;
  }
  console.log(`\n▶ ${name}: ${[path.basename(command), ...commandArgs.map((a) => path.relative(root, a) || a)].join(' ')}`);
  const started = process.hrtime.bigint();
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const ok = result.status === 0;
  const entry = { name, seconds, status: ok ? 'ok' : result.error ? `failed (${result.error.message})` : `failed (exit ${result.status ?? result.signal})` };
  rows.push(entry);
  record(entry);
  failed = !ok;
}
printTable(rows);
process.exit(failed ? 1 : 0);
