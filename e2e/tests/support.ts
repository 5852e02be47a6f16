import { test as base, expect, type APIRequest, type APIRequestContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { describeFindings, watchA11y, type A11yWatch } from './a11y';

export { expect };
export { expectNoSeriousA11y } from './a11y';

export const PASSWORD = 'Demo1234';

/** The demo accounts seeded on an empty database (README.md). */
export const ACCOUNTS = {
  superAdmin: 'superadmin@baridesk.test',
  admin2: 'admin2@baridesk.test',
  subUser: 'subuser@northside.test',
  staff: 'staff@northside.test',
  limited: 'limited@northside.test',
  selfService: 'selfservice@northside.test',
  newStaff: 'newstaff@northside.test',
  lakeview: 'subuser@lakeview.test',
  program302: 'subuser@program302.test',
} as const;

/** Signs in through the login screen, as a person would. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** A run-unique suffix, so data created by one attempt never collides with a retry's. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

/** The session token the shell keeps in browser storage (packages/store, key "baridesk"). */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('baridesk');
    if (!raw) return null;
    return (JSON.parse(raw) as { state?: { token?: string | null } }).state?.token ?? null;
  });
  if (!token) throw new Error('The page holds no session token.');
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** GET an API path with the page's own session, as the app would. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path, { headers: bearer(await tokenOf(page)) });
  expect(response.ok(), `GET ${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** Signs in through the API (for checks and clean-ups outside the page); null when refused. */
export async function apiToken(request: APIRequestContext, email: string, password = PASSWORD): Promise<string | null> {
  const response = await request.post('/api/login', { data: { email, password } });
  if (!response.ok()) return null;
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Deletes from a list row as a person does: its "More actions" menu (⋯), then "Delete…" (which asks first). */
export async function chooseRowDelete(page: Page, name: string) {
  await page.getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
}

/** A store call through the API with the page's session (records a test needs but is not about adding); the new record's id. */
export async function storeWithApi(page: Page, url: string, data: Record<string, unknown>): Promise<number> {
  const response = await page.request.post(url, { headers: bearer(await tokenOf(page)), data });
  expect(response.ok(), `POST ${url} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** The content screens' "Preview as patient" panel. */
export const patientPreview = (page: Page) => page.getByRole('complementary', { name: 'Preview as patient' });

/** A photo-sized PNG drawn by the page's own canvas (no image file in the repository): a colour field with a lighter square. */
export async function drawnPng(page: Page, width = 640, height = 360): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#2b6cb0';
      context.fillRect(0, 0, w, h);
      context.fillStyle = '#f6e05e';
      context.fillRect(w / 4, h / 4, w / 2, h / 2);
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** Chooses a drawn PNG in the image upload field named `label`, as a person does with the file chooser, and waits for its upload. */
export async function chooseImage(page: Page, label: string, fileName = 'photo.png', size: { width: number; height: number } = { width: 640, height: 360 }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: `Choose image for ${label.toLowerCase()}` }).click();
  await (await chooser).setFiles({ name: fileName, mimeType: 'image/png', buffer: await drawnPng(page, size.width, size.height) });
  await expect(page.getByText(`${fileName} uploaded.`)).toBeAttached();
}

/** The staff or admin sidebar. */
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/**
 * Opens a closed sidebar group ("Content", "Templates"…), leaving an open one as it is. The group of the
 * current page opens by itself once the menu has loaded, which can happen between reading the state and
 * the click (the click then closes it): so check again, and click again if needed.
 */
export async function openGroup(page: Page, label: string) {
  const group = mainMenu(page).getByRole('button', { name: label, exact: true });
  await expect(async () => {
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

/** Opens every closed group of the sidebar, so each link the user may follow is in the page's accessibility tree. */
export async function openAllGroups(page: Page) {
  const closed = mainMenu(page).locator('button[aria-expanded="false"]');
  await expect(mainMenu(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  for (let left = await closed.count(); left > 0; left = await closed.count()) await closed.first().click();
}

/** The test's `a11y` fixture: `watch` a page of the test's own making too. */
export type A11yWatcher = { watch: (page: Page) => Promise<void> };

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * `test` with an `account` option: a test file (or describe block) that sets it starts each test
 * already signed in as that account, from a session signed in once through the login screen and
 * reused for the rest of the worker (checked with the server before each reuse).
 */
export const test = base.extend<
  { account: string | null; a11y: A11yWatcher },
  { sessions: Map<string, StorageState>; a11ySeen: Set<string> }
>({
  account: [null, { option: true }],
  /**
   * axe on every screen and dialog the test's pages show (a11y.ts): the test's `page` always, another page
   * once passed to `a11y.watch` (its own context's, say). A serious or critical finding fails the test as it ends, with every
   * finding named by rule, target and screen. `a11ySeen` spares a second check of a screen the worker has
   * already checked (whichever account: the screens differ little between them).
   */
  a11ySeen: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      await use(new Set());
    },
    { scope: 'worker' },
  ],
  a11y: [
    async ({ page, baseURL, a11ySeen }, use, testInfo) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const watches: A11yWatch[] = [];
      const watch = async (watched: Page) => {
        watches.push(await watchA11y(watched, origin, a11ySeen));
      };
      await watch(page);
      await use({ watch });
      // A test that failed already is not checked further: its page may be anywhere.
      if (testInfo.status !== testInfo.expectedStatus) return;
      for (const watched of watches) await watched.checkPending();
      // In the report: which screens this test had checked.
      for (const screen of watches.flatMap((watched) => watched.checked)) testInfo.annotations.push({ type: 'axe', description: screen });
      const findings = watches.flatMap((watched) => watched.findings);
      expect(findings, `Serious or critical accessibility findings:\n${describeFindings(findings)}`).toEqual([]);
    },
    { auto: true },
  ],
  sessions: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, use) => {
      await use(new Map());
    },
    { scope: 'worker' },
  ],
  storageState: async ({ account, sessions, browser, baseURL, storageState, playwright }, use) => {
    if (!account) {
      await use(storageState);
      return;
    }
    let state = sessions.get(account);
    if (state && !(await stillValid(state, playwright.request, baseURL))) state = undefined;
    if (!state) {
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await signIn(page, account);
      // The token is stored as the sign-in answers; landing home means the whole hand-off is done.
      await expect(page).toHaveURL(/\/(admin\/)?dashboard$/);
      state = await context.storageState();
      await context.close();
      sessions.set(account, state);
    }
    await use(state);
  },
});

/** A saved session is reused only while the server still accepts its token (a test may have logged it out). */
async function stillValid(state: StorageState, api: APIRequest, baseURL: string | undefined): Promise<boolean> {
  const stored = state.origins.flatMap((origin) => origin.localStorage).find((item) => item.name === 'baridesk')?.value;
  const token = stored ? (JSON.parse(stored) as { state?: { token?: string | null } }).state?.token : null;
  if (!token) return false;
  const request = await api.newContext({ baseURL });
  try {
    return (await request.get('/api/token/validate', { headers: bearer(token) })).ok();
  } finally {
    await request.dispose();
  }
}
