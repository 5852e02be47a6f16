import type { ScreenLoaders } from '@baridesk/ui';
import { CONTENT_LISTS, CONTENT_PAGES } from '@baridesk/contracts';
import type { ContentScreenKind } from './features/content-library/components/content-library-screens';

const library = () => import('./features/content-library/components/content-library-screens');

/** Every list type's screens at the registry's paths (list, store, edit, show, categories, sub-categories). */
const listTypeScreens: ScreenLoaders = Object.fromEntries(
  CONTENT_LISTS.flatMap((type) =>
    (Object.entries(type.screens) as [ContentScreenKind, string][]).map(([kind, path]) => [
      path,
      () => library().then((m) => ({ default: m.contentScreen(type.key, kind) })),
    ]),
  ),
);

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
  ...listTypeScreens,
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
  // The contacts again, of one of the special program's groups with ?weightLossType=1 or 2.
  '/contact-us': () => library().then((m) => ({ default: m.contentScreen('contacts', 'list') })),
  '/coordinator-categories-1': () => library().then((m) => ({ default: m.coordinatorCategoriesScreen(1) })),
  '/coordinator-categories-2': () => library().then((m) => ({ default: m.coordinatorCategoriesScreen(2) })),
  '/:menuTitle/categories': () => library().then((m) => ({ default: m.GenericCategories })),
  '/:menuTitle/sub-categories': () => library().then((m) => ({ default: m.GenericSubCategories })),
} satisfies ScreenLoaders;
