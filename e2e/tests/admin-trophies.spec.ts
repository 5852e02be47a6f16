/**
 * Cards and trophies, end to end: the super admin adds a card through the screens that the demo patient
 * (patient@northside.test, who has weigh-ins) meets — a weigh-in on one day, with a front image and a
 * link — awards the cards now, and the card reaches the patient's app inbox once, with its picture and
 * link, and is among their trophies. The form shows only the chosen rule's fields; the screens fit 1440 and 390 px.
 */
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, PASSWORD, chooseImage, expect, mainMenu, test, unique } from './support';

const APP_PATIENT = 'patient@northside.test';
type InboxMessage = { title: string; kind: string; image: string | null; link: string | null };

async function appToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/app/login', { data: { email: APP_PATIENT, password: PASSWORD } });
  expect(login.ok(), `the app sign-in answered ${login.status()}`).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}
async function appGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${await appToken(request)}` } });
  expect(response.ok(), `GET ${path} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}
const inbox = async (request: APIRequestContext) => (await appGet<{ data: InboxMessage[] }>(request, '/api/app/messages?perPage=50')).data;

test.describe('the super admin', () => {
  test.use({ account: ACCOUNTS.superAdmin });

  test('adds a card the demo patient meets, awards it, and it reaches their inbox with its image and link, once', async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.goto('/admin/dashboard');
    await mainMenu(page).getByRole('link', { name: 'Cards & Trophies' }).click();
    await expect(page).toHaveURL(/\/admin\/cards-trophies$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cards & Trophies' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Card' }).click();
    await expect(page).toHaveURL(/\/admin\/cards-trophies\/store$/);

    // The form starts on the spec's default rule and asks only the chosen rule's fields.
    const rule = page.getByRole('combobox', { name: /^Rule/ });
    await expect(rule).toHaveValue('food_log');
    await rule.selectOption({ label: 'Time since surgery' });
    await expect(page.getByRole('spinbutton', { name: /Time after surgery/ })).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: /^Days/ })).toHaveCount(0);
    await rule.selectOption({ label: 'Weight logged' });
    await expect(page.getByRole('spinbutton', { name: /Time after surgery/ })).toHaveCount(0);
    await page.getByRole('spinbutton', { name: /^Days/ }).fill('1');
    await page.getByRole('combobox', { name: /^Counted$/ }).selectOption({ label: 'In total' });

    const title = unique('Weighed in');
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await page.getByRole('textbox', { name: /Notification text/ }).fill('You weighed in. Well done!');
    await chooseImage(page, 'Front image', 'front.png', { width: 400, height: 400 });
    await page.getByRole('textbox', { name: /^Link/ }).fill('https://northside.example.com/trophies');
    await page.getByRole('button', { name: 'Add Card' }).click();
    await expect(page.getByText('Card created successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/cards-trophies\/\d+\/show$/);
    await expect(page.getByText('Weight logged on 1 day')).toBeVisible();
    expect((await inbox(request)).filter((m) => m.title === title)).toHaveLength(0);

    await page.goto('/admin/cards-trophies');
    await page.getByRole('button', { name: 'Award now…' }).click();
    await page.getByRole('alertdialog', { name: 'Award the cards now' }).getByRole('button', { name: 'Award now' }).click();
    await expect(page.getByText(/The awarding run was queued for \d+ programs?\./)).toBeVisible();

    // The run and the fan-out are jobs of the gateway's workers.
    await expect.poll(async () => (await inbox(request)).filter((m) => m.title === title).length, { timeout: 30_000 }).toBe(1);
    const [message] = (await inbox(request)).filter((m) => m.title === title);
    expect(message).toMatchObject({ kind: 'trophy', link: 'https://northside.example.com/trophies', image: expect.stringMatching(/^\/uploads\/global\/[0-9a-f]{32}\.png$/) });
    expect((await request.get(message!.image!)).headers()['content-type']).toBe('image/png');
    const trophies = await appGet<{ title: string; front_image: string | null }[]>(request, '/api/app/trophies');
    expect(trophies.find((card) => card.title === title)).toMatchObject({ front_image: message!.image });

    // Awarding again the same day reaches nobody twice; the list counts the patients who earned it.
    await page.getByRole('button', { name: 'Award now…' }).click();
    await page.getByRole('alertdialog', { name: 'Award the cards now' }).getByRole('button', { name: 'Award now' }).click();
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search cards' }).fill(title);
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('Weight logged on 1 day');
    await expect(row).not.toContainText(/\b0 patients/);
    expect((await inbox(request)).filter((m) => m.title === title)).toHaveLength(1);
  });

  test('the list and the form fit 1440 and 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin/cards-trophies/store');
    await expect(page.getByRole('spinbutton', { name: /^Days/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    await page.goto('/admin/cards-trophies');
    await expect(page.getByRole('row', { name: /First weigh-in/ })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/cards-trophies/store');
    await page.getByRole('combobox', { name: /^Rule/ }).selectOption({ label: 'On a date' });
    await expect(page.getByRole('textbox', { name: /^Date/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto('/admin/cards-trophies');
    await expect(page.getByRole('heading', { level: 1, name: 'Cards & Trophies' })).toBeVisible();
    await expect(page.getByRole('row', { name: /First weigh-in/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
