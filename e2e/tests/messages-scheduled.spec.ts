/**
 * Scheduled messages, end to end: a weekly message scheduled for chosen patients with its plain-language
 * summary, then paused, resumed, edited and cancelled (after the question) on its show screen.
 */
import { ACCOUNTS, apiGet, bearer, expect, test, tokenOf, unique } from './support';

type ListPage<T> = { data: { data: T[]; total: number } };
type ListedPatient = { id: number; name: string; last_name: string };

/** A local date and time a week ahead at 09:00, as the date-time field takes it. */
function nextWeekAtNine(): string {
  const day = new Date(Date.now() + 7 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T09:00`;
}

test.describe('Northside staff (staff@)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('schedules a weekly message, pauses, resumes, edits and cancels it', async ({ page }) => {
    // Many steps, each waiting for the server: more than the default 30 s on a busy machine.
    test.setTimeout(180_000);
    await page.goto('/scheduled-messages');
    await expect(page.getByRole('heading', { level: 1, name: 'Scheduled Messages' })).toBeVisible();
    const patients = await apiGet<ListPage<ListedPatient>>(page, '/api/patients?perPage=5&sort=name&status=1');
    const patient = patients.data.data[0]!;

    await page.getByRole('button', { name: 'Schedule a message' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule a message' });
    const title = unique('Support group');
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Message').fill('The support group meets at 7 pm.');
    await dialog.getByLabel('Find patients').fill(patient.last_name);
    await dialog.getByRole('button', { name: `Add ${patient.name}` }).click();
    await expect(dialog.getByTestId('audience-count')).toHaveText('1 patient will receive this message.');
    await dialog.getByLabel('Date and time').fill(nextWeekAtNine());
    await dialog.getByLabel('Repeat').selectOption({ label: 'Weekly' });
    await dialog.getByText('Monday', { exact: true }).click();
    await dialog.getByText('Wednesday', { exact: true }).click();
    await dialog.getByText('After a number of times', { exact: true }).click();
    await dialog.getByRole('spinbutton', { name: 'Number of times' }).fill('6');
    await expect(dialog.getByTestId('repeat-summary')).toHaveText('Repeats: Every week on Monday and Wednesday, 6 times');

    await dialog.getByRole('button', { name: 'Schedule message' }).click();
    const question = page.getByRole('alertdialog', { name: 'Schedule this message?' });
    await expect(question).toContainText('1 patient gets this message from');
    await question.getByRole('button', { name: 'Schedule', exact: true }).click();

    await expect(page).toHaveURL(/\/scheduled-message\/\d+\/show$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('every week on monday and wednesday, 6 times')).toBeVisible();
    await expect(page.getByText('No run yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByText('Scheduled message paused.')).toBeVisible();
    await expect(page.getByText('Paused', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect(page.getByText('Scheduled message resumed.')).toBeVisible();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit scheduled message' });
    await expect(edit.getByRole('listitem').filter({ hasText: patient.name })).toBeVisible();
    await edit.getByLabel('Repeat').selectOption({ label: 'Daily' });
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Scheduled message updated.')).toBeVisible();
    await expect(page.getByText('every day, 6 times')).toBeVisible();

    await page.getByRole('button', { name: 'Cancel message' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Cancel scheduled message' });
    await ask.getByRole('button', { name: 'Keep it' }).click();
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel message' }).click();
    await page.getByRole('alertdialog', { name: 'Cancel scheduled message' }).getByRole('button', { name: 'Cancel message' }).click();
    await expect(page.getByText('Scheduled message cancelled.')).toBeVisible();
    await expect(page.getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Scheduled Messages' }).click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Cancelled' });
    await expect(page.getByRole('table', { name: 'Scheduled messages' }).getByRole('link', { name: title })).toBeVisible();
  });

  test('a message scheduled for the coming minute is run by the scheduler and reaches the demo app patient', async ({ page }) => {
    // The scheduler's cron ticks every minute: the run is made at the first tick at or after send_at.
    test.setTimeout(400_000);
    await page.goto('/scheduled-messages');
    const found = await apiGet<ListPage<ListedPatient>>(page, '/api/patients?search=patient%40northside.test&perPage=5');
    const patient = found.data.data[0]!;
    const title = unique('In a minute');
    // The next whole minute at least 15 s away (the server refuses a time already past when it saves):
    // that minute's tick makes the run, 15-75 s from now, rather than a minute later (60-120 s).
    const sendAt = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000).toISOString();
    const token = await tokenOf(page);
    const created = await page.request.post('/api/scheduled-messages', {
      headers: bearer(token),
      data: { title, message: 'Sent by the scheduler.', patient_ids: [patient.id], send_at: sendAt },
    });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as { data: { id: number } }).data;

    await expect
      .poll(async () => (await apiGet<{ data: { runs_count: number; status: string } }>(page, `/api/scheduled-messages/${id}`)).data, {
        timeout: 180_000,
        intervals: [5_000],
      })
      .toMatchObject({ runs_count: 1, status: 'completed' });
    await page.goto(`/scheduled-message/${id}/show`);
    await expect(page.getByRole('heading', { level: 2, name: 'Runs (1)' })).toBeVisible();
    const recipients = page.getByRole('table', { name: 'Recipients and their delivery status' });
    await expect(recipients.getByRole('row').filter({ hasText: patient.name })).toContainText('Delivered', { timeout: 20_000 });
  });
});
