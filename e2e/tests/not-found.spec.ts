import { ACCOUNTS, expect, test } from './support';

test('an unknown path shows the not-found page with a way back', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Ooops! Page not found.' })).toBeVisible();
  await expect(page.getByText("Don't worry though, we have plenty of other pages to explore")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
});

test.describe('signed in', () => {
  test.use({ account: ACCOUNTS.staff });

  test('the not-found page leads back to the dashboard', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Ooops! Page not found.' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});
