import type { Page } from '@playwright/test';
import { ACCOUNTS, apiToken, expect, signIn, test } from './support';

const dashboard = (page: Page) => page.getByRole('heading', { level: 1, name: 'Dashboard' });

test.describe('each account lands where it should', () => {
  for (const email of [ACCOUNTS.superAdmin, ACCOUNTS.admin2]) {
    test(`${email} (super admin) lands on the admin dashboard`, async ({ page }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);
      await expect(dashboard(page)).toBeVisible();
    });
  }

  for (const email of [ACCOUNTS.subUser, ACCOUNTS.staff, ACCOUNTS.limited]) {
    test(`${email} lands on the staff dashboard`, async ({ page }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page).not.toHaveURL(/\/admin\//);
      await expect(dashboard(page)).toBeVisible();
    });
  }

  test('a self-service account is asked to accept the terms', async ({ page }) => {
    await signIn(page, ACCOUNTS.selfService);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
  });
});

test('a wrong password is refused with the spec’s message', async ({ page }) => {
  await page.goto('/login');
  // An account no other test signs in with, so its failed-attempt count never matters.
  await page.getByLabel('Email').fill(ACCOUNTS.program302);
  await page.getByLabel('Password').fill('Wrong1234');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('These credentials do not match our records.');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Password')).toHaveValue('');
});

test('a staff member who never changed the password must change it first, then uses the new one', async ({ page, request }) => {
  const newPassword = 'Northside2468';
  // A retry finds the password already changed by the first attempt: only the last part is left to check.
  const firstTime = (await apiToken(request, ACCOUNTS.newStaff)) !== null;
  if (firstTime) {
    await signIn(page, ACCOUNTS.newStaff);
    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByText('Please choose a new password before you continue.')).toBeVisible();
    // Nowhere else to go until it is done.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/change-password$/);

    await page.getByRole('textbox', { name: 'Current password', exact: true }).fill('Demo1234');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(dashboard(page)).toBeVisible();
    await expect(page.getByText('Your password has been updated.')).toBeVisible();
  }

  // The old password no longer opens the account; the new one does, straight to the dashboard.
  expect(await apiToken(request, ACCOUNTS.newStaff)).toBeNull();
  if (firstTime) {
    await page.getByRole('button', { name: /^Account: / }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
  await signIn(page, ACCOUNTS.newStaff, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dashboard(page)).toBeVisible();
});

test('logout from the account menu ends the session', async ({ page }) => {
  await signIn(page, ACCOUNTS.staff);
  await expect(dashboard(page)).toBeVisible();
  await page.getByRole('button', { name: /^Account: / }).click();
  await expect(page.getByRole('menu')).toContainText('NSB-1001');
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});
