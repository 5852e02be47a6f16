import type { ScreenLoaders } from '@baridesk/ui';

/** The screens of mf-auth, keyed by their exact path in the shell's route table; each loads on first visit. */
export const screens = {
  '/login': () => import('./features/login/components/login-screen'),
  '/sso': () => import('./features/sso/components/sso-screen'),
  '/forgot-password': () => import('./features/forgot-password/components/forgot-password-screen'),
  '/reset-password': () => import('./features/reset-password/components/reset-password-screen'),
  '/setup-question': () => import('./features/security-question/components/setup-question-screen'),
  '/answer-question': () => import('./features/security-question/components/answer-question-screen'),
  '/two-factor': () => import('./features/two-factor/components/two-factor-screen'),
  '/two-factor-setup': () => import('./features/two-factor/components/two-factor-setup-screen'),
  '/two-factor-authentication': () => import('./features/two-factor/components/two-factor-settings-screen'),
  '/admin/two-factor-authentication': () => import('./features/two-factor/components/two-factor-settings-screen'),
  '/register': () => import('./features/register/components/register-screen'),
  '/confirm-email': () => import('./features/register/components/confirm-email-screen'),
  '/terms-and-conditions': () => import('./features/terms/components/terms-screen'),
  '/home': () => import('./features/home/components/home-screen'),
  '/reset-patient-password': () => import('./features/reset-patient-password/components/reset-patient-password-screen'),
  '/change-password': () =>
    import('./features/change-password/components/change-password-screen').then((m) => ({ default: m.StaffChangePasswordScreen })),
  '/admin/change-password': () =>
    import('./features/change-password/components/change-password-screen').then((m) => ({ default: m.AdminChangePasswordScreen })),
} satisfies ScreenLoaders;
