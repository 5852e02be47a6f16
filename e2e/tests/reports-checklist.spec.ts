/**
 * The seminar-to-surgery reports against the demo seed: Checklist Reports (/seminar2surgery: the lost
 * patients graph by time gap, the lost and the stalled patients, the checklist item filter), Pre-Op,
 * Post-Op, Never Used App (with Invite) and Surgery Volume. Each screen opens with data, filters into
 * its address, draws its chart, and its table goes to Excel (small exports stream at once; the file is
 * read back and holds the table's rows). At 1440 and 390 px each fits the window (no sideways scrolling of
 * the page). axe checks every screen and dialog the tests show (support.ts).
 */
import type { Download, Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, expect, test } from './support';

/** The rows of the first sheet of a downloaded workbook, as text. */
async function sheetRows(download: Download): Promise<string[][]> {
  const file = await download.path();
  expect(file, 'the download was saved').toBeTruthy();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file as string);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => (value == null ? '' : String(value)))));
  return rows;
}

/** A table's count line ("1,204 patients") as a number. */
async function countOf(scope: Locator | Page, noun: RegExp): Promise<number> {
  const line = scope.getByText(noun);
  await expect(line).toBeVisible();
  return Number((await line.innerText()).replace(/[^\d]/g, ''));
}

/**
 * Downloads the Excel file of a report table (`button`, in `scope`) and checks it holds the table's rows:
 * a header row naming the patient, then one row per counted row.
 */
async function expectExcelOf(page: Page, scope: Locator | Page, button: string, noun: RegExp, fileName: RegExp) {
  const total = await countOf(scope, noun);
  expect(total, `${button} has rows`).toBeGreaterThan(0);
  const downloading = page.waitForEvent('download');
  await scope.getByRole('button', { name: button }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(fileName);
  const rows = await sheetRows(download);
  expect(rows[0]!.join(' ')).toMatch(/Patient|Name/);
  // The file is made from the address's filters; a table just refiltered keeps its old rows and count
  // until its new answer is in, so the count is awaited rather than read once.
  await expect.poll(() => countOf(scope, noun)).toBe(rows.length - 1);
}

/** The first choice of a filter other than its "All"/"Any" (the demo program's tags, types, titles). */
async function chooseFirst(select: Locator) {
  await expect(select).toBeEnabled();
  const value = await select.locator('option').nth(1).getAttribute('value');
  expect(value, 'the filter has a choice').toBeTruthy();
  await select.selectOption(value!);
  return value!;
}

// A screen's first visit loads its remote and its data: on a busy machine that takes more than the default wait.
test.describe.configure({ timeout: 90_000 });

test.describe('Northside staff (staff@)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('Checklist Reports: the lost graph by time gap, the lost and stalled patients, the item filter, both to Excel', async ({ page }) => {
    await page.goto('/seminar2surgery');
    await expect(page.getByRole('heading', { level: 1, name: 'Checklist Reports' })).toBeVisible({ timeout: 20_000 });
    const graph = page.getByRole('region', { name: 'Lost patients over time' });
    await expect(graph.getByRole('img', { name: 'Lost patients over time' })).toBeVisible();
    // apexcharts drew the line (an svg path), not an empty box.
    await expect(graph.locator('svg .apexcharts-series path').first()).toBeAttached();
    await graph.getByText('The numbers of the chart').click();
    await expect(graph.getByRole('rowheader').first()).toHaveText(/^[A-Z][a-z]+ \d{4}$/);

    await graph.getByRole('combobox', { name: 'Time gap' }).selectOption({ label: 'Quarter' });
    await expect(page).toHaveURL(/time_gap=quarter/);
    await expect(graph.getByRole('rowheader').first()).toHaveText(/^Q[1-4] \d{4}$/);

    const lost = page.getByRole('region', { name: 'Lost patients', exact: true });
    await expectExcelOf(page, lost, 'Download Excel: Lost patients', /^[\d,]+ lost patients?$/, /\.xlsx$/);
    const first = lost.locator('tbody tr').first().getByRole('link');
    await expect(first).toHaveAttribute('href', /^\/patient-detail\/\d+$/);

    const stalled = page.getByRole('region', { name: 'Stalled patients', exact: true });
    const stalledAt30 = await countOf(stalled, /^[\d,]+ stalled patients?$/);
    // The address changes at once; the screen re-renders with the new filter a moment later (a router
    // transition), and only then does its table ask for the new days and its Download button take them.
    // Seeing that request is seeing the screen on the new filter (CI, 27 Nov 2026: a click in between
    // downloaded the 30 days' file).
    const asked = page.waitForRequest(/\/api\/seminar2surgery\/stalled-patients\/children\?.*\bdays=7\b/);
    await stalled.getByRole('combobox', { name: 'No progress for' }).selectOption({ label: '7 days' });
    await expect(page).toHaveURL(/stalled_days=7/);
    await asked;
    await expect.poll(() => countOf(stalled, /^[\d,]+ stalled patients?$/)).toBeGreaterThanOrEqual(stalledAt30);
    await expectExcelOf(page, stalled, 'Download Excel: Stalled patients', /^[\d,]+ stalled patients?$/, /\.xlsx$/);

    const before = await countOf(stalled, /^[\d,]+ stalled patients?$/);
    const item = await chooseFirst(page.getByRole('combobox', { name: 'Checklist item not ticked' }));
    await expect(page).toHaveURL(new RegExp(`checklist_item=${encodeURIComponent(item).replace(/%20/g, '(\\+|%20)')}`));
    await expect.poll(() => countOf(stalled, /^[\d,]+ stalled patients?$/)).toBeLessThanOrEqual(before);

    // A shared link opens the same report.
    const address = page.url();
    await page.goto('/dashboard');
    await page.goto(address);
    await expect(page.getByRole('combobox', { name: 'Time gap' })).toHaveValue('quarter');
    await expect(page.getByRole('combobox', { name: 'Checklist item not ticked' })).toHaveValue(item);
  });

  test('Pre-Op: upcoming surgeries with checklist readiness, a surgery type filter, Excel', async ({ page }) => {
    await page.goto('/surgery-date-patients-report');
    await expect(page.getByRole('heading', { level: 1, name: 'Pre-Op Report' })).toBeVisible({ timeout: 20_000 });
    const all = await countOf(page, /^[\d,]+ patients?$/);
    expect(all, 'the demo program has surgeries in the next 90 days').toBeGreaterThan(0);
    const row = page.locator('tbody tr').first();
    await expect(row).toContainText(/[A-Z][a-z]{2} \d{2}, \d{4}/);
    await expect(row).toContainText(/\d+\.\d%/);
    await chooseFirst(page.getByRole('combobox', { name: 'Surgery type' }));
    await expect(page).toHaveURL(/surgery_type=/);
    await expect.poll(() => countOf(page, /^[\d,]+ patients?$/)).toBeLessThan(all);
    await expectExcelOf(page, page, 'Download Excel', /^[\d,]+ patients?$/, /\.xlsx$/);
  });

  test('Post-Op: operated patients with days since surgery and weight outcome, sorted, filtered, Excel', async ({ page }) => {
    await page.goto('/post-op-patients-report');
    await expect(page.getByRole('heading', { level: 1, name: 'Post-Op Report' })).toBeVisible({ timeout: 20_000 });
    const all = await countOf(page, /^[\d,]+ patients?$/);
    expect(all).toBeGreaterThan(0);
    await expect(page.locator('tbody tr').first()).toContainText(/[\d,.]+ lb/);
    await page.getByRole('button', { name: 'Weight lost' }).click();
    await expect(page.getByRole('columnheader', { name: /Weight lost/ })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('combobox', { name: 'Stage' }).selectOption('3');
    await expect(page).toHaveURL(/stage=3/);
    await expect.poll(() => countOf(page, /^[\d,]+ patients?$/)).toBeLessThan(all);
    await expectExcelOf(page, page, 'Download Excel', /^[\d,]+ patients?$/, /\.xlsx$/);
  });

  test('Never Used App: the list, Invite after a confirmation with the answer as a notice, Excel', async ({ page }) => {
    await page.goto('/not-connected-patients-report');
    await expect(page.getByRole('heading', { level: 1, name: 'Never Used App' })).toBeVisible({ timeout: 20_000 });
    expect(await countOf(page, /^[\d,]+ patients?$/)).toBeGreaterThan(0);
    await expectExcelOf(page, page, 'Download Excel', /^[\d,]+ patients?$/, /\.xlsx$/);

    const invite = page.locator('tbody tr').first().getByRole('button', { name: /^Invite / });
    const name = ((await invite.getAttribute('aria-label')) ?? '').replace(/^Invite (again )?/, '');
    await invite.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Send ${name} the e-mail that invites them to the app?`);
    await dialog.getByRole('button', { name: 'Invite' }).click();
    const notice = page.getByRole('region', { name: /Notifications/ }).getByText('Invite to the app');
    await expect(notice).toBeVisible();
  });

  test('Surgery Volume: stacked bars per month by type with their numbers, the patients operated, Excel', async ({ page }) => {
    await page.goto('/surgery-volume');
    await expect(page.getByRole('heading', { level: 1, name: 'Surgery Volume' })).toBeVisible({ timeout: 20_000 });
    const chart = page.getByRole('region', { name: 'Surgeries per month by type' });
    await expect(chart.getByRole('img', { name: 'Surgeries per month by type' })).toBeVisible();
    await expect(chart.locator('svg .apexcharts-bar-series path').first()).toBeAttached();
    await chart.getByText('The numbers of the chart').click();
    const numbers = chart.getByRole('table');
    await expect(numbers.locator('tbody tr')).toHaveCount(12);
    await expect(numbers.getByRole('columnheader', { name: 'Total' })).toBeVisible();

    const operated = page.getByRole('region', { name: 'Patients operated' });
    const all = await countOf(operated, /^[\d,]+ surger(y|ies)$/);
    // The chart's total is the list's count.
    await expect(chart.getByText(new RegExp(`^${all.toLocaleString('en-US')} surger(y|ies) from`))).toBeVisible();
    await chooseFirst(page.getByRole('combobox', { name: 'Surgery type' }));
    await expect.poll(() => countOf(operated, /^[\d,]+ surger(y|ies)$/)).toBeLessThan(all);
    await expectExcelOf(page, operated, 'Download Excel: Patients operated', /^[\d,]+ surger(y|ies)$/, /\.xlsx$/);
  });
});

const SCREENS = [
  ['/seminar2surgery', 'Checklist Reports'],
  ['/surgery-date-patients-report', 'Pre-Op Report'],
  ['/post-op-patients-report', 'Post-Op Report'],
  ['/not-connected-patients-report', 'Never Used App'],
  ['/surgery-volume', 'Surgery Volume'],
] as const;

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ account: ACCOUNTS.staff, viewport: { width, height: 900 } });

    for (const [path, heading] of SCREENS) {
      test(`${path} fits the window`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
        // A row of the report's table (the chart's numbers are folded away).
        await expect(page.locator('main tbody tr').filter({ visible: true }).first()).toBeVisible();
        if (width < 768) {
          // On a phone the filters fold behind a button that opens them.
          const button = page.getByRole('button', { name: /^Filters/ });
          await button.click();
          await expect(page.getByRole('combobox', { name: 'Stage' })).toBeVisible();
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'the page scrolls sideways by this many px').toBeLessThanOrEqual(0);
      });
    }
  });
}
