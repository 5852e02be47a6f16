import { ACCOUNTS, expect, mainMenu, openGroup, test, unique } from './support';

test.describe('the sub user (subuser@northside)', () => {
  test.use({ account: ACCOUNTS.subUser });

  test('sees every menu: Patients, the pipeline group, Manage Menu and Add New Section', async ({ page }) => {
    await page.goto('/dashboard');
    const menu = mainMenu(page);
    await expect(menu.getByRole('link', { name: 'Patients', exact: true })).toBeVisible();
    await openGroup(page, 'Pipeline');
    await expect(menu.getByRole('link', { name: 'Missing Pipeline Patients' })).toBeVisible();
    await openGroup(page, 'Content');
    await expect(menu.getByRole('link', { name: 'Manage Menu' })).toBeVisible();
    await expect(menu.getByRole('button', { name: 'Add New Section' })).toBeVisible();
    // Program users only.
    await expect(menu.getByRole('button', { name: 'Help', exact: true })).toHaveCount(0);
  });

  test('adds a dynamic section through the modal, and it is listed under Content', async ({ page }) => {
    const name = unique('E2E section');
    await page.goto('/dashboard');
    await openGroup(page, 'Content');
    await mainMenu(page).getByRole('button', { name: 'Add New Section' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Dynamic Content Section' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Active' })).toBeChecked();

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Validation Error: Please enter values in the form')).toBeVisible();
    await expect(dialog).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Dynamic section added successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const link = mainMenu(page).getByRole('link', { name });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', /^\/dynamic-content-section\/\d+$/);
  });

  test('the minimized sidebar stays minimized after a reload', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Minimize sidebar' }).click();
    const expand = page.getByRole('button', { name: 'Expand sidebar' });
    await expect(expand).toHaveAttribute('aria-pressed', 'true');
    // Minimized: icons only, the labels kept for assistive technology.
    await expect(mainMenu(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(mainMenu(page).getByRole('button', { name: 'Add New Section' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(expand).toBeVisible();
    await expand.click();
    await expect(page.getByRole('button', { name: 'Minimize sidebar' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Minimize sidebar' })).toBeVisible();
  });
});

test.describe('limited@ (Pipeline and Events only)', () => {
  test.use({ account: ACCOUNTS.limited });

  test('sees the pipeline entry but neither Patients nor Reports', async ({ page }) => {
    await page.goto('/dashboard');
    const menu = mainMenu(page);
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    // No administrative rights and not a sub user: the pipeline is one link, not a group.
    await expect(menu.getByRole('link', { name: 'Patient Pipeline' })).toHaveAttribute('href', '/pipeline');
    await expect(menu.getByRole('link', { name: 'Patients', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Reports', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: 'Customize Pipeline' })).toHaveCount(0);
  });
});

test.describe('the admin sidebar', () => {
  test.describe('admin2@ (Manage Events and Cards & Trophies)', () => {
    test.use({ account: ACCOUNTS.admin2 });

    test('shows the entries of its permissions only', async ({ page }) => {
      await page.goto('/admin/dashboard');
      const menu = mainMenu(page);
      await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Manage Events' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Cards & Trophies' })).toBeVisible();
      // None of the groups: it holds none of their permissions.
      for (const group of ['Patient App', 'Accounts', 'Support']) await expect(menu.getByRole('button', { name: group })).toHaveCount(0);
      await expect(menu.getByRole('link', { name: 'Quotes' })).toHaveCount(0);
    });
  });

  test.describe('superadmin@ (id 48, every permission)', () => {
    test.use({ account: ACCOUNTS.superAdmin });

    test('shows Quotes too, in the Patient App group', async ({ page }) => {
      await page.goto('/admin/dashboard');
      const menu = mainMenu(page);
      await expect(menu.getByRole('link', { name: 'Manage Events' })).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Cards & Trophies' })).toBeVisible();
      await openGroup(page, 'Patient App');
      await expect(menu.getByRole('link', { name: 'Quotes' })).toHaveAttribute('href', '/admin/quotes');
    });
  });
});
