import type { ScreenLoaders } from '@baridesk/ui';

/**
 * The screens of mf-content, keyed by their path in the shell's route table. Each is fetched on its first
 * visit, while the shell's navigation is pending.
 */
export const screens = {
  '/manage-menu': () => import('./features/manage-menu/components/manage-menu-screen'),
} satisfies ScreenLoaders;
