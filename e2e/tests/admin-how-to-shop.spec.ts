/**
 * How to use the app and the shop, end to end (port 8106): the super admin ticks two guides, switches
 * them off with the bulk bar and deletes them after the question naming how many; in the shop, Make
 * default moves the Default badge from one item to another of the same surgery type. Both lists fit 390 px.
 */
import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, expect, storeWithApi, test, unique } from './support';

/** Shows `page` 390 px wide and checks nothing runs off the side, then goes back to the desktop size. */
async function fitsPhone(page: Page) {
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize(desktop);
}

/** Ticks a row's box from the keyboard, as the patient list's spec does (its drawn box covers the input). */
async function tick(page: Page, box: Locator) {
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

test.describe('the super admin', () => {
  test.use({ account: ACCOUNTS.superAdmin });

  test('selects two guides, deactivates them, and deletes them after the question', async ({ page }) => {
    await page.goto('/admin/how-to-use-app');
    await expect(page.getByRole('heading', { level: 1, name: 'How to Use the App' })).toBeVisible();
    const prefix = unique('Bulk guide');
    const category = await storeWithApi(page, '/api/admin/how-to-use-app-category/store', { name: unique('E2E guides') });
    for (const suffix of ['one', 'two']) await storeWithApi(page, '/api/admin/how-to-use-app/store', { title: `${prefix} ${suffix}`, category_id: category });

    await page.getByRole('searchbox', { name: 'Search guides' }).fill(prefix);
    const table = page.getByRole('table', { name: 'How to use the app' });
    await expect(table.getByRole('row', { name: new RegExp(prefix) })).toHaveCount(2);
    await tick(page, table.getByRole('checkbox', { name: `Select ${prefix} one` }));
    await tick(page, table.getByRole('checkbox', { name: `Select ${prefix} two` }));
    const bar = page.getByRole('region', { name: 'Selected guides' });
    await expect(bar).toContainText('2 selected');
    await fitsPhone(page);

    await bar.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('2 guides deactivated successfully.')).toBeVisible();
    await expect(table.getByRole('switch', { name: `${prefix} one active` })).not.toBeChecked();
    await expect(table.getByRole('switch', { name: `${prefix} two active` })).not.toBeChecked();

    await bar.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('alertdialog', { name: 'Delete guides' });
    await expect(question).toContainText('Delete 2 guides?');
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('2 guides deleted successfully.')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(prefix) })).toHaveCount(0);
    await expect(bar).toBeHidden();
  });

  test('makes one shop item the default, and the badge moves when another is made the default', async ({ page }) => {
    await page.goto('/admin/manage-shop/surgical');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Surgical', exact: true })).toHaveAttribute('aria-current', 'page');
    const prefix = unique('Shop item');
    for (const suffix of ['A', 'B']) await storeWithApi(page, '/api/admin/manage-shop/surgical', { title: `${prefix} ${suffix}`, link: 'https://shop.example.com/e2e' });

    await page.getByRole('searchbox', { name: 'Search surgical shop items' }).fill(prefix);
    const table = page.getByRole('table', { name: 'Shop' });
    const row = (suffix: string) => table.getByRole('row', { name: new RegExp(`${prefix} ${suffix}`) });
    await expect(row('A')).toBeVisible();
    await expect(row('B')).toBeVisible();
    await fitsPhone(page);

    await row('A').getByRole('button', { name: `Make default: ${prefix} A` }).click();
    await expect(page.getByText('Default shop item updated successfully.')).toBeVisible();
    await expect(row('A').getByText('Default', { exact: true })).toBeVisible();
    await row('B').getByRole('button', { name: `Make default: ${prefix} B` }).click();
    await expect(row('B').getByText('Default', { exact: true })).toBeVisible();
    await expect(row('A').getByText('Default', { exact: true })).toHaveCount(0);
    await expect(row('A').getByRole('button', { name: `Make default: ${prefix} A` })).toBeVisible();

    // The other surgery type is a list of its own.
    await page.getByRole('link', { name: 'Non-surgical' }).click();
    await expect(page).toHaveURL(/\/admin\/manage-shop\/non_surgical$/);
    await expect(page.getByRole('table', { name: 'Shop' }).getByRole('row', { name: /Smart scale/ })).toBeVisible();
  });
});
