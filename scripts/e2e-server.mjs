#!/usr/bin/env node
/** The gateway for the Playwright suites: production build, a fresh database in a temporary folder. */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.argv[2] ?? '8090';
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baridesk-e2e-'));
const server = spawn(path.join(root, 'packages/server/node_modules/.bin/tsx'), ['src/entry/gateway.ts'], {
  cwd: path.join(root, 'packages/server'),
  stdio: 'inherit',
  env: { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
