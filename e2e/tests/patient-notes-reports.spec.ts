/**
 * A patient's notes and the files staff take away: an internal note added and deleted on the patient's
 * page, the patient's PDF report downloaded and read, and the patient list's Excel export opened and
 * compared with what the list shows.
 */
import fs from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, apiGet, bearer, expect, test, tokenOf, unique } from './support';

type ListPage<T> = { data: { data: T[]; total: number } };
type ListedPatient = { id: number; name: string; first_name: string; last_name: string };

/** The text of every page of a PDF, read with pdf.js (one string per page). */
async function pdfPages(file: string): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(await fs.readFile(file)), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  await document.destroy();
  return pages;
}

/** The file of a download, once it has finished. */
async function savedFile(download: Download): Promise<string> {
  const file = await download.path();
  expect(file, 'the download was saved').toBeTruthy();
  return file as string;
}

/** Ticks the list's "select all on this page" box from the keyboard (its drawn box covers the input). */
async function selectAllOnPage(page: Page) {
  const box = page.getByRole('checkbox', { name: 'Select all patients on this page' });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

/** The first patient of the caller's list, by name (the demo seed gives the first ones notes and logs). */
async function firstPatient(page: Page): Promise<ListedPatient> {
  await page.goto('/manage-patients');
  const list = await apiGet<ListPage<ListedPatient>>(page, '/api/patients?perPage=5&sort=name');
  const patient = list.data.data[0];
  expect(patient, 'the program has patients').toBeDefined();
  return patient as ListedPatient;
}

test.describe('Northside staff (staff@)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('adds an internal note to a patient, sees it with its author, and deletes it after confirming', async ({ page }) => {
    const patient = await firstPatient(page);
    const text = unique('Discussed protein shakes before the consult');

    await page.goto(`/patient-detail/${patient.id}`);
    await expect(page.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
    const form = page.getByRole('region', { name: 'Add an internal note' });
    await form.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Nutrition' });
    await form.getByRole('textbox', { name: /^Note/ }).fill(text);
    await form.getByRole('button', { name: 'Add note' }).click();

    const notes = page.getByRole('list', { name: 'Internal notes' });
    const added = notes.getByRole('listitem').filter({ hasText: text });
    await expect(added).toBeVisible();
    await expect(added).toContainText('Nutrition');
    await expect(added).toContainText('Jordan Ellis');
    await expect(form.getByRole('textbox', { name: /^Note/ })).toHaveValue('');

    // Filtered by another type, the note is not listed; by its own, it is.
    await page.getByRole('combobox', { name: 'Note type' }).selectOption({ label: 'Clinical' });
    await expect(page.getByText(text)).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Note type' }).selectOption({ label: 'Nutrition' });
    await expect(added).toBeVisible();

    await added.getByRole('button', { name: /^Delete the note of/ }).click();
    const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(dialog).toContainText('Delete the note of');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(text)).toHaveCount(0);

    // Gone for the API as well.
    const left = await apiGet<ListPage<{ note: string }>>(page, `/api/internal-notes?patient_id=${patient.id}&pagination=0`);
    expect(left.data.data.map((note) => note.note)).not.toContain(text);
  });

  test("downloads the patient's PDF report and it holds the record, the outcomes and the latest note", async ({ page }) => {
    const patient = await firstPatient(page);
    const text = unique('Cleared by psychology for surgery');
    const stored = await page.request.post('/api/internal-notes/store', {
      headers: bearer(await tokenOf(page)),
      data: { patient_id: patient.id, note_type: 'clinical', note: text },
    });
    expect(stored.status(), await stored.text()).toBe(201);

    await page.goto(`/patient-detail/${patient.id}`);
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Summary' }).click();
    const download = await downloading;

    expect(download.suggestedFilename()).toMatch(new RegExp(`^patient-${patient.id}-summary-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    const file = await savedFile(download);
    expect((await fs.readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(file);
    const all = pages.join('\n');
    expect(all).toContain(patient.name);
    expect(all).toContain('%TWL');
    expect(all).toContain(text);
    pages.forEach((content, index) => expect(content).toContain(`Page ${index + 1} of ${pages.length}`));
    // The banner went once the file was there.
    await expect(page.getByText('Your report is being prepared.')).toHaveCount(0);
  });

  test('exports the filtered patient list to Excel, exactly the rows the list shows, formulas defused', async ({ page }) => {
    // A patient whose name would be a formula in a spreadsheet, found by a search that only it matches.
    const word = unique('Formula').replace(/\s+/g, '').replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));
    await page.goto('/manage-patients');
    const created = await page.request.post('/api/patients/store', {
      headers: bearer(await tokenOf(page)),
      data: { first_name: '=HYPERLINK("http://evil.test")', last_name: word, current_stage: 2, city: 'Springfield', status: true },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await page.goto('/manage-patients');
    await page.getByRole('searchbox', { name: 'Search patients' }).fill(word);
    await page.getByRole('searchbox', { name: 'Search patients' }).press('Enter');
    await expect(page.getByText(/^1 patient, active and inactive$/)).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^patients-\d{4}-\d{2}-\d{2}\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await savedFile(download));
    const sheet = workbook.worksheets[0];
    expect(sheet).toBeDefined();
    const rows: string[][] = [];
    sheet!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => (value == null ? '' : String(value)))));
    expect(rows).toHaveLength(2);
    const [header, only] = rows as [string[], string[]];
    const nameColumn = header.indexOf('Name');
    expect(nameColumn).toBeGreaterThanOrEqual(0);
    // Written as text that starts with an apostrophe: no spreadsheet runs it.
    expect(only[nameColumn]).toBe(`'=HYPERLINK("http://evil.test") ${word}`);
    const cell = sheet!.getRow(2).getCell(nameColumn + 1);
    expect(cell.formula).toBeUndefined();
  });

  test('selects patients found by a search, moves them to another stage, tags them and exports the selection', async ({ page }) => {
    const word = unique('Bulk').replace(/\s+/g, '').replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));
    await page.goto('/manage-patients');
    const token = await tokenOf(page);
    for (const first of ['Ana', 'Ben']) {
      const created = await page.request.post('/api/patients/store', {
        headers: bearer(token),
        data: { first_name: first, last_name: word, current_stage: 1, city: 'Springfield', status: true },
      });
      expect(created.ok(), await created.text()).toBe(true);
    }
    const tags = await apiGet<{ data: { id: number; name: string }[] }>(page, '/api/user-category/1');
    const tag = tags.data[0];
    expect(tag, 'the program has an active tag').toBeDefined();

    await page.goto('/manage-patients');
    await page.getByRole('searchbox', { name: 'Search patients' }).fill(word);
    await page.getByRole('searchbox', { name: 'Search patients' }).press('Enter');
    await expect(page.getByText(/^2 patients, active and inactive$/)).toBeVisible();
    await selectAllOnPage(page);
    const bar = page.getByRole('region', { name: 'Selected patients' });
    await expect(bar).toContainText('2 selected');

    await bar.getByRole('button', { name: 'Change stage' }).click();
    await page.getByRole('menuitem', { name: 'Weight-Management' }).click();
    const confirmStage = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(confirmStage).toContainText('Move 2 patients to Weight-Management?');
    await confirmStage.getByRole('button', { name: 'Change stage' }).click();
    await expect(page.getByText('2 patients moved to Weight-Management.')).toBeVisible();

    await selectAllOnPage(page);
    await bar.getByRole('button', { name: 'Add tag' }).click();
    await page.getByRole('menuitem', { name: tag!.name, exact: true }).click();
    const confirmTag = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(confirmTag).toContainText(`Add the tag “${tag!.name}” to 2 patients?`);
    await confirmTag.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByText(`The tag “${tag!.name}” was added to 2 patients.`)).toBeVisible();

    const listed = await apiGet<ListPage<ListedPatient & { current_stage: number; user_cat_name: string | null }>>(
      page,
      `/api/patients?search=${word}`,
    );
    expect(listed.data.data.map((p) => [p.first_name, p.current_stage, p.user_cat_name])).toEqual([
      ['Ana', 3, tag!.name],
      ['Ben', 3, tag!.name],
    ]);

    // The selection exported: a header and the two rows, in the list's order.
    await selectAllOnPage(page);
    const downloading = page.waitForEvent('download');
    await bar.getByRole('button', { name: 'Export selected' }).click();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await savedFile(await downloading));
    const names: string[] = [];
    workbook.worksheets[0]!.eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(1).value));
    });
    expect(names).toEqual([`Ana ${word}`, `Ben ${word}`]);
  });
});
