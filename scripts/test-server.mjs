#!/usr/bin/env node
/**
 * The server's jest project in `pnpm test`, on the database engine the run has.
 *
 *   node scripts/test-server.mjs [jest options]          every server test file; the API files on the
 *                                                       PostgreSQL server of DATABASE_URL when it is set
 *                                                       (each file gets a copy of a template database
 *                                                       there), else on PGlite
 *   node scripts/test-server.mjs --pglite [jest options] with DATABASE_URL set: the route suites again, on
 *                                                       PGlite; without it, nothing (the first call ran
 *                                                       everything on PGlite already)
 *
 * Why each API file runs once: the same 89 files took 2.4 times as long on PGlite as on PostgreSQL
 * (docs/testing.md), and running them on both engines was the longest stage of CI. PGlite, the engine
 * the product runs on by default, is still exercised on every run: by the e2e suite (the gateway on a
 * PGlite database), by the tests that open a PGlite of their own on purpose (migrations, seed, job queue,
 * the database client), and by this script's second call, the route suites (every route's bad input,
 * tenancy and roles) on PGlite.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_PROJECT = '@baridesk/server';
const ROUTE_SUITES = 'packages/server/src/__tests__/route-suites/';
const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js'];

const args = process.argv.slice(2);
const pgliteCheck = args[0] === '--pglite';
const options = pgliteCheck ? args.slice(1) : args;
const url = process.env.DATABASE_URL;
const env = { ...process.env };
delete env.TEST_DATABASE_URL;
// Before --selectProjects, which would read a path after it as one more project's name.
const paths = pgliteCheck ? [ROUTE_SUITES] : [];

if (pgliteCheck) {
  if (!url) {
    console.log('Route suites on PGlite skipped: without DATABASE_URL the server tests ran on PGlite already.');
    process.exit(0);
  }
  console.log(`The route suites on PGlite (${ROUTE_SUITES}): the server tests ran on PostgreSQL.`);
} else if (url) {
  env.TEST_DATABASE_URL = url;
  console.log(`The server's API tests on PostgreSQL (${new URL(url).host}); the route suites run on PGlite too (--pglite).`);
} else {
  console.log('The server tests on PGlite: set DATABASE_URL to a PostgreSQL server to run the API tests there.');
}
const result = spawnSync(process.execPath, [...jest, ...paths, '--selectProjects', SERVER_PROJECT, ...options], { cwd: root, stdio: 'inherit', env });
process.exit(result.status ?? 1);
