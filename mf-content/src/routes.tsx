import { lazy, type ComponentType } from 'react';

/** The screens of this remote, keyed by their path in the shell's route table. */
export const screens = {
  '/manage-menu': lazy(() => import('./features/manage-menu/components/manage-menu-screen')),
} satisfies Record<string, ComponentType>;
