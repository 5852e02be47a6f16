import type { ScreenLoaders } from '@baridesk/ui';
import { CONTENT_PAGES } from '@baridesk/contracts';

const pages = () => import('./features/content-pages/components/content-page-screen');

/** Every page type's screen at the registry's paths (its page, and the shop's own edit path). */
const pageTypeScreens: ScreenLoaders = Object.fromEntries(
  CONTENT_PAGES.flatMap((type) =>
    (Object.entries(type.screens) as ['show' | 'edit', string][]).map(([mode, path]) => [
      path,
      () => pages().then((m) => ({ default: m.contentPageScreen(type.key, mode) })),
    ]),
  ),
);

/**
 * The screens of mf-content, keyed by their path in the shell's route table. Each is fetched on its first
 * visit, while the shell's navigation is pending.
 */
export const screens = {
  '/manage-menu': () => import('./features/manage-menu/components/manage-menu-screen'),
  ...pageTypeScreens,
  // Dynamic content sections: a section's items, an item's form and page, the section's categories and sub-categories.
  '/dynamic-content-section/:id': () => import('./features/dynamic-sections/components/section-screen'),
  '/dynamic-section-item/store/:sectionId': () => import('./features/dynamic-sections/components/item-screens').then((m) => ({ default: m.ItemFormScreen })),
  '/dynamic-section-item/:sectionId/edit/:itemId': () =>
    import('./features/dynamic-sections/components/item-screens').then((m) => ({ default: m.ItemFormScreen })),
  '/dynamic-section-item/:id/show': () => import('./features/dynamic-sections/components/item-screens').then((m) => ({ default: m.ItemShowScreen })),
  '/dynamic-section-category/:sectionId': () =>
    import('./features/dynamic-sections/components/section-category-screens').then((m) => ({ default: m.SectionCategoriesScreen })),
  '/dynamic-section-sub-category/:sectionId': () =>
    import('./features/dynamic-sections/components/section-category-screens').then((m) => ({ default: m.SectionSubCategoriesScreen })),
} satisfies ScreenLoaders;
