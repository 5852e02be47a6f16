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
  '/pipeline': () => import('./features/pipeline-board/components/pipeline-board-screen'),
  '/customize-pipeline': () => import('./features/customize-pipeline/components/customize-pipeline-screen'),
  '/missing-pipeline-patients': () => import('./features/missing-pipeline-patients/components/missing-pipeline-patients-screen'),
  '/checklist-templates': () => import('./features/checklist-templates/components/checklist-templates-screen'),
  '/checklist-template/:id/store': () =>
    import('./features/checklist-templates/components/checklist-template-form-screen').then((m) => ({ default: m.StoreChecklistTemplateScreen })),
  '/checklist-template/:id/edit/:rowId': () =>
    import('./features/checklist-templates/components/checklist-template-form-screen').then((m) => ({ default: m.EditChecklistTemplateScreen })),
  '/checklist-template/:id/copy/:rowId': () =>
    import('./features/checklist-templates/components/checklist-template-form-screen').then((m) => ({ default: m.CopyChecklistTemplateScreen })),
  '/checklists/:id': () => import('./app/patient-checklist-page'),
  '/checklist-items/:tempStage': () => import('./app/checklist-worklist-page'),
} satisfies ScreenLoaders;
