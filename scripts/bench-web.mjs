#!/usr/bin/env node
/**
 * `pnpm bench:web`: what a browser receives and paints, on the production build served by the real
 * gateway (PGlite, a fresh seeded database), in Debian's Chromium. Figures only: nothing here fails.
 *
 * 1. Per page, cold (empty cache) and warm (the same browser again): the bytes transferred as the
 *    browser's resource timing reports them (compressed, headers included; 0 for a cache hit), the
 *    JavaScript among them, FCP, LCP, CLS and total blocking time (long tasks after FCP until the page
 *    has been quiet for a second). /login signed out; /dashboard, /manage-patients and /pipeline as
 *    staff@northside.test.
 * 2. The login page: the JavaScript received before the form can be used (its e-mail field and Login
 *    button are on the page), and when that happens.
 * 3. The first navigation into each remote (a client-side link, as the sidebar does), from the click to
 *    the new page's heading.
 * 4. Lighthouse (desktop, no throttling) on /login: performance, accessibility and best practices.
 *
 * BENCH_WEB_SKIP_BUILD=1 uses the apps' dist folders as they are. CHROMIUM_PATH picks the browser
 * (default /usr/bin/chromium; Lighthouse is given the binary itself, /usr/lib/chromium/chromium, when
 * the default is Debian's wrapper script). Figures depend on the machine's load: run it on an idle one.
 */
// The functions given to page.evaluate and addInitScript run in the browser.
/* global document, MutationObserver, PopStateEvent, window, location */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const e2eRequire = createRequire(path.join(root, 'e2e/package.json'));
const { chromium } = e2eRequire('@playwright/test');
const PORT = Number(process.env.BENCH_PORT ?? 8095);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const STAFF = { email: 'staff@northside.test', password: 'Demo1234' };
const SUPER_ADMIN = { email: 'superadmin@baridesk.test', password: 'Demo1234' };

/** The budget of issue 13 (this 2-core machine, desktop, no throttling, idle). */
const BUDGET = { loginJsBytes: 170 * 1024, loginLcpMs: 1000, dashboardLcpMs: 1500, remoteNavMs: 300, lighthousePerformance: 0.95, lighthouseAccessibility: 1 };

const KB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value) => (value == null ? '—' : `${Math.round(value)} ms`);
const pad = (value, width) => String(value).padStart(width);

/**
 * Watches the page from its first byte: paints, layout shifts and long tasks, kept on `window.__bench`.
 * Registered before any script of the page runs (addInitScript).
 */
function installObservers() {
  const bench = { lcp: null, cls: 0, longTasks: [], usableAt: null };
  window.__bench = bench;
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      /* an entry type this browser does not report */
    }
  };
  observe('largest-contentful-paint', (entry) => {
    bench.lcp = entry.startTime;
  });
  observe('layout-shift', (entry) => {
    if (!entry.hadRecentInput) bench.cls += entry.value;
  });
  observe('longtask', (entry) => {
    bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
  });
  // The login form is usable once its e-mail field and its Login button exist.
  const check = () => {
    if (bench.usableAt !== null) return;
    const field = document.querySelector('input[type="email"], input[name="email"]');
    const button = [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Login');
    if (field && button) bench.usableAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
}

/** Reads the page's figures once it has settled. */
function readFigures() {
  const bench = window.__bench;
  const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
  const navigation = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const isScript = (entry) => entry.initiatorType === 'script' || /\.m?js(\?|$)/.test(entry.name);
  const sum = (entries) => entries.reduce((total, entry) => total + (entry.transferSize || 0), 0);
  const scripts = resources.filter(isScript);
  const tbt =
    fcp === null
      ? null
      : bench.longTasks.filter((task) => task.start >= fcp).reduce((total, task) => total + Math.max(0, task.duration - 50), 0);
  const usableAt = bench.usableAt;
  return {
    fcp,
    lcp: bench.lcp,
    cls: bench.cls,
    tbt,
    totalBytes: sum(resources) + (navigation?.transferSize ?? 0),
    jsBytes: sum(scripts),
    requests: resources.length + 1,
    usableAt,
    // Scripts received before the form could be used (the login page).
    jsBeforeUsable: usableAt === null ? null : sum(scripts.filter((entry) => entry.responseEnd <= usableAt)),
    scriptsBeforeUsable: usableAt === null ? null : scripts.filter((entry) => entry.responseEnd <= usableAt).length,
    scriptCount: scripts.length,
  };
}

/** Waits until no request has been in flight for `quietMs`. */
async function settle(page, quietMs = 1000) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(quietMs);
}

const heading = (page) => page.locator('main h1, [role="main"] h1, h1').first();

async function openPage(context, url) {
  const page = await context.newPage();
  await page.addInitScript(installObservers);
  await page.goto(`${BASE}${url}`);
  if (url === '/login') await page.getByLabel('Email').waitFor();
  else await heading(page).waitFor();
  await settle(page);
  const figures = await page.evaluate(readFigures);
  await page.close();
  return figures;
}

/** A browser context signed in as `account`, through the login screen. */
async function signedInContext(browser, account) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/(admin\/)?dashboard$/);
  await heading(page).waitFor();
  const state = await context.storageState();
  await context.close();
  return browser.newContext({ viewport: { width: 1440, height: 900 }, storageState: state });
}

/** Cold (a fresh context, so an empty cache) then warm (the same context again). */
async function measurePage(browser, url, makeContext) {
  const context = await makeContext();
  try {
    const cold = await openPage(context, url);
    const warm = await openPage(context, url);
    return { url, cold, warm };
  } finally {
    await context.close();
  }
}

/**
 * From a page of one remote, a client-side navigation to a page of another remote not loaded yet (the
 * router listens to popstate, as for the sidebar's links): the time until the new page's heading shows.
 */
async function remoteNavigation(page, toPath) {
  return page.evaluate(
    (target) =>
      new Promise((resolve, reject) => {
        const before = document.querySelector('h1')?.textContent ?? '';
        const started = performance.now();
        const arrived = () => location.pathname === target && [...document.querySelectorAll('h1')].some((h) => h.textContent && h.textContent !== before);
        const timer = setTimeout(() => reject(new Error(`${target} showed no new heading in 15 s`)), 15_000);
        new MutationObserver((_records, observer) => {
          if (!arrived()) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now() - started);
        }).observe(document.body, { childList: true, subtree: true, characterData: true });
        window.history.pushState({}, '', target);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }),
    toPath,
  );
}

async function measureRemoteNavigations(browser) {
  const rows = [];
  const run = async (account, start, hops) => {
    const context = await signedInContext(browser, account);
    const page = await context.newPage();
    await page.goto(`${BASE}${start}`);
    await heading(page).waitFor();
    await settle(page, 500);
    for (const [remote, target] of hops) {
      const before = await page.evaluate(() => performance.getEntriesByType('resource').length);
      const time = await remoteNavigation(page, target);
      await settle(page, 300);
      const bytes = await page.evaluate(
        (from) => performance.getEntriesByType('resource').slice(from).reduce((total, entry) => total + (entry.transferSize || 0), 0),
        before,
      );
      rows.push({ remote, from: start, to: target, time, bytes });
    }
    await context.close();
  };
  // Staff land on the dashboard (mf_reports); a super admin on the admin dashboard (mf_admin), so
  // mf_admin is measured from a page of mf_auth.
  await run(STAFF, '/dashboard', [
    ['mf_patients', '/manage-patients'],
    ['mf_messaging', '/message-templates'],
    ['mf_auth', '/change-password'],
  ]);
  await run({ email: 'subuser@northside.test', password: 'Demo1234' }, '/dashboard', [['mf_content', '/manage-menu']]);
  await run(SUPER_ADMIN, '/change-password', [['mf_admin', '/admin/dashboard']]);
  return rows;
}

/** Lighthouse's scores of /login, desktop, no throttling. */
async function lighthouseScores() {
  const lighthouseDir = path.dirname(e2eRequire.resolve('lighthouse/package.json'));
  const { default: lighthouse } = await import(pathToFileURL(path.join(lighthouseDir, 'core/index.js')).href);
  const { default: desktopConfig } = await import(pathToFileURL(path.join(lighthouseDir, 'core/config/desktop-config.js')).href);
  const chromeLauncher = createRequire(path.join(lighthouseDir, 'package.json'))('chrome-launcher');
  // Debian's /usr/bin/chromium is a shell script; chrome-launcher needs the binary it starts.
  const chromePath = process.env.CHROME_PATH ?? (CHROMIUM === '/usr/bin/chromium' && fs.existsSync('/usr/lib/chromium/chromium') ? '/usr/lib/chromium/chromium' : CHROMIUM);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const result = await lighthouse(
      `${BASE}/login`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
      { ...desktopConfig, settings: { ...desktopConfig.settings, throttlingMethod: 'provided', throttling: { ...desktopConfig.settings.throttling, cpuSlowdownMultiplier: 1 } } },
    );
    const { categories, audits, runtimeError } = result.lhr;
    return {
      error: runtimeError?.code ?? null,
      performance: categories.performance.score,
      accessibility: categories.accessibility.score,
      bestPractices: categories['best-practices'].score,
      fcp: audits['first-contentful-paint']?.numericValue,
      lcp: audits['largest-contentful-paint']?.numericValue,
      tbt: audits['total-blocking-time']?.numericValue,
      cls: audits['cumulative-layout-shift']?.numericValue,
    };
  } finally {
    await chrome.kill();
  }
}

async function waitForHealth(deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error('the gateway did not become healthy in time');
}

function printPages(rows) {
  console.log('\nPages (bytes as transferred; cold = empty cache, warm = the same browser again)');
  console.log(`  ${'page'.padEnd(18)} ${'cache'.padEnd(5)} ${pad('requests', 8)} ${pad('JS', 10)} ${pad('all', 10)} ${pad('FCP', 8)} ${pad('LCP', 8)} ${pad('CLS', 6)} ${pad('TBT', 7)}`);
  for (const { url, cold, warm } of rows) {
    for (const [label, f] of [['cold', cold], ['warm', warm]]) {
      console.log(
        `  ${url.padEnd(18)} ${label.padEnd(5)} ${pad(f.requests, 8)} ${pad(KB(f.jsBytes), 10)} ${pad(KB(f.totalBytes), 10)} ${pad(ms(f.fcp), 8)} ${pad(ms(f.lcp), 8)} ${pad(f.cls.toFixed(3), 6)} ${pad(ms(f.tbt), 7)}`,
      );
    }
  }
}

async function main() {
  if (process.env.BENCH_WEB_SKIP_BUILD !== '1') {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-web.mjs')], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'baridesk-bench-web-'));
  const server = spawn(path.join(root, 'packages/server/node_modules/.bin/tsx'), ['src/entry/gateway.ts'], {
    cwd: path.join(root, 'packages/server'),
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', PIPELINE_SWEEP: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let browser;
  try {
    await waitForHealth();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const guest = () => browser.newContext({ viewport: { width: 1440, height: 900 } });
    const staff = () => signedInContext(browser, STAFF);
    // One page load first, so the gateway's first answers (file handles, the database's first queries)
    // are not counted against the first page measured.
    await openPage(await guest(), '/login');

    const pages = [
      await measurePage(browser, '/login', guest),
      await measurePage(browser, '/dashboard', staff),
      await measurePage(browser, '/manage-patients', staff),
      await measurePage(browser, '/pipeline', staff),
    ];
    const navigations = await measureRemoteNavigations(browser);
    await browser.close();
    browser = undefined;
    const scores = await lighthouseScores();

    printPages(pages);
    const login = pages[0].cold;
    console.log('\nThe login page, cold');
    console.log(`  JavaScript received before the form is usable: ${KB(login.jsBeforeUsable ?? 0)} (${login.scriptsBeforeUsable} of ${login.scriptCount} scripts)`);
    console.log(`  form usable at ${ms(login.usableAt)}`);
    console.log('\nFirst navigation into each remote (client-side, to the new page\'s heading)');
    for (const row of navigations) console.log(`  ${row.remote.padEnd(13)} ${`${row.from} → ${row.to}`.padEnd(38)} ${pad(ms(row.time), 7)} ${pad(KB(row.bytes), 10)}`);
    console.log('\nLighthouse on /login (desktop, no throttling)');
    if (scores.error) console.log(`  runtime error: ${scores.error}`);
    console.log(`  performance ${scores.performance}  accessibility ${scores.accessibility}  best practices ${scores.bestPractices}`);
    console.log(`  FCP ${ms(scores.fcp)}  LCP ${ms(scores.lcp)}  TBT ${ms(scores.tbt)}  CLS ${scores.cls?.toFixed(3)}`);

    const dashboard = pages[1].cold;
    const slowest = navigations.reduce((worst, row) => (row.time > worst.time ? row : worst), navigations[0]);
    const verdict = (ok) => (ok ? 'PASS' : 'MISS');
    console.log('\nBudget (figures only; nothing fails)');
    console.log(`  ${verdict(login.jsBeforeUsable <= BUDGET.loginJsBytes)}  /login JavaScript before the form is usable ${KB(login.jsBeforeUsable ?? 0)} (≤ ${KB(BUDGET.loginJsBytes)})`);
    console.log(`  ${verdict(login.lcp !== null && login.lcp < BUDGET.loginLcpMs)}  /login LCP ${ms(login.lcp)} (< ${BUDGET.loginLcpMs} ms)`);
    console.log(`  ${verdict(dashboard.lcp !== null && dashboard.lcp < BUDGET.dashboardLcpMs)}  /dashboard LCP ${ms(dashboard.lcp)} (< ${BUDGET.dashboardLcpMs} ms)`);
    console.log(`  ${verdict(slowest.time < BUDGET.remoteNavMs)}  slowest first navigation into a remote: ${slowest.remote} ${ms(slowest.time)} (< ${BUDGET.remoteNavMs} ms)`);
    console.log(`  ${verdict(scores.performance >= BUDGET.lighthousePerformance)}  Lighthouse performance ${scores.performance} (≥ ${BUDGET.lighthousePerformance})`);
    console.log(`  ${verdict(scores.accessibility >= BUDGET.lighthouseAccessibility)}  Lighthouse accessibility ${scores.accessibility} (= ${BUDGET.lighthouseAccessibility})`);
    console.log(`\n  load average while measuring: ${os.loadavg().map((value) => value.toFixed(2)).join(' ')} (${os.cpus().length} cores)`);
  } finally {
    await browser?.close();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
