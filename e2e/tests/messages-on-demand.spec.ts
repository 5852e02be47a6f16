/**
 * On-demand messages, end to end: a message composed from a template, sent to chosen patients after the
 * confirmation that names how many get it, and its show screen filling in as the delivery jobs run; a
 * message to a filter of the patient list with the count shown before sending.
 */
import { ACCOUNTS, apiGet, expect, test, unique } from './support';

type ListPage<T> = { data: { data: T[]; total: number } };
type ListedPatient = { id: number; name: string; last_name: string };

test.describe('Northside staff (staff@)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('composes from a template, chooses two patients, confirms and sees each recipient delivered', async ({ page }) => {
    await page.goto('/on-demand-messages');
    await expect(page.getByRole('heading', { level: 1, name: 'On-Demand Messages' })).toBeVisible();
    const patients = await apiGet<ListPage<ListedPatient>>(page, '/api/patients?perPage=5&sort=name&status=1');
    const [first, second] = patients.data.data;
    expect(second, 'the program has two active patients').toBeDefined();

    await page.getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await dialog.getByLabel('Start from a template').selectOption({ label: 'Weigh-in reminder' });
    await expect(dialog.getByLabel('Title')).toHaveValue('Weigh-in reminder');
    const title = unique('Weigh-in reminder');
    await dialog.getByLabel('Title').fill(title);
    await expect(dialog.getByTestId('audience-count')).toHaveText('No recipients yet.');

    for (const patient of [first!, second!]) {
      await dialog.getByLabel('Find patients').fill(patient.last_name);
      await dialog.getByRole('button', { name: `Add ${patient.name}` }).click();
    }
    await expect(dialog.getByRole('list', { name: 'Chosen (2)' }).getByRole('listitem')).toHaveCount(2);
    await expect(dialog.getByTestId('audience-count')).toHaveText('2 patients will receive this message.');

    await dialog.getByRole('button', { name: 'Send message' }).click();
    const question = page.getByRole('alertdialog', { name: 'Send this message?' });
    await expect(question.getByText('2 patients get this message now.')).toBeVisible();
    await question.getByRole('button', { name: 'Send', exact: true }).click();

    await expect(page).toHaveURL(/\/on-demand-messages\/\d+\/show$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'On-Demand Messages' })).toBeVisible();
    // The delivery jobs run in the gateway: the screen reads the statuses again until they are in.
    const recipients = page.getByRole('table', { name: 'Recipients and their delivery status' });
    await expect(recipients.getByRole('row').filter({ hasText: first!.name })).toContainText('Delivered', { timeout: 20_000 });
    await expect(recipients.getByRole('row').filter({ hasText: second!.name })).toContainText('Delivered');
    const summary = page.getByRole('table', { name: 'Deliveries by channel and status' });
    await expect(summary.getByRole('row', { name: /App inbox/ })).toContainText('2');
    await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'On-Demand Messages' }).click();
    await page.getByRole('searchbox', { name: 'Search messages' }).fill(title);
    await page.getByRole('searchbox', { name: 'Search messages' }).press('Enter');
    await expect(page.getByRole('table', { name: 'On-demand messages' }).getByRole('link', { name: title })).toBeVisible();
  });

  test('counts the patients of a filter before sending to them', async ({ page }) => {
    await page.goto('/on-demand-messages');
    const expected = await apiGet<ListPage<ListedPatient>>(page, '/api/patients?perPage=5&status=1&stage=2');
    await page.getByRole('button', { name: 'New message' }).click();
    const dialog = page.getByRole('dialog', { name: 'New message' });
    await dialog.getByLabel('Title').fill(unique('Post-op group'));
    await dialog.getByLabel('Message').fill('The post-op support group meets on Thursday.');
    await dialog.getByText('Patients matching filters').click();
    await dialog.getByLabel('Stage').selectOption({ label: 'Post-Op' });
    const count = expected.data.total;
    await expect(dialog.getByTestId('audience-count')).toHaveText(`${count} ${count === 1 ? 'patient' : 'patients'} will receive this message.`);
    await dialog.getByRole('button', { name: 'Send message' }).click();
    const question = page.getByRole('alertdialog', { name: 'Send this message?' });
    await expect(question).toContainText(`${count} ${count === 1 ? 'patient gets' : 'patients get'} this message now.`);
    await question.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Active patients matching stage Post-Op')).toBeVisible();
  });
});
