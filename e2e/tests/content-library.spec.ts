/**
 * The content library as Northside's sub user uses it (mf-content): a type with categories and
 * sub-categories (vitamins and supplements: a category, a sub-category and an item with rich text and an
 * image, seen in the preview and by the patients' app; reordered, switched off, deleted after the
 * question), a type edited in a dialog (Our Team), the member portals on their store and edit paths, the
 * generic category screens, program 302's contact groups; the screens at 1440 and 390 px, from the keyboard.
 */
import type { Page } from '@playwright/test';
import { ACCOUNTS, apiGet, chooseImage, chooseRowDelete, expect, test, patientPreview, storeWithApi, unique } from './support';

/** Types into the rich-text editor named `label`, the first words in bold (Ctrl+B), as a person does. */
async function writeRichText(page: Page, label: string, bold: string, rest: string) {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.press('Control+B');
  await page.keyboard.type(bold);
  await page.keyboard.press('Control+B');
  await page.keyboard.type(rest);
}

test.describe('Northside’s sub user', () => {
  test.use({ account: ACCOUNTS.subUser, viewport: { width: 1440, height: 900 } });

  test('vitamins and supplements: a category, a sub-category and an item with rich text and an image; reorder, switch off, delete', async ({ page }) => {
    test.setTimeout(240_000);
    const category = unique('Daily vitamins');
    const subCategory = unique('Chewable');
    const name = unique('Bariatric multivitamin');

    await page.goto('/vitamin-supplement');
    await expect(page.getByRole('heading', { level: 1, name: 'Vitamin and Supplements' })).toBeVisible();

    // Categories, from the list's link.
    await page.getByRole('link', { name: 'Categories', exact: true }).click();
    await expect(page).toHaveURL(/\/vitamin-supplement\/category$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vitamin and Supplements Categories' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Category' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Category' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(category);
    await dialog.getByRole('button', { name: 'Add Category' }).click();
    await expect(page.getByText('Category created successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(category) })).toHaveCount(1);

    // A sub-category of it.
    await page.getByRole('link', { name: 'Sub-categories', exact: true }).click();
    await expect(page).toHaveURL(/\/vitamin-supplement\/sub-category$/);
    await page.getByRole('button', { name: 'Add Sub-category' }).click();
    dialog = page.getByRole('dialog', { name: 'Add Sub-category' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(subCategory);
    await dialog.getByRole('combobox', { name: /^Category/ }).selectOption({ label: category });
    await dialog.getByRole('button', { name: 'Add Sub-category' }).click();
    await expect(page.getByText('Sub-category created successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(subCategory) })).toContainText(category);

    // The item on its page, the preview beside the form following it.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Vitamin and Supplements' }).click();
    await page.getByRole('link', { name: 'Add Vitamin or supplement' }).click();
    await expect(page).toHaveURL(/\/vitamin-supplement\/store$/);
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: 'Dose and timing' }).fill('One a day, with food');
    await writeRichText(page, 'Details', 'Chew well.', ' Take it two hours apart from calcium.');
    await chooseImage(page, 'Image');
    await page.getByRole('combobox', { name: /^Category/ }).selectOption({ label: category });
    await page.getByRole('combobox', { name: /^Sub-category/ }).selectOption({ label: subCategory });
    await expect(patientPreview(page).getByRole('heading', { level: 3, name })).toBeVisible();
    await expect(patientPreview(page).locator('strong')).toHaveText('Chew well.');
    await expect(patientPreview(page).locator('img').first()).toHaveAttribute('src', /^\/uploads\/101\//);
    await page.getByRole('button', { name: 'Add Vitamin or supplement' }).click();
    await expect(page.getByText('Vitamin or supplement created successfully.')).toBeVisible();

    // Its page: the values and the item as the app shows it.
    await expect(page).toHaveURL(/\/vitamin-supplement\/\d+\/show$/);
    const id = Number(/\/vitamin-supplement\/(\d+)\/show$/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(patientPreview(page).locator('strong')).toHaveText('Chew well.');
    const stored = await apiGet<{ data: { body: string; image: string; category_name: string; sub_category_name: string } }>(page, `/api/content/vitamin-supplement/${id}`);
    // The editor may keep the space typed right after the bold run as a no-break space (U+00A0).
    expect({ ...stored.data, body: stored.data.body.replaceAll('\u00a0', ' ') }).toMatchObject({
      body: '<p><strong>Chew well.</strong> Take it two hours apart from calcium.</p>',
      category_name: category,
      sub_category_name: subCategory,
    });
    expect(stored.data.image).toMatch(/^\/uploads\/101\//);

    // Reorder: a second item of the category, then Move up.
    const second = unique('Calcium citrate');
    await storeWithApi(page, '/api/content/vitamin-supplement/store', { title: second, category_id: null });
    await page.getByRole('link', { name: 'All Vitamin and Supplements' }).click();
    await page.getByRole('button', { name: 'Change order' }).click();
    const order = page.getByRole('list', { name: 'Vitamin and supplements' });
    await order.getByRole('button', { name: `Move up ${second}` }).click();
    await expect(page.getByText('Order updated successfully.')).toBeVisible();
    const names = await order.getByRole('listitem').allTextContents();
    expect(names.findIndex((text) => text.includes(second))).toBeLessThan(names.findIndex((text) => text.includes(name)));
    await page.getByRole('button', { name: 'Done' }).click();

    // Switch it off, then delete it after the question.
    await page.getByRole('searchbox', { name: 'Search vitamin and supplements' }).fill(name);
    const active = page.getByRole('switch', { name: `${name} active` });
    await expect(active).toBeChecked();
    await active.click({ force: true });
    await expect(page.getByText('Vitamin or supplement status updated successfully.')).toBeVisible();
    await expect(active).not.toBeChecked();
    await chooseRowDelete(page, name);
    const question = page.getByRole('alertdialog', { name: 'Delete vitamin or supplement' });
    await expect(question).toContainText(`Delete "${name}"?`);
    await question.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Vitamin or supplement deleted successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('Our Team: a member added and edited in a dialog, the preview in it', async ({ page }) => {
    const name = unique('Dr. Ana Lopez');
    await page.goto('/doctors');
    await page.getByRole('button', { name: 'Add Team member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Team member' });
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByRole('textbox', { name: 'Credentials and specialty' }).fill('MD, FACS');
    await dialog.getByRole('textbox', { name: 'Phone' }).fill('312-555-0190');
    await expect(dialog.getByRole('complementary', { name: 'Preview as patient' }).getByRole('link', { name: 'Call 312-555-0190' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Team member' }).click();
    await expect(page.getByText('Team member created successfully.')).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search team members' }).fill(name);
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Team member' });
    await edit.getByRole('textbox', { name: 'Credentials and specialty' }).fill('MD, FACS, bariatric surgeon');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Team member updated successfully.')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('bariatric surgeon');
  });

  test('patient portals on their store, show and edit paths', async ({ page }) => {
    const name = unique('Lab results portal');
    await page.goto('/patient-portals');
    await page.getByRole('link', { name: 'Add Patient portal' }).click();
    await expect(page).toHaveURL(/\/patient-portals\/store$/);
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Portal address/ }).fill('https://labs.example.test');
    await expect(patientPreview(page).getByRole('link', { name: 'Portal address' })).toHaveAttribute('href', 'https://labs.example.test');
    await page.getByRole('button', { name: 'Add Patient portal' }).click();
    await expect(page).toHaveURL(/\/patient-portals\/\d+\/show$/);
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/patient-portals\/\d+\/edit$/);
    await page.getByRole('textbox', { name: /^Portal address/ }).fill('https://results.example.test');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Patient portal updated successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/patient-portals\/\d+\/show$/);
    await expect(patientPreview(page).getByRole('link', { name: 'Portal address' })).toHaveAttribute('href', 'https://results.example.test');
  });

  test('the generic category screens: a type’s key, else the not-found page', async ({ page }) => {
    await page.goto('/videos/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Videos Categories' })).toBeVisible();
    for (const path of ['/no-such-menu/categories', '/doctors/categories', '/videos/sub-categories']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Ooops! Page not found.' })).toBeVisible();
    }
  });

  test('from the keyboard: Add opens the dialog, Escape closes it and gives the focus back; a row moves with Space and the arrows', async ({ page }) => {
    const first = unique('Keyboard story one');
    const second = unique('Keyboard story two');
    // The session's token is read from the page's storage, so the page is on the app first.
    await page.goto('/success-stories');
    await expect(page.getByRole('heading', { level: 1, name: 'Success Stories' })).toBeVisible();
    await storeWithApi(page, '/api/content/success-stories/store', { title: first, body: '<p>Lost 80 lb.</p>' });
    await storeWithApi(page, '/api/content/success-stories/store', { title: second, body: '<p>Lost 60 lb.</p>' });
    await page.reload();
    const add = page.getByRole('button', { name: 'Add Success story' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Success story' });
    await expect(dialog).toBeVisible();
    await page.keyboard.type('Typed from the keyboard');
    await expect(dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue('Typed from the keyboard');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();

    await page.getByRole('button', { name: 'Change order' }).click();
    const order = page.getByRole('list', { name: 'Success stories' });
    const handle = order.getByRole('button', { name: new RegExp(`^Drag ${second}`) });
    await handle.focus();
    // Each key waits for the announcement of the one before: the list takes the arrow only once the row is picked up.
    await page.keyboard.press('Space');
    await expect(page.getByText(new RegExp(`^Picked up ${second}`))).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(new RegExp(`^${second} is now at`))).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText('Order updated successfully.')).toBeVisible();
    const names = await order.getByRole('listitem').allTextContents();
    expect(names.findIndex((text) => text.includes(second))).toBeLessThan(names.findIndex((text) => text.includes(first)));
  });
});

test.describe('program 302’s sub user', () => {
  test.use({ account: ACCOUNTS.program302, viewport: { width: 1440, height: 900 } });

  test('each group has its contacts and its coordinator categories', async ({ page }) => {
    const name = unique('Weight management coach');
    await page.goto('/contact-us?weightLossType=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Weight Management Contacts' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Contact' }).click();
    await expect(page).toHaveURL(/\/contacts\/store\?weightLossType=1$/);
    await expect(page.getByRole('combobox', { name: /^Weight loss type/ })).toHaveValue('1');
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('button', { name: 'Add Contact' }).click();
    await expect(page.getByText('Contact created successfully.')).toBeVisible();

    await page.goto('/contact-us?weightLossType=2');
    await expect(page.getByRole('heading', { level: 1, name: 'Weight Loss Surgery Contacts' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(name);
    await expect(page.getByText('No contacts match your search.')).toBeVisible();
    await page.getByRole('link', { name: 'Categories', exact: true }).click();
    await expect(page).toHaveURL(/\/coordinator-categories-2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Coordinator Categories: Weight Loss Surgery' })).toBeVisible();
  });
});

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ account: ACCOUNTS.subUser, viewport: { width, height: 900 } });

    for (const [path, heading] of [
      ['/diet', 'Nutrition Guidelines'],
      ['/diet-categories', 'Nutrition Guidelines Categories'],
      ['/faq/new', 'Add FAQ'],
      ['/patient-portals', 'Patient Portals'],
    ] as const) {
      test(`${path} fits the window`, async ({ page }, testInfo) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
        // Kept with the run's results, to look at the screen at this width.
        await page.screenshot({ path: testInfo.outputPath(`${width}.png`), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, 'the page scrolls sideways by this many px').toBeLessThanOrEqual(0);
      });
    }

    test('the dialog form with its preview fits the window', async ({ page }, testInfo) => {
      await page.goto('/diet');
      await page.getByRole('button', { name: 'Add Guideline' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Guideline' });
      await expect(dialog.getByRole('complementary', { name: 'Preview as patient' })).toBeVisible();
      await dialog.getByRole('textbox', { name: /^Title/ }).fill('Protein first, then vegetables');
      await expect(dialog.getByRole('complementary', { name: 'Preview as patient' }).getByRole('heading', { level: 3 })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`${width}.png`) });
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    });
  });
}
