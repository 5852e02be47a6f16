/**
 * Super admins' events, end to end: admin2@ (manage_events) reaches every program's events from the
 * sidebar's Manage Events, searches and filters them, opens one and edits it; the shared locations get
 * their time zone from their coordinates. Without the permission the area is refused, on the page and
 * at the API.
 */
import { ACCOUNTS, apiToken, bearer, expect, mainMenu, test, unique } from './support';

test.describe('a super admin with manage_events (admin2@)', () => {
  test.use({ account: ACCOUNTS.admin2 });

  test('lists every program’s events, opens one and edits it', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/admin/dashboard');
    await mainMenu(page).getByRole('link', { name: 'Manage Events' }).click();
    await expect(page).toHaveURL(/\/admin\/event$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Events of every program' });
    const search = page.getByRole('searchbox', { name: 'Search events' });
    await expect(table.getByRole('row')).not.toHaveCount(1);
    // Northside's weekly support group (a series: one row, its rule in words) and Riverbend's support
    // circle: every program's events are here.
    await search.fill('Support');
    await expect(table.getByRole('row', { name: /Post-Op Support Group/ })).toContainText('Every week on Tuesday');
    await expect(table.getByRole('row', { name: /Weight Management Support Circle/ })).toContainText('Riverbend');
    await search.fill('Metabolic Surgery');
    await expect(table.getByRole('row', { name: /Metabolic Surgery Information Night/ }).first()).toBeVisible();
    await expect(table.getByRole('row', { name: /Post-Op Support Group/ })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Inactive' });
    await expect(page.getByText('No events match.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All statuses' });

    await search.fill('Cooking Demo');
    await table.getByRole('link', { name: 'Cooking Demo: High-Protein Meals' }).click();
    await expect(page).toHaveURL(/\/admin\/event\/\d+\/show$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cooking Demo: High-Protein Meals' })).toBeVisible();
    await expect(page.getByText('Program', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('Northside Bariatrics');

    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/admin\/event\/\d+\/edit$/);
    const host = unique('Chef');
    const form = page.getByRole('form', { name: 'Edit event' });
    await form.getByLabel('Hosted By').fill(host);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Event updated successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/event\/\d+\/show$/);
    await expect(page.getByText('Hosted by', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText(host);
  });

  test('adds a shared location: its time zone appears from the coordinates', async ({ page }) => {
    await page.goto('/admin/event');
    await page.getByRole('link', { name: 'Shared Locations' }).click();
    await expect(page).toHaveURL(/\/admin\/event\/location$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Shared Event Locations' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    const name = unique('Regional Conference Center');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Latitude').fill('39.7392');
    await dialog.getByLabel('Longitude').fill('-104.9903');
    await expect(dialog.getByRole('textbox', { name: 'Time zone' })).toHaveValue('America/Denver');
    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(page.getByText('Location created successfully.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search shared locations' }).fill(name);
    await expect(page.getByRole('table', { name: 'Shared event locations' }).getByRole('row', { name: new RegExp(name) })).toContainText('America/Denver');
  });
});

test.describe('without manage_events', () => {
  test.use({ account: ACCOUNTS.staff });

  test('the events area is refused on the page and at the API', async ({ page, playwright, baseURL }) => {
    await page.goto('/admin/event');
    await expect(page).not.toHaveURL(/\/admin\//);

    const request = await playwright.request.newContext({ baseURL });
    try {
      const token = await apiToken(request, ACCOUNTS.staff);
      expect(token).not.toBeNull();
      const list = await request.get('/api/admin/event', { headers: bearer(token!) });
      expect(list.status()).toBe(403);
      const locations = await request.get('/api/admin/event/location', { headers: bearer(token!) });
      expect(locations.status()).toBe(403);
    } finally {
      await request.dispose();
    }
  });
});
