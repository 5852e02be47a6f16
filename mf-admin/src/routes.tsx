import { lazy, type ComponentType } from 'react';

/** The screens of this remote, keyed by their path in the shell's route table. */
export const screens = {
  '/admin/dashboard': lazy(() => import('./features/dashboard/components/admin-dashboard-screen')),
  '/admin/quotes': lazy(() => import('./features/quotes/components/quotes-screen')),
} satisfies Record<string, ComponentType>;
