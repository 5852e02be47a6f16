/**
 * Programs, end to end: the super admin creates a program; its account opens the set-password link from
 * the e-mail, chooses a password and signs in to the staff area. Deleting asks first, and the deleted
 * program's account can no longer sign in. The screens fit 1440 and 390 px. A super admin without
 * baritastic_programs (admin2@) is refused.
 */
import { linkTo, waitForMail } from './mail';
import { ACCOUNTS, apiToken, bearer, chooseRowDelete, expect, mainMenu, openAllGroups, openGroup, signIn, test, unique } from './support';

const NEW_PASSWORD = 'Welcome2468';

/** This run's program: a unique title, address and programmer code. */
function newProgram() {
  const title = unique('Riverbend');
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { title, email: `${slug}@riverbend.test`, code: slug.toUpperCase().slice(-20) };
}

test.describe('the super admin', () => {
  test.use({ account: ACCOUNTS.superAdmin });

  test('creates a program, whose account sets a password from the e-mail and signs in', async ({ page, browser, a11y }) => {
    test.setTimeout(240_000);
    await page.goto('/admin/dashboard');
    await openGroup(page, 'Accounts');
    await mainMenu(page).getByRole('link', { name: 'Programs' }).click();
    await expect(page).toHaveURL(/\/admin\/baritastic-program$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Program' }).click();
    await expect(page).toHaveURL(/\/admin\/baritastic-program\/store$/);

    const program = newProgram();
    const account = page.getByRole('group', { name: 'Account' });
    await account.getByRole('textbox', { name: /^Program name/ }).fill(program.title);
    await account.getByRole('textbox', { name: /^Email/ }).fill(program.email);
    await account.getByRole('textbox', { name: /^Programmer code/ }).fill(program.code);
    await account.getByRole('combobox', { name: 'Program type' }).selectOption('Hospital');
    await page.getByRole('group', { name: 'Contact' }).getByRole('textbox', { name: /^Owner/ }).fill('Dana Whitfield');
    await page.getByRole('combobox', { name: /^Time zone/ }).selectOption('America/Chicago');
    const since = Date.now();
    await page.getByRole('button', { name: 'Add Program' }).click();
    await expect(page.getByText('Program created. A link to set its password has been e-mailed.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/baritastic-program\/\d+\/show$/);
    await expect(page.getByText(program.email)).toBeVisible();

    await page.goto('/admin/baritastic-program');
    await page.getByRole('searchbox').fill(program.title);
    const row = page.getByRole('row', { name: new RegExp(program.title) });
    await expect(row).toContainText('Dana Whitfield');
    await expect(row).toContainText('Link sent');

    // The e-mail, opened as its receiver would, in a browser of their own.
    const mail = await waitForMail(program.email, { after: since, subject: /^Set your BariDesk password/ });
    // A browser of their own: nothing of the super admin's session (the test's account) carried over.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const ownerPage = await context.newPage();
    await a11y.watch(ownerPage);
    await ownerPage.goto(linkTo(mail, '/reset-password'));
    // A first password: the page reads SET PASSWORD.
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'SET PASSWORD' })).toBeVisible({ timeout: 20_000 });
    await expect(ownerPage.getByText(`For ${program.email}`)).toBeVisible();
    await ownerPage.getByRole('textbox', { name: /^Password/ }).fill(NEW_PASSWORD);
    await ownerPage.getByRole('textbox', { name: /^Confirm Password/ }).fill(NEW_PASSWORD);
    await ownerPage.getByRole('button', { name: 'Set Password' }).click();
    await expect(ownerPage).toHaveURL(/\/login$/);
    await signIn(ownerPage, program.email, NEW_PASSWORD);
    await expect(ownerPage).toHaveURL(/\/dashboard$/);
    // A new program gets every content menu switched on, the calendar among them; with no event yet, its
    // sub user is told so (staff-area section 4) before anything else.
    const noEvents = ownerPage.getByRole('dialog', { name: 'No events yet' });
    await expect(noEvents).toBeVisible();
    await noEvents.getByRole('button', { name: 'Not now' }).click();
    await expect(mainMenu(ownerPage).getByRole('link', { name: 'Patients', exact: true })).toBeVisible();
    await openGroup(ownerPage, 'Content');
    await expect(mainMenu(ownerPage).getByRole('link', { name: 'FAQ’s' })).toBeVisible();
    await context.close();

    await page.reload();
    await page.getByRole('searchbox').fill(program.title);
    await expect(page.getByRole('row', { name: new RegExp(program.title) })).toContainText('Set');
  });

  test('deletes a program after asking; its account can no longer sign in', async ({ page }) => {
    const program = newProgram();
    const token = await apiToken(page.request, ACCOUNTS.superAdmin);
    const created = await page.request.post('/api/admin/baritastic-program/store', {
      headers: bearer(token!),
      data: { title: program.title, email: program.email, programmer_code: program.code, timezone: 'America/New_York' },
    });
    expect(created.status()).toBe(201);
    const mail = await waitForMail(program.email, { subject: /^Set your BariDesk password/ });
    const setPassword = await page.request.post('/api/reset-password', {
      data: { token: new URL(linkTo(mail, '/reset-password')).searchParams.get('token'), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(setPassword.status()).toBe(200);

    await page.goto('/admin/baritastic-program');
    await page.getByRole('searchbox').fill(program.title);
    await expect(page.getByRole('row', { name: new RegExp(program.title) })).toBeVisible();
    await chooseRowDelete(page, program.title);
    const question = page.getByRole('alertdialog', { name: 'Delete program' });
    await expect(question).toContainText('their history is kept');
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Program deleted. Its staff can no longer sign in; its history is kept.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(program.title) })).toHaveCount(0);
    expect(await apiToken(page.request, program.email, NEW_PASSWORD)).toBeNull();
  });
});

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ account: ACCOUNTS.superAdmin, viewport: { width, height: 900 } });

    for (const [path, heading] of [
      ['/admin/baritastic-program', 'Programs'],
      ['/admin/baritastic-program/store', 'Add Program'],
      ['/admin/baritastic-program/101/show', 'Northside Bariatrics'],
    ] as const) {
      test(`${path} fits the window`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'the page scrolls sideways by this many px').toBeLessThanOrEqual(0);
      });
    }
  });
}

test.describe('a super admin without baritastic_programs (admin2@)', () => {
  test.use({ account: ACCOUNTS.admin2 });

  test('has no Programs menu, and the API refuses', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await openAllGroups(page);
    await expect(mainMenu(page).getByRole('link', { name: 'Programs' })).toHaveCount(0);
    const token = await apiToken(page.request, ACCOUNTS.admin2);
    expect((await page.request.get('/api/admin/baritastic-program', { headers: bearer(token!) })).status()).toBe(403);
  });
});
