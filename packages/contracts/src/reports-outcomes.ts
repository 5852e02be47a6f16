/**
 * Outcomes and the follow-up worklist (lane S2): GET /api/reports/outcomes/cohorts, /outcomes/patients (+/excel),
 * /follow-up (+/excel). The math and the windows are the domain's (packages/domain/src/outcomes.ts): a milestone's
 * weight is the weigh-in nearest its target day inside OUTCOME_MILESTONE_WINDOWS, measured against the
 * patient's starting weight (else the first weigh-in) and height. Percentages are to 1 decimal.
 */
import * as v from 'valibot';
import { FOLLOW_UP_WINDOW_IDS, OUTCOME_MILESTONES } from '@baridesk/domain';
import { envelope, pageOf } from './common';
import { patientStageSchema } from './patients';
import { reportFilterChecks, reportFilterEntries } from './reports';
import { pagedReportQueries } from './reports-pipeline';

const percent = v.nullable(v.number());
const count = v.number();

/** How the cohort table groups the operated patients. */
export const OUTCOME_GROUPS = ['surgery_type', 'surgery_quarter'] as const;
export type OutcomeGroup = (typeof OUTCOME_GROUPS)[number];

/**
 * GET /api/reports/outcomes/cohorts?group&<filters>: from/to are on the surgery date (by default every surgery
 * up to the program's today).
 */
const outcomeCohortsEntries = v.object({
  ...reportFilterEntries,
  group: v.optional(v.picklist(OUTCOME_GROUPS, 'The group must be surgery_type or surgery_quarter.'), 'surgery_type'),
});
export const outcomeCohortsQuery = v.pipe(outcomeCohortsEntries, ...reportFilterChecks<v.InferOutput<typeof outcomeCohortsEntries>>());
export type OutcomeCohortsQuery = v.InferOutput<typeof outcomeCohortsQuery>;

/**
 * The mean of each measure at a milestone: %TWL over the patients with a weigh-in in its window (`patients`),
 * %EWL and %EBMIL over those of them with a height whose start was above BMI 25 (`excess_patients`).
 */
export const outcomeFigureSchema = v.object({
  months: v.picklist(OUTCOME_MILESTONES),
  patients: count,
  excess_patients: count,
  twl: percent,
  ewl: percent,
  ebmil: percent,
});
export type OutcomeFigure = v.InferOutput<typeof outcomeFigureSchema>;

export const outcomeCohortRowSchema = v.object({
  /** The surgery type as written (blank types read "Not recorded"), or the quarter "2025 Q3". */
  cohort: v.string(),
  /** Operated patients in the cohort. */
  patients: count,
  figures: v.array(outcomeFigureSchema),
});
export type OutcomeCohortRow = v.InferOutput<typeof outcomeCohortRowSchema>;

export const outcomeCohortsSchema = v.object({
  milestones: v.array(v.picklist(OUTCOME_MILESTONES)),
  rows: v.array(outcomeCohortRowSchema),
  /** Every cohort together. */
  total: outcomeCohortRowSchema,
});
export type OutcomeCohorts = v.InferOutput<typeof outcomeCohortsSchema>;
export const outcomeCohortsResponse = envelope(outcomeCohortsSchema);

export const OUTCOME_PATIENTS_SORTS = ['surgery_date', 'name'] as const;
export type OutcomePatientsSort = (typeof OUTCOME_PATIENTS_SORTS)[number];

/** GET /api/reports/outcomes/patients and /excel: the operated patients (surgery date in from/to), newest surgery first. */
const outcomePatients = pagedReportQueries({}, OUTCOME_PATIENTS_SORTS, 'surgery_date', 'desc');
export const outcomePatientsQuery = outcomePatients.list;
export type OutcomePatientsQuery = v.InferOutput<typeof outcomePatientsQuery>;
export const outcomePatientsExcelQuery = outcomePatients.excel;
export type OutcomePatientsExcelQuery = v.InferOutput<typeof outcomePatientsExcelQuery>;

/** A patient's weigh-in at a milestone; every field null when no weigh-in fell in its window. */
export const outcomeMilestoneSchema = v.object({
  months: v.picklist(OUTCOME_MILESTONES),
  /** "yyyy-MM-dd" of the weigh-in. */
  date: v.nullable(v.string()),
  weight: v.nullable(v.number()),
  twl: percent,
  ewl: percent,
  ebmil: percent,
});
export type OutcomeMilestone = v.InferOutput<typeof outcomeMilestoneSchema>;

export const outcomePatientRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  stage: patientStageSchema,
  surgery_date: v.string(),
  type_of_surgery: v.nullable(v.string()),
  /** Pounds: the starting weight, else the first weigh-in. */
  start_weight: v.nullable(v.number()),
  /** Inches. */
  height: v.nullable(v.number()),
  /** One per milestone, in OUTCOME_MILESTONES order. */
  milestones: v.array(outcomeMilestoneSchema),
});
export type OutcomePatientRow = v.InferOutput<typeof outcomePatientRowSchema>;
export const outcomePatientsResponse = envelope(pageOf(outcomePatientRowSchema));

// ---------------------------------------------------------------------------------------------
// The follow-up worklist
// ---------------------------------------------------------------------------------------------

export const FOLLOW_UP_STATES = ['due', 'overdue', 'seen'] as const;
export const FOLLOW_UP_SORTS = ['target_date', 'name', 'surgery_date'] as const;
export type FollowUpSort = (typeof FOLLOW_UP_SORTS)[number];

/**
 * GET /api/reports/follow-up and /excel: one row per patient and window that has opened (or is seen).
 * from/to are on the surgery date (by default the last 5 years and 3 months, the last window's reach).
 */
const followUp = pagedReportQueries(
  {
    window: v.optional(v.picklist(FOLLOW_UP_WINDOW_IDS, `The window must be one of ${FOLLOW_UP_WINDOW_IDS.join(', ')}.`)),
    state: v.optional(v.picklist(FOLLOW_UP_STATES, 'The state must be due, overdue or seen.')),
  },
  FOLLOW_UP_SORTS,
  'target_date',
  'asc',
);
export const followUpQuery = followUp.list;
export type FollowUpQuery = v.InferOutput<typeof followUpQuery>;
export const followUpExcelQuery = followUp.excel;
export type FollowUpExcelQuery = v.InferOutput<typeof followUpExcelQuery>;

export const followUpRowSchema = v.object({
  id: v.number(),
  name: v.string(),
  stage: patientStageSchema,
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  surgery_date: v.string(),
  type_of_surgery: v.nullable(v.string()),
  window: v.picklist(FOLLOW_UP_WINDOW_IDS),
  /** "30 days", "6 months", "1 year", "2 years"… */
  window_label: v.string(),
  /** "yyyy-MM-dd": the window's first day, its target day and its last day. */
  opens: v.string(),
  target_date: v.string(),
  closes: v.string(),
  state: v.picklist(FOLLOW_UP_STATES),
  /** The first weigh-in or attended event inside the window, "yyyy-MM-dd"; null unless seen. */
  seen_on: v.nullable(v.string()),
});
export type FollowUpRow = v.InferOutput<typeof followUpRowSchema>;

/** Per window: how many patients are due, overdue and seen under the same filters (window and state aside). */
export const followUpSummarySchema = v.object({
  window: v.picklist(FOLLOW_UP_WINDOW_IDS),
  label: v.string(),
  due: count,
  overdue: count,
  seen: count,
});
export type FollowUpSummary = v.InferOutput<typeof followUpSummarySchema>;

export const followUpPageSchema = v.object({ ...pageOf(followUpRowSchema).entries, summary: v.array(followUpSummarySchema) });
export type FollowUpPage = v.InferOutput<typeof followUpPageSchema>;
export const followUpResponse = envelope(followUpPageSchema);
