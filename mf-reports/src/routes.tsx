import type { ScreenLoaders } from '@baridesk/ui';

/**
 * The screens of mf-reports, keyed by their path in the shell's route table. Each is fetched on its first
 * visit, while the shell's navigation is pending.
 */
export const screens = {
  '/dashboard': () =>
    import('./features/dashboard/components/dashboard-screen').then((m) => ({ default: m.DashboardScreen })),
  '/charts': () =>
    import('./features/dashboard-charts/components/dashboard-charts-screen').then((m) => ({ default: m.DashboardChartsScreen })),
  '/widgets': () =>
    import('./features/dashboard-charts/components/dashboard-widgets-screen').then((m) => ({ default: m.DashboardWidgetsScreen })),
  '/patient-pipeline-report': () =>
    import('./features/pipeline-report/components/pipeline-report-screen').then((m) => ({ default: m.PipelineReportScreen })),
  '/outcomes-report': () => import('./features/outcomes/components/outcomes-screen').then((m) => ({ default: m.OutcomesScreen })),
  '/seminar2surgery': () =>
    import('./features/checklist-reports/components/checklist-reports-screen').then((m) => ({ default: m.ChecklistReportsScreen })),
  '/surgery-date-patients-report': () => import('./features/pre-op/components/pre-op-screen').then((m) => ({ default: m.PreOpScreen })),
  '/post-op-patients-report': () => import('./features/post-op/components/post-op-screen').then((m) => ({ default: m.PostOpScreen })),
  '/not-connected-patients-report': () =>
    import('./features/never-used-app/components/never-used-app-screen').then((m) => ({ default: m.NeverUsedAppScreen })),
  '/surgery-volume': () =>
    import('./features/surgery-volume/components/surgery-volume-screen').then((m) => ({ default: m.SurgeryVolumeScreen })),
  '/follow-up-report': () => import('./features/follow-up/components/follow-up-screen').then((m) => ({ default: m.FollowUpScreen })),
  '/events-rsvp-list': () =>
    import('./features/attendance/components/attendance-list-screen').then((m) => ({ default: m.AttendanceListScreen })),
  '/events-rsvp-report/:eventId/:eventDate': () =>
    import('./features/attendance/components/attendance-report-screen').then((m) => ({ default: m.AttendanceReportScreen })),
} satisfies ScreenLoaders;
