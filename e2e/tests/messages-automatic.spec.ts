/**
 * Automatic messages and alerts, end to end: the demo's rules listed, one added, switched off and deleted
 * after the question; Run now sends the rule that is due today to patient@northside.test, whose app inbox
 * then holds it; the patient's reply from the app waits on the alerts screen (counted in the sidebar)
 * until staff mark it handled.
 */
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, PASSWORD, apiGet, bearer, chooseRowDelete, expect, mainMenu, test, tokenOf, unique } from './support';

const APP_PATIENT = 'patient@northside.test';
type Inbox = { data: { data: { id: number; title: string }[] } };

async function appToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/app/login', { data: { email: APP_PATIENT, password: PASSWORD } });
  expect(response.ok(), `the app sign-in answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

async function inbox(request: APIRequestContext, token: string) {
  const response = await request.get('/api/app/messages?perPage=50', { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Inbox).data.data;
}

test.describe('Northside staff (staff@)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('adds an automatic message, switches it off, and deletes it after the question', async ({ page }) => {
    await page.goto('/automatic-messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Automatic Messages' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Automatic messages' });
    await expect(table.getByRole('row', { name: /Welcome to the program/ })).toContainText('1 day after signup');
    await expect(table.getByRole('row', { name: /Weight reminder/ })).toContainText('No weight logged for 5 days');

    const title = unique('Pre-op checklist');
    await page.getByRole('button', { name: 'Add automatic message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add automatic message' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Send when').selectOption({ label: 'Days before surgery' });
    await dialog.getByLabel('Days').fill('10');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Ten days to go: check your pre-op list in the app.');
    // Chakra's checkbox draws its box over the input: click the label, as a person does.
    await dialog.getByText('E-mail', { exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Add automatic message' }).click();
    await expect(page.getByText('Automatic message created successfully.')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search automatic messages' }).fill(title);
    const row = table.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('10 days before surgery');
    await expect(row).toContainText('App inbox, E-mail');
    const toggle = row.getByRole('switch', { name: `${title} on` });
    await expect(toggle).toBeChecked();
    // The styled switch covers its input: the click lands on the switch a person sees.
    await toggle.click({ force: true });
    await expect(page.getByText('The automatic message is now off.')).toBeVisible();
    await expect(toggle).not.toBeChecked();

    await chooseRowDelete(page, title);
    const question = page.getByRole('alertdialog', { name: 'Delete automatic message' });
    await expect(question).toContainText(title);
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Automatic message deleted successfully.')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(title) })).toHaveCount(0);
  });

  test('Run now sends the rule due today to patient@northside.test’s app inbox, once', async ({ page, request }) => {
    const token = await appToken(request);
    const dueToday = 'Thank you for staying with us';
    expect((await inbox(request, token)).filter((m) => m.title === dueToday)).toHaveLength(0);

    await page.goto('/automatic-messages');
    await page.getByRole('button', { name: 'Run now' }).click();
    await expect(page.getByText(/The automatic messages are being checked now/)).toBeVisible();
    // The run and the fan-out are jobs of the gateway's workers.
    await expect.poll(async () => (await inbox(request, token)).filter((m) => m.title === dueToday).length, { timeout: 20_000 }).toBe(1);
    await expect(page.getByRole('table', { name: 'Automatic messages' }).getByRole('row', { name: new RegExp(dueToday) })).toBeVisible();

    // A second run the same day (the call Run now makes; the notice now covers the button) sends nothing more.
    const again = await page.request.post('/api/automatic-messages/run', { headers: bearer(await tokenOf(page)) });
    expect(again.status()).toBe(202);
    await page.waitForTimeout(3_000);
    expect((await inbox(request, token)).filter((m) => m.title === dueToday)).toHaveLength(1);
  });

  test('a reply from the app waits on the alerts screen, counted in the sidebar, until it is marked handled', async ({ page, request }) => {
    const token = await appToken(request);
    const [message] = await inbox(request, token);
    expect(message, 'the demo patient has a message to reply to').toBeDefined();
    const text = unique('Can I take my vitamins with coffee?');
    const reply = await request.post(`/api/app/messages/${message!.id}/reply`, { headers: { authorization: `Bearer ${token}` }, data: { message: text } });
    expect(reply.ok(), `the reply answered ${reply.status()}`).toBe(true);

    await page.goto('/alerts');
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
    // The sidebar's figure is the server's count (kept a minute), the three lists together.
    const counts = (await apiGet<{ data: { failed_deliveries: number; inactive_patients: number; replies: number } }>(page, '/api/alerts/counts')).data;
    const waiting = counts.failed_deliveries + counts.inactive_patients + counts.replies;
    await expect(mainMenu(page).getByRole('link', { name: waiting > 0 ? `Alerts (${waiting} waiting)` : 'Alerts', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Failed deliveries/ })).toBeVisible();
    await page.getByRole('tab', { name: /^Stopped logging/ }).click();
    await expect(page.getByRole('table', { name: 'Patients who stopped logging' })).toBeVisible();

    await page.getByRole('tab', { name: /^Replies/ }).click();
    const replies = page.getByRole('table', { name: 'Replies from the app' });
    const row = replies.getByRole('row').filter({ hasText: text });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /^Mark the reply of .* handled$/ }).click();
    await expect(page.getByText('The reply is marked as handled.')).toBeVisible();
    await expect(replies.getByRole('row').filter({ hasText: text })).toHaveCount(0);
    await page.getByLabel('Show').selectOption({ label: 'Handled' });
    await expect(replies.getByRole('row').filter({ hasText: text })).toContainText('by');
  });
});
