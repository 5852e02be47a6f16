import type { Page } from '@playwright/test';
import { linkTo, waitForMail } from './mail';
import { ACCOUNTS, apiGet, apiToken, bearer, expect, signIn, test } from './support';

const WARNING = 'You’ll be automatically logged out in 5 minutes due to inactivity.';
const TERMS_BOX = 'I have read and accepted the terms and conditions';
const minutes = (n: number) => n * 60_000;

test.describe('inactivity', () => {
  test('warns at 85 idle minutes, Stay Logged In keeps the session, and 90 idle minutes end it', async ({ page }) => {
    await page.clock.install();
    await signIn(page, ACCOUNTS.staff);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // Idle time is read from the clock: runFor moves it on and runs the page's timers on the way.
    await page.clock.runFor(minutes(84));
    const warning = page.getByRole('alertdialog', { name: 'Session timeout' });
    await expect(warning).toBeHidden();
    await page.clock.runFor(minutes(1));
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(WARNING);

    await warning.getByRole('button', { name: 'Stay Logged In' }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A whole new count: nothing at the old 90 minutes, the warning again at 85, the end at 90.
    await page.clock.runFor(minutes(84));
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.clock.runFor(minutes(1));
    await expect(warning).toBeVisible();
    await page.clock.runFor(minutes(5));
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(warning).toBeHidden();
  });
});

/**
 * A self-service practice of its own, registered and confirmed through the API and the captured e-mail:
 * accepting the terms is for good, so the test that accepts them must not use a shared account.
 */
async function newPractice(page: Page): Promise<{ email: string; password: string }> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const email = `terms-${tag}@clinic.example`;
  const password = 'Clinic2468';
  const asked = Date.now();
  const registered = await page.request.post('/api/register', {
    data: { practice_name: `Terms Clinic ${tag}`, owner_name: 'Avery Stone', email, phone: '(206) 555-0143', password, password_confirmation: password },
  });
  expect(registered.status()).toBe(201);
  const link = new URL(linkTo(await waitForMail(email, { after: asked }), '/confirm-email'));
  const confirmed = await page.request.post('/api/register/confirm', {
    data: { token: link.searchParams.get('token'), id: Number(link.searchParams.get('id')) },
  });
  expect(confirmed.status()).toBe(200);
  return { email, password };
}

/** The terms dialog, after signing in as a self-service account that has not accepted them. */
async function termsDialog(page: Page, account: { email: string; password?: string } = { email: ACCOUNTS.selfService }) {
  await signIn(page, account.email, account.password);
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Reads the agreement to its end the way a keyboard user would. */
async function readToEnd(page: Page) {
  await page.getByRole('region', { name: 'Terms and conditions text' }).focus();
  await page.keyboard.press('End');
}

test.describe('terms and conditions', () => {
  test('Accept needs the text read to its end and the box ticked; Decline logs out', async ({ page }) => {
    const dialog = await termsDialog(page);
    const accept = dialog.getByRole('button', { name: 'Accept' });
    const box = dialog.getByRole('checkbox', { name: TERMS_BOX });
    await expect(accept).toBeDisabled();
    await expect(box).toBeDisabled();
    await expect(dialog.getByText('Scroll to the end of the agreement to accept it.')).toBeVisible();

    await readToEnd(page);
    await expect(box).toBeEnabled();
    await expect(accept).toBeDisabled();
    // The styled box covers the input: a person clicks the label.
    await dialog.getByText(TERMS_BOX).click();
    await expect(box).toBeChecked();
    await expect(accept).toBeEnabled();
    await dialog.getByText(TERMS_BOX).click();
    await expect(box).not.toBeChecked();
    await expect(accept).toBeDisabled();

    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(dialog).toBeHidden();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  // Tagged to run after every other test of the run (playwright.config.ts): acceptance is for good.
  test('Accept records the acceptance and the terms are not asked again', { tag: '@accepts-terms' }, async ({ page }) => {
    const dialog = await termsDialog(page, await newPractice(page));
    await readToEnd(page);
    await dialog.getByText(TERMS_BOX).click();
    await expect(dialog.getByRole('checkbox', { name: TERMS_BOX })).toBeChecked();
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Terms And Conditions Accepted.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const user = await apiGet<{ data: { terms_and_conditions_check: number } }>(page, '/api/user');
    expect(user.data.terms_and_conditions_check).toBe(1);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toBeHidden();
  });
});

test.describe('popup message', () => {
  test('a sub user sees the program’s popup once, with OK', async ({ page }) => {
    const message = "Welcome to BariDesk! Your program's new reporting dashboard is live.";
    const token = await apiToken(page.request, ACCOUNTS.lakeview);
    const seen = await page.request.get('/api/user', { headers: bearer(token ?? '') });
    const pending = ((await seen.json()) as { data: { popup_status: number } }).data.popup_status === 1;
    await page.request.post('/api/logout', { headers: bearer(token ?? '') });

    await signIn(page, ACCOUNTS.lakeview);
    await expect(page).toHaveURL(/\/dashboard$/);
    const popup = page.getByRole('dialog', { name: 'Message' });
    const notice = page.getByRole('dialog', { name: 'No events yet' });
    // A retry finds it already seen by the first attempt: only "not again" is left to check.
    if (pending) {
      await expect(popup).toBeVisible();
      await expect(popup).toContainText(message);
      await popup.getByRole('button', { name: 'OK' }).click();
      await expect(popup).toBeHidden();
      // One notice per sign-in: Lakeview has no events, but that notice does not follow the popup.
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(notice).toHaveCount(0);
    } else {
      await dismissNoEventsNotice(page);
    }

    await page.getByRole('button', { name: /^Account: / }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, ACCOUNTS.lakeview);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The notice the popup kept away comes now; once shown, not again in this browser session.
    if (pending) await dismissNoEventsNotice(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(popup).toBeHidden();
    await expect(notice).toHaveCount(0);
  });
});

/** Lakeview has no events: the no-events notice, shown once per browser session and never right after another modal. */
async function dismissNoEventsNotice(page: Page) {
  const notice = page.getByRole('dialog', { name: 'No events yet' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Not now' }).click();
  await expect(notice).toBeHidden();
}
