import type { ScreenLoaders } from '@baridesk/ui';

/**
 * The screens of mf-admin, keyed by their path in the shell's route table. Each is fetched on its first
 * visit, while the shell's navigation is pending.
 */
export const screens = {
  '/admin/dashboard': () => import('./features/dashboard/components/admin-dashboard-screen'),
  '/admin/quotes': () => import('./features/quotes/components/quotes-screen'),
  '/admin/event/*': () => import('./features/events/components/admin-events-area'),
  '/admin/audit/*': () => import('./features/audit/components/audit-screen'),
  '/admin/program-user/*': () => import('./features/program-users/components/program-users-area'),
  '/admin/baritastic-program/*': () => import('./features/programs/components/programs-area'),
  '/admin/super-admin/*': () => import('./features/super-admins/components/super-admins-area'),
  '/admin/manage-users/*': () => import('./features/manage-users/components/manage-users-area'),
  '/admin/cards-trophies/*': () => import('./features/cards-trophies/components/cards-trophies-area'),
  '/admin/ads-sets/*': () => import('./features/ads/components/ads-sets-area'),
  '/admin/discount-ads/*': () => import('./features/ads/components/discount-ads-area'),
  '/admin/dynamic-notifications/*': () => import('./features/dynamic-notifications/components/dynamic-notifications-area'),
  '/admin/bari-resources/*': () => import('./features/bari-resources/components/bari-resources-area'),
  '/admin/manage-recipe/*': () => import('./features/recipes/components/recipes-area'),
  '/admin/tips': () => import('./features/tips/components/tips-screen'),
  '/admin/support-email': () => import('./features/support-email/components/support-email-screen'),
  '/admin/mobile-support-mail': () => import('./features/mobile-support-mail/components/mobile-support-mail-screen'),
  '/admin/manage-menu': () => import('./features/main-menu/components/main-menu-screen'),
  '/admin/groups/*': () => import('./features/groups/components/groups-area'),
  '/admin/how-to-use-app/*': () => import('./features/how-to-use-app/components/how-to-area'),
  '/admin/manage-shop/*': () => import('./features/shop/components/shop-area'),
} satisfies ScreenLoaders;
