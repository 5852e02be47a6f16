/**
 * The staff reports (issue 18): the filters every report takes, and the Checklist Reports
 * (/seminar2surgery), Pre-Op, Post-Op, Never Used App and Surgery Volume calls under
 * /api/seminar2surgery/. What "lost" and "stalled" mean, which date each report's from/to filter and
 * the defaults: docs/reports.md.
 */
import * as v from 'valibot';
import { type StageId } from '@baridesk/domain';
import { envelope, flag, listQuery, pageOf } from './common';
import { isoDate } from './date-rules';
import { forwardedCheck } from './forwarded-check';
import { invalidValue } from './messages';
import { patientListCriteriaEntries, patientStageSchema, queryFilter } from './patients';
import { MAX_ID, optionalString } from './rules';

// ---------------------------------------------------------------------------------------------
// The filters of every report
// ---------------------------------------------------------------------------------------------

/** Not in the spec: the answer (422, on `to`) when the range ends before it starts. */
export const REPORT_RANGE_ORDER = 'The to date must be on or after the from date.';

/**
 * The filters every report takes. `from`/`to` ("yyyy-MM-dd", both inclusive) apply to the date each
 * report names; stage, tag (the first or second tag), coordinator (insurance coordinator) and
 * surgery_type (whole, case-insensitive) read as the patient list's. A blank value filters nothing.
 */
export const reportFilterEntries = {
  from: queryFilter(isoDate('from', { label: 'From' }), invalidValue('From')),
  to: queryFilter(isoDate('to', { label: 'To' }), invalidValue('To')),
  stage: patientListCriteriaEntries.stage,
  tag: patientListCriteriaEntries.tag,
  coordinator: patientListCriteriaEntries.coordinator,
  surgery_type: patientListCriteriaEntries.surgery_type,
};

export type ReportFilters = {
  from?: string | undefined;
  to?: string | undefined;
  stage?: StageId | undefined;
  tag?: number | undefined;
  coordinator?: number | undefined;
  surgery_type?: string | undefined;
};

/**
 * The object-level checks of a report query, to spread into its pipe after the object:
 * `v.pipe(v.object({ ...reportFilterEntries, … }), ...reportFilterChecks<…>())`. Today one: to on or
 * after from (422 on `to`).
 */
export function reportFilterChecks<TInput extends Record<string, unknown>>() {
  return [
    forwardedCheck<TInput>(
      ['from', 'to'],
      'to',
      (input) => typeof input.from !== 'string' || typeof input.to !== 'string' || input.from <= input.to,
      REPORT_RANGE_ORDER,
    ),
  ] as const;
}

/** A report query of `entries` (the filters plus the report's own), with the range check. */
function reportQuery<const E extends v.ObjectEntries>(entries: E) {
  const object = v.object(entries);
  return v.pipe(object, ...reportFilterChecks<v.InferOutput<typeof object>>());
}

/**
 * A paged report table's query: the filters, the report's own entries, page, perPage, search, sort,
 * direction; and its export's query (the same without page and perPage: every row, in the same order).
 */
function pagedReport<const E extends v.ObjectEntries, const S extends readonly [string, ...string[]]>(
  entries: E,
  sortable: S,
  defaultSort: S[number],
) {
  const { page, perPage, ...criteria } = listQuery(sortable, defaultSort).entries;
  return {
    list: reportQuery({ ...reportFilterEntries, ...entries, ...criteria, page, perPage }),
    excel: reportQuery({ ...reportFilterEntries, ...entries, ...criteria }),
  };
}

const wholeNumber = (field: string, min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d+$/, `The ${field} must be a whole number.`), v.transform(Number))], `The ${field} must be a whole number.`),
    v.integer(`The ${field} must be a whole number.`),
    v.minValue(min, `The ${field} must be between ${min} and ${max}.`),
    v.maxValue(max, `The ${field} must be between ${min} and ${max}.`),
  );

/** The longest stretch without progress a report asks about: ten years. */
export const MAX_REPORT_DAYS = 3650;
/** Days without progress after which a patient counts as stalled (default of `days`). */
export const STALLED_DEFAULT_DAYS = 30;
/** Days without progress after which a patient without surgery counts as lost (default of `days`). */
export const LOST_DEFAULT_DAYS = 90;

const daysEntry = (fallback: number) => v.optional(wholeNumber('days', 1, MAX_REPORT_DAYS), fallback);

/** Patients whose checklist item of this title (case-insensitive) is on their list and not ticked. */
const checklistItemEntry = optionalString('checklist_item');

// ---------------------------------------------------------------------------------------------
// Paths (under /api/seminar2surgery), so the screens and the server name them once
// ---------------------------------------------------------------------------------------------

export const SEMINAR_REPORT_PATHS = {
  checklistItemNames: '/seminar2surgery/checklist-item-names',
  lostGraph: '/seminar2surgery/lost-patients-line-graph-stats',
  lost: '/seminar2surgery/lost-patients',
  lostExcel: '/seminar2surgery/lost-patients/excel',
  stalled: '/seminar2surgery/stalled-patients/children',
  stalledExcel: '/seminar2surgery/stalled-patients/children/excel',
  surgeryDate: '/seminar2surgery/surgery-date-patients',
  surgeryDateExcel: '/seminar2surgery/surgery-date-patients/excel',
  postOp: '/seminar2surgery/post-op-patients',
  postOpExcel: '/seminar2surgery/post-op-patients/excel',
  notConnected: '/seminar2surgery/not-connected-patients',
  notConnectedExcel: '/seminar2surgery/not-connected-patients/excel',
  notConnectedInvite: '/seminar2surgery/not-connected-patients/invite',
  volumeChart: '/seminar2surgery/surgery-volume/chart',
  volumeList: '/seminar2surgery/surgery-volume/list',
  volumeExcel: '/seminar2surgery/surgery-volume/excel',
} as const;

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());

/** What every report row starts with. */
const patientEntries = { id: v.number(), name: v.string(), stage: patientStageSchema };

// ---------------------------------------------------------------------------------------------
// GET checklist-item-names?stage=
// ---------------------------------------------------------------------------------------------

export const checklistItemNamesQuery = v.object({ stage: reportFilterEntries.stage });
export const checklistItemNamesResponse = envelope(v.array(v.object({ stage: patientStageSchema, title: v.string() })));
export type ChecklistItemName = v.InferOutput<typeof checklistItemNamesResponse>['data'][number];

// ---------------------------------------------------------------------------------------------
// Stalled and lost patients (docs/reports.md: "Progress", "Stalled", "Lost")
// ---------------------------------------------------------------------------------------------

/** One stalled patient: when they last made progress and how long ago (calendar days of the program). */
export const stalledPatientRowSchema = v.object({
  ...patientEntries,
  email: nullableString,
  phone: nullableString,
  /** The pipeline status's name on the current stage's board. */
  pipeline_status: nullableString,
  coordinator: nullableString,
  type_of_surgery: nullableString,
  checklist_percent: v.number(),
  /** The day the patient entered the current stage, "yyyy-MM-dd". */
  stage_entered_on: v.string(),
  /** The day of the patient's last progress, "yyyy-MM-dd". */
  last_progress_on: v.string(),
  days_without_progress: v.number(),
});
export type StalledPatientRow = v.InferOutput<typeof stalledPatientRowSchema>;

export const STALLED_SORTS = ['name', 'stage', 'last_progress', 'checklist_percent'] as const;
export type StalledSort = (typeof STALLED_SORTS)[number];

const stalledQueries = pagedReport({ days: daysEntry(STALLED_DEFAULT_DAYS), checklist_item: checklistItemEntry }, STALLED_SORTS, 'last_progress');
/** GET stalled-patients/children: from/to on the day of last progress; days (default 30). */
export const stalledPatientsQuery = stalledQueries.list;
export type StalledPatientsQuery = v.InferOutput<typeof stalledPatientsQuery>;
export const stalledPatientsExcelQuery = stalledQueries.excel;
export type StalledPatientsExcelQuery = v.InferOutput<typeof stalledPatientsExcelQuery>;
export const stalledPatientsResponse = envelope(pageOf(stalledPatientRowSchema));

/** One lost patient: a stalled row with the day they counted as lost (last progress + days). */
export const lostPatientRowSchema = v.object({ ...stalledPatientRowSchema.entries, lost_on: v.string() });
export type LostPatientRow = v.InferOutput<typeof lostPatientRowSchema>;

export const LOST_SORTS = STALLED_SORTS;
export type LostSort = StalledSort;

const lostQueries = pagedReport({ days: daysEntry(LOST_DEFAULT_DAYS), checklist_item: checklistItemEntry }, LOST_SORTS, 'last_progress');
/** GET lost-patients (and /excel): from/to on the day lost (default the last 12 months); days (default 90). */
export const lostPatientsQuery = lostQueries.list;
export type LostPatientsQuery = v.InferOutput<typeof lostPatientsQuery>;
export const lostPatientsExcelQuery = lostQueries.excel;
export type LostPatientsExcelQuery = v.InferOutput<typeof lostPatientsExcelQuery>;
export const lostPatientsResponse = envelope(pageOf(lostPatientRowSchema));

export const TIME_GAPS = ['week', 'month', 'quarter'] as const;
export type TimeGap = (typeof TIME_GAPS)[number];

/** GET lost-patients-line-graph-stats: the lost patients' filters and the period length (default month). */
export const lostGraphQuery = reportQuery({
  ...reportFilterEntries,
  days: daysEntry(LOST_DEFAULT_DAYS),
  checklist_item: checklistItemEntry,
  time_gap: v.optional(v.picklist(TIME_GAPS, `The time gap must be one of ${TIME_GAPS.join(', ')}.`), 'month'),
});
export type LostGraphQuery = v.InferOutput<typeof lostGraphQuery>;

/** Every period of the range, zeros included; `period` is its first day (weeks start on Monday). */
export const lostGraphResponse = envelope(
  v.object({
    time_gap: v.picklist(TIME_GAPS),
    from: v.string(),
    to: v.string(),
    points: v.array(v.object({ period: v.string(), lost: v.number() })),
    total: v.number(),
  }),
);
export type LostGraph = v.InferOutput<typeof lostGraphResponse>['data'];

// ---------------------------------------------------------------------------------------------
// Pre-Op: surgery-date-patients
// ---------------------------------------------------------------------------------------------

/** A patient with an upcoming surgery and the readiness of their current stage's checklist. */
export const surgeryDatePatientRowSchema = v.object({
  ...patientEntries,
  email: nullableString,
  phone: nullableString,
  surgery_date: v.string(),
  /** "Today", or the gap in years, months and days (the patient record's wording). */
  surgery_date_difference: v.string(),
  type_of_surgery: nullableString,
  coordinator: nullableString,
  checklist_percent: v.number(),
  /** Items not ticked. */
  open_items: v.number(),
  /** Items not ticked whose due date is before the program's today. */
  overdue_items: v.number(),
  /** The open item due first (items without a due date last). */
  next_item_title: nullableString,
  next_item_due: nullableString,
});
export type SurgeryDatePatientRow = v.InferOutput<typeof surgeryDatePatientRowSchema>;

export const SURGERY_DATE_SORTS = ['surgery_date', 'name', 'checklist_percent', 'type_of_surgery'] as const;
export type SurgeryDateSort = (typeof SURGERY_DATE_SORTS)[number];
const surgeryDateQueries = pagedReport({}, SURGERY_DATE_SORTS, 'surgery_date');
/** GET surgery-date-patients (and /excel): from/to on the surgery date (default today to today + 90 days). */
export const surgeryDatePatientsQuery = surgeryDateQueries.list;
export type SurgeryDatePatientsQuery = v.InferOutput<typeof surgeryDatePatientsQuery>;
export const surgeryDatePatientsExcelQuery = surgeryDateQueries.excel;
export type SurgeryDatePatientsExcelQuery = v.InferOutput<typeof surgeryDatePatientsExcelQuery>;
export const surgeryDatePatientsResponse = envelope(pageOf(surgeryDatePatientRowSchema));

// ---------------------------------------------------------------------------------------------
// Post-Op: post-op-patients
// ---------------------------------------------------------------------------------------------

/** A patient after surgery: weights in pounds, %TWL and %EWL rounded to one decimal (domain outcomes). */
export const postOpPatientRowSchema = v.object({
  ...patientEntries,
  surgery_date: v.string(),
  days_since_surgery: v.number(),
  type_of_surgery: nullableString,
  coordinator: nullableString,
  starting_weight: nullableNumber,
  current_weight: nullableNumber,
  /** Pounds lost since the start (negative when gained). */
  weight_lost: nullableNumber,
  twl: nullableNumber,
  ewl: nullableNumber,
  /** The latest weigh-in's day and weight. */
  last_weigh_in_on: nullableString,
  last_weigh_in_weight: nullableNumber,
});
export type PostOpPatientRow = v.InferOutput<typeof postOpPatientRowSchema>;

export const POST_OP_SORTS = ['surgery_date', 'name', 'type_of_surgery', 'current_weight', 'weight_lost'] as const;
export type PostOpSort = (typeof POST_OP_SORTS)[number];
const postOpQueries = pagedReport({}, POST_OP_SORTS, 'surgery_date');
/** GET post-op-patients (and /excel): from/to on the surgery date (default the last 2 years up to today). */
export const postOpPatientsQuery = postOpQueries.list;
export type PostOpPatientsQuery = v.InferOutput<typeof postOpPatientsQuery>;
export const postOpPatientsExcelQuery = postOpQueries.excel;
export type PostOpPatientsExcelQuery = v.InferOutput<typeof postOpPatientsExcelQuery>;
export const postOpPatientsResponse = envelope(pageOf(postOpPatientRowSchema));

// ---------------------------------------------------------------------------------------------
// Never Used App: not-connected-patients and the invite
// ---------------------------------------------------------------------------------------------

export const notConnectedPatientRowSchema = v.object({
  ...patientEntries,
  email: nullableString,
  phone: nullableString,
  /** Invited to the app (an e-mail was sent or the patient already had a password). */
  invited: flag,
  /** The day the patient was added, "yyyy-MM-dd" (program's calendar). */
  added_on: v.string(),
  coordinator: nullableString,
});
export type NotConnectedPatientRow = v.InferOutput<typeof notConnectedPatientRowSchema>;

export const NOT_CONNECTED_SORTS = ['name', 'added_on', 'email', 'invited'] as const;
export type NotConnectedSort = (typeof NOT_CONNECTED_SORTS)[number];
const notConnectedQueries = pagedReport({}, NOT_CONNECTED_SORTS, 'name');
/** GET not-connected-patients (and /excel): from/to on the day added (no default: every day). */
export const notConnectedPatientsQuery = notConnectedQueries.list;
export type NotConnectedPatientsQuery = v.InferOutput<typeof notConnectedPatientsQuery>;
export const notConnectedPatientsExcelQuery = notConnectedQueries.excel;
export type NotConnectedPatientsExcelQuery = v.InferOutput<typeof notConnectedPatientsExcelQuery>;
export const notConnectedPatientsResponse = envelope(pageOf(notConnectedPatientRowSchema));

/** The most patients one invite may name. */
export const MAX_INVITES = 100;

/** Not in the spec: the invite's messages. */
export const INVITE_MESSAGES = {
  noneSelected: 'Select at least one patient.',
  tooMany: `Select at most ${MAX_INVITES} patients at a time.`,
  badId: 'Each patient id must be a positive whole number.',
  /** The answer's message: how many were invited. */
  invited: (count: number) => (count === 1 ? '1 patient was invited to the app.' : `${count} patients were invited to the app.`),
} as const;

/** Why a patient was not invited (the answer's `skipped[].reason`). */
export const INVITE_SKIP_REASONS = {
  notFound: 'Patient not found.',
  inactive: 'The patient is inactive.',
  usesApp: 'The patient already uses the app.',
  noEmail: 'The patient has no e-mail address.',
  emailFailed: 'The invitation e-mail could not be sent.',
} as const;

const isPatientId = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;

/** POST not-connected-patients/invite: the patients to invite (repeats ignored). */
export const invitePatientsBody = v.object({
  ids: v.pipe(
    v.array(v.unknown(), INVITE_MESSAGES.badId),
    v.minLength(1, INVITE_MESSAGES.noneSelected),
    v.check((ids) => ids.every(isPatientId), INVITE_MESSAGES.badId),
    v.transform((ids) => [...new Set(ids as number[])]),
    v.maxLength(MAX_INVITES, INVITE_MESSAGES.tooMany),
  ),
});
export type InvitePatientsBody = v.InferOutput<typeof invitePatientsBody>;

export const invitePatientsResponse = v.object({
  data: v.object({ invited: v.number(), skipped: v.array(v.object({ id: v.number(), reason: v.string() })) }),
  message: v.string(),
});
export type InvitePatientsResult = v.InferOutput<typeof invitePatientsResponse>['data'];

// ---------------------------------------------------------------------------------------------
// Surgery volume
// ---------------------------------------------------------------------------------------------

/** The series name of surgeries without a type. */
export const UNSPECIFIED_SURGERY_TYPE = 'Not specified';

/** GET surgery-volume/chart: from/to on the surgery date (default the first of the month 11 months ago to today). */
export const surgeryVolumeChartQuery = reportQuery({ ...reportFilterEntries });
export type SurgeryVolumeChartQuery = v.InferOutput<typeof surgeryVolumeChartQuery>;

/** Months "yyyy-MM" of the range in order; one series per surgery type, its counts month by month. */
export const surgeryVolumeChartResponse = envelope(
  v.object({
    from: v.string(),
    to: v.string(),
    months: v.array(v.string()),
    series: v.array(v.object({ surgery_type: v.string(), counts: v.array(v.number()) })),
    total: v.number(),
  }),
);
export type SurgeryVolumeChart = v.InferOutput<typeof surgeryVolumeChartResponse>['data'];

export const surgeryVolumeRowSchema = v.object({
  ...patientEntries,
  surgery_date: v.string(),
  type_of_surgery: nullableString,
  coordinator: nullableString,
  starting_weight: nullableNumber,
  current_weight: nullableNumber,
});
export type SurgeryVolumeRow = v.InferOutput<typeof surgeryVolumeRowSchema>;

export const SURGERY_VOLUME_SORTS = ['surgery_date', 'name', 'type_of_surgery'] as const;
export type SurgeryVolumeSort = (typeof SURGERY_VOLUME_SORTS)[number];
const volumeQueries = pagedReport({}, SURGERY_VOLUME_SORTS, 'surgery_date');
/** GET surgery-volume/list (and /excel): the patients operated in the chart's range. */
export const surgeryVolumeListQuery = volumeQueries.list;
export type SurgeryVolumeListQuery = v.InferOutput<typeof surgeryVolumeListQuery>;
export const surgeryVolumeExcelQuery = volumeQueries.excel;
export type SurgeryVolumeExcelQuery = v.InferOutput<typeof surgeryVolumeExcelQuery>;
export const surgeryVolumeListResponse = envelope(pageOf(surgeryVolumeRowSchema));
