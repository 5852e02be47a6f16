/**
 * RSVPs and attendance, end to end: an event today that patient@northside.test answers going through the
 * app API; staff mark the patient attended on the event's page of the calendar and add a walk-in found by
 * search; both Support Group Attendance reports show it, and their Excel files open with the same figures.
 */
import type { APIRequestContext, Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, PASSWORD, apiGet, bearer, expect, test, tokenOf, unique } from './support';

const APP_PATIENT = 'patient@northside.test';
type ListPage<T> = { data: { data: T[]; total: number } };
type ListedPatient = { id: number; name: string; last_name: string; email: string | null };

/** Zones to hold the event in: one of them is before 8 pm now, so the event (9–10 pm there) is today and has not started. */
const ZONES = ['America/Chicago', 'Pacific/Honolulu', 'America/Los_Angeles', 'Europe/London', 'Asia/Tokyo', 'Pacific/Auckland'];

/** The local day ("yyyy-MM-dd") and hour in `zone` now. */
function nowIn(zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** "Mar 05, 2026": how the screens write a day. */
function shownDay(day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const name = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date)));
  return `${name} ${String(date).padStart(2, '0')}, ${year}`;
}

/** The rows of a workbook's first sheet as text. */
async function sheetRows(download: Download): Promise<string[][]> {
  const file = await download.path();
  expect(file, 'the download was saved').toBeTruthy();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file as string);
  const sheet = workbook.worksheets[0];
  expect(sheet).toBeDefined();
  const rows: string[][] = [];
  sheet!.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((value) => (value == null ? '' : value instanceof Date ? value.toISOString() : String(value)))),
  );
  return rows;
}

async function appToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/app/login', { data: { email: APP_PATIENT, password: PASSWORD } });
  expect(response.ok(), `the app sign-in answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Downloads through a screen's Download Excel button: the report banner shows while the file is made. */
async function downloadExcel(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Excel' }).click();
  return downloading;
}

test.describe('Northside staff (staff@)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('a patient RSVPs from the app, staff mark attendance on the event’s day, and both reports show it with their Excel files', async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.goto('/dashboard');
    const token = await tokenOf(page);

    // An online event today, later than now in its zone, for every patient.
    const zone = ZONES.find((candidate) => nowIn(candidate).hour < 20)!;
    const { day } = nowIn(zone);
    const title = unique('Attendance check-in');
    const created = await page.request.post('/scheduler/api/event-calendar/store', {
      headers: bearer(token),
      data: {
        event_title: title,
        type: 'Support Group',
        date: day,
        time: '21:00',
        end_time: '22:00',
        timezone: zone,
        venue_type: 'online',
        meeting_url: 'https://meet.example.test/support',
        stages: [1, 2, 3],
        patient_type: 'all',
        weight_loss_type: 'all',
        push_notification: 0,
        five_minute_earlier_reminder: 0,
        status: 1,
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const eventId = ((await created.json()) as { data: { id: number } }).data.id;

    // The patient answers going from the app.
    const rsvp = await request.post(`/api/app/events/${eventId}/rsvp`, {
      headers: bearer(await appToken(request)),
      data: { date: day, response: 'going' },
    });
    expect(rsvp.ok(), await rsvp.text()).toBe(true);

    const appPatient = (await apiGet<ListPage<ListedPatient>>(page, `/api/patients?search=${encodeURIComponent(APP_PATIENT)}&perPage=5`)).data.data[0]!;
    const walkIn = (await apiGet<ListPage<ListedPatient>>(page, '/api/patients?perPage=10&sort=name&status=1')).data.data.find((p) => p.id !== appPatient.id)!;

    // The event's page of the calendar, that day: the answer, then the marks.
    await page.goto(`/event-calender/view/${eventId}?date=${day}`);
    const panel = page.getByRole('region', { name: `RSVPs and attendance, ${shownDay(day)}` });
    await expect(panel.getByText('1 going, 0 not going, 0 attended (0 marked).')).toBeVisible();
    const row = panel.getByRole('row', { name: new RegExp(appPatient.name) });
    await expect(row).toContainText('Going');
    await row.getByRole('button', { name: `Attended, ${appPatient.name}` }).click();
    await expect(row.getByRole('button', { name: `Attended, ${appPatient.name}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(panel.getByText('1 going, 0 not going, 1 attended (1 marked).')).toBeVisible();

    await panel.getByLabel('Add a walk-in').fill(walkIn.last_name);
    await panel.getByRole('list', { name: 'Matching patients' }).getByRole('button', { name: `Add as attended ${walkIn.name}` }).first().click();
    await expect(panel.getByText('1 going, 0 not going, 2 attended (2 marked).')).toBeVisible();
    await expect(panel.getByRole('row', { name: new RegExp(walkIn.name) })).toContainText('No RSVP (walk-in)');

    // The list report: this day of the event with its counts, and its Excel file.
    await panel.getByRole('link', { name: 'Open the attendance report' }).click();
    await expect(page).toHaveURL(new RegExp(`/events-rsvp-report/${eventId}/${day}$`));
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Support Group Attendance' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Support Group Attendance' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search events' }).fill(title);
    await page.getByRole('searchbox', { name: 'Search events' }).press('Enter');
    await expect(page.getByText(/^1 event date/)).toBeVisible();
    const listed = page.getByRole('row', { name: new RegExp(title) });
    await expect(listed.getByRole('cell')).toHaveText([shownDay(day), title, '09:00PM–10:00PM', 'Support Group', '1', '0', '2']);

    const listFile = await downloadExcel(page);
    await expect(page.getByText('Your report is being prepared. Leave this window open. It may take a few minutes.')).toBeHidden();
    expect(listFile.suggestedFilename()).toMatch(/^support-group-attendance-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const [listHeader, ...listRows] = await sheetRows(listFile);
    expect(listRows).toHaveLength(1);
    const cell = (header: string) => listRows[0]![listHeader!.indexOf(header)];
    expect(cell('Event')).toBe(title);
    expect([cell('Going'), cell('Not going'), cell('Attended'), cell('Marked')]).toEqual(['1', '0', '2', '2']);

    // The day's report: who came, and its Excel file.
    await listed.getByRole('link', { name: `${title}, ${shownDay(day)}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('1 going, 0 not going, 2 attended (2 marked).')).toBeAttached();
    const table = page.getByRole('table', { name: new RegExp(`Patients who answered or came: ${title}`) });
    await expect(table.getByRole('row', { name: new RegExp(appPatient.name) })).toContainText('GoingAttended');
    await expect(table.getByRole('row', { name: new RegExp(walkIn.name) })).toContainText('No RSVP (walk-in)Attended');
    await page.getByRole('combobox', { name: 'Response' }).selectOption({ label: 'No RSVP (walk-in)' });
    await expect(page.getByText(/^1 patient match/)).toBeVisible();
    await page.getByRole('combobox', { name: 'Response' }).selectOption({ label: 'Any response' });
    await expect(page.getByText(/^2 patients/)).toBeVisible();

    const dayFile = await downloadExcel(page);
    expect(dayFile.suggestedFilename()).toBe(`attendance-${eventId}-${day}.xlsx`);
    const [dayHeader, ...dayRows] = await sheetRows(dayFile);
    expect(dayRows).toHaveLength(2);
    const byName = new Map(dayRows.map((r) => [r[dayHeader!.indexOf('Name')], r]));
    expect(byName.get(appPatient.name)?.[dayHeader!.indexOf('Attended')]).toBe('Yes');
    expect(byName.get(appPatient.name)?.[dayHeader!.indexOf('RSVP')]).toBe('Going');
    expect(byName.get(walkIn.name)?.[dayHeader!.indexOf('Attended')]).toBe('Yes');

    // Clean-up: the event goes (its answers with it).
    const removed = await page.request.post('/scheduler/api/event-calendar/delete', { headers: bearer(token), data: { id: eventId } });
    expect(removed.ok(), await removed.text()).toBe(true);
  });
});
