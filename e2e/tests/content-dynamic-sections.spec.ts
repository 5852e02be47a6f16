/**
 * Dynamic content sections as Northside's sub user uses them (mf-content and the shell's sidebar): a
 * section added from the sidebar's modal; in it a category, a sub-category and an item with rich text and
 * an image (the preview following the form, the item's page as patients see it); items reordered and one
 * switched off; the section switched off (it leaves the sidebar) and on, and deleted after the question.
 * A program user manages the items but not the section. The screens at 1440 and 390 px.
 */
import type { Page } from '@playwright/test';
import { ACCOUNTS, apiGet, bearer, chooseImage, chooseRowDelete, expect, mainMenu, openGroup, test, patientPreview, storeWithApi, tokenOf, unique } from './support';

/** Adds a section through the sidebar's Add New Section, as the sub user does; ends on the section's screen. */
async function addSectionFromSidebar(page: Page, name: string): Promise<number> {
  await page.goto('/dashboard');
  await openGroup(page, 'Content');
  await mainMenu(page).getByRole('button', { name: 'Add New Section' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Dynamic Content Section' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Validation Error: Please enter values in the form')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Dynamic section added successfully')).toBeVisible();
  const link = mainMenu(page).getByRole('link', { name, exact: true });
  await link.click();
  await expect(page).toHaveURL(/\/dynamic-content-section\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return Number(/\/dynamic-content-section\/(\d+)$/.exec(page.url())![1]);
}

test.describe('Northside’s sub user', () => {
  test.use({ account: ACCOUNTS.subUser, viewport: { width: 1440, height: 900 } });

  test('a section from the sidebar with a category, a sub-category and an item; reorder, switch off, delete', async ({ page }) => {
    test.setTimeout(300_000);
    const section = unique('Recipes for the first month');
    const category = unique('Breakfast');
    const subCategory = unique('Smoothies');
    const title = unique('Protein smoothie');

    const sectionId = await addSectionFromSidebar(page, section);

    // A category, from the section's screen.
    await page.getByRole('link', { name: 'Categories', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dynamic-section-category/${sectionId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Category' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(category);
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByText('Category created successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(category) })).toHaveCount(1);

    // A sub-category of it.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: section }).click();
    await page.getByRole('link', { name: 'Sub-categories', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/dynamic-section-sub-category/${sectionId}$`));
    await page.getByRole('button', { name: 'Add Sub-category' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Sub-category' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(subCategory);
    await dialog.getByRole('combobox', { name: /^Category/ }).selectOption({ label: category });
    await dialog.getByRole('button', { name: 'Add Sub-category' }).click();
    await expect(page.getByText('Sub-category created successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(subCategory) })).toContainText(category);

    // The item on its page, the preview following the form.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: section }).click();
    await page.getByRole('link', { name: 'Add Item' }).click();
    await expect(page).toHaveURL(new RegExp(`/dynamic-section-item/store/${sectionId}$`));
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.press('Control+B');
    await page.keyboard.type('Blend slowly.');
    await page.keyboard.press('Control+B');
    await page.keyboard.type(' Add a scoop of whey.');
    await chooseImage(page, 'Image', 'smoothie.png');
    await page.getByRole('textbox', { name: 'Video URL' }).fill('https://videos.northside.test/smoothie');
    await page.getByRole('combobox', { name: /^Category/ }).selectOption({ label: category });
    await page.getByRole('combobox', { name: /^Sub-category/ }).selectOption({ label: subCategory });
    await expect(patientPreview(page).getByText(section)).toBeVisible();
    await expect(patientPreview(page).getByRole('heading', { level: 3, name: title })).toBeVisible();
    await expect(patientPreview(page).locator('strong')).toHaveText('Blend slowly.');
    await expect(patientPreview(page).locator('img').first()).toHaveAttribute('src', /^\/uploads\/101\//);
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(page.getByText('Item created successfully.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/dynamic-content-section/${sectionId}$`));
    const row = page.getByRole('row', { name: new RegExp(title) });
    await expect(row).toContainText(category);
    await expect(row).toContainText(subCategory);

    // Its page: the values beside the item as the app shows it.
    await row.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/dynamic-section-item\/\d+\/show$/);
    const itemId = Number(/\/dynamic-section-item\/(\d+)\/show$/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(patientPreview(page).locator('strong')).toHaveText('Blend slowly.');
    await expect(patientPreview(page).getByRole('link', { name: 'Watch video' })).toHaveAttribute('href', 'https://videos.northside.test/smoothie');
    const stored = await apiGet<{ data: { body: string; image: string; section_id: number } }>(page, `/api/content/dynamic-content-section/section/${itemId}`);
    expect(stored.data).toMatchObject({ body: '<p><strong>Blend slowly.</strong> Add a scoop of whey.</p>', section_id: sectionId });
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/dynamic-section-item/${sectionId}/edit/${itemId}$`));
    await expect(page.getByRole('textbox', { name: /^Title/ })).toHaveValue(title);
    await page.getByRole('link', { name: 'Cancel' }).click();
    // Back on the item's page before its breadcrumb is followed: a click on the form's own breadcrumb
    // while Cancel's page is still loading lands on the item's page after all.
    await expect(page).toHaveURL(/\/dynamic-section-item\/\d+\/show$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: section }).click();
    await expect(page).toHaveURL(new RegExp(`/dynamic-content-section/${sectionId}$`));

    // Reorder: a second item, moved above the first.
    const second = unique('Overnight oats');
    await storeWithApi(page, '/api/content/dynamic-content-section/section/store', { section_id: sectionId, title: second });
    await page.reload();
    await page.getByRole('button', { name: 'Change order' }).click();
    const order = page.getByRole('list', { name: 'Items' });
    await order.getByRole('button', { name: `Move up ${second}` }).click();
    await expect(page.getByText('Order updated successfully.')).toBeVisible();
    const names = await order.getByRole('listitem').allTextContents();
    expect(names.findIndex((text) => text.includes(second))).toBeLessThan(names.findIndex((text) => text.includes(title)));
    await page.getByRole('button', { name: 'Done' }).click();

    // The item switched off, then deleted after the question.
    const active = page.getByRole('switch', { name: `${second} active` });
    await active.click({ force: true });
    await expect(page.getByText('Item status updated successfully.')).toBeVisible();
    await expect(active).not.toBeChecked();
    await chooseRowDelete(page, second);
    const question = page.getByRole('alertdialog', { name: 'Delete item' });
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Item deleted successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(second) })).toHaveCount(0);

    // The section switched off leaves the sidebar, and comes back when switched on.
    const sectionActive = page.getByRole('group', { name: new RegExp(section) }).getByRole('switch', { name: 'Section active' });
    // From the keyboard: the switch takes Space.
    await sectionActive.press('Space');
    await expect(page.getByText('Dynamic section status updated successfully')).toBeVisible();
    await expect(page.getByText('Inactive: hidden from the sidebar and the app')).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: section, exact: true })).toHaveCount(0);
    await sectionActive.press('Space');
    await expect(mainMenu(page).getByRole('link', { name: section, exact: true })).toBeVisible();

    // Renamed: the sidebar follows.
    const renamed = `${section} (renamed)`;
    await page.getByRole('button', { name: 'Rename' }).click();
    dialog = page.getByRole('dialog', { name: 'Rename section' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(renamed);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: renamed, exact: true })).toBeVisible();

    // Deleted after the question, with its items and categories.
    await page.getByRole('button', { name: 'Delete section' }).click();
    const sure = page.getByRole('alertdialog', { name: 'Delete section' });
    await expect(sure).toContainText('with all its items, categories and sub-categories');
    await sure.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Dynamic section deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(mainMenu(page).getByRole('link', { name: renamed, exact: true })).toHaveCount(0);
    const gone = await page.request.get(`/api/content/dynamic-content-section/section/${itemId}`, { headers: bearer(await tokenOf(page)) });
    expect(gone.status()).toBe(404);
  });

  test('the sections’ order is the sidebar’s', async ({ page }) => {
    const first = unique('Order first');
    const second = unique('Order second');
    await addSectionFromSidebar(page, first);
    await addSectionFromSidebar(page, second);
    await page.getByRole('button', { name: 'Order of sections' }).click();
    const dialog = page.getByRole('dialog', { name: 'Order of sections' });
    await dialog.getByRole('button', { name: `Move up ${second}` }).click();
    await expect(page.getByText('Dynamic sections order updated successfully')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const links = await mainMenu(page).getByRole('link', { name: /^Order (first|second) / }).allTextContents();
    expect(links.findIndex((text) => text.includes(second))).toBeLessThan(links.findIndex((text) => text.includes(first)));
  });
});

test.describe('a program user (staff@northside)', () => {
  test.use({ account: ACCOUNTS.staff, viewport: { width: 1440, height: 900 } });

  test('manages a section’s items but not the section itself', async ({ page }) => {
    await page.goto('/dashboard');
    const sections = await apiGet<{ data: { data: { id: number; name: string }[] } }>(page, '/api/content/dynamic-content-section?perPage=All');
    const recipes = sections.data.data.find((s) => s.name === 'Recipes')!;
    await page.goto(`/dynamic-content-section/${recipes.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Recipes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Item' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete section' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  });
});

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ account: ACCOUNTS.subUser, viewport: { width, height: 900 } });

    test('the section, its item form and its categories fit the window', async ({ page }) => {
      await page.goto('/dashboard');
      const sections = await apiGet<{ data: { data: { id: number; name: string }[] } }>(page, '/api/content/dynamic-content-section?perPage=All');
      const recipes = sections.data.data.find((s) => s.name === 'Recipes')!;
      for (const [path, heading] of [
        [`/dynamic-content-section/${recipes.id}`, 'Recipes'],
        [`/dynamic-section-item/store/${recipes.id}`, 'Add Item'],
        [`/dynamic-section-category/${recipes.id}`, 'Categories'],
        [`/dynamic-section-sub-category/${recipes.id}`, 'Sub-categories'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} scrolls sideways by this many px`).toBeLessThanOrEqual(0);
      }
    });
  });
}
