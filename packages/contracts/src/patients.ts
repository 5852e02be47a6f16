/**
 * The patient list of the staff area: GET /api/patients.
 */
import * as v from 'valibot';
import { STAGES } from '@baridesk/domain';
import { envelope, flag, listQuery, pageOf } from './common';
import { INVALID_FLAG, INVALID_ID, invalidValue } from './messages';
import { dateOrder, isoDate } from './date-rules';
import { flag01, id, optionalString } from './rules';

/** Not in the spec: the answer (403) to a self-service program user, from whom the spec hides Patients. */
export const NOT_FOR_SELF_SERVICE = 'This is not available to self-service accounts.';

export const PATIENT_STAGE_IDS = STAGES.map((stage) => stage.id) as [1, 2, 3];
/** A patient's stage: 1 Pre-Op, 2 Post-Op, 3 Weight-Management. */
export const patientStageSchema = v.picklist(PATIENT_STAGE_IDS);

/**
 * The columns the patient list sorts by; `name` is last name, then first name; `tags` the first tag's
 * name, then the second's. Ties go by id.
 */
export const PATIENT_SORTS = [
  'name',
  'email',
  'phone',
  'mrn_number',
  'current_stage',
  'surgery_date',
  'type_of_surgery',
  'current_weight',
  'tags',
  'created_at',
] as const;
export type PatientSort = (typeof PATIENT_SORTS)[number];

/** `invited`: invited to the app; `never_used`: has never used the app. */
export const PATIENT_APP_FILTERS = ['invited', 'never_used'] as const;
export type PatientAppFilter = (typeof PATIENT_APP_FILTERS)[number];
/** Not in the spec: the message of an unknown app filter. */
export const APP_FILTER_MESSAGE = `The app filter must be one of ${PATIENT_APP_FILTERS.join(', ')}.`;

/**
 * A filter of a query string: left out, or sent blank (a cleared select), it filters nothing;
 * otherwise it must pass `schema`. The reports' filters (reports.ts) are built with it too.
 */
export function queryFilter<TOutput>(schema: v.GenericSchema<unknown, TOutput>, message: string) {
  return v.optional(
    v.union(
      [
        v.pipe(
          v.literal(''),
          v.transform((): undefined => undefined),
        ),
        schema,
      ],
      message,
    ),
  );
}

const stageFilter = v.pipe(
  v.union([v.number(), v.string()], invalidValue('stage')),
  v.transform((value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value)),
  v.picklist(PATIENT_STAGE_IDS, invalidValue('stage')),
);

const listEntries = v.object({
  ...listQuery(PATIENT_SORTS, 'name').entries,
  stage: queryFilter(stageFilter, invalidValue('stage')),
  /** A patient tag id: matches the first or the second tag. */
  tag: queryFilter(id, INVALID_ID),
  /** The type of surgery, matched whole and case-insensitively. */
  surgery_type: optionalString('surgery_type'),
  /** Surgery date from, "yyyy-MM-dd" (inclusive). */
  surgery_from: queryFilter(isoDate('surgery_from'), invalidValue('Surgery From')),
  /** Surgery date to, "yyyy-MM-dd" (inclusive); not before surgery_from. */
  surgery_to: queryFilter(isoDate('surgery_to'), invalidValue('Surgery To')),
  location: queryFilter(id, INVALID_ID),
  coordinator: queryFilter(id, INVALID_ID),
  status: queryFilter(flag01, INVALID_FLAG),
  app: queryFilter(v.picklist(PATIENT_APP_FILTERS), APP_FILTER_MESSAGE),
});

/**
 * The list's search, filters, sort and direction without the paging: what an export of the list
 * (GET /api/patients/excel, see patient-bulk.ts) takes too, so both read the same rows in the same order.
 */
export const patientListCriteriaEntries = v.omit(listEntries, ['page', 'perPage']).entries;

/**
 * GET /api/patients: page, perPage, search, sort, direction (see listQuery) and the filters.
 * surgery_to before surgery_from is refused on surgery_to: "Surgery To must be greater than or equal to Surgery From".
 */
export const patientListQuery = v.pipe(
  listEntries,
  dateOrder<v.InferOutput<typeof listEntries>>({ start: 'surgery_from', end: 'surgery_to', op: '<=' }),
);
export type PatientListQuery = v.InferOutput<typeof patientListQuery>;
/** The filters of the patient list (the query without paging, search and sort). */
export type PatientListFilters = Omit<PatientListQuery, 'page' | 'perPage' | 'search' | 'sort' | 'direction'>;

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());

/** One row of the patient list. Weights are numbers of pounds; dates "yyyy-MM-dd"; instants ISO 8601. */
export const patientListItemSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  name: v.string(),
  email: nullableString,
  phone: nullableString,
  mrn_number: nullableString,
  current_stage: patientStageSchema,
  surgery_date: nullableString,
  type_of_surgery: nullableString,
  starting_weight: nullableNumber,
  current_weight: nullableNumber,
  target_weight: nullableNumber,
  /** The names of the patient's first and second tag, as the tags are named now. */
  user_cat_name: nullableString,
  user_cat_name2: nullableString,
  location_id: nullableNumber,
  insurance_coordinator_id: nullableNumber,
  status: flag,
  is_invited: flag,
  last_app_activity_at: nullableString,
  created_at: v.string(),
});
export type PatientListItem = v.InferOutput<typeof patientListItemSchema>;

export const patientListResponse = envelope(pageOf(patientListItemSchema));
export type PatientListResponse = v.InferOutput<typeof patientListResponse>;
