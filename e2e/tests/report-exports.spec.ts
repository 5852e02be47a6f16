/**
 * Background exports behind the report banner (docs/exports.md). The e2e server lowers the streaming limit
 * to 250 rows (scripts/e2e-server.mjs), so the demo's list of 300 patients is "large". The patient list's Export to Excel then answers 202: the banner keeps the spec's words and Cancel and
 * shows the export's progress, and the file downloads once the job made it; a second export is cancelled
 * from the banner, which cancels the job on the server.
 */
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS, apiGet, bearer, expect, test, tokenOf } from './support';

const PREPARING = 'Your report is being prepared. Leave this window open. It may take a few minutes.';

type ListPage = { data: { total: number } };
type Export = { data: { id: string; status: string; total: number | null; done: number } };

/** Clicks Export to Excel and answers the export the server queued (the 202's body). */
async function startExport(page: Page): Promise<Export['data']> {
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/patients/excel');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const response = await answered;
  expect(response.status(), 'the export is made in the background (is REPORT_EXPORT_STREAM_MAX_ROWS lowered?)').toBe(202);
  return ((await response.json()) as Export).data;
}

test.describe('a large export (staff@)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('runs behind the banner with its progress, then downloads the file', async ({ page }) => {
    await page.goto('/manage-patients');
    const { data: list } = await apiGet<ListPage>(page, '/api/patients?perPage=5');
    expect(list.total).toBeGreaterThan(10);

    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    const started = await startExport(page);
    expect(started.total).toBe(list.total);

    const banner = page.getByRole('status').filter({ hasText: PREPARING });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Cancel' })).toBeVisible();
    const bar = banner.getByRole('progressbar', { name: 'Report progress' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuemax', String(list.total));
    await expect(banner).toContainText(new RegExp(`of ${list.total.toLocaleString('en-US')} rows`));

    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^patients-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path()) as string);
    expect(workbook.worksheets[0]!.rowCount).toBe(list.total + 1);
    await expect(banner).toBeHidden();
    const finished = await apiGet<Export>(page, `/api/report-exports/${started.id}`);
    expect(finished.data).toMatchObject({ status: 'done', done: list.total });
  });

  test('Cancel on the banner cancels the export on the server, and nothing downloads', async ({ page }) => {
    await page.goto('/manage-patients');
    let downloaded = false;
    page.on('download', () => {
      downloaded = true;
    });
    const started = await startExport(page);
    const banner = page.getByRole('status').filter({ hasText: PREPARING });
    await banner.getByRole('button', { name: 'Cancel' }).click();
    await expect(banner).toBeHidden();
    await expect
      .poll(async () => (await apiGet<Export>(page, `/api/report-exports/${started.id}`)).data.status, { timeout: 10_000 })
      .toBe('cancelled');
    // Its file never becomes readable.
    const file = await page.request.get(`/api/report-exports/${started.id}/file`, { headers: bearer(await tokenOf(page)) });
    expect(file.status()).toBe(404);
    expect(downloaded).toBe(false);
  });
});
