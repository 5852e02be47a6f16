/**
 * mf-patients as Northside staff use it: a patient's record (add, find, edit, a stale edit refused), the
 * food and weight logs of a seeded patient, and the patient tags.
 */
import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, apiGet, bearer, chooseRowDelete, expect, test, tokenOf } from './support';

type ListPage<T> = { data: { data: T[]; total: number } };
type FoodLogs = { month: number; year: number; days: unknown[]; averages: Record<string, number> };

/** A run-unique word of letters only (names take no digits): a retry never meets an earlier attempt's data. */
function uniqueWord(prefix: string): string {
  const digits = `${Date.now().toString(36)}${Math.floor(Math.random() * 46656).toString(36)}`;
  const letters = [...digits].map((c) => (/\d/.test(c) ? String.fromCharCode(103 + Number(c)) : c)).join('');
  return `${prefix}${letters.replace(/^./, (c) => c.toLowerCase())}`;
}

/** Northside Bariatrics' time zone (the demo seed). */
const NORTHSIDE_ZONE = 'America/Chicago';

/** How the app writes an amount (formatAmount): en-US grouping, the decimals as they are. */
const amount = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 10 });

/** The value of a term ("BMI") in a section ("Weights") of the patient record. */
const detail = (page: Page, section: string, term: string): Locator =>
  page
    .getByRole('region', { name: section })
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });

/** A patient made through the API (for the tests that need one but are not about adding it). */
async function createPatientViaApi(page: Page, lastName: string): Promise<number> {
  const response = await page.request.post('/api/patients/store', {
    headers: bearer(await tokenOf(page)),
    data: { first_name: 'Stale', last_name: lastName, current_stage: 1, city: 'Springfield', status: true },
  });
  expect(response.ok(), `POST /api/patients/store answered ${response.status()}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test.describe('Northside staff (staff@)', () => {
  // Northside's staff work in Chicago: their browser's today is the program's (a weigh-in's default date),
  // also when the run falls between midnight and 6 a.m. UTC.
  test.use({ account: ACCOUNTS.staff, timezoneId: NORTHSIDE_ZONE });

  test('adds a patient, finds it in the list, opens and edits it', async ({ page }) => {
    const first = uniqueWord('Ada');
    const last = uniqueWord('Tester');
    const email = `${last.toLowerCase()}@patients.e2e.test`;
    const name = `${first} ${last}`;

    await page.goto('/add-patient');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
    await field(page, 'First name').fill(first);
    await field(page, 'Last name').fill(last);
    await field(page, 'E-mail').fill(email);
    await page.getByRole('combobox', { name: /^Stage/ }).selectOption({ label: 'Post-Op' });

    // Date of birth: typed to reach the month, then the day chosen in the calendar.
    await field(page, 'Date of birth').fill('03/07/1985');
    await page.getByRole('button', { name: 'Choose Date of birth' }).click();
    await page.getByRole('button', { name: 'Friday, March 15, 1985' }).click();
    await expect(page.getByRole('grid')).toHaveCount(0);
    await expect(field(page, 'Date of birth')).toHaveValue('03/15/1985');

    await field(page, 'Height (in)').fill('65');
    await field(page, 'Starting weight (lb)').fill('280');
    await field(page, 'Current weight (lb)').fill('250');
    await field(page, 'Target weight (lb)').fill('160');
    await page.getByRole('button', { name: 'Add Patient' }).click();

    await expect(page.getByText('Patient created successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/patient-detail\/\d+$/);
    const id = Number(/\/patient-detail\/(\d+)$/.exec(page.url())?.[1]);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(detail(page, 'Identity and contact', 'E-mail')).toHaveText(email);
    await expect(detail(page, 'Identity and contact', 'Date of birth')).toHaveText(/^Mar 15, 1985 \(\d+ years\)$/);
    await expect(detail(page, 'Surgery and stage', 'Stage')).toHaveText('Post-Op');
    await expect(detail(page, 'Weights', 'Height')).toHaveText('65 in');
    await expect(detail(page, 'Weights', 'Starting weight')).toHaveText('280 lb');
    await expect(detail(page, 'Weights', 'Current weight')).toHaveText('250 lb');
    await expect(detail(page, 'Weights', 'Target weight')).toHaveText('160 lb');
    // 703 × 250 ÷ 65² = 41.597… → 41.6
    await expect(detail(page, 'Weights', 'BMI')).toHaveText('41.6');
    await expect(detail(page, 'Weights', 'Weight lost')).toHaveText('30 lb');

    await page.goto('/manage-patients');
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search patients' }).fill(last);
    const table = page.getByRole('table', { name: 'Patients' });
    const row = table.getByRole('row', { name: new RegExp(last) });
    await expect(row).toHaveCount(1);
    // The list's default columns leave out the e-mail (a user may add it); the weight is one of them.
    await expect(row).toContainText('250 lb');
    await expect(row).toContainText('Post-Op');
    await row.getByRole('link', { name, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/patient-detail/${id}$`));
    // The record opens with the focus on its heading, under breadcrumbs, with Patients current in the sidebar.
    await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Patients' })).toHaveAttribute('href', '/manage-patients');
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Patients' })).toHaveAttribute('aria-current', 'page');
    // (280 − 250) ÷ 280 = 10.7%
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('10.7%');
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/patient-detail/${id}/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: `Edit ${name}` })).toBeVisible();
    await expect(field(page, 'Current weight (lb)')).toHaveValue('250');
    await field(page, 'Current weight (lb)').fill('240');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await expect(page.getByText('Patient updated successfully.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/patient-detail/${id}$`));
    await expect(detail(page, 'Weights', 'Current weight')).toHaveText('240 lb');
    // 703 × 240 ÷ 65² = 39.93… → 39.9
    await expect(detail(page, 'Weights', 'BMI')).toHaveText('39.9');
    await expect(detail(page, 'Weights', 'Weight lost')).toHaveText('40 lb');
  });

  test('a stale edit is refused: the second tab is told someone else changed the patient and keeps its input', async ({ page, context }) => {
    await page.goto('/dashboard');
    const last = uniqueWord('Stale');
    const id = await createPatientViaApi(page, last);
    const editPath = `/patient-detail/${id}/edit`;

    const second = await context.newPage();
    await page.goto(editPath);
    await second.goto(editPath);
    for (const tab of [page, second]) await expect(field(tab, 'City')).toHaveValue('Springfield');

    await field(page, 'City').fill('Shelbyville');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Patient updated successfully.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/patient-detail/${id}$`));
    await expect(detail(page, 'Identity and contact', 'City and state')).toHaveText('Shelbyville');

    await field(second, 'City').fill('Capital City');
    await second.getByRole('button', { name: 'Save Changes' }).click();
    const warning = second.getByRole('alert').filter({ hasText: 'Not saved' });
    await expect(warning).toContainText('This patient was changed by someone else while you were editing.');
    await expect(second).toHaveURL(new RegExp(`${editPath}$`));
    await expect(field(second, 'City')).toHaveValue('Capital City');

    // Nothing of the second tab was saved.
    const stored = await apiGet<{ data: { city: string | null } }>(page, `/api/patients/${id}`);
    expect(stored.data.city).toBe('Shelbyville');
  });

  test('food log: tabs recompute from one answer, months are in the address; weight log: outcomes, chart, a new weight', async ({ page }) => {
    await page.goto('/dashboard');
    const patients = await apiGet<ListPage<{ id: number; name: string }>>(page, '/api/patients?perPage=100&sort=name&direction=asc');
    let patient: { id: number; name: string } | undefined;
    let log: FoodLogs | undefined;
    for (const candidate of patients.data.data) {
      const answer = await apiGet<{ data: FoodLogs }>(page, `/api/nutrition/food-logs?user_id=${candidate.id}`);
      if (answer.data.days.length > 0) {
        patient = candidate;
        log = answer.data;
        break;
      }
    }
    if (!patient || !log) throw new Error('No Northside patient of the first 100 has food logged this month.');
    const monthName = new Date(Date.UTC(log.year, log.month - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

    const foodLogRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/nutrition/food-logs')) foodLogRequests.push(request.url());
    });
    await page.goto(`/food-log/${patient.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Food log: ${patient.name}` })).toBeVisible();
    const nutrients = page.getByRole('tablist', { name: 'Nutrient' });
    await expect(nutrients.getByRole('tab', { name: 'Calories' })).toHaveAttribute('aria-selected', 'true');
    const average = page.getByRole('term').filter({ hasText: /^Average per day$/ }).locator('xpath=following-sibling::dd[1]');
    await expect(average).toHaveText(`${amount(log.averages['1'] ?? 0)} kcal`);
    await expect(page.getByRole('img', { name: `Calories per day in ${monthName}, in kcal` })).toBeVisible();
    const loaded = foodLogRequests.length;
    expect(loaded).toBeGreaterThan(0);

    await nutrients.getByRole('tab', { name: 'Protein' }).click();
    await expect(nutrients.getByRole('tab', { name: 'Protein' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('img', { name: `Protein per day in ${monthName}, in g` })).toBeVisible();
    await expect(average).toHaveText(`${amount(log.averages['3'] ?? 0)} g`);
    await expect(page.getByRole('img', { name: /^Calories per day/ })).toHaveCount(0);
    // The tab is recomputed from the loaded month: no new call.
    await page.waitForTimeout(500);
    expect(foodLogRequests).toHaveLength(loaded);

    const previous = log.month === 1 ? { month: 12, year: log.year - 1 } : { month: log.month - 1, year: log.year };
    const previousName = new Date(Date.UTC(previous.year, previous.month - 1, 1)).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const monthNav = page.getByRole('navigation', { name: 'Month' });
    await expect(monthNav.getByRole('heading', { name: monthName })).toBeVisible();
    await monthNav.getByRole('button', { name: /Previous month/ }).click();
    await expect(page).toHaveURL(new RegExp(`/food-log/${patient.id}\\?month=${previous.month}&year=${previous.year}$`));
    await expect(monthNav.getByRole('heading', { name: previousName })).toBeVisible();
    expect(foodLogRequests.some((url) => url.includes(`month=${previous.month}`) && url.includes(`year=${previous.year}`))).toBe(true);

    // The weight log of the same patient (a seeded patient who uses the app weighs in too).
    await page.goto(`/weight-log/${patient.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Weight log: ${patient.name}` })).toBeVisible();
    const outcomes = page.getByRole('term');
    for (const measure of ['BMI', '%TWL']) {
      const value = outcomes.filter({ hasText: new RegExp(`^${measure}$`) }).first().locator('xpath=following-sibling::dd[1]');
      await expect(value).toHaveText(/^-?[\d,.]+%?/);
    }
    // apexcharts drew the chart (it once crashed at start-up, leaving the box empty).
    const chart = page.getByRole('img', { name: /^Weight over time, in pounds, with the starting and goal weights/ });
    await expect(chart.locator('svg').first()).toBeVisible();

    const weight = (200 + Math.floor(Math.random() * 800) / 10).toFixed(1).replace(/\.0$/, '');
    await page.getByRole('textbox', { name: /^Weight \(lb\)/ }).fill(weight);
    await page.getByRole('button', { name: 'Save weight' }).click();
    await expect(page.getByText('Weight saved successfully.')).toBeVisible();
    // Entered for today (the form's default date): today's row, the newest, holds it, in the one date
    // format of the app ("Nov 05, 2026").
    const today = new Date().toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: NORTHSIDE_ZONE });
    const weighIns = page.getByRole('table', { name: 'Weigh-ins, newest first' });
    await expect(weighIns.getByRole('row').nth(1)).toContainText(today);
    await expect(weighIns.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(weight);
  });

  test('patient tags: add one, see it listed, switch it off, delete it after confirming', async ({ page }) => {
    const name = uniqueWord('E2E tag ');
    await page.goto('/category-form');
    await expect(page.getByRole('heading', { level: 1, name: 'Add Patient Tag' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await expect(page.getByRole('switch', { name: 'Active' })).toBeChecked();
    await page.getByRole('button', { name: 'Add Tag' }).click();
    await expect(page.getByText('Tag created successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/user-category$/);

    await page.getByRole('searchbox', { name: 'Search tags' }).fill(name);
    const table = page.getByRole('table', { name: 'Patient tags' });
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toHaveCount(1);
    const active = page.getByRole('switch', { name: `${name} active` });
    await expect(active).toBeChecked();

    // The styled switch covers its input: the click lands on the switch a person sees.
    await active.click({ force: true });
    await expect(page.getByText('Tag status updated successfully.')).toBeVisible();
    await expect(active).not.toBeChecked();

    await chooseRowDelete(page, name);
    const question = page.getByRole('alertdialog', { name: 'Delete tag' });
    await expect(question).toContainText(`Delete the tag "${name}"?`);
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Tag deleted successfully.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No tags match your search.')).toBeVisible();
  });
});
