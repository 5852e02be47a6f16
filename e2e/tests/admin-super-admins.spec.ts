/**
 * Super admins and patients across programs, end to end: the super admin finds a patient of another
 * program, then adds a super admin with two permissions, who signs in and sees only those two areas
 * (the server refusing the others); admin2@ is refused the areas it lacks, in the browser and by the API.
 */
import type { Page } from '@playwright/test';
import { ACCOUNTS, apiGet, apiToken, bearer, expect, mainMenu, openAllGroups, openGroup, signIn, test, unique } from './support';

const NEW_PASSWORD = 'Second2468pw';
/** Every area of the admin sidebar that needs a permission. */
const ADMIN_AREAS = ['Manage Events', 'Cards & Trophies', 'Quotes', 'Programs', 'Program Users', 'Manage Users', 'Super Admins', 'Audit Trail'];

type Row = { id: number; name: string; last_name: string; program_name: string };

/** The sidebar's links of permission areas, as shown. */
async function areasShown(page: Page) {
  const menu = mainMenu(page);
  await openAllGroups(page);
  const shown: string[] = [];
  for (const area of ADMIN_AREAS) if ((await menu.getByRole('link', { name: area, exact: true }).count()) > 0) shown.push(area);
  return shown;
}

test.describe('the super admin', () => {
  test.use({ account: ACCOUNTS.superAdmin });

  test('finds a patient of another program by name, opens it with its program, and the search is kept', async ({ page }) => {
    await page.goto('/admin/dashboard');
    // A patient of Lakeview, as the API lists them.
    const { data } = await apiGet<{ data: { data: Row[] } }>(page, '/api/admin/manage-users?program=102&perPage=5');
    const patient = data.data[0]!;
    await openGroup(page, 'Accounts');
    await mainMenu(page).getByRole('link', { name: 'Manage Users' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
    const searched = page.waitForResponse((response) => response.url().includes('/api/admin/manage-users?') && response.url().includes('search='));
    await page.getByRole('searchbox', { name: 'Search patients of every program' }).fill(patient.last_name);
    await searched;
    const row = page.getByRole('row', { name: new RegExp(patient.name) }).first();
    await expect(row).toContainText(patient.program_name);
    await row.getByRole('link', { name: patient.name }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/manage-users/show/${patient.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
    await expect(page.getByText(patient.program_name).first()).toBeVisible();
    await page.getByRole('link', { name: 'All patients' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search patients of every program' })).toHaveValue(patient.last_name);
  });

  test('adds a super admin with two permissions, who signs in and sees only those two areas', async ({ page, browser, a11y }) => {
    test.setTimeout(240_000);
    await page.goto('/admin/dashboard');
    await openGroup(page, 'Accounts');
    await mainMenu(page).getByRole('link', { name: 'Super Admins' }).click();
    await expect(page).toHaveURL(/\/admin\/super-admin$/);
    await page.getByRole('link', { name: 'Add Super Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/super-admin\/create$/);

    const last = unique('Lee');
    const email = `${last.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@baridesk.test`;
    await page.getByRole('textbox', { name: /^First name/ }).fill('Jordan');
    await page.getByRole('textbox', { name: /^Last name/ }).fill(last);
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm password/).fill(NEW_PASSWORD);
    const permissions = page.getByRole('group', { name: 'Permissions' });
    // A switch is turned on by its label, as a person clicks it.
    for (const name of ['Manage Users', 'Manage Quotes']) {
      await permissions.getByText(name, { exact: true }).click();
      await expect(permissions.getByRole('switch', { name, exact: true })).toBeChecked();
    }
    await page.getByRole('button', { name: 'Add Super Admin' }).click();
    await expect(page.getByText('Super admin created successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/super-admin\/show\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Jordan ${last}` })).toBeVisible();

    // The new super admin, in a browser of their own (not signed in: the test's own session is not handed over).
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const adminPage = await context.newPage();
    await a11y.watch(adminPage);
    await signIn(adminPage, email, NEW_PASSWORD);
    await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
    expect(await areasShown(adminPage)).toEqual(['Quotes', 'Manage Users']);
    await openGroup(adminPage, 'Accounts');
    await mainMenu(adminPage).getByRole('link', { name: 'Manage Users' }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
    await adminPage.goto('/admin/super-admin');
    await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
    const token = await apiToken(adminPage.request, email, NEW_PASSWORD);
    expect((await adminPage.request.get('/api/admin/super-admin', { headers: bearer(token!) })).status()).toBe(403);
    expect((await adminPage.request.get('/api/admin/quotes', { headers: bearer(token!) })).status()).toBe(200);
    await context.close();
  });

  test('the main super admin cannot be deleted, and its permissions are locked on its form', async ({ page }) => {
    await page.goto('/admin/super-admin/edit/48');
    const permissions = page.getByRole('group', { name: 'Permissions' });
    await expect(permissions.getByRole('switch', { name: 'Manage Users' })).toBeDisabled();
    await expect(permissions.getByRole('switch', { name: 'Manage Users' })).toBeChecked();
    const response = await page.request.delete('/api/admin/super-admin/48', { headers: bearer((await apiToken(page.request, ACCOUNTS.superAdmin))!) });
    expect(response.status()).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe('The main super admin cannot be deleted.');
  });

  for (const width of [1440, 390]) {
    test(`the screens fit ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/admin/super-admin', '/admin/super-admin/create', '/admin/manage-users']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      }
    });
  }
});

test.describe('a super admin without these permissions (admin2@)', () => {
  test.use({ account: ACCOUNTS.admin2 });

  test('sees neither area, is sent back from their addresses, and the API answers 403', async ({ page }) => {
    await page.goto('/admin/dashboard');
    expect(await areasShown(page)).toEqual(['Manage Events', 'Cards & Trophies']);
    for (const path of ['/admin/super-admin', '/admin/super-admin/create', '/admin/manage-users', '/admin/manage-users/show/1']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
    }
    const token = await apiToken(page.request, ACCOUNTS.admin2);
    for (const path of ['/api/admin/super-admin', '/api/admin/manage-users', '/api/admin/manage-users/1', '/api/admin/super-admin/excel-report']) {
      const response = await page.request.get(path, { headers: bearer(token!) });
      expect(response.status(), path).toBe(403);
    }
  });
});

test('signed in by the keyboard alone, the super admin reaches a permission switch and turns it on', async ({ page }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  await page.goto('/admin/super-admin/create');
  const toggle = page.getByRole('group', { name: 'Permissions' }).getByRole('switch', { name: 'Manage Users' });
  await expect(toggle).toBeVisible();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
});
