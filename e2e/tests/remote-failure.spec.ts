import { ACCOUNTS, expect, mainMenu, openGroup, test } from './support';

const MESSAGING = '**/remotes/mf-messaging/**';

test.use({ account: ACCOUNTS.staff });

test('a remote that cannot be fetched shows the error screen in the layout; the rest works and Retry recovers', async ({ page }) => {
  await page.route(MESSAGING, (route) => route.abort());
  await page.goto('/message-templates');

  const failure = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'This part of BariDesk could not be loaded' }) });
  await expect(failure).toBeVisible({ timeout: 15_000 });
  await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
  // Inside the layout: the navbar and the sidebar are there around it.
  await expect(page.getByRole('button', { name: /^Account: / })).toBeVisible();
  await expect(mainMenu(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // Other remotes' pages still open from the sidebar.
  await mainMenu(page).getByRole('link', { name: 'Patients', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
  await mainMenu(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Still blocked: the page fails again rather than showing a stale copy.
  await openGroup(page, 'Templates');
  await mainMenu(page).getByRole('link', { name: 'Message Templates' }).click();
  await expect(failure).toBeVisible({ timeout: 15_000 });

  await page.unroute(MESSAGING);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Message Templates' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Message templates' })).toBeVisible();
  await expect(failure).toBeHidden();
});
