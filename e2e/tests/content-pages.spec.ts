/**
 * The content library's pages (mf-content): Northside's sub user edits Diabetes Education in place (title,
 * a link refused until it is a URL, rich text, an image), sees it as patients will, and the patients' app
 * (GET /api/app/content as patient@northside.test) shows it; the shop's form at /shop/edit; the support
 * group's Menu text dialog; a program user without the menu flag is refused the page and its API. The
 * page and its form at 1440 and 390 px.
 */
import type { APIRequestContext } from '@playwright/test';
import { ACCOUNTS, PASSWORD, apiGet, bearer, chooseImage, expect, test, patientPreview, tokenOf, unique } from './support';

const APP_PATIENT = 'patient@northside.test';

type AppContent = { data: { menus: { key: string; shape: string; page?: { title: string | null; body: string | null; image: string | null; link: string | null } }[] } };

async function appToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/app/login', { data: { email: APP_PATIENT, password: PASSWORD } });
  expect(response.ok(), `the app sign-in answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

test.describe('Northside’s sub user', () => {
  test.use({ account: ACCOUNTS.subUser, viewport: { width: 1440, height: 900 } });

  test('edits Diabetes Education with rich text and an image; the patients’ app shows it', async ({ page, request }) => {
    test.setTimeout(180_000);
    const title = unique('Living well with diabetes');

    await page.goto('/diabetes');
    await expect(page.getByRole('heading', { level: 1, name: 'Diabetes Education' })).toBeVisible();
    await expect(patientPreview(page)).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Diabetes Education' })).toBeVisible();

    const titleField = page.getByRole('textbox', { name: /^Title/ });
    await expect(titleField).toBeFocused();
    await titleField.fill(title);
    const link = page.getByRole('textbox', { name: /^Web page/ });
    await link.fill('diabetes guide');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Please enter valid web page.')).toBeVisible();
    await link.fill('https://diabetes.northside.test/guide');

    const editor = page.getByRole('textbox', { name: 'Text', exact: true });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type('Check your sugar');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type(' before every meal.');

    await chooseImage(page, 'Image', 'banner.png', { width: 800, height: 450 });

    // The preview follows the form before it is saved.
    await expect(patientPreview(page).getByRole('heading', { level: 3, name: title })).toBeVisible();
    await expect(patientPreview(page).locator('strong', { hasText: 'Check your sugar' })).toBeVisible();
    await expect(patientPreview(page).locator('img')).toHaveAttribute('src', /^\/uploads\//);

    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Diabetes Education saved.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Diabetes Education' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeFocused();
    await expect(patientPreview(page).getByRole('heading', { level: 3, name: title })).toBeVisible();
    await expect(patientPreview(page).getByRole('link', { name: 'Web page' })).toHaveAttribute('href', 'https://diabetes.northside.test/guide');

    // The staff API and the patients' app give the saved page.
    const saved = await apiGet<{ data: { title: string; image: string } }>(page, '/api/content/diabetes-website');
    expect(saved.data.title).toBe(title);
    const token = await appToken(request);
    const app = await request.get('/api/app/content', { headers: bearer(token) });
    expect(app.ok(), `GET /api/app/content answered ${app.status()}`).toBe(true);
    const menu = ((await app.json()) as AppContent).data.menus.find((m) => m.key === 'diabetes-website');
    expect(menu?.page).toEqual(
      expect.objectContaining({
        title,
        link: 'https://diabetes.northside.test/guide',
        image: saved.data.image,
        body: expect.stringContaining('<strong>Check your sugar</strong> before every meal.'),
      }),
    );
  });

  test('the shop’s form at /shop/edit goes back to the shop when saved', async ({ page }) => {
    const title = unique('Northside store');
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/shop\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Shop' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await page.getByRole('textbox', { name: /^Shop address/ }).fill('https://store.northside.test');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Shop saved.')).toBeVisible();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(patientPreview(page).getByRole('heading', { level: 3, name: title })).toBeVisible();
  });

  test('the support group’s menu text, from the support group list', async ({ page }) => {
    const heading = unique('Meet others on the same journey');
    await page.goto('/support-group');
    await expect(page.getByRole('heading', { level: 1, name: 'Support Group' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu text' }).click();
    const dialog = page.getByRole('dialog', { name: 'Support Group menu text' });
    await dialog.getByRole('textbox', { name: /^Heading/ }).fill(heading);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Support Group menu text saved.')).toBeVisible();
    await expect(dialog).toBeHidden();
    const saved = await apiGet<{ data: { title: string } }>(page, '/api/content/support-group/menu-data');
    expect(saved.data.title).toBe(heading);
  });
});

test.describe('a program user without the Our Blog flag', () => {
  test.use({ account: ACCOUNTS.limited });

  test('is sent back from the page, and its API refuses', async ({ page }) => {
    await page.goto('/blog');
    await expect(page).toHaveURL(/\/dashboard$/);
    const response = await page.request.get('/api/content/blog-website', { headers: bearer(await tokenOf(page)) });
    expect(response.status()).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe('Our Blog is not switched on for your account.');
  });
});

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ account: ACCOUNTS.subUser, viewport: { width, height: 900 } });

    test('a page and its form with the preview fit the window', async ({ page }) => {
      await page.goto('/online-seminar');
      await expect(page.getByRole('heading', { level: 1, name: 'Online Seminar' })).toBeVisible({ timeout: 20_000 });
      await expect(patientPreview(page)).toBeVisible();
      const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow(), 'the page scrolls sideways by this many px').toBeLessThanOrEqual(0);
      await page.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toBeVisible();
      await expect(patientPreview(page)).toBeVisible();
      expect(await overflow(), 'the form scrolls sideways by this many px').toBeLessThanOrEqual(0);
    });
  });
}
