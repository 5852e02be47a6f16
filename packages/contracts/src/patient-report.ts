/**
 * The patient PDF report (spec section 7, Reports: "GET /patients-report/pdf (patientId, type; file)").
 *
 *   GET /api/patients-report/pdf?patientId=12&type=summary   application/pdf, as an attachment
 *
 * `type` is not described by the spec: 'summary' (the default) has the details, the outcome measures,
 * the weight chart with the latest weigh-ins and the latest internal notes; 'full' adds every weigh-in,
 * every internal note, every checklist note and the last 30 days of water.
 * Failures answer JSON like every other call: 422 with field messages, 403, 404.
 */
import * as v from 'valibot';
import { requiredId } from './rules';
import { PATIENT_NOT_FOUND } from './messages';

export const PATIENT_REPORT_TYPES = ['summary', 'full'] as const;
export type PatientReportType = (typeof PATIENT_REPORT_TYPES)[number];
export const DEFAULT_PATIENT_REPORT_TYPE: PatientReportType = 'summary';

/** The labels the screens and the document use for each type. */
export const PATIENT_REPORT_TYPE_LABELS: Readonly<Record<PatientReportType, string>> = {
  summary: 'Summary',
  full: 'Full',
};

/** The summary report's limits: the latest weigh-ins in its table and the latest internal notes. */
export const SUMMARY_WEIGH_INS = 10;
export const SUMMARY_INTERNAL_NOTES = 10;
/** The days of water totals the full report lists, today included. */
export const FULL_REPORT_WATER_DAYS = 30;

/** Not in the spec: the messages of the report call. */
export const PATIENT_REPORT_MESSAGES = {
  type: `The type must be ${PATIENT_REPORT_TYPES.join(' or ')}.`,
  patientNotFound: PATIENT_NOT_FOUND,
} as const;

/** The patient's id, a number or digits: "Patient ID is required." when missing or blank, else INVALID_ID. */
const patientId = requiredId('patientId');

/** The report type; left out or blank gives the summary. */
const reportType = v.optional(
  v.pipe(
    v.string(PATIENT_REPORT_MESSAGES.type),
    v.trim(),
    v.transform((value) => (value === '' ? DEFAULT_PATIENT_REPORT_TYPE : value)),
    v.picklist(PATIENT_REPORT_TYPES, PATIENT_REPORT_MESSAGES.type),
  ),
  DEFAULT_PATIENT_REPORT_TYPE,
);

/** GET /api/patients-report/pdf: patientId (required) and type ('summary' or 'full', default 'summary'). */
export const patientReportPdfQuery = v.object({ patientId, type: reportType });
export type PatientReportPdfQuery = v.InferOutput<typeof patientReportPdfQuery>;
export type PatientReportPdfParams = v.InferInput<typeof patientReportPdfQuery>;
