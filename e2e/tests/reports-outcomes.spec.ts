/**
 * The pipeline report, outcomes, the follow-up worklist, the dashboard's charts and widgets and the staff
 * calendar against the demo seed: each screen opens with data, filters, draws its chart, and its table goes
 * to Excel (the file read back and compared with the table's count). At 390 px each screen fits the phone
 * (no sideways scrolling of the page). axe checks every screen the tests show (support.ts).
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

/** A table's count line ("1,204 moves") as a number, once the table has its answer (the last one stays while the next loads). */
async function countOf(section: Locator, noun: RegExp): Promise<number> {
  await expect(section.locator('[aria-busy="true"]')).toHaveCount(0);
  const line = section.getByText(noun);
  await expect(line).toBeVisible();
  return Number((await line.innerText()).replace(/[^\d]/g, ''));
}

/** Downloads a section's Excel file and checks it holds the table's rows: a header and one row per counted row. */
async function expectExcelOf(page: Page, section: Locator, title: string, noun: RegExp, fileName: RegExp, header: string[]) {
  const total = await countOf(section, noun);
  expect(total, `${title} lists rows`).toBeGreaterThan(0);
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: `Download Excel: ${title}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(fileName);
  const rows = await sheetRows(download);
  expect(rows[0]!.slice(0, header.length)).toEqual(header);
  expect(rows.length - 1).toBe(total);
}

/** The numbers of a table's body cells in a column. */
const columnNumbers = (table: Locator, column: number) =>
  table.locator('tbody tr').evaluateAll(
    (rows, index) => rows.map((row) => Number((row.children[index]?.textContent ?? '').replace(/[^\d.]/g, '') || 0)),
    column,
  );

test.describe('Northside staff (staff@)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('the pipeline report: figures per status, conversion, the chart, a stage filter and the moves to Excel', async ({ page }) => {
    await page.goto('/patient-pipeline-report');
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Pipeline Report' })).toBeVisible();
    const byStatus = page.getByRole('region', { name: 'By status' });
    const preOp = byStatus.getByRole('table', { name: /^Pre-Op:/ });
    await expect(preOp).toBeVisible();
    const patients = await columnNumbers(preOp, 1);
    expect(patients.reduce((sum, n) => sum + n, 0), 'Pre-Op has patients').toBeGreaterThan(0);
    await expect(page.getByRole('img', { name: 'Patients per status' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Seminar to surgery' })).toContainText('Conversion');

    await page.getByRole('combobox', { name: 'Stage' }).selectOption({ label: 'Post-Op' });
    await expect(page).toHaveURL(/stage=2/);
    await expect(byStatus.getByRole('table', { name: /^Post-Op:/ })).toBeVisible();
    await expect(byStatus.getByRole('table', { name: /^Pre-Op:/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(preOp).toBeVisible();

    const moves = page.getByRole('region', { name: 'Moves in the period' });
    await expectExcelOf(page, moves, 'Moves in the period', /^[\d,]+ moves?$/, /^pipeline-moves-\d{4}-\d{2}-\d{2}\.xlsx$/, ['Patient', 'Stage', 'From status', 'To status']);
  });

  test('outcomes: the cohort table with its patients, the chart, grouping by quarter, and the patients to Excel', async ({ page }) => {
    await page.goto('/outcomes-report');
    await expect(page.getByRole('heading', { level: 1, name: 'Outcomes' })).toBeVisible();
    const cohorts = page.getByRole('region', { name: 'Outcomes by surgery type' });
    const table = cohorts.getByRole('table');
    const all = table.getByRole('row', { name: /^All patients/ });
    await expect(all).toBeVisible();
    // Every cohort's row shows a mean with the patients behind it at 3 months, in the program as a whole.
    await expect(all).toContainText(/\d+\.\d% n = [\d,]+/);
    await expect(page.getByRole('img', { name: 'Mean %TWL by surgery type' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Measure' }).selectOption({ label: '%EWL' });
    await expect(page.getByRole('img', { name: 'Mean %EWL by surgery type' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Group by' }).selectOption({ label: 'Surgery quarter' });
    const quarters = page.getByRole('region', { name: 'Outcomes by surgery quarter' });
    await expect(quarters.getByRole('rowheader', { name: /^\d{4} Q[1-4]$/ }).first()).toBeVisible();

    const patients = page.getByRole('region', { name: 'Patients' });
    await expect(patients.getByRole('columnheader', { name: '%EWL at 12 mo' })).toBeVisible();
    await expectExcelOf(page, patients, 'Patients', /^[\d,]+ patients?$/, /^outcomes-\d{4}-\d{2}-\d{2}\.xlsx$/, ['Patient', 'Stage', 'Surgery date', 'Surgery type']);
  });

  test('the follow-up worklist: counts per window, a count lists its patients, each opens its record, Excel', async ({ page }) => {
    await page.goto('/follow-up-report');
    await expect(page.getByRole('heading', { level: 1, name: 'Follow-up' })).toBeVisible();
    const windows = page.getByRole('region', { name: 'Follow-up windows' });
    const totals = windows.getByRole('row', { name: /^All windows/ });
    await expect(totals).toBeVisible();
    const [due = 0, overdue = 0, seen = 0] = await totals.locator('td').evaluateAll((cells) => cells.map((cell) => Number((cell.textContent ?? '').replace(/\D/g, ''))));
    expect(due + overdue + seen, 'the demo patients have follow-ups').toBeGreaterThan(0);

    // The first window with seen patients: its count lists them.
    const seenLink = windows.getByRole('link', { name: / [1-9][\d,]* seen$/ }).first();
    const label = (await seenLink.getAttribute('aria-label')) ?? '';
    const expected = Number(label.replace(/^.*: /, '').replace(/\D/g, ''));
    await seenLink.click();
    await expect(page).toHaveURL(/state=seen/);
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('seen');
    const list = page.getByRole('region', { name: 'Patients' });
    await expect.poll(() => countOf(list, /^[\d,]+ follow-ups?$/)).toBe(expected);
    await expect(list.locator('tbody tr').first()).toContainText('Seen');

    await expectExcelOf(page, list, 'Patients', /^[\d,]+ follow-ups?$/, /^follow-up-\d{4}-\d{2}-\d{2}\.xlsx$/, ['Patient', 'Phone', 'Email']);

    const patient = list.locator('tbody tr').first().getByRole('link').first();
    const name = await patient.innerText();
    await patient.click();
    await expect(page).toHaveURL(/\/patient-detail\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  test('/widgets and /charts: the dashboard figures with thousands commas and the charts with their numbers', async ({ page }) => {
    await page.goto('/widgets');
    const stages = page.getByRole('region', { name: 'Patients by stage' });
    await expect(stages.getByRole('link', { name: /^Active patients [\d,]+ All stages$/ })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Weight lost in total' })).toContainText(/[\d,.]+ lb/);
    await stages.getByRole('link', { name: /^Post-Op / }).click();
    await expect(page).toHaveURL(/\/manage-patients\?status=1&stage=2$/);

    await page.goto('/charts');
    for (const title of ['Patients by stage', 'App use', 'New patients per month', 'Surgeries per month']) {
      await expect(page.getByRole('img', { name: title })).toBeVisible();
    }
    const months = page.getByRole('region', { name: 'New patients per month' });
    await months.getByText('The numbers of the chart').click();
    await expect(months.getByRole('table')).toBeVisible();
    await expect(months.getByRole('table').locator('tbody tr')).toHaveCount(12);
  });

  test('/calendar: surgeries, consults and events of the month, a legend that hides a kind, an item opens its page', async ({ page }) => {
    await page.goto('/calendar');
    await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expect(page.getByText(/^[\d,]+ items? in /)).toBeVisible();
    const legend = page.getByRole('group', { name: 'Show on the calendar' });
    const events = legend.getByRole('checkbox', { name: /^Events \(/ });
    await expect(events).toBeChecked();

    // The list view from the keyboard; then the surgeries hidden and shown again.
    await page.getByRole('button', { name: 'List' }).focus();
    await page.keyboard.press('Enter');
    const surgeries = page.getByRole('link', { name: /^Surgery: / });
    const surgeryCount = Number((await legend.getByText(/^Surgeries \(/).innerText()).replace(/\D/g, ''));
    if (surgeryCount > 0) {
      await expect(surgeries.first()).toBeVisible();
      await legend.getByText(/^Surgeries \(/).click();
      await expect(surgeries).toHaveCount(0);
      await legend.getByText(/^Surgeries \(/).click();
      await expect(surgeries.first()).toBeVisible();
      await surgeries.first().click();
      await expect(page).toHaveURL(/\/patient-detail\/\d+$/);
    } else {
      // A month without surgeries: the next one has some (the seed books surgeries up to 150 days ahead).
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(surgeries.first()).toBeVisible();
    }
  });
});

test.describe('at 390 px', () => {
  test.use({ account: ACCOUNTS.staff, viewport: { width: 390, height: 844 } });

  /** Each screen, its heading, and what shows once its data is drawn. */
  const screens: [path: string, heading: string, drawn: (page: Page) => Locator][] = [
    ['/patient-pipeline-report', 'Patient Pipeline Report', (page) => page.getByRole('table', { name: /^Pre-Op:/ })],
    ['/outcomes-report', 'Outcomes', (page) => page.getByRole('row', { name: /^All patients/ })],
    ['/follow-up-report', 'Follow-up', (page) => page.getByRole('row', { name: /^All windows/ })],
    ['/charts', 'Charts', (page) => page.getByRole('img', { name: 'Surgeries per month' })],
    ['/widgets', 'Widgets', (page) => page.getByRole('group', { name: 'Weight lost in total' })],
    ['/calendar', 'Calendar', (page) => page.getByText(/^[\d,]+ items? in |^Nothing on the calendar/)],
  ];
  for (const [path, heading, drawn] of screens) {
    test(`${path} fits the phone's width`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(drawn(page)).toBeVisible();
      // Tables wider than the phone scroll inside their own box; the page itself does not scroll sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'the page scrolls sideways by this many px').toBeLessThanOrEqual(0);
    });
  }
});
