import type { APIRequestContext, Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { ACCOUNTS, PASSWORD, bearer, expect, test } from './support';

/**
 * The second sign-in factor in the browser, with codes computed here as an authenticator app would
 * (otplib, the server's own library): a staff member turns it on from the account menu, signs out and
 * back in with a code, and turns it off again; a program that requires it has its staff set it up at
 * sign-in. Each test leaves its account as it found it (factor off, program not requiring it), since
 * the other suites sign in with the password alone.
 */

test.describe.configure({ timeout: 150_000 });

const PERIOD_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An authenticator for one account: each code is of a time step never used before (the server accepts a
 * step once, RFC 6238 §5.2) and at most one step ahead of the clock (the server's window), waiting for
 * the clock when the next unused step is further off.
 */
function authenticator(secret: string) {
  let lastStep = 0;
  return {
    secret,
    async nextCode(): Promise<string> {
      let now = Math.floor(Date.now() / PERIOD_MS);
      while (lastStep + 1 > now + 1) {
        await sleep((now + 1) * PERIOD_MS - Date.now() + 50);
        now = Math.floor(Date.now() / PERIOD_MS);
      }
      const step = Math.max(now, lastStep + 1);
      lastStep = step;
      return generateSync({ secret, epoch: (step * PERIOD_MS) / 1000 });
    },
  };
}
type Authenticator = ReturnType<typeof authenticator>;

async function enterPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The setup key as the page shows it (grouped by fours), as one would type it into an app. */
async function readSetupKey(page: Page): Promise<string> {
  const key = page.getByTestId('mfa-setup-key');
  await expect(key).toBeVisible();
  return (await key.innerText()).replace(/\s+/g, '');
}

/** The recovery codes shown once; the user says they are saved and goes on. */
async function saveRecoveryCodes(page: Page, doneLabel: string): Promise<string[]> {
  const region = page.getByRole('region', { name: 'Save your recovery codes' });
  await expect(region).toBeVisible();
  const codes = await region.getByRole('listitem').allInnerTexts();
  expect(codes).toHaveLength(10);
  const done = region.getByRole('button', { name: doneLabel });
  await expect(done).toBeDisabled();
  await region.getByText('I have saved my recovery codes').click();
  await done.click();
  return codes;
}

async function openAccountMenuItem(page: Page, item: string) {
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The page fits a phone's width: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Signs in through the API, passing the code step with the authenticator; null when the password is refused. */
async function apiSignIn(request: APIRequestContext, email: string, app: Authenticator | null): Promise<string | null> {
  const res = await request.post('/api/login', { data: { email, password: PASSWORD } });
  if (!res.ok()) return null;
  const { data } = (await res.json()) as { data: { token?: string; mfaStep?: string; challenge?: string } };
  if (data.token) return data.token;
  if (data.mfaStep !== 'code' || !app) return null;
  const passed = await request.post('/api/mfa/challenge', { data: { challenge: data.challenge, code: await app.nextCode() } });
  return passed.ok() ? ((await passed.json()) as { data: { token: string } }).data.token : null;
}

/** Clean-up: the account's factor off, whatever state a failed attempt left it in. */
async function turnOff(request: APIRequestContext, email: string, app: Authenticator | null) {
  if (!app) return;
  const token = await apiSignIn(request, email, app);
  if (!token) return;
  const status = (await (await request.get('/api/mfa', { headers: bearer(token) })).json()) as { data: { enabled: boolean } };
  if (status.data.enabled) {
    const off = await request.post('/api/mfa/disable', { headers: bearer(token), data: { password: PASSWORD, code: await app.nextCode() } });
    expect(off.ok(), 'the second factor is turned off again').toBe(true);
  }
  await request.post('/api/logout', { headers: bearer(token) });
}

test.describe('a staff member turns it on', () => {
  const email = ACCOUNTS.limited;
  let app: Authenticator | null = null;
  test.afterEach(async ({ request }) => {
    await turnOff(request, email, app);
  });

  test('from the account menu, then signs in with a code, and turns it off again', async ({ page }) => {
    await enterPassword(page, email);
    await expect(page).not.toHaveURL(/\/login$/);
    await openAccountMenuItem(page, 'Two-Factor Authentication');
    await expect(page).toHaveURL(/\/two-factor-authentication$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeVisible();
    await expect(page.getByText('Off', { exact: true })).toBeVisible();

    await page.getByRole('region', { name: 'Set up an authenticator app' }).getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set Up Authenticator App' }).click();
    await expect(page.getByRole('img', { name: /QR code to scan/ })).toBeVisible();
    app = authenticator(await readSetupKey(page));
    await page.getByLabel(/^Authentication code/).fill(await app.nextCode());
    await page.getByRole('button', { name: 'Verify and Turn On' }).click();
    const codes = await saveRecoveryCodes(page, 'Done');
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await expect(page.getByText('On', { exact: true })).toBeVisible();
    await expect(page.getByText('10 recovery codes are left.', { exact: false })).toBeVisible();

    await openAccountMenuItem(page, 'Logout');
    await expect(page).toHaveURL(/\/login$/);

    // The password alone no longer signs in: the code step follows it.
    await enterPassword(page, email);
    await expect(page).toHaveURL(/\/two-factor$/);
    const code = page.getByLabel(/^Authentication code/);
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(/This code is not right/)).toBeVisible();
    await code.fill(await app.nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).not.toHaveURL(/\/(login|two-factor)$/);
    await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();

    // Turned off with the password and a code: the password alone signs in again.
    await page.goto('/two-factor-authentication');
    const off = page.getByRole('region', { name: 'Turn off two-factor authentication' });
    await off.getByLabel(/^Password/).fill(PASSWORD);
    await off.getByLabel(/^Authentication code/).fill(await app.nextCode());
    await off.getByRole('button', { name: 'Turn Off' }).click();
    await expect(page.getByText('Off', { exact: true })).toBeVisible();
    app = null;
  });
});

test.describe('a program that requires it', () => {
  // Program 302's own account: no other suite signs in with it but to check a wrong password.
  const email = ACCOUNTS.program302;
  const programId = 302;
  let app: Authenticator | null = null;

  async function setRequirement(request: APIRequestContext, required: 0 | 1) {
    const token = await apiSignIn(request, ACCOUNTS.superAdmin, null);
    expect(token, 'the super admin signs in').toBeTruthy();
    const headers = bearer(token!);
    const record = (await (await request.get(`/api/admin/baritastic-program/${programId}`, { headers })).json()) as { data: Record<string, unknown> };
    const saved = await request.post(`/api/admin/baritastic-program/update/${programId}`, { headers, data: { ...record.data, mfa_required: required } });
    expect(saved.ok(), `the program's requirement is set to ${required}: ${await saved.text()}`).toBe(true);
    await request.post('/api/logout', { headers });
  }

  test.afterEach(async ({ request }) => {
    await setRequirement(request, 0);
    await turnOff(request, email, app);
  });

  test('has its staff set up an authenticator at sign-in, on a phone too', async ({ page, request }) => {
    await setRequirement(request, 1);
    await page.setViewportSize({ width: 390, height: 844 });
    await enterPassword(page, email);
    await expect(page).toHaveURL(/\/two-factor-setup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Set Up Two-Factor Authentication' })).toBeVisible();
    app = authenticator(await readSetupKey(page));
    await expect(page.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute('href', /^otpauth:\/\/totp\//);
    await expectNoSidewaysScroll(page);

    await page.getByLabel(/^Authentication code/).fill(await app.nextCode());
    await page.getByRole('button', { name: 'Verify and Continue' }).click();
    await saveRecoveryCodes(page, 'Continue');
    await expect(page).not.toHaveURL(/\/(login|two-factor-setup)$/);
    await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();

    // While required, it cannot be turned off.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/two-factor-authentication');
    await expect(page.getByText('It is required for your account and cannot be turned off.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Turn off two-factor authentication' })).toHaveCount(0);
  });
});
