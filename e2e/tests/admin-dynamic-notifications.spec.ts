/**
 * Dynamic notifications, end to end: the super admin adds one through the screens that the demo patient
 * (patient@northside.test) meets — a daily reminder counted from sign-up, with an image and a link —
 * runs it with Run now, and it reaches the patient's app inbox once, with its picture and link; then
 * switches it off. The form shows only the chosen rule's fields, and the screens fit 1440 and 390 px. A
 * super admin without manage_dynamic_notifications (admin2@) has no menu entry and the API refuses.
 */
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, PASSWORD, apiToken, bearer, chooseImage, expect, mainMenu, openAllGroups, openGroup, test, unique } from './support';

const APP_PATIENT = 'patient@northside.test';
type InboxMessage = { id: number; title: string; kind: string; image: string | null; link: string | null };

async function inbox(request: APIRequestContext): Promise<InboxMessage[]> {
  const login = await request.post('/api/app/login', { data: { email: APP_PATIENT, password: PASSWORD } });
  expect(login.ok(), `the app sign-in answered ${login.status()}`).toBe(true);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const response = await request.get('/api/app/messages?perPage=50', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { data: InboxMessage[] } }).data.data;
}

test.describe('the super admin', () => {
  test.use({ account: ACCOUNTS.superAdmin });

  test('adds a notification the demo patient meets, runs it, and it reaches their inbox with its image and link, once', async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.goto('/admin/dashboard');
    await openGroup(page, 'Patient App');
    await mainMenu(page).getByRole('link', { name: 'Dynamic Notifications' }).click();
    await expect(page).toHaveURL(/\/admin\/dynamic-notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dynamic Notifications' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Notification' }).click();
    await expect(page).toHaveURL(/\/admin\/dynamic-notifications\/create$/);

    // The form asks only the chosen rule's fields (none until a rule is chosen).
    await expect(page.getByRole('heading', { level: 1, name: 'Add Notification' })).toBeVisible();
    await expect(page.getByText('Choose a rule to set when the notification is sent.')).toBeVisible();
    const rule = page.getByRole('combobox', { name: /^Rule/ });
    await rule.selectOption({ label: 'Weight lost' });
    await expect(page.getByRole('spinbutton', { name: /Pounds lost/ })).toBeVisible();
    await rule.selectOption({ label: 'Reminder' });
    await expect(page.getByRole('spinbutton', { name: /Pounds lost/ })).toHaveCount(0);
    const settings = page.getByRole('group', { name: 'Reminder settings' });
    await settings.getByRole('combobox', { name: /Counted from/ }).selectOption({ label: 'Counted from sign-up' });
    await settings.getByRole('spinbutton', { name: /Every/ }).fill('1');
    await settings.getByRole('combobox', { name: /Unit/ }).selectOption({ label: 'Days' });

    const title = unique('Daily check-in');
    await page.getByRole('textbox', { name: /^Message/ }).fill(`${title}\nLog your meals and water today.`);
    await chooseImage(page, 'Image', 'check-in.png', { width: 400, height: 400 });
    await page.getByRole('textbox', { name: /^Link/ }).fill('https://northside.example.com/check-in');
    await page.getByRole('button', { name: 'Add Notification' }).click();
    await expect(page.getByText('Notification created successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dynamic-notifications$/);

    await page.getByRole('searchbox', { name: 'Search notifications' }).fill(title);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Every 1 day from sign-up');
    await expect(row).toContainText('0 patients');
    expect((await inbox(request)).filter((m) => m.title === title)).toHaveLength(0);

    await page.getByRole('button', { name: 'Run now…' }).click();
    const question = page.getByRole('alertdialog', { name: 'Run the notifications now' });
    await question.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByText(/The notifications run was queued for \d+ programs?\./)).toBeVisible();

    // The run and the fan-out are jobs of the gateway's workers.
    await expect.poll(async () => (await inbox(request)).filter((m) => m.title === title).length, { timeout: 30_000 }).toBe(1);
    const [message] = (await inbox(request)).filter((m) => m.title === title);
    expect(message).toMatchObject({ kind: 'dynamic', link: 'https://northside.example.com/check-in', image: expect.stringMatching(/^\/uploads\/global\/[0-9a-f]{32}\.png$/) });
    const picture = await request.get(message!.image!);
    expect(picture.ok()).toBe(true);
    expect(picture.headers()['content-type']).toBe('image/png');

    // A second run the same day reaches nobody again.
    await page.getByRole('button', { name: 'Run now…' }).click();
    await page.getByRole('alertdialog', { name: 'Run the notifications now' }).getByRole('button', { name: 'Run now' }).click();
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search notifications' }).fill(title);
    await expect(row).not.toContainText(' 0 patients');
    expect((await inbox(request)).filter((m) => m.title === title)).toHaveLength(1);

    // Switched off, it stays (it has sent) but the daily run leaves it.
    const toggle = row.getByRole('switch');
    await expect(toggle).toBeChecked();
    await toggle.click({ force: true });
    await expect(toggle).not.toBeChecked();
  });

  test('the list and the form fit 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/dynamic-notifications/create');
    await expect(page.getByText('Choose a rule to set when the notification is sent.')).toBeVisible();
    await page.getByRole('combobox', { name: /^Rule/ }).selectOption({ label: 'Surgery date' });
    const settings = page.getByRole('group', { name: 'Surgery date settings' });
    await expect(settings.getByRole('combobox', { name: /When/ })).toBeVisible();
    await expect(settings.getByRole('textbox', { name: /Type of surgery/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto('/admin/dynamic-notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Dynamic Notifications' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run now…' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe('a super admin without manage_dynamic_notifications (admin2@)', () => {
  test.use({ account: ACCOUNTS.admin2 });

  test('has no Dynamic Notifications menu, and the API refuses', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await openAllGroups(page);
    await expect(mainMenu(page).getByRole('link', { name: 'Dynamic Notifications' })).toHaveCount(0);
    const token = await apiToken(page.request, ACCOUNTS.admin2);
    expect((await page.request.get('/api/admin/dynamic-notification', { headers: bearer(token!) })).status()).toBe(403);
  });
});
