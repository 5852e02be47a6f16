/**
 * Program users, end to end: the super admin adds a program user with chosen switches; the user opens
 * the invitation from the e-mail, chooses a password, signs in and sees exactly the menus switched on
 * (and the server refuses the others). A super admin without program_users (admin2@) is refused.
 */
import type { Locator, Page } from '@playwright/test';
import { linkTo, waitForMail } from './mail';
import { ACCOUNTS, apiToken, bearer, expect, mainMenu, openAllGroups, openGroup, signIn, test, unique } from './support';

const NEW_PASSWORD = 'Welcome2468';

/** A unique address for this run's new user. */
const addressOf = (name: string) => `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@northside.test`;

async function switchOn(control: Locator) {
  await control.focus();
  await control.press('Space');
  await expect(control).toBeChecked();
}

async function chooseProgram(page: Page) {
  // On the form itself (the list, whose program filter has the same name, may still be leaving).
  await expect(page.getByRole('heading', { level: 1, name: 'Add Program User' })).toBeVisible();
  const program = page.getByRole('combobox', { name: /^Program/ });
  await expect(program.getByRole('option', { name: 'Northside Bariatrics' })).toBeAttached();
  await program.selectOption({ label: 'Northside Bariatrics' });
  await expect(program).toHaveValue('101');
}

test.describe('the super admin', () => {
  test.use({ account: ACCOUNTS.superAdmin });

  test('adds a program user with chosen switches, who sets a password from the e-mail and sees exactly those menus', async ({ page, browser, a11y }) => {
    test.setTimeout(240_000);
    await page.goto('/admin/dashboard');
    await openGroup(page, 'Accounts');
    await mainMenu(page).getByRole('link', { name: 'Program Users' }).click();
    await expect(page).toHaveURL(/\/admin\/program-user$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Program Users' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Program User' }).click();
    await expect(page).toHaveURL(/\/admin\/program-user\/store$/);

    const name = unique('Quinn');
    const email = addressOf(name);
    await chooseProgram(page);
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    // Patients among the staff areas and FAQ's among the content menus; everything else stays off.
    // Switched from the keyboard: each switch takes the focus in turn and Space turns it on.
    const areas = page.getByRole('group', { name: 'Staff areas' });
    await switchOn(areas.getByRole('switch', { name: 'Patients' }));
    await switchOn(page.getByRole('group', { name: 'Content menus' }).getByRole('switch', { name: 'FAQ’s' }));
    await expect(areas.getByRole('switch', { name: 'Reports' })).not.toBeChecked();
    const since = Date.now();
    await page.getByRole('button', { name: 'Add Program User' }).click();
    await expect(page.getByText('Program user created. An invitation to set a password has been e-mailed.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/program-user$/);

    await page.getByRole('searchbox', { name: 'Search program users' }).fill(name);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Northside Bariatrics');
    await expect(row).toContainText('Pending');

    // The invitation, opened as its receiver would, in a browser of their own.
    const mail = await waitForMail(email, { after: since, subject: /^You are invited to join Northside Bariatrics/ });
    // A browser of their own, signed in as nobody (the test's contexts start as the super admin).
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const userPage = await context.newPage();
    await a11y.watch(userPage);
    await userPage.goto(linkTo(mail, '/reset-password'));
    await expect(userPage.getByRole('heading', { level: 1, name: 'SET PASSWORD' })).toBeVisible();
    await expect(userPage.getByText(`For ${email}`)).toBeVisible();
    await userPage.getByRole('textbox', { name: /^Password/ }).fill(NEW_PASSWORD);
    await userPage.getByRole('textbox', { name: /^Confirm Password/ }).fill(NEW_PASSWORD);
    await userPage.getByRole('button', { name: 'Set Password' }).click();
    await expect(userPage).toHaveURL(/\/login$/);

    await signIn(userPage, email, NEW_PASSWORD);
    await expect(userPage).toHaveURL(/\/dashboard$/);
    const menu = mainMenu(userPage);
    await expect(menu.getByRole('link', { name: 'Patients', exact: true })).toBeVisible();
    for (const off of ['Pipeline', 'Patient Pipeline', 'Reports', 'Alerts', 'Messages', 'Templates', 'Event Calendar']) {
      await expect(menu.getByRole('link', { name: off, exact: true }).or(menu.getByRole('button', { name: off, exact: true }))).toHaveCount(0);
    }
    await openGroup(userPage, 'Content');
    await expect(menu.getByRole('link', { name: 'FAQ’s' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Videos' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Our Team' })).toHaveCount(0);
    // The server holds the same line.
    const token = await apiToken(userPage.request, email, NEW_PASSWORD);
    expect((await userPage.request.get('/api/reports/filters', { headers: bearer(token!) })).status()).toBe(403);
    expect((await userPage.request.get('/api/patients', { headers: bearer(token!) })).status()).toBe(200);
    await context.close();

    // The list says the invitation was used.
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search program users' }).fill(name);
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Accepted');
  });

  test('resends an invitation after asking, from the row\'s account menu', async ({ page }) => {
    await page.goto('/admin/program-user/store');
    const name = unique('Robin');
    const email = addressOf(name);
    await chooseProgram(page);
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByRole('button', { name: 'Add Program User' }).click();
    await expect(page).toHaveURL(/\/admin\/program-user$/);
    const first = await waitForMail(email, { subject: /^You are invited/ });

    await page.getByRole('searchbox', { name: 'Search program users' }).fill(name);
    await page.getByRole('button', { name: `Account actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Resend invite…' }).click();
    const question = page.getByRole('alertdialog', { name: 'Resend invite' });
    await expect(question).toContainText('Links sent before stop working.');
    const since = Date.now();
    await question.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('A new invitation has been e-mailed.')).toBeVisible();
    const second = await waitForMail(email, { after: since, subject: /^You are invited/ });
    expect(linkTo(second, '/reset-password')).not.toBe(linkTo(first, '/reset-password'));
  });
});

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ account: ACCOUNTS.superAdmin, viewport: { width, height: 900 } });

    for (const [path, heading] of [
      ['/admin/program-user', 'Program Users'],
      ['/admin/program-user/store', 'Add Program User'],
      ['/admin/program-user/201/edit', 'Edit Program User'],
      ['/admin/program-user/201/show', 'Jordan Ellis'],
      ['/admin/program-user/201/change-password', 'Change Password'],
    ] as const) {
      test(`${path} fits the window`, async ({ page }, testInfo) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: testInfo.outputPath(`${width}.png`), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'the page scrolls sideways by this many px').toBeLessThanOrEqual(0);
      });
    }
  });
}

test.describe('a super admin without program_users (admin2@)', () => {
  test.use({ account: ACCOUNTS.admin2 });

  test('has no Program Users menu, and the page and the API refuse', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await openAllGroups(page);
    await expect(mainMenu(page).getByRole('link', { name: 'Program Users' })).toHaveCount(0);
    const token = await apiToken(page.request, ACCOUNTS.admin2);
    expect((await page.request.get('/api/admin/program-user', { headers: bearer(token!) })).status()).toBe(403);
    await page.goto('/admin/program-user');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});
