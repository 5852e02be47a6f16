import { lazy, type ComponentType } from 'react';

/** The screens of mf-patients, by the shell's route-table path; each is fetched on its first visit. */
export const screens = {
  '/manage-patients': lazy(() =>
    import('./features/patients/components/patient-list-screen').then((m) => ({ default: m.PatientListScreen })),
  ),
} satisfies Record<string, ComponentType>;
