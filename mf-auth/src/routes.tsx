import { lazy, type ComponentType } from 'react';

/** The screens of mf-auth, keyed by their exact path in the shell's route table; each loads on first visit. */
export const screens = {
  '/login': lazy(() => import('./features/login/components/login-screen')),
  '/change-password': lazy(() =>
    import('./features/change-password/components/change-password-screen').then((m) => ({ default: m.StaffChangePasswordScreen })),
  ),
  '/admin/change-password': lazy(() =>
    import('./features/change-password/components/change-password-screen').then((m) => ({ default: m.AdminChangePasswordScreen })),
  ),
} satisfies Record<string, ComponentType>;
