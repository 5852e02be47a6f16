#!/usr/bin/env node
/**
 * `pnpm bench:web`: what the browser pays for BariDesk's front end, on the production build.
 * - the gzipped JavaScript the login page loads before its form is usable (target ≤ 250 KB);
 * - each remote's entry: remoteEntry.js and its exposed routes module, gzipped;
 * - measured in headless Chromium: the login page's load time, and the first navigation into a remote
 *   not loaded yet (target < 500 ms). Figures only: nothing here fails a test.
 */
// The functions passed to page.evaluate and addInitScript run in the browser.
/* global document, MutationObserver */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'e2e/package.json'));
const { chromium } = require('@playwright/test');
const PORT = Number(process.env.BENCH_PORT ?? 8095);
const BASE = `http://127.0.0.1:${PORT}`;
const KB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function remoteEntrySizes() {
  const rows = [];
  for (const app of fs.readdirSync(root).filter((d) => d.startsWith('mf-')).sort()) {
    const dist = path.join(root, app, 'dist');
    const manifestFile = path.join(dist, 'mf-manifest.json');
    if (!fs.existsSync(manifestFile)) continue;
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    const entry = fs.readFileSync(path.join(dist, 'remoteEntry.js'));
    const exposed = (manifest.exposes ?? []).flatMap((e) => [...(e.assets?.js?.sync ?? []), ...(e.assets?.js?.async ?? [])]);
    const routesSync = (manifest.exposes ?? []).flatMap((e) => e.assets?.js?.sync ?? []);
    const routesBytes = routesSync.reduce((sum, f) => sum + gz(fs.readFileSync(path.join(dist, f))), 0);
    rows.push({ app, entry: gz(entry), routes: routesBytes, files: exposed.length });
  }
  return rows;
}

async function waitForHealth(deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the gateway did not become healthy in time');
}

async function main() {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baridesk-bench-web-'));
  const server = spawn(path.join(root, 'packages/server/node_modules/.bin/tsx'), ['src/entry/gateway.ts'], {
    cwd: path.join(root, 'packages/server'),
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let browser;
  try {
    await waitForHealth();
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });

    // 1. The login page, cold.
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || type.includes('javascript')) {
        try {
          scripts.set(response.url(), await response.body());
        } catch {
          /* a redirect or an aborted response has no body */
        }
      }
    });
    // Timed inside the page: the moment the form's field and button exist, from the navigation's start
    // (Playwright's own waiting polls, which would add up to 100 ms).
    await page.addInitScript(() => {
      const usable = () =>
        document.querySelector('input[type="email"], input[name="email"]') &&
        [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Login');
      new MutationObserver((_records, observer) => {
        if (!usable()) return;
        globalThis.__loginUsableMs = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${BASE}/login`);
    await page.getByLabel('Email').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Login' }).waitFor({ state: 'visible' });
    const loginUsableMs = Math.round(await page.evaluate(() => globalThis.__loginUsableMs));
    const loginScripts = [...scripts.entries()];
    const loginGzip = loginScripts.reduce((sum, [, body]) => sum + gz(body), 0);
    const loginRaw = loginScripts.reduce((sum, [, body]) => sum + body.length, 0);

    // 2. Sign in, land on the dashboard (mf_reports), then open a page of a remote not loaded yet.
    await page.getByLabel('Email').fill('subuser@northside.test');
    await page.getByLabel('Password').fill('Demo1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const before = scripts.size;
    // Runs in the page (globalThis is its window): from the navigation to the new page's heading.
    const firstRemoteMs = Math.round(
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            const started = performance.now();
            const arrived = () =>
              [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === 'Message Templates');
            new MutationObserver((_records, observer) => {
              if (!arrived()) return;
              observer.disconnect();
              resolve(performance.now() - started);
            }).observe(document.body, { childList: true, subtree: true, characterData: true });
            globalThis.history.pushState({}, '', '/message-templates');
            globalThis.dispatchEvent(new globalThis.PopStateEvent('popstate'));
          }),
      ),
    );
    const remoteScripts = [...scripts.entries()].slice(before);
    const remoteGzip = remoteScripts.reduce((sum, [, body]) => sum + gz(body), 0);

    const entries = remoteEntrySizes();
    console.log('\nLogin page');
    console.log(`  JavaScript loaded before the form is usable: ${KB(loginGzip)} gzipped (${KB(loginRaw)} raw, ${loginScripts.length} files)`);
    console.log(`  time to a usable login form: ${loginUsableMs} ms`);
    console.log('\nFirst navigation into a remote not loaded yet (/dashboard → /message-templates, mf_messaging)');
    console.log(`  ${firstRemoteMs} ms, ${KB(remoteGzip)} gzipped JavaScript fetched (${remoteScripts.length} files)`);
    console.log('\nRemote entries (gzipped)');
    console.log('  remote         remoteEntry.js   routes module');
    for (const r of entries) console.log(`  ${r.app.padEnd(14)} ${KB(r.entry).padStart(14)}   ${KB(r.routes).padStart(13)}`);
    console.log('\nTargets');
    console.log(`  ${loginGzip <= 250 * 1024 ? 'PASS' : 'FAIL'}  login page JavaScript ${KB(loginGzip)} (target ≤ 250 KB gzipped)`);
    console.log(`  ${firstRemoteMs < 500 ? 'PASS' : 'FAIL'}  first navigation into an unloaded remote ${firstRemoteMs} ms (target < 500 ms)`);
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
