#!/usr/bin/env node
/**
 * Builds the shell and the remotes for production, each only when its sources (or the shared packages
 * it bundles) changed since its last build. `--force` builds all. One at a time: on 2 cores parallel
 * webpack runs gain nothing and double the memory.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const apps = ['shell', ...fs.readdirSync(root).filter((d) => d.startsWith('mf-')).sort()].filter((d) =>
  fs.existsSync(path.join(root, d, 'webpack.config.js')),
);
const shared = ['domain', 'contracts', 'store', 'event-bus', 'api-client', 'ui', 'mf-config'].map((p) =>
  path.join(root, 'packages', p),
);
const STAMP = '.build-stamp';

function newest(dir) {
  let latest = 0;
  if (!fs.existsSync(dir)) return latest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const sharedNewest = Math.max(...shared.map(newest), fs.statSync(path.join(root, 'pnpm-lock.yaml')).mtimeMs);
let built = 0;
for (const app of apps) {
  const dir = path.join(root, app);
  const stamp = path.join(dir, 'dist', STAMP);
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  if (!force && builtAt > Math.max(newest(dir), sharedNewest)) continue;
  const started = Date.now();
  process.stdout.write(`building ${app}… `);
  const result = spawnSync('pnpm', ['exec', 'webpack', '--mode', 'production'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    console.log('failed');
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
    process.exit(result.status ?? 1);
  }
  fs.writeFileSync(stamp, new Date().toISOString());
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  built++;
}
console.log(built ? `built ${built} of ${apps.length} apps` : `all ${apps.length} apps are up to date`);
