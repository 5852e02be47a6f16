/**
 * Event locations and calendar import, end to end: a location added on the calendar's Locations screen
 * gets its time zone from its coordinates (the server's geo-tz), and a small .ics file imported from the
 * calendar's heading is followed to its result, its events then on the calendar.
 */
import { ACCOUNTS, expect, test, unique } from './support';

/** "yyyyMMdd" of a local day `offset` days from today. */
function icsDay(offset: number): string {
  const day = new Date(Date.now() + offset * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}${pad(day.getMonth() + 1)}${pad(day.getDate())}`;
}

/**
 * A calendar as Google Calendar exports it: a weekly series and a single event, both in this month's
 * first days ahead (so the month the calendar opens on shows them), in Chicago time.
 */
function calendarFile(series: string, single: string): string {
  const today = new Date();
  // Days still in this month: the month view the calendar opens on shows them.
  const daysLeft = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate() - today.getDate();
  const first = icsDay(0);
  const second = icsDay(Math.min(1, daysLeft));
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//BariDesk e2e//EN',
    'BEGIN:VEVENT',
    `UID:${series.replace(/\W/g, '')}@e2e.test`,
    `DTSTAMP:${first}T120000Z`,
    `DTSTART;TZID=America/Chicago:${first}T180000`,
    `DTEND;TZID=America/Chicago:${first}T190000`,
    'RRULE:FREQ=WEEKLY;COUNT=4',
    `SUMMARY:${series}`,
    'DESCRIPTION:Walk and talk around the lake.',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `UID:${single.replace(/\W/g, '')}@e2e.test`,
    `DTSTAMP:${first}T120000Z`,
    `DTSTART;TZID=America/Chicago:${second}T120000`,
    `DTEND;TZID=America/Chicago:${second}T130000`,
    `SUMMARY:${single}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

test.describe('Northside staff (staff@)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('adds a location: the time zone appears from its coordinates', async ({ page }) => {
    await page.goto('/event-calender/locations');
    await expect(page.getByRole('heading', { level: 1, name: 'Event Locations' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Event Calendar' })).toHaveAttribute('href', '/event-calender');

    const name = unique('Lakefront Pavilion');
    await page.getByRole('button', { name: 'Add Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Location' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Address').fill('1200 S Lake Shore Dr, Chicago');
    await dialog.getByLabel('Latitude').fill('41.8676');
    const zone = dialog.getByRole('textbox', { name: 'Time zone' });
    await expect(zone).toHaveValue('');
    await dialog.getByLabel('Longitude').fill('-87.6140');
    await expect(zone).toHaveValue('America/Chicago');
    await expect(zone).toHaveAttribute('readonly', '');

    // Coordinates on the other coast give that coast's zone.
    await dialog.getByLabel('Latitude').fill('34.0522');
    await dialog.getByLabel('Longitude').fill('-118.2437');
    await expect(zone).toHaveValue('America/Los_Angeles');
    await dialog.getByLabel('Latitude').fill('41.8676');
    await dialog.getByLabel('Longitude').fill('-87.6140');
    await expect(zone).toHaveValue('America/Chicago');

    await dialog.getByRole('button', { name: 'Add Location' }).click();
    await expect(page.getByText('Location created successfully.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search locations' }).fill(name);
    const row = page.getByRole('table', { name: 'Event locations' }).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('America/Chicago');
  });

  test('imports a small .ics file: its progress, then the result, then its events on the calendar', async ({ page }) => {
    test.setTimeout(120_000);
    const series = unique('Lakeside Walking Group');
    const single = unique('Imported Nutrition Talk');
    await page.goto('/event-calender');
    await page.getByRole('button', { name: 'Import .ics' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a calendar' });
    await dialog.getByLabel('Calendar file').setInputFiles({
      name: 'walking-group.ics',
      mimeType: 'text/calendar',
      buffer: Buffer.from(calendarFile(series, single)),
    });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    // The job's progress (or, on a fast machine, its result straight away), then its result.
    await expect(dialog.getByRole('progressbar', { name: 'Importing walking-group.ics' }).or(dialog.getByText(/walking-group\.ics: \d+ events? imported/))).toBeVisible();
    await expect(dialog.getByText('walking-group.ics: 2 events imported, 0 skipped.')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByRole('status')).toHaveText('Import finished: 2 events imported, 0 skipped.');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog).toBeHidden();

    await expect(page.getByText(series).first()).toBeVisible();
    await expect(page.getByText(single).first()).toBeVisible();

    // Dismissed: opening Import again offers a new file.
    await page.getByRole('button', { name: 'Import .ics' }).click();
    await expect(page.getByRole('dialog', { name: 'Import a calendar' }).getByLabel('Calendar file')).toBeVisible();
  });

  test('the feed dialog makes a private address to subscribe to', async ({ page }) => {
    await page.goto('/event-calender');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subscribe to the calendar' });
    await expect(dialog.getByText(/Google Calendar/)).toBeVisible();
    const create = dialog.getByRole('button', { name: 'Create link' });
    if (await create.isVisible()) await create.click();
    const address = dialog.getByRole('textbox', { name: 'Private feed address' });
    await expect(address).toHaveValue(/\/api\/calendar-feed\/[^/]+\.ics$/);
    const feed = await page.request.get(await address.inputValue());
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toContain('text/calendar');
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  });
});
