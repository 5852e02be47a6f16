/**
 * Groups and tips, end to end (port 8102): the super admin messages the demo group that holds the demo
 * patient (patient@northside.test) and the message reaches their app inbox; a new group is made with the
 * patient search over every program and a member removed after the question; a tip is added and switched
 * off. The screens fit 390 px.
 */
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, PASSWORD, apiGet, expect, test, unique } from './support';

const APP_PATIENT = 'patient@northside.test';
const DEMO_GROUP = 'Post-Op Support Circle';

async function inboxTitles(request: APIRequestContext): Promise<string[]> {
  const login = await request.post('/api/app/login', { data: { email: APP_PATIENT, password: PASSWORD } });
  expect(login.ok(), `the app sign-in answered ${login.status()}`).toBe(true);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const inbox = await request.get('/api/app/messages?perPage=50', { headers: { authorization: `Bearer ${token}` } });
  return ((await inbox.json()) as { data: { data: { title: string }[] } }).data.data.map((m) => m.title);
}

test.describe('the super admin', () => {
  test.use({ account: ACCOUNTS.superAdmin });

  test('messages a group and the message reaches the demo patient’s inbox', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.goto('/admin/groups');
    await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible();
    await page.getByRole('link', { name: DEMO_GROUP }).click();
    await expect(page).toHaveURL(/\/admin\/groups\/\d+\/show$/);
    await expect(page.getByRole('heading', { level: 1, name: DEMO_GROUP })).toBeVisible();
    const members = page.getByRole('table', { name: `Members of ${DEMO_GROUP}` });
    await expect(members.getByRole('row', { name: new RegExp(APP_PATIENT) })).toBeVisible();

    const title = unique('Circle moves to Thursday');
    await page.getByRole('button', { name: 'Send message' }).click();
    const dialog = page.getByRole('dialog', { name: `Message ${DEMO_GROUP}` });
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
    await dialog.getByRole('textbox', { name: /^Message/ }).fill('This week the circle meets on Thursday at 6 PM.');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    const question = page.getByRole('alertdialog', { name: 'Send group message' });
    await expect(question).toContainText(/to the \d+ patients of Post-Op Support Circle/);
    await question.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(/Group message queued for sending\. \d+ patients? will get it\./)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The fan-out is a job of the gateway's workers.
    await expect.poll(async () => (await inboxTitles(request)).filter((t) => t === title).length, { timeout: 30_000 }).toBe(1);
  });

  test('makes a group with a patient of another program, then removes a member after the question', async ({ page }) => {
    await page.goto('/admin/groups');
    await page.getByRole('link', { name: 'Add Group' }).click();
    await expect(page).toHaveURL(/\/admin\/groups\/create$/);
    const name = unique('Sleep Apnea Check-In');
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    const search = page.getByRole('searchbox', { name: 'Find patients of every program' });
    await search.fill(APP_PATIENT);
    await page.getByRole('list', { name: 'Matching patients' }).getByRole('button', { name: /^Add / }).first().click();
    // A patient of another program (Lakeview, 102), found by their e-mail.
    const other = await apiGet<{ data: { data: { email: string | null; program_name: string }[] } }>(page, '/api/admin/groups/patients?program=102&status=1&perPage=50');
    const lakeview = other.data.data.find((p) => p.email)!;
    await search.fill(lakeview.email!);
    const match = page.getByRole('list', { name: 'Matching patients' }).getByRole('listitem').filter({ hasText: lakeview.program_name });
    await match.getByRole('button', { name: /^Add / }).click();
    await expect(page.getByText('2 patients chosen')).toBeVisible();
    await page.getByRole('button', { name: 'Add Group' }).click();
    await expect(page.getByText('Group created successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/groups\/\d+\/show$/);
    await expect(page.getByText('2 patients', { exact: true })).toBeVisible();

    const members = page.getByRole('table', { name: `Members of ${name}` });
    const row = members.getByRole('row', { name: new RegExp(APP_PATIENT) });
    await row.getByRole('button', { name: /^Remove/ }).click();
    const question = page.getByRole('alertdialog', { name: 'Remove from group' });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /^Remove/ }).click();
    await question.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Patient removed from the group.')).toBeVisible();
    await expect(members.getByRole('row', { name: new RegExp(APP_PATIENT) })).toHaveCount(0);
    await expect(page.getByText('1 patient', { exact: true })).toBeVisible();
  });

  test('adds a tip and switches it off; the screens fit 390 px', async ({ page }) => {
    await page.goto('/admin/tips');
    await expect(page.getByRole('heading', { level: 1, name: 'Tips' })).toBeVisible();
    const text = unique('Chew every bite until it is smooth');
    await page.getByRole('button', { name: 'Add Tip' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Tip' });
    await dialog.getByRole('textbox', { name: /^Tip/ }).fill(text);
    await dialog.getByRole('button', { name: 'Add Tip' }).click();
    await expect(page.getByText('Tip created successfully.')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search tips' }).fill(text);
    const toggle = page.getByRole('switch', { name: `${text} active` });
    await expect(toggle).toBeChecked();
    await toggle.press('Space');
    await expect(page.getByText('Tip status updated successfully.')).toBeVisible();
    await expect(toggle).not.toBeChecked();
    const off = await apiGet<{ data: { data: { description: string; status: number }[] } }>(page, `/api/admin/tips?search=${encodeURIComponent(text)}`);
    expect(off.data.data).toEqual([expect.objectContaining({ description: text, status: 0 })]);

    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/admin/tips', '/admin/groups', '/admin/manage-menu', '/admin/mobile-support-mail', '/admin/support-email']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Polled: the page transition moves the screen in from the side for a moment.
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: path }).toBeLessThanOrEqual(390);
    }
  });
});
