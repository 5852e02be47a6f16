import { lazy, type ComponentType } from 'react';

/** The screens of mf-reports, by the shell's route-table path; each is fetched on its first visit. */
export const screens = {
  '/dashboard': lazy(() =>
    import('./features/dashboard/components/dashboard-screen').then((m) => ({ default: m.DashboardScreen })),
  ),
} satisfies Record<string, ComponentType>;
