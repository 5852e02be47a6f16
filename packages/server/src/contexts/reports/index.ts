/** The reports context's published interface: its repositories' types (fastify.dashboard, fastify.patientReport). */
export type { DashboardRepository } from './plugins/dashboard-repository';
export type { PatientReportRepository } from './plugins/patient-report-repository';
