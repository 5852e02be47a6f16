import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, expect, mainMenu, openGroup, test } from './support';

/**
 * Texts that must be read whole at the widths clinics use (issue 15): measured in the browser, since only
 * a real layout says whether a line is cut. A text is cut when its box is narrower than its content.
 */

/** The texts of `texts` whose element cuts them (scrollWidth beyond clientWidth), with their widths. */
async function cutTexts(texts: Locator): Promise<string[]> {
  return texts.evaluateAll((elements) =>
    elements
      // A 1 px box is text for screen readers only (VisuallyHidden), cut on purpose.
      .filter((element) => element.clientWidth > 1 && element.scrollWidth > element.clientWidth)
      .map((element) => `${element.textContent ?? ''} (${element.clientWidth} of ${element.scrollWidth} px)`),
  );
}

/** The innermost elements whose own text matches `pattern`, under `root`. */
const textsMatching = (root: Locator | Page, pattern: RegExp) =>
  root.locator('span, p, a, div').filter({ hasText: pattern, hasNot: root.locator('span, p, a, div').filter({ hasText: pattern }) });

test.describe('at 1024 px', () => {
  test.use({ account: ACCOUNTS.staff, viewport: { width: 1024, height: 768 } });

  test('the patient list shows a stage name whole (Weight-Management)', async ({ page }) => {
    await page.goto('/manage-patients?stage=3');
    const cells = page.getByRole('row').locator('td').filter({ hasText: /^Weight-Management$/ });
    await expect(cells.first()).toBeVisible();
    expect(await cutTexts(textsMatching(page.locator('tbody'), /^Weight-Management$/))).toEqual([]);
  });

  test('a pipeline card shows its days in the status whole', async ({ page }) => {
    await page.goto('/pipeline');
    const board = page.getByRole('region', { name: 'Pipeline columns' });
    const days = textsMatching(board, /^\d[\d,]* days? in status$/);
    await expect(days.first()).toBeVisible();
    expect(await cutTexts(days)).toEqual([]);
  });
});

test.describe('at 390 px', () => {
  test.use({ account: ACCOUNTS.subUser, viewport: { width: 390, height: 844 } });

  test('the menu drawer shows every label whole, in every group', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = mainMenu(page);
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    const labels = menu.locator('a span, button span').filter({ visible: true });
    const cut = await cutTexts(labels);
    const groups = await menu.locator('button[aria-expanded]').evaluateAll((buttons) => buttons.map((button) => button.textContent?.trim() ?? ''));
    expect(groups.length).toBeGreaterThan(3);
    // Each group opened in turn (opening one may close another): its entries measured while shown.
    for (const group of groups) {
      await openGroup(page, group);
      cut.push(...(await cutTexts(labels)));
    }
    expect([...new Set(cut)]).toEqual([]);
  });
});
