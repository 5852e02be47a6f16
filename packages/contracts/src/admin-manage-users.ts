/**
 * Patients across programs (super admins with manage_users): GET /api/admin/manage-users, GET, PUT and
 * DELETE /{id}, GET /patient-report/excel. The search and the filters are the staff list's (the same
 * search text, stage and status), with a program filter added; the edit is the staff edit (the same body
 * and rules), made inside the patient's own program.
 */
import * as v from 'valibot';
import { envelope, flag, listQuery, messageOnly, pageOf } from './common';
import { INVALID_ID } from './messages';
import { patientListCriteriaEntries, patientStageSchema, queryFilter } from './patients';
import { patientRecordSchema, type PatientFormInput, type PatientRecord, type patientUpdateBody } from './patient-record';
import { id } from './rules';

/** What PUT /{id} takes: the staff edit's body (POST /api/patients/update), its id the address's. */
export type PatientUpdateInput = v.InferInput<typeof patientUpdateBody>;

export const MANAGE_USERS_MESSAGES = {
  notFound: 'Patient not found.',
  updated: 'Patient updated successfully.',
  /** A patient is never erased: deleting makes the record inactive (no messages, no app, out of reports). */
  deleted: 'Patient deleted. The record is kept as inactive.',
  alreadyDeleted: 'This patient is already inactive.',
  idMismatch: 'The id in the body must be the id in the address.',
} as const;

/** `name` is last name, then first name; `program` the program's title. Ties go by id. */
export const MANAGE_USERS_SORTS = ['name', 'email', 'mrn_number', 'program', 'current_stage', 'status', 'created_at'] as const;
export type ManageUsersSort = (typeof MANAGE_USERS_SORTS)[number];

const criteria = {
  /** One program's patients only. */
  program: queryFilter(id, INVALID_ID),
  stage: patientListCriteriaEntries.stage,
  status: patientListCriteriaEntries.status,
};

/**
 * GET /api/admin/manage-users: page, perPage, search (name, e-mail, phone digits, MRN, as the staff list
 * searches), sort, direction, program, stage, status.
 */
export const manageUsersListQuery = v.object({ ...listQuery(MANAGE_USERS_SORTS, 'name').entries, ...criteria });
export type ManageUsersListQuery = v.InferOutput<typeof manageUsersListQuery>;

/** GET /api/admin/manage-users/patient-report/excel: the list's search, filters and order, every page. */
export const manageUsersExportQuery = v.object(v.omit(manageUsersListQuery, ['page', 'perPage']).entries);
export type ManageUsersExportQuery = v.InferOutput<typeof manageUsersExportQuery>;

const text = v.nullable(v.string());

/** One row of the list: the patient and their program. */
export const manageUserListItemSchema = v.object({
  id: v.number(),
  first_name: v.string(),
  last_name: v.string(),
  name: v.string(),
  email: text,
  phone: text,
  mrn_number: text,
  current_stage: patientStageSchema,
  status: flag,
  program_id: v.number(),
  program_name: v.string(),
  created_at: v.string(),
});
export type ManageUserListItem = v.InferOutput<typeof manageUserListItemSchema>;
export const manageUsersListResponse = envelope(pageOf(manageUserListItemSchema));
export type ManageUsersListResponse = v.InferOutput<typeof manageUsersListResponse>;

/** GET /{id}: the patient's record as staff see it, with its program. */
export const manageUserRecordSchema = v.object({
  ...patientRecordSchema.entries,
  program_id: v.number(),
  program_name: v.string(),
});
export type ManageUserRecord = v.InferOutput<typeof manageUserRecordSchema>;
export const manageUserRecordResponse = envelope(manageUserRecordSchema);
export const manageUserSavedResponse = v.object({ data: manageUserRecordSchema, message: v.string() });
export type ManageUserSavedResponse = v.InferOutput<typeof manageUserSavedResponse>;

/** GET /programs: the programs to filter by (live ones, by title), as `{ id, name }`. */
export const manageUsersProgramsResponse = envelope(v.array(v.object({ id: v.number(), name: v.string() })));
export type ManageUsersProgram = v.InferOutput<typeof manageUsersProgramsResponse>['data'][number];

/** DELETE /{id} */
export const manageUserDeleteResponse = messageOnly;

/** The Excel file's columns, in order. */
export const MANAGE_USERS_EXPORT_COLUMNS = ['Name', 'E-mail', 'Phone', 'MRN', 'Program', 'Stage', 'Status', 'Added'] as const;

const FLAG_KEYS: ReadonlySet<string> = new Set(['due_date_auto_cal', 'snooze_status', 'checklist_deactivate', 'is_invited', 'status']);

/** Every field of the staff edit's body, in the staff form's order. */
export const PATIENT_EDIT_KEYS = [
  'first_name', 'last_name', 'nick_name', 'email', 'phone', 'dob', 'sex', 'city', 'state_id', 'mrn_number', 'hight',
  'starting_weight', 'current_weight', 'target_weight', 'current_stage', 'surgery_date', 'non_surgery_date',
  'consult_date', 'type_of_surgery', 'due_date_auto_cal', 'location_id', 'insurance_coordinator_id', 'user_cat_id',
  'user_cat_id2', 'snooze_status', 'snooze_date', 'checklist_deactivate', 'checklist_deactivate_reason', 'protien',
  'fiber', 'water', 'calories', 'is_invited', 'status',
] as const satisfies readonly (keyof PatientFormInput)[];
// A field added to the staff body and not here fails to compile: an edit must send every field (blank clears one).
type MissingKey = Exclude<keyof PatientFormInput, (typeof PATIENT_EDIT_KEYS)[number]>;
const everyKey: [MissingKey] extends [never] ? true : MissingKey = true;
void everyKey;

/**
 * A saved patient as the staff edit's body (PUT /{id}): every field as the form sends it (text, 0/1 for
 * switches, '' for none), the id and the version it was read at. The edit screen starts from it and the
 * server's delete sends it with status 0, so both go through the one patient writer and its checks.
 */
export function patientEditBody(record: PatientRecord, changes: Partial<PatientUpdateInput> = {}): PatientUpdateInput {
  const values: Record<string, unknown> = { id: record.id, version: record.version };
  for (const key of PATIENT_EDIT_KEYS) {
    const value = record[key];
    values[key] = FLAG_KEYS.has(key) ? value : value === null ? '' : String(value);
  }
  return { ...(values as PatientUpdateInput), ...changes };
}
