import type { ScreenLoaders } from '@baridesk/ui';

/**
 * The screens of mf-patients, keyed by their path in the shell's route table. Each is fetched on its first
 * visit, while the shell's navigation is pending.
 */
export const screens = {
  '/manage-patients': () =>
    import('./features/patients/components/patient-list-screen').then((m) => ({ default: m.PatientListScreen })),
  '/user-category': () => import('./features/patient-tags/components/patient-tags-screen'),
  '/category-form': () => import('./features/patient-tags/components/patient-tag-form-screen'),
  '/add-insurance-coordinator': () => import('./features/insurance-coordinators/components/add-insurance-coordinator-screen'),
  '/insurance-coordinator/:id/edit': () => import('./features/insurance-coordinators/components/edit-insurance-coordinator-screen'),
  '/insurance-coordinator/:id/show': () => import('./features/insurance-coordinators/components/insurance-coordinator-details-screen'),
  '/food-log/:id': () => import('./features/patient-logs/components/food-log-screen'),
  '/weight-log/:id': () => import('./features/patient-logs/components/weight-log-screen'),
  '/nutrition-report/:id': () => import('./features/patient-logs/components/nutrition-report-screen'),
  '/add-patient': () => import('./features/patient-record/components/add-patient-screen'),
  '/patient-detail/:id': () => import('./app/patient-detail-page'),
  '/patient-detail/:id/edit': () => import('./features/patient-record/components/edit-patient-screen'),
} satisfies ScreenLoaders;
