/**
 * The event calendar, end to end: a weekly event created on the form shows on every week of the month
 * view (the month the form saved to); one of its days is changed on its own ("This event only") and
 * another is deleted on its own, while the rest of the series stays. Month, week and list views, the
 * form, the question and the event's page are each checked by axe (support.ts).
 */
import type { Page } from '@playwright/test';
import { bearer, ACCOUNTS, expect, test, tokenOf, unique } from './support';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The Tuesdays of the month after next ("yyyy-MM-dd"): a month wholly ahead, whatever today is. */
function tuesdaysAhead(): { days: string[]; heading: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
  const days: string[] = [];
  for (let day = new Date(first); day.getUTCMonth() === first.getUTCMonth(); day = new Date(day.getTime() + 86_400_000)) {
    if (day.getUTCDay() === 2) days.push(iso(day));
  }
  const heading = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first);
  return { days, heading };
}

/** "Mar 05, 2026": how the screens write a day. */
function shownDay(day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const name = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date)));
  return `${name} ${pad(date)}, ${year}`;
}

/** "03/02/2027": how the date picker is typed. */
const typedDay = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** The calendar's links to the days of the event named `title`, in the grid shown. */
const dayLinks = (page: Page, title: string) => page.getByRole('link', { name: new RegExp(title) });

/** The days ("yyyy-MM-dd") the calendar's links of `title` open. */
async function linkedDays(page: Page, title: string): Promise<string[]> {
  const hrefs = await dayLinks(page, title).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => new URL(href, 'http://x').searchParams.get('date') ?? '').sort();
}

test.describe('Northside staff (staff@)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('a weekly event made on the form shows every week; one day changed and another deleted on their own', async ({ page }) => {
    test.setTimeout(240_000);
    const { days, heading } = tuesdaysAhead();
    const title = unique('Tuesday support group');
    let seriesId = 0;

    await test.step('create the weekly event on the form', async () => {
      await page.goto('/event-calender');
      await expect(page.getByRole('heading', { level: 1, name: 'Event Calendar' })).toBeVisible();
      await page.getByRole('link', { name: 'New Event' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New Event' })).toBeVisible();

      await page.getByLabel(/^Event Title/).fill(title);
      await page.getByLabel(/^Description/).fill('Share how the week went.');
      await page.getByLabel(/^Type/).selectOption('Support Group');
      await page.getByRole('textbox', { name: /^Date/ }).fill(typedDay(days[0]!));
      await page.getByRole('textbox', { name: /^Start Time/ }).fill('06:00 PM');
      await page.getByRole('textbox', { name: /^End Time/ }).fill('07:00 PM');
      await page.getByLabel(/^Venue Type/).selectOption('online');
      await page.getByLabel(/^Meeting Link/).fill('https://meet.example.test/tuesday');
      // Chakra's boxes are clicked by their labels (the input itself is visually hidden under them).
      const stages = page.getByRole('group', { name: 'Stages', exact: true });
      await stages.getByText('Pre-Op', { exact: true }).click();
      await stages.getByText('Post-Op', { exact: true }).click();
      await expect(stages.getByRole('checkbox', { name: 'Post-Op' })).toBeChecked();
      await page.getByLabel(/^Hosted By/).fill('Dr. Rivera');
      await page.getByText('Remind patients 5 minutes before it starts', { exact: true }).click();
      await expect(page.getByLabel(/^Reminder Text/)).toHaveValue(`We are starting ${title} in 5 minutes.`);
      await page.getByLabel('Repeat').selectOption('weekly');
      await page.getByRole('group', { name: 'On', exact: true }).getByText('Tuesday', { exact: true }).click();
      await expect(page.getByTestId('repeat-summary')).toHaveText('Repeats: Every week on Tuesday');
      await page.getByRole('button', { name: 'Create Event' }).click();
    });

    await test.step('the month view shows it on every Tuesday', async () => {
      await expect(page).toHaveURL(/\/event-calender$/);
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(dayLinks(page, title)).toHaveCount(days.length);
      expect(await linkedDays(page, title)).toEqual(days);
      const href = (await dayLinks(page, title).first().getAttribute('href')) ?? '';
      seriesId = Number(/\/view\/(\d+)/.exec(href)?.[1]);
      expect(seriesId).toBeGreaterThan(0);

      // The week and list views show the same days.
      await page.getByRole('button', { name: 'List', exact: true }).click();
      await expect(dayLinks(page, title)).toHaveCount(days.length);
      // The month's second week always holds one of its Tuesdays (its first week may begin in the month before).
      await page.getByRole('button', { name: 'Week', exact: true }).click();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(dayLinks(page, title)).toHaveCount(1);
      await page.getByRole('button', { name: 'Month', exact: true }).click();
      await expect(dayLinks(page, title)).toHaveCount(days.length);
    });

    await test.step('change the third Tuesday only', async () => {
      const third = days[2]!;
      await page.locator(`a[href="/event-calender/view/${seriesId}?date=${third}"]`).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText(`${shownDay(third)}, 06:00 PM to 07:00 PM`)).toBeVisible();
      await expect(page.getByText('Every week on Tuesday')).toBeVisible();
      await page.getByRole('link', { name: 'Edit', exact: true }).click();
      const question = page.getByRole('group', { name: 'Edit a repeating event' });
      await question.getByRole('button', { name: 'This event only' }).click();
      // One day of a series stays on its date: shown, not asked.
      await expect(page.getByText(shownDay(third), { exact: true })).toBeVisible();
      await expect(page.getByRole('textbox', { name: /^Date/ })).toHaveCount(0);
      await expect(page.getByLabel('Repeat')).toHaveCount(0);
      await page.getByRole('textbox', { name: /^Start Time/ }).fill('05:00 PM');
      await page.getByRole('button', { name: 'Save Changes' }).click();

      await expect(page).toHaveURL(/\/event-calender$/);
      await expect(dayLinks(page, title)).toHaveCount(days.length);
      // The changed day opens its own row; the others still the series.
      const changed = page.locator(`a[href$="?date=${third}"]`).filter({ hasText: title });
      await expect(changed).not.toHaveAttribute('href', `/event-calender/view/${seriesId}?date=${third}`);
      await changed.click();
      await expect(page.getByText(`${shownDay(third)}, 05:00 PM to 07:00 PM`)).toBeVisible();
      await expect(page.getByText(/A changed day of a series/)).toBeVisible();
      await page.getByRole('link', { name: 'Event Calendar' }).first().click();
      await page.locator(`a[href="/event-calender/view/${seriesId}?date=${days[3]}"]`).click();
      await expect(page.getByText(`${shownDay(days[3]!)}, 06:00 PM to 07:00 PM`)).toBeVisible();
    });

    await test.step('delete the second Tuesday only', async () => {
      const second = days[1]!;
      await page.goto(`/event-calender/view/${seriesId}?date=${second}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const question = page.getByRole('alertdialog', { name: 'Delete a repeating event' });
      await question.getByRole('button', { name: 'This event only' }).click();
      await expect(page).toHaveURL(/\/event-calender$/);
      await expect(dayLinks(page, title)).toHaveCount(days.length - 1);
      expect(await linkedDays(page, title)).toEqual(days.filter((day) => day !== second));
    });

    // The series goes, so later runs against the same server start from the demo's own events.
    const removed = await page.request.post('/scheduler/api/event-calendar/delete', { headers: bearer(await tokenOf(page)), data: { id: seriesId } });
    expect(removed.ok()).toBe(true);
  });
});
