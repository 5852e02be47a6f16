/**
 * The audit trail, end to end: a staff user opens a patient's record; the super admin then finds that
 * read in /admin/audit by the patient's id (the filters folding on a phone), opens its detail and takes
 * the trail to Excel; the program's administrator sees the same read in the record's Access history; a
 * program user has no such section; admin2@ (no audit_trail) is refused the screen and the API.
 */
import { ACCOUNTS, apiGet, apiToken, bearer, expect, mainMenu, signIn, test } from './support';

type PatientRow = { id: number; name: string };

test('the super admin reads the audit trail of a patient a staff user has just opened', async ({ page, browser, a11y }) => {
  test.setTimeout(180_000);
  // The staff user opens a patient's record.
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await a11y.watch(staffPage);
  await signIn(staffPage, ACCOUNTS.staff);
  const { data } = await apiGet<{ data: { data: PatientRow[] } }>(staffPage, '/api/patients?perPage=5&sort=name');
  const patient = data.data[0]!;
  await staffPage.goto(`/patient-detail/${patient.id}`);
  await expect(staffPage.getByRole('heading', { level: 1, name: patient.name })).toBeVisible();
  // Access history is the program administrator's: a program user has no such section.
  await expect(staffPage.getByRole('region', { name: 'Identity and contact' })).toBeVisible();
  await expect(staffPage.getByRole('region', { name: 'Access history' })).toHaveCount(0);
  await staff.close();

  await signIn(page, ACCOUNTS.superAdmin);
  await mainMenu(page).getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Patient id' }).fill(String(patient.id));
  await page.getByRole('textbox', { name: 'Patient id' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`patient_id=${patient.id}`));
  const table = page.getByRole('table', { name: 'Audit trail, newest first' });
  const read = table.getByRole('row').filter({ hasText: 'Jordan Ellis' }).filter({ hasText: 'patient.read' }).first();
  await expect(read).toContainText(`${patient.name} (#${patient.id})`);
  await expect(read).toContainText('Northside Bariatrics');
  await expect(read).toContainText('Program user');

  // Its detail, from the keyboard: Details, then Escape gives the focus back.
  const details = read.getByRole('button', { name: /^Details of patient\.read by Jordan Ellis/ });
  await details.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Audit record' });
  await expect(dialog).toContainText('staff@northside.test');
  await expect(dialog).toContainText('Browser (user agent)');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(details).toBeFocused();

  // Excel of the filtered trail (small: streamed at once).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Excel' }).click();
  expect((await download).suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.xlsx$/);

  // On a phone the filters fold behind a button that counts them; the records stay first.
  await page.setViewportSize({ width: 390, height: 844 });
  const filters = page.getByRole('button', { name: 'Filters, 1 active' });
  await expect(filters).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Patient id' })).toBeHidden();
  await filters.click();
  await expect(page.getByRole('textbox', { name: 'Patient id' })).toHaveValue(String(patient.id));
  await expect(read).toBeVisible();

  // Reading the trail was itself recorded, with the patient.
  const token = await apiToken(page.request, ACCOUNTS.superAdmin);
  const reads = await page.request.get(`/api/admin/audit?action=audit.read&patient_id=${patient.id}&perPage=5`, { headers: bearer(token!) });
  expect(((await reads.json()) as { data: { data: { action: string }[] } }).data.data.length).toBeGreaterThan(0);
});

test("the program's administrator sees who opened a patient's record in its Access history", async ({ page }) => {
  await signIn(page, ACCOUNTS.subUser);
  const { data } = await apiGet<{ data: { data: PatientRow[] } }>(page, '/api/patients?perPage=5&sort=name');
  const patient = data.data[0]!;
  // The staff user reads the record (through the API, as the record screen does).
  const staffToken = await apiToken(page.request, ACCOUNTS.staff);
  expect((await page.request.get(`/api/patients/${patient.id}`, { headers: bearer(staffToken!) })).ok()).toBe(true);
  await page.goto(`/patient-detail/${patient.id}`);
  const section = page.getByRole('region', { name: 'Access history' });
  await section.getByRole('button', { name: 'Show access history' }).click();
  const table = section.getByRole('table', { name: "Access history of this patient's record, newest first" });
  // The staff user's read, and the sub user's own read of the record just now.
  await expect(table.getByRole('row').filter({ hasText: 'Jordan Ellis' }).filter({ hasText: 'patient.read' }).first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'subuser@northside.test' }).first()).toBeVisible();
});

test.describe('a super admin without audit_trail (admin2@)', () => {
  test.use({ account: ACCOUNTS.admin2 });

  test('has no Audit Trail, is sent back from its address, and the API answers 403', async ({ page }) => {
    await page.goto('/admin/dashboard');
    await expect(mainMenu(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: 'Audit Trail' })).toHaveCount(0);
    await page.goto('/admin/audit');
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const token = await apiToken(page.request, ACCOUNTS.admin2);
    for (const path of ['/api/admin/audit', '/api/admin/audit/choices', '/api/admin/audit/excel']) {
      expect((await page.request.get(path, { headers: bearer(token!) })).status(), path).toBe(403);
    }
  });
});
