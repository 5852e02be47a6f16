import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8090);
/**
 * The folder the e2e server's SMTP server writes each e-mail to (scripts/e2e-server.mjs, which empties
 * it at start). Set in the environment here so the web server and the test workers (tests/mail.ts)
 * agree on it; a server started by hand for E2E_REUSE_SERVER=1 uses the same default.
 */
const MAIL_DIR = (process.env.E2E_MAIL_DIR ||= path.join(os.tmpdir(), `baridesk-e2e-mail-${PORT}`));
const desktopChrome = { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } };
/** Tests tagged with it change data for good that other tests read (see e2e/README.md). */
const RUNS_LAST = /@accepts-terms/;

/**
 * The suites run against the production build served by the real gateway on a freshly seeded
 * database (a new temporary DATA_DIR each run), in Debian's Chromium.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  // A test that fails and then passes is listed as flaky: the run stays green, the list says which.
  retries: 1,
  // Budgets against hangs, not speed checks: set for a loaded 2-core machine (CI runs the screens' jest
  // stage beside this one), where a long flow's steps take twice as long as on an idle one. A test's own
  // test.setTimeout is the same kind of guard.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A failed test is run once more with a trace (the retry's trace is kept). Tracing every test cost
    // about a fifth of the suite's time (sign-in and sidebar: 116 s with, 95 s without; docs/testing.md).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: desktopChrome, grepInvert: RUNS_LAST },
    // The tests whose change cannot be undone (accepting the terms) run after every other test: with one
    // worker, projects run in the order listed. Not a dependency, which would run all of 'chromium'
    // even when a single file is asked for.
    { name: 'last', use: desktopChrome, grep: RUNS_LAST },
  ],
  webServer: {
    command: `node ../scripts/e2e-server.mjs ${PORT}`,
    env: { E2E_MAIL_DIR: MAIL_DIR },
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 300_000,
    // Each run gets a fresh database. E2E_REUSE_SERVER=1 uses a gateway already started on the port
    // (`node ../scripts/e2e-server.mjs 8090`) while working on a suite; tests that change data for
    // good then skip the parts an earlier run already did.
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
