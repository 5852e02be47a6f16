import { test as base, expect, type APIRequest, type APIRequestContext, type BrowserContextOptions, type Page } from '@playwright/test';

export { expect };

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

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * `test` with an `account` option: a test file (or describe block) that sets it starts each test
 * already signed in as that account, from a session signed in once through the login screen and
 * reused for the rest of the worker (checked with the server before each reuse).
 */
export const test = base.extend<{ account: string | null }, { sessions: Map<string, StorageState> }>({
  account: [null, { option: true }],
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
