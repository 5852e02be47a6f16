/**
 * Ads, end to end: the super admin adds a banner ad to one of the app's ad places through the screens,
 * the demo patient's app shows it and reports an impression and a click, the set's page shows them with
 * the CTR (the server writes its counts once a second), and Reset statistics, after its question, starts
 * them again from 0. A discount ad is added on the spec's /admin/discount-ads/edit page and the app shows
 * it on its days. The screens fit 390 px.
 */
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, PASSWORD, chooseImage, expect, mainMenu, openGroup, test, unique } from './support';

const APP_PATIENT = 'patient@northside.test';
type AppAd = { id: number; kind: string; placement: string; title: string; discount_code: string | null; image: string | null };

async function appToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/app/login', { data: { email: APP_PATIENT, password: PASSWORD } });
  expect(login.ok(), `the app sign-in answered ${login.status()}`).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}
async function appAds(request: APIRequestContext, token: string, placement: string): Promise<AppAd[]> {
  const response = await request.get(`/api/app/ads?placement=${placement}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET /api/app/ads answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: AppAd[] }).data;
}
/** A day from today as the date picker takes it typed (MM/DD/YYYY). */
const typedDay = (offset: number) => {
  const [year, month, date] = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).split('-');
  return `${month}/${date}/${year}`;
};

test.describe('the super admin', () => {
  test.use({ account: ACCOUNTS.superAdmin });

  test('adds a banner ad to a set; the app counts an impression and a click, shown with the CTR; Reset statistics starts again', async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.goto('/admin/dashboard');
    await openGroup(page, 'Patient App');
    await mainMenu(page).getByRole('link', { name: 'Banner Ads' }).click();
    await expect(page).toHaveURL(/\/admin\/ads-sets$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Ad Sets' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Home banner/ })).toContainText('Home');
    await page.getByRole('link', { name: 'Resources banner' }).click();
    await expect(page).toHaveURL(/\/admin\/ads-sets\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Resources banner' })).toBeVisible();

    const title = unique('Meal-prep class');
    await page.getByRole('button', { name: 'Add Banner Ad' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Banner Ad' });
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(title);
    await chooseImage(page, 'Image', 'banner.png', { width: 800, height: 250 });
    await dialog.getByRole('textbox', { name: /^Link/ }).fill('https://northside.example.com/classes');
    await dialog.getByRole('button', { name: 'Add Banner Ad' }).click();
    await expect(page.getByText('Banner ad created successfully.')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText('–');

    // The app shows it in its place and reports it seen and tapped.
    const token = await appToken(request);
    const ad = (await appAds(request, token, 'resources')).find((shown) => shown.title === title);
    expect(ad).toMatchObject({ kind: 'banner', placement: 'resources', image: expect.stringMatching(/^\/uploads\/global\/[0-9a-f]{32}\.png$/) });
    for (const event of ['impression', 'impression', 'click']) {
      const counted = await request.post(`/api/app/ads/${ad!.id}/${event}`, { headers: { authorization: `Bearer ${token}` } });
      expect(counted.status()).toBe(204);
    }
    // The counts reach the database on the server's next flush: reload until the list shows them. Each
    // try waits for the list itself as long as any load (a reload takes seconds on a busy machine), and
    // only briefly for the figure once the row is there.
    await expect(async () => {
      await page.reload();
      const row = page.getByRole('row', { name: new RegExp(title) });
      await expect(row).toBeVisible();
      await expect(row).toContainText('50.00%', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('row', { name: new RegExp(title) }).getByRole('cell', { name: '2', exact: true })).toBeVisible();

    await page.getByRole('button', { name: `Reset statistics of ${title}` }).click();
    const question = page.getByRole('alertdialog', { name: 'Reset statistics' });
    await expect(question).toContainText(title);
    await question.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('Statistics reset successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('–');

    // Switched off, the app no longer shows it.
    // Worked from the keyboard, as the switch's drawn control lies over its input.
    await page.getByRole('switch', { name: `${title} active` }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Banner ad status updated successfully.')).toBeVisible();
    expect((await appAds(request, token, 'resources')).map((shown) => shown.title)).not.toContain(title);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { level: 1, name: 'Resources banner' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('adds a discount ad on /admin/discount-ads/edit; the app shows it on its days', async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.goto('/admin/discount-ads');
    await expect(page.getByRole('heading', { level: 1, name: 'Discount Ads' })).toBeVisible();
    await expect(page.getByRole('row', { name: /BARI15/ })).toBeVisible();
    await page.getByRole('link', { name: 'Add Discount Ad' }).click();
    await expect(page).toHaveURL(/\/admin\/discount-ads\/edit$/);

    const title = unique('Scale sale');
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await chooseImage(page, 'Image', 'discount.png', { width: 500, height: 300 });
    await page.getByRole('textbox', { name: /^Discount code/ }).fill('SCALE10');
    await page.getByRole('textbox', { name: /^Start day/ }).fill(typedDay(0));
    await page.getByRole('textbox', { name: /^End day/ }).fill(typedDay(-1));
    await page.getByRole('button', { name: 'Add Discount Ad' }).click();
    await expect(page.getByText('The end day may not be before the start day.')).toBeVisible();
    await page.getByRole('textbox', { name: /^End day/ }).fill(typedDay(7));
    await page.getByRole('button', { name: 'Add Discount Ad' }).click();
    await expect(page.getByText('Discount ad created successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/discount-ads$/);
    await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('SCALE10');

    const shown = await appAds(request, await appToken(request), 'discounts');
    expect(shown.find((ad) => ad.title === title)).toMatchObject({ kind: 'discount', discount_code: 'SCALE10' });

    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(/\/admin\/discount-ads\/edit\?id=\d+$/);
    await expect(page.getByRole('textbox', { name: /^Discount code/ })).toHaveValue('SCALE10');
  });
});
