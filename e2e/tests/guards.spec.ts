import { ACCOUNTS, expect, test } from './support';

test('signed out, a staff page sends to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
});

test('signed out, an admin page sends to /login', async ({ page }) => {
  await page.goto('/admin/quotes');
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('program staff (staff@, administrative rights)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('the login page sends a signed-in user to the dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('the root goes to the dashboard', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('admin pages send staff back to their dashboard', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).not.toHaveURL(/\/admin\//);
  });

  test('missing pipeline patients is for sub users only', async ({ page }) => {
    await page.goto('/missing-pipeline-patients');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('super admins', () => {
  test.use({ account: ACCOUNTS.superAdmin });

  test('staff pages send a super admin to the admin dashboard', async ({ page }) => {
    await page.goto('/manage-patients');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('the super admin (id 48) passes every permission check: Quotes opens', async ({ page }) => {
    await page.goto('/admin/quotes');
    await expect(page).toHaveURL(/\/admin\/quotes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  });
});

test.describe('a super admin without the quotes permission (admin2@)', () => {
  test.use({ account: ACCOUNTS.admin2 });

  test('Quotes sends back to the admin dashboard', async ({ page }) => {
    await page.goto('/admin/quotes');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  test('the login page sends a super admin to the admin dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
  });
});

test.describe('limited@ (no administrative rights)', () => {
  test.use({ account: ACCOUNTS.limited });

  test('customize pipeline sends back to /pipeline', async ({ page }) => {
    await page.goto('/customize-pipeline');
    await expect(page).toHaveURL(/\/pipeline$/);
  });
});

test.describe('selfservice@ (self-service flag)', () => {
  test.use({ account: ACCOUNTS.selfService });

  test('patient pages send back to the dashboard', async ({ page }) => {
    await page.goto('/manage-patients');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
