#!/usr/bin/env node
/**
 * The second pass of `pnpm test`: the API suite again, on the PostgreSQL server of DATABASE_URL
 * (each test file gets a new database there, dropped afterwards). Skipped, and said so, without it.
 *
 * Only the server's test files whose run can differ on PostgreSQL are run again: those that load
 * src/test/databases.ts (the one module that turns TEST_DATABASE_URL into a database: createTestApp,
 * routeSuite, freshDatabase, seededDatabase…), directly or through any chain of imports, and those that
 * read TEST_DATABASE_URL themselves. jest finds the first kind from its own module graph
 * (--findRelatedTests), so a new API test file is picked up by the import it needs anyway; nothing to
 * tag or list. The rest (lint rules, pure functions, the tests that open their own PGlite on purpose)
 * would run exactly as in the first pass.
 *
 *   node scripts/test-postgres.mjs [jest options]   run them (e.g. --testTimeout=300000)
 *   node scripts/test-postgres.mjs --list            print which files run and which are left to the first pass
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_PROJECT = '@baridesk/server';
const DATABASES_MODULE = 'packages/server/src/test/databases.ts';
const jestArgs = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--selectProjects', SERVER_PROJECT];

/** The server project's test files, as jest lists them (absolute paths); `extra` narrows the list. */
function listTests(...extra) {
  const result = spawnSync(process.execPath, [...jestArgs, '--listTests', ...extra], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    process.stderr.write(result.stderr);
    throw new Error(`jest --listTests ${extra.join(' ')} failed (exit ${result.status})`);
  }
  return result.stdout.split('\n').filter((line) => line.startsWith('/'));
}

function databaseTests() {
  const all = listTests();
  const readsVariable = all.filter((file) => fs.readFileSync(file, 'utf8').includes('TEST_DATABASE_URL'));
  const related = listTests('--findRelatedTests', path.join(root, DATABASES_MODULE));
  const chosen = new Set([...related, ...readsVariable]);
  // A wrong module path or a change in jest's output would make the pass silently run nothing.
  if (related.length === 0) throw new Error(`No test file loads ${DATABASES_MODULE}: is the path still right?`);
  return { run: all.filter((file) => chosen.has(file)), left: all.filter((file) => !chosen.has(file)) };
}

const relative = (file) => path.relative(root, file);

if (process.argv.includes('--list')) {
  const { run, left } = databaseTests();
  console.log(`Run on PostgreSQL (${run.length}):\n${run.map((f) => `  ${relative(f)}`).join('\n')}`);
  console.log(`First pass only (${left.length}):\n${left.map((f) => `  ${relative(f)}`).join('\n')}`);
  process.exit(0);
}

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('PostgreSQL pass skipped: set DATABASE_URL to a PostgreSQL server to run the API suite on it too.');
  process.exit(0);
}
const { run, left } = databaseTests();
console.log(
  `API suite on PostgreSQL (${new URL(url).host}): ${run.length} files that use a test database; ` +
    `${left.length} that never do ran in the first pass only (node scripts/test-postgres.mjs --list).`,
);
// By path: jest would otherwise read each argument as a regular expression.
const options = process.argv.slice(2);
const result = spawnSync(process.execPath, [...jestArgs, ...options, '--runTestsByPath', ...run.map(relative)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
