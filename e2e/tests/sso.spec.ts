import type { Page } from '@playwright/test';
import { apiGet, expect, test } from './support';

/**
 * Single sign-on, the whole round trip in the browser: /sso → the identity provider's sign-in page →
 * back to BariDesk, signed in. The gateway mounts its demonstration OpenID provider under /demo-idp as
 * the provider of the demo program Lakeview (lakeview.test) when it starts on the demo data, as the e2e
 * server does (packages/server/src/plugins/app/demo-idp.ts).
 */

const IDP_PASSWORD = 'Demo1234';

/** From the login screen to the provider's sign-in page, for this address. */
async function startSso(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with SSO' }).click();
  await expect(page).toHaveURL(/\/sso$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in with single sign-on' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/demo-idp\/interaction\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Demonstration identity provider.')).toBeVisible();
  // The address typed in BariDesk arrives as the login hint.
  await expect(page.getByLabel('Email')).toHaveValue(email);
}

async function signInAtProvider(page: Page, password: string) {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('signs the Lakeview program account in through its identity provider and back', async ({ page }) => {
  const email = 'subuser@lakeview.test';
  await startSso(page, email);

  // A wrong password stays at the provider.
  await signInAtProvider(page, 'Wrong1234');
  await expect(page.getByRole('alert')).toHaveText('That e-mail address and password are not a demonstration account.');
  await expect(page).toHaveURL(/\/demo-idp\/interaction\//);

  await signInAtProvider(page, IDP_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const user = await apiGet<{ data: { id: number; email: string } }>(page, '/api/user');
  expect(user.data).toMatchObject({ id: 102, email });

  // Lakeview's sign-in modals, one at a time: the program's popup (until seen), then the no-events notice.
  const popup = page.getByRole('dialog', { name: 'Message' });
  const noEvents = page.getByRole('dialog', { name: 'No events yet' });
  await expect(popup.or(noEvents)).toBeVisible();
  if (await popup.isVisible()) {
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
  }
  await noEvents.getByRole('button', { name: 'Not now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();
});

test('an identity whose address the provider has not verified is refused, back on /sso', async ({ page }) => {
  await startSso(page, 'unverified@lakeview.test');
  await signInAtProvider(page, IDP_PASSWORD);
  await expect(page).toHaveURL(/\/sso\?error=unverified$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Your identity provider has not verified your email address, so it cannot be used to sign in.',
  );
  // Nobody is signed in; the form is there to try again.
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
