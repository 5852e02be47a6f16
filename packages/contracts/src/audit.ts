/**
 * The audit trail (beyond the spec; HIPAA §164.312(b)): who read or changed which record, when and from
 * where. GET /api/admin/audit (super admins with audit_trail), its Excel file (/excel) and its filter
 * choices (/choices); and a patient's own access history for the program's sub user
 * (GET /api/patients/{id}/access-history).
 *
 * The trail grows without end (10,000,000 records is the measured case), so its lists page by a cursor
 * (keyset: `before` = the id of the last row shown, `next` in the answer) rather than by page number,
 * and count at most AUDIT_COUNT_CAP records (`total_exact: false` beyond it: "10,000+"). A page costs
 * the same at the ten-thousandth record as at the first.
 */
import * as v from 'valibot';
import { PAGE_SIZE_OPTIONS } from '@baridesk/domain';
import { envelope } from './common';
import { isoDate } from './date-rules';
import { forwardedCheck } from './forwarded-check';
import { DEFAULT_MAX_LENGTH, INVALID_ID, invalidValue, maxLength } from './messages';
import { queryFilter } from './patients';
import { flag01, hasNoNul, id } from './rules';

/** Counted records stop here: a count of millions would cost more than the page it describes. */
export const AUDIT_COUNT_CAP = 10_000;
/** The most records one Excel file holds (a sheet holds 1,048,576 rows). */
export const AUDIT_EXPORT_MAX_ROWS = 1_000_000;
export const AUDIT_PAGE_SIZES = PAGE_SIZE_OPTIONS.filter((n): n is Exclude<typeof n, 'All'> => n !== 'All');
export const AUDIT_DEFAULT_PAGE_SIZE = 20;

export const AUDIT_MESSAGES = {
  /** Not in the spec. */
  rangeOrder: 'The to date must be on or after the from date.',
  tooManyForExport: `The file would hold more than ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} records, the most a spreadsheet holds. Narrow the dates or the filters.`,
  invalidCursor: 'The cursor must be the id of a record.',
  patientNotFound: 'Patient not found.',
} as const;

/** An action or entity name as the trail writes them: letters, digits, '.', '_' and '-'. */
const name = (field: string) =>
  v.pipe(
    v.string(invalidValue(field)),
    v.trim(),
    v.maxLength(64, maxLength(field, 64)),
    v.regex(/^[A-Za-z0-9._-]+$/, invalidValue(field)),
  );

/** `before`: the id of the last record of the previous page (bigserial: up to 2^53). */
const cursor = v.optional(
  v.pipe(
    v.union([v.number(), v.string()], AUDIT_MESSAGES.invalidCursor),
    v.transform((value) => (typeof value === 'number' ? value : /^[1-9]\d{0,15}$/.test(value) ? Number(value) : Number.NaN)),
    v.check((value) => Number.isSafeInteger(value) && value > 0, AUDIT_MESSAGES.invalidCursor),
  ),
);

const pageSize = v.optional(
  v.pipe(
    v.union([v.number(), v.string()], invalidValue('perPage')),
    v.transform(Number),
    v.check((n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n), `The perPage must be one of ${AUDIT_PAGE_SIZES.join(', ')}.`),
  ),
  AUDIT_DEFAULT_PAGE_SIZE,
);

/**
 * The filters of the trail. `actor` is an account id; `search` finds actors by name or e-mail; `action`
 * is a whole action ('patient.read') or, ending with '.', every action it begins ('patient.'); `from`
 * and `to` are days in UTC, both inclusive (the trail's times are shown in UTC: a super admin belongs to
 * no program's time zone); `success` 1 or 0. A blank value filters nothing.
 */
export const auditFilterEntries = {
  actor: queryFilter(id, INVALID_ID),
  search: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(DEFAULT_MAX_LENGTH, maxLength('search')), v.check(hasNoNul, invalidValue('search'))),
  ),
  program_id: queryFilter(id, INVALID_ID),
  patient_id: queryFilter(id, INVALID_ID),
  action: queryFilter(name('action'), invalidValue('action')),
  entity: queryFilter(name('entity'), invalidValue('entity')),
  from: queryFilter(isoDate('from', { label: 'From' }), invalidValue('From')),
  to: queryFilter(isoDate('to', { label: 'To' }), invalidValue('To')),
  success: queryFilter(flag01, invalidValue('success')),
};

const filtersObject = v.object(auditFilterEntries);
const rangeCheck = <T extends Record<string, unknown>>() =>
  forwardedCheck<T>(['from', 'to'], 'to', (input) => typeof input.from !== 'string' || typeof input.to !== 'string' || input.from <= input.to, AUDIT_MESSAGES.rangeOrder);

/** GET /api/admin/audit: the filters, `perPage` and `before`. Newest first. */
const listObject = v.object({ ...auditFilterEntries, perPage: pageSize, before: cursor });
export const auditListQuery = v.pipe(listObject, rangeCheck<v.InferOutput<typeof listObject>>());
export type AuditListQuery = v.InferOutput<typeof auditListQuery>;

/** GET /api/admin/audit/excel: the filters, every record (up to AUDIT_EXPORT_MAX_ROWS), newest first. */
export const auditExportQuery = v.pipe(filtersObject, rangeCheck<v.InferOutput<typeof filtersObject>>());
export type AuditExportQuery = v.InferOutput<typeof auditExportQuery>;
export type AuditFilters = AuditExportQuery;

/** GET /api/patients/{id}/access-history: `perPage` and `before`. */
export const accessHistoryQuery = v.object({ perPage: pageSize, before: cursor });
export type AccessHistoryQuery = v.InferOutput<typeof accessHistoryQuery>;

const text = v.nullable(v.string());

/** Who acted: an account (staff or super admin), a patient of the app, or nobody (the system: null). */
export const auditActorSchema = v.object({
  /** The account's id; null for a patient (their id is the record's patient). */
  id: v.nullable(v.number()),
  /** 'super_admin', 'sub_user', 'program_user', 'patient'. */
  type: text,
  name: v.string(),
  email: text,
});
export type AuditActor = v.InferOutput<typeof auditActorSchema>;

export const auditRecordSchema = v.object({
  id: v.number(),
  /** ISO time, UTC. */
  at: v.string(),
  actor: v.nullable(auditActorSchema),
  action: v.string(),
  entity: v.string(),
  entity_id: text,
  /** The one patient the record is about. */
  patient: v.nullable(v.object({ id: v.number(), name: v.string() })),
  /** How many patients a list, an export or a bulk change showed or changed (their ids stay on the server). */
  patient_count: v.nullable(v.number()),
  program: v.nullable(v.object({ id: v.number(), title: v.string() })),
  ip: text,
  user_agent: text,
  success: v.boolean(),
  /** The facts recorded (never passwords, tokens or patient values); without the patients' ids. */
  detail: v.nullable(v.record(v.string(), v.unknown())),
});
export type AuditRecord = v.InferOutput<typeof auditRecordSchema>;

/** A page of the trail: `next` is the `before` of the following page (null: the last page). */
export const auditPageSchema = v.object({
  data: v.array(auditRecordSchema),
  /** Records matching, counted up to AUDIT_COUNT_CAP. */
  total: v.number(),
  /** False when more than AUDIT_COUNT_CAP match (`total` is then the cap). */
  total_exact: v.boolean(),
  perPage: v.number(),
  next: v.nullable(v.number()),
});
export type AuditPage = v.InferOutput<typeof auditPageSchema>;
export const auditListResponse = envelope(auditPageSchema);
export type AuditListResponse = v.InferOutput<typeof auditListResponse>;

/** GET /api/admin/audit/choices: the actions the trail holds (for the action filter) and the programs. */
export const auditChoicesSchema = v.object({
  actions: v.array(v.string()),
  programs: v.array(v.object({ id: v.number(), title: v.string() })),
});
export type AuditChoices = v.InferOutput<typeof auditChoicesSchema>;
export const auditChoicesResponse = envelope(auditChoicesSchema);

/** The Excel file's columns, in order. */
export const AUDIT_EXPORT_COLUMNS = [
  'When (UTC)', 'Who', 'E-mail', 'Type', 'Action', 'Entity', 'Entity id', 'Patient', 'Patient id', 'Patients shown',
  'Program', 'Address', 'User agent', 'Success', 'Detail',
] as const;

/** The words of an account type, for the trail's "Who" column. */
export const AUDIT_ACTOR_TYPES: Record<string, string> = {
  super_admin: 'Super admin',
  sub_user: 'Program administrator',
  program_user: 'Program user',
  patient: 'Patient',
};
