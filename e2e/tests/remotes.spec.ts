/**
 * Crossing remotes: signed in by mf-auth, acting in one remote and seeing the effect in the shell,
 * the API or another remote.
 */
import { ACCOUNTS, apiGet, chooseRowDelete, expect, mainMenu, openGroup, test, unique } from './support';

type Page<T> = { data: { data: T[]; total: number } };

test.describe('program staff (staff@)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('creates a message template in mf-messaging, listed and stored by the API', async ({ page }) => {
    const title = unique('E2E template');
    await page.goto('/dashboard');
    await openGroup(page, 'Templates');
    await mainMenu(page).getByRole('link', { name: 'Message Templates' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Message Templates' })).toBeVisible();

    await page.getByRole('button', { name: 'Add Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Template' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Message' }).fill('See you at the support group on Thursday.');
    await expect(dialog.getByText('41 / 2000 characters')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Template' }).click();
    await expect(page.getByText('Template created successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search templates' }).fill(title);
    const row = page.getByRole('table', { name: 'Message templates' }).getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Active')).toBeVisible();

    const stored = await apiGet<Page<{ title: string; message: string; status: number }>>(
      page,
      `/api/alerts/message-templates?search=${encodeURIComponent(title)}`,
    );
    expect(stored.data.data).toEqual([expect.objectContaining({ title, message: 'See you at the support group on Thursday.', status: 1 })]);
  });

  test('finds a patient in mf-patients, and the search is still there after another page', async ({ page }) => {
    await page.goto('/dashboard');
    const patients = await apiGet<Page<{ name: string; last_name: string }>>(page, '/api/patients?perPage=5');
    const patient = patients.data.data[0];
    if (!patient) throw new Error('The demo data has no patients.');

    await mainMenu(page).getByRole('link', { name: 'Patients', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Patients' })).toBeVisible();
    const search = page.getByRole('searchbox', { name: 'Search patients' });
    await search.fill(patient.last_name);
    const table = page.getByRole('table', { name: 'Patients' });
    await expect(table.getByRole('link', { name: patient.name, exact: true }).first()).toBeVisible();
    // Every row found matches the search.
    await expect(table.getByRole('row').filter({ hasNot: page.getByRole('columnheader') }).filter({ hasNotText: patient.last_name })).toHaveCount(0);

    await mainMenu(page).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await mainMenu(page).getByRole('link', { name: 'Patients', exact: true }).click();
    await expect(search).toHaveValue(patient.last_name);
    await expect(table.getByRole('link', { name: patient.name, exact: true }).first()).toBeVisible();

    // Kept in browser storage: a reload restores it too.
    await page.reload();
    await expect(search).toHaveValue(patient.last_name);
  });
});

test.describe('the sub user (subuser@northside)', () => {
  test.use({ account: ACCOUNTS.subUser });

  test('switching a menu off in mf-content takes it out of the shell’s sidebar, and back', async ({ page }) => {
    await page.goto('/manage-menu');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Menu' })).toBeVisible();
    const videos = page.getByRole('main').getByRole('switch', { name: 'Videos' });
    // The styled switch covers its input: a person clicks the switch's label.
    const toggleVideos = () => page.getByRole('main').getByText('Videos', { exact: true }).click();
    const link = mainMenu(page).getByRole('link', { name: 'Videos', exact: true });
    await openGroup(page, 'Content');
    // Seeded on; an interrupted earlier attempt may have left it off.
    if (!(await videos.isChecked())) {
      await toggleVideos();
      await expect(link).toBeVisible();
    }
    await expect(videos).toBeChecked();
    await expect(link).toBeVisible();

    await toggleVideos();
    await expect(videos).not.toBeChecked();
    await expect(link).toHaveCount(0);

    await toggleVideos();
    await expect(videos).toBeChecked();
    await expect(link).toBeVisible();
  });
});

test.describe('the super admin (superadmin@)', () => {
  test.use({ account: ACCOUNTS.superAdmin });

  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

  test('creates and deletes a quote in mf-admin', async ({ page }) => {
    // One quote per day: a far-away date no seeded quote and no earlier attempt is likely to hold.
    const year = 2090 + Math.floor(Math.random() * 10);
    const month = 1 + Math.floor(Math.random() * 12);
    const day = 1 + Math.floor(Math.random() * 28);
    const pad = (n: number) => String(n).padStart(2, '0');
    const shown = `${MONTHS[month - 1]} ${pad(day)}, ${year}`;
    const text = unique('Small steps every day.');

    await page.goto('/admin/dashboard');
    await openGroup(page, 'Patient App');
    await mainMenu(page).getByRole('link', { name: 'Quotes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Quote' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Quote' });
    await dialog.getByRole('textbox', { name: 'Quote' }).fill(text);
    await dialog.getByRole('textbox', { name: 'Date' }).fill(`${pad(month)}/${pad(day)}/${year}`);
    await dialog.getByRole('button', { name: 'Add Quote' }).click();
    await expect(page.getByText('Quote created successfully.')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search quotes' }).fill(text);
    const table = page.getByRole('table', { name: 'Quotes' });
    const row = table.getByRole('row', { name: new RegExp(shown) });
    await expect(row).toContainText(text);
    await expect(page.getByRole('switch', { name: `Quote of ${shown} active` })).toBeChecked();

    await chooseRowDelete(page, `quote of ${shown}`);
    const question = page.getByRole('alertdialog', { name: 'Delete quote' });
    await expect(question).toContainText(`Delete the quote of ${shown}?`);
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Quote deleted successfully.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No quotes match your search.')).toBeVisible();
  });
});
