/**
 * The reports context's published interface: its repositories' types (fastify.dashboard,
 * fastify.patientReport) and the export kit (fastify.reportExports, docs/exports.md): the definition
 * types a report's plugin defines its files with, and the failure a definition throws for the user.
 */
export type { DashboardRepository } from './plugins/dashboard-repository';
export type { PatientReportRepository } from './plugins/patient-report-repository';
export type { ReportExports } from './exports/plugins/report-exports';
export {
  ExportFailure,
  REPORT_EXPORT_JOB,
  chunksOf,
  exportCriteria,
  pagesOf,
  type ExportAudit,
  type ExportChunk,
  type ExportScope,
  type PdfExportDefinition,
  type ReportExportDefinition,
  type SheetExportDefinition,
} from './exports/definitions';
