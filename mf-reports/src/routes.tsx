import type { ScreenLoaders } from '@baridesk/ui';

/**
 * The screens of mf-reports, keyed by their path in the shell's route table. Each is fetched on its first
 * visit, while the shell's navigation is pending.
 */
export const screens = {
  '/dashboard': () =>
    import('./features/dashboard/components/dashboard-screen').then((m) => ({ default: m.DashboardScreen })),
} satisfies ScreenLoaders;
