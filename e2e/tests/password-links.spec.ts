import type { APIRequestContext, Browser, BrowserContextOptions, Page } from '@playwright/test';
import { devices } from '@playwright/test';
import { allMail, linkTo, waitForMail } from './mail';
import { ACCOUNTS, PASSWORD, apiToken, bearer, expect, signIn, test, type A11yWatcher } from './support';

/**
 * The e-mailed password links, end to end: the message is read from the SMTP server the e2e server
 * runs (tests/mail.ts), and its link opened as the person who received it would.
 */

const INVALID_LINK = 'This link has expired or has already been used. Please ask for a new one.';
const RESET_EMAIL_SENT = /^If this address belongs to an account, we have sent it a link to reset the password\./;

/** A notice of the app (a toast, named by its title) with this message. */
const notice = (page: Page, title: string, message: string | RegExp) =>
  page.getByRole('status', { name: title }).or(page.getByRole('alert', { name: title })).filter({ hasText: message });

/** A message the screen itself shows (not a notice). */
const onScreen = (page: Page, role: 'status' | 'alert', text: string | RegExp) => page.getByRole('main').getByRole(role).filter({ hasText: text });

const passwordInput = (page: Page) => page.getByRole('textbox', { name: /^Password/ });
const confirmationInput = (page: Page) => page.getByRole('textbox', { name: /^Confirm Password/ });

/** Asks for a link on the forgot-password screen; the answer is the same for any address. */
async function askForResetLink(page: Page, email: string) {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Password Reset Link' }).click();
  await expect(onScreen(page, 'status', RESET_EMAIL_SENT)).toBeVisible();
}

/** The link's page, once the link has verified: the form open, for the address the link was sent to. */
async function expectUsableLink(page: Page, email: string, submit: string) {
  await expect(page.getByText(`For ${email}`)).toBeVisible();
  await expect(page.getByRole('button', { name: submit })).toBeEnabled();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
}

/** The link's page for a link that cannot be used: the notice, the message on the page, the button off. */
async function expectRefusedLink(page: Page, submit: string) {
  await expect(notice(page, 'Error', INVALID_LINK)).toBeVisible();
  await expect(onScreen(page, 'alert', 'This link cannot be used')).toContainText(INVALID_LINK);
  await expect(page.getByRole('button', { name: submit })).toBeDisabled();
  await expect(page.getByText(/^For /)).toHaveCount(0);
  // Typing does not wake it up.
  await passwordInput(page).fill('Another2468');
  await confirmationInput(page).fill('Another2468');
  await expect(page.getByRole('button', { name: submit })).toBeDisabled();
}

async function choosePassword(page: Page, password: string, submit: string) {
  await passwordInput(page).fill(password);
  await confirmationInput(page).fill(password);
  await page.getByRole('button', { name: submit }).click();
}

type Patient = { id: number; name: string; email: string };

/** The subjects of the e-mails that carry or follow a password link (set, reset, changed, an invitation). */
const PASSWORD_MAIL = /password|invited/i;

/**
 * A Northside patient with an e-mail address whom this server has never e-mailed: untouched since the
 * seed (no password, no link), whichever tests, attempts or earlier runs on a reused server came before.
 */
async function untouchedPatient(request: APIRequestContext): Promise<Patient> {
  const token = await apiToken(request, ACCOUNTS.staff);
  expect(token, 'staff@northside.test signs in').not.toBeNull();
  // Active patients only: a switched-off one is sent no link (and an earlier spec may have switched one off).
  const response = await request.get('/api/patients?perPage=100&sort=name&direction=asc&status=1', { headers: bearer(token ?? '') });
  expect(response.ok()).toBe(true);
  await request.post('/api/logout', { headers: bearer(token ?? '') });
  const rows = ((await response.json()) as { data: { data: { id: number; name: string; email: string | null }[] } }).data.data;
  // Other specs' messages (an event's reminders, e-mailed to every patient it is for) do not count: only
  // a password or invitation e-mail would make the patient's state differ from the seed's.
  const mailed = new Set((await allMail()).filter((mail) => PASSWORD_MAIL.test(mail.subject)).flatMap((mail) => mail.to));
  const patient = rows.find((row): row is Patient => Boolean(row.email) && !mailed.has(row.email!.toLowerCase()));
  if (!patient) throw new Error('Every Northside patient on the first page has been e-mailed already.');
  return patient;
}

/** A browser of the link's recipient, signed out (the reset page is for signed-out visitors), checked by axe. */
async function recipientPage(browser: Browser, baseURL: string | undefined, a11y: A11yWatcher, options: BrowserContextOptions = {}) {
  // Contexts made in a test start from the test's options: this one must not carry the staff's session.
  const context = await browser.newContext({ baseURL, ...options, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await a11y.watch(page);
  // The app stores are on the internet: answered here, so the redirect can be watched offline.
  await page.route(/^https:\/\/(apps\.apple\.com|play\.google\.com)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>App store</title><h1>BariDesk in the store</h1>' }),
  );
  return page;
}

test.describe('forgot password (staff)', () => {
  // A program account no other test signs in with; its password is put back at the end.
  const email = ACCOUNTS.program302;
  const newPassword = 'Harbor2468';

  /** Back to the demo password, if a test (or an attempt that failed half-way) changed it. */
  async function putPasswordBack(request: APIRequestContext) {
    const token = await apiToken(request, email, newPassword);
    if (!token) return;
    const changed = await request.post('/api/change-password', {
      headers: bearer(token),
      data: { current_password: newPassword, password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(changed.ok(), 'the demo password is put back').toBe(true);
    await request.post('/api/logout', { headers: bearer(token) });
  }

  test.beforeEach(async ({ request }) => {
    const token = await apiToken(request, email);
    if (token) await request.post('/api/logout', { headers: bearer(token) });
    else await putPasswordBack(request);
  });
  test.afterEach(async ({ request }) => {
    await putPasswordBack(request);
  });

  test('the e-mailed link resets the password: the new one signs in, the old one no longer', async ({ page }) => {
    const since = Date.now();
    await askForResetLink(page, email);

    const mail = await waitForMail(email, { after: since, subject: PASSWORD_MAIL });
    expect(mail.subject).toBe('Reset your BariDesk password');
    expect(mail.text).toContain('We received a request to reset the password of your BariDesk account.');
    const link = linkTo(mail, '/reset-password');
    // Points at this installation (PUBLIC_URL), with only the token: a program account's reset.
    expect(new URL(link).origin).toBe(new URL(page.url()).origin);
    expect([...new URL(link).searchParams.keys()]).toEqual(['token']);

    // Slow the check down a little, to see the form wait for it.
    await page.route('**/api/verify-token', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'RESET PASSWORD' })).toBeVisible();
    await expect(page.getByText('Create a password for your BariDesk account.')).toBeVisible();
    await expect(onScreen(page, 'status', 'Checking your link…')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
    await expectUsableLink(page, email, 'Reset Password');

    await choosePassword(page, newPassword, 'Reset Password');
    await expect(notice(page, 'Success', 'Your password has been updated.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    // The old password is refused, the new one signs in.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(onScreen(page, 'alert', /./)).toHaveText('These credentials do not match our records.');
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    // The link is spent.
    await page.getByRole('button', { name: /^Account: / }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(link);
    await expectRefusedLink(page, 'Reset Password');
  });
});

test.describe('a patient’s app password', () => {
  test.describe('sent from the staff screen', () => {
    test.use({ account: ACCOUNTS.staff });

    test('Reset Patient Password e-mails a set-password link; the patient sets it and is sent to the app store after 10 s', async ({
      page,
      browser,
      baseURL,
      a11y,
    }) => {
      const patient = await untouchedPatient(page.request);

      await page.goto('/reset-patient-password');
      await expect(page.getByRole('heading', { level: 1, name: 'Reset Patient Password' })).toBeVisible();
      await page.getByLabel('Search patients').fill(patient.email);
      const row = page.getByRole('row').filter({ hasText: patient.email });
      await expect(row).toHaveCount(1);
      const since = Date.now();
      await row.getByRole('button', { name: `Send Link to ${patient.name}` }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Send set-password email' });
      await expect(confirm).toContainText(`Send ${patient.name} (${patient.email}) an email with a link to set the password`);
      await confirm.getByRole('button', { name: 'Send Email' }).click();
      const sent = 'We have sent the patient an e-mail with a link to set the password for the app.';
      await expect(onScreen(page, 'status', `Email sent to ${patient.name}`)).toContainText(sent);

      const mail = await waitForMail(patient.email, { after: since, subject: PASSWORD_MAIL });
      expect(mail.subject).toMatch(/^Set your password for the .+ app$/);
      const link = linkTo(mail, '/reset-password');
      expect(Object.fromEntries(new URL(link).searchParams)).toEqual({
        token: expect.any(String),
        id: String(patient.id),
        email: patient.email,
        new_patient: '1',
      });

      // The patient, on an iPhone. The clock is installed before the page loads, to run its timer.
      const phone = await recipientPage(browser, baseURL, a11y, { userAgent: devices['iPhone 13'].userAgent, viewport: devices['iPhone 13'].viewport });
      try {
        await phone.clock.install();
        await phone.goto(link);
        await expect(phone.getByRole('heading', { level: 1, name: 'SET PASSWORD' })).toBeVisible();
        await expect(phone.getByText('Create a password for the BariDesk patient app.')).toBeVisible();
        await expectUsableLink(phone, patient.email, 'Set Password');
        await choosePassword(phone, 'Bariatric2468', 'Set Password');

        await expect(notice(phone, 'Success', 'Your password has been updated.')).toBeVisible();
        await expect(onScreen(phone, 'status', 'Your password has been updated.')).toContainText(
          'We will take you to the App Store in 10 seconds.',
        );
        const store = await phone.getByRole('link', { name: 'Open the App Store now' }).getAttribute('href');
        expect(store).toMatch(/^https:\/\/apps\.apple\.com\//);

        // Not before the 10 seconds are up (2 s to spare for the real time the steps take)…
        await phone.clock.runFor(8_000);
        await expect(phone).toHaveURL(/\/reset-password\?/);
        // …and at them, off to the store.
        await phone.clock.runFor(2_000);
        // Soon, in real time: the fake clock took it there, not 10 real seconds.
        await phone.waitForURL(store ?? '', { timeout: 3_000 });
        await expect(phone.getByRole('heading', { name: 'BariDesk in the store' })).toBeVisible();
      } finally {
        await phone.context().close();
      }
    });
  });

  test('forgot password on a patient’s address: SET NEW PASSWORD once, then the same link is refused', async ({ page, browser, baseURL, a11y }) => {
    const patient = await untouchedPatient(page.request);
    const since = Date.now();
    await askForResetLink(page, patient.email);

    const mail = await waitForMail(patient.email, { after: since, subject: PASSWORD_MAIL });
    expect(mail.subject).toMatch(/^Reset your password for the .+ app$/);
    const link = linkTo(mail, '/reset-password');
    expect(Object.fromEntries(new URL(link).searchParams)).toEqual({ token: expect.any(String), id: String(patient.id), email: patient.email });

    const patientPage = await recipientPage(browser, baseURL, a11y);
    try {
      await patientPage.goto(link);
      await expect(patientPage.getByRole('heading', { level: 1, name: 'SET NEW PASSWORD' })).toBeVisible();
      await expectUsableLink(patientPage, patient.email, 'Set Password');
      await choosePassword(patientPage, 'Bariatric1357', 'Set Password');
      await expect(notice(patientPage, 'Success', 'Your password has been updated.')).toBeVisible();
      await expect(patientPage.getByRole('link', { name: 'Open Google Play now' })).toBeVisible();

      // The same link a second time (the e-mail opened again): refused.
      await patientPage.goto(link);
      await expect(patientPage.getByRole('heading', { level: 1, name: 'SET NEW PASSWORD' })).toBeVisible();
      await expectRefusedLink(patientPage, 'Set Password');
    } finally {
      await patientPage.context().close();
    }
  });
});

test('a link is refused once its lifetime is over (PASSWORD_LINK_TTL_MINUTES=1 on the e2e server)', async ({ page }) => {
  // The one test that waits in real time: a little over the minute the e2e server gives a link.
  test.setTimeout(300_000);
  // Asking for a link changes nothing on the account.
  const email = ACCOUNTS.limited;
  const since = Date.now();
  await askForResetLink(page, email);
  const mail = await waitForMail(email, { after: since, subject: PASSWORD_MAIL });
  const link = linkTo(mail, '/reset-password');

  // Good while fresh (opening it does not use it)…
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'SET PASSWORD' })).toBeVisible();
  await expectUsableLink(page, email, 'Set Password');

  // …refused once the minute is over (counted from the e-mail's arrival, which follows the link's issue).
  await page.waitForTimeout(Math.max(0, mail.receivedAt + 61_000 - Date.now()));
  await page.reload();
  await expectRefusedLink(page, 'Set Password');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
});
