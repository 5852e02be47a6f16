#!/usr/bin/env node
/**
 * `pnpm dev`: every part with live reload. The API restarts on each server change (tsx watch, port 8080,
 * API only); the shell and each remote run in webpack's dev server (ports in packages/mf-config/apps.js)
 * and reload the page on each change. Open http://localhost:3000: the dev shell sends /api to the API
 * and loads each remote from its own dev server. Ctrl+C stops everything.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { APPS, DEV_API_PORT } = createRequire(import.meta.url)(path.join(root, 'packages/mf-config/apps.js'));

const children = [];
let stopping = false;

function run(label, command, args, cwd, env = {}) {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = `[${label}]`.padEnd(15);
  const relay = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`${prefix}${line}\n`);
    });
  };
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  child.on('exit', (code) => {
    if (stopping) return;
    console.error(`${prefix}stopped (exit ${code}); stopping the rest.`);
    stop(code ?? 1);
  });
  children.push(child);
}

function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('api', 'pnpm', ['--filter', '@baridesk/server', 'dev'], root, { SERVE_WEB: '0', PORT: String(DEV_API_PORT) });
for (const app of APPS) {
  run(app.folder, 'pnpm', ['exec', 'webpack', 'serve', '--mode', 'development'], path.join(root, app.folder));
}
const shell = APPS.find((a) => a.folder === 'shell');
console.log(`BariDesk dev: open http://localhost:${shell.devPort} (API on :${DEV_API_PORT}, remotes on :${APPS.filter((a) => a !== shell).map((a) => a.devPort).join(', :')})`);
