import * as v from 'valibot';
import { envelope } from './common';

/**
 * Background exports (docs/exports.md): a spreadsheet of more rows than a request streams at once, and
 * every PDF, is made by a job. The export's route then answers 202 with the export below; the browser
 * follows it at GET /api/report-exports/{id} and fetches the file at /file once it is done.
 */

export const REPORT_EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/** queued → running → done | failed | cancelled. */
export const REPORT_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ReportExportStatus = (typeof REPORT_EXPORT_STATUSES)[number];

/** The states after which nothing changes any more. */
export const REPORT_EXPORT_FINISHED: readonly ReportExportStatus[] = ['done', 'failed', 'cancelled'];

/** Hours a finished file is kept (readable by who asked for it), then removed with its record. */
export const REPORT_EXPORT_KEEP_HOURS = 24;

/** Rows a spreadsheet may have and still be streamed in the request (the server's default; REPORT_EXPORT_STREAM_MAX_ROWS). */
export const REPORT_EXPORT_STREAM_MAX_ROWS = 10_000;

export const REPORT_EXPORT_MESSAGES = {
  notFound: 'This export does not exist or has expired.',
  notReady: 'This export is not ready yet.',
  cancelled: 'The export was cancelled.',
  /** A failure the job could not name (a bug, the database went away): the user can only try again. */
  failed: 'The export could not be finished. Please try again.',
  accessLost: 'You no longer have access to this report.',
  invalidId: 'The export id is not valid.',
} as const;

/** An export as the browser follows it: its progress in rows (pages for a PDF; total null when not known). */
export const reportExportSchema = v.object({
  id: v.string(),
  kind: v.string(),
  format: v.picklist(REPORT_EXPORT_FORMATS),
  status: v.picklist(REPORT_EXPORT_STATUSES),
  total: v.nullable(v.number()),
  done: v.number(),
  file_name: v.string(),
  /** Why it failed, in words for the user; null unless failed. */
  error: v.nullable(v.string()),
  created_at: v.string(),
  expires_at: v.string(),
});
export type ReportExport = v.InferOutput<typeof reportExportSchema>;

/** GET /api/report-exports/{id}, POST …/cancel, and the 202 of an export route that went to the background. */
export const reportExportResponse = envelope(reportExportSchema);

export const reportExportParams = v.object({
  id: v.pipe(v.string(REPORT_EXPORT_MESSAGES.invalidId), v.uuid(REPORT_EXPORT_MESSAGES.invalidId)),
});
