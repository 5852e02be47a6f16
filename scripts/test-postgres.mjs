#!/usr/bin/env node
/**
 * The second pass of `pnpm test`: the API suite again, on the PostgreSQL server of DATABASE_URL
 * (each test file gets a new database there, dropped afterwards). Skipped, and said so, without it.
 */
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('PostgreSQL pass skipped: set DATABASE_URL to a PostgreSQL server to run the API suite on it too.');
  process.exit(0);
}
console.log(`API suite on PostgreSQL (${new URL(url).host})`);
const jest = ['--experimental-vm-modules', 'node_modules/jest/bin/jest.js', '--selectProjects', '@baridesk/server'];
const result = spawnSync(process.execPath, jest, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
