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
  '/events-rsvp-list': () =>
    import('./features/attendance/components/attendance-list-screen').then((m) => ({ default: m.AttendanceListScreen })),
  '/events-rsvp-report/:eventId/:eventDate': () =>
    import('./features/attendance/components/attendance-report-screen').then((m) => ({ default: m.AttendanceReportScreen })),
} satisfies ScreenLoaders;
