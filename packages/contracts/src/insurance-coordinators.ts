/**
 * Insurance coordinators (staff area): the people of a program who handle its patients' insurance; a
 * patient has at most one (insurance_coordinator_id). API under /api/insurance-coordinators.
 */
import * as v from 'valibot';
import { envelope, flag, listQuery, messageOnly, pageOf } from './common';
import { maxLength } from './messages';
import { email, flag01, id, optionalOf, phone, requiredString } from './rules';

/** Status of a new coordinator when the form sends none: Active. */
export const DEFAULT_INSURANCE_COORDINATOR_STATUS = 1;
/** Longest phone number as written (the column's width). */
export const COORDINATOR_PHONE_MAX_LENGTH = 32;

export const insuranceCoordinatorSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  status: flag,
  /** How many of the program's patients have this coordinator. */
  patients_count: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type InsuranceCoordinator = v.InferOutput<typeof insuranceCoordinatorSchema>;

export const INSURANCE_COORDINATOR_SORTS = ['name', 'email', 'phone', 'status', 'patients_count', 'created_at', 'updated_at'] as const;
export type InsuranceCoordinatorSort = (typeof INSURANCE_COORDINATOR_SORTS)[number];

/** GET /api/insurance-coordinators: page, perPage, search (name, e-mail, phone), sort, direction, status. */
export const insuranceCoordinatorListQuery = listQuery(INSURANCE_COORDINATOR_SORTS, 'name', { status: true });
export type InsuranceCoordinatorListQuery = v.InferOutput<typeof insuranceCoordinatorListQuery>;
export const insuranceCoordinatorListResponse = envelope(pageOf(insuranceCoordinatorSchema));
export type InsuranceCoordinatorListResponse = v.InferOutput<typeof insuranceCoordinatorListResponse>;

/** GET /api/insurance-coordinators/{id} */
export const insuranceCoordinatorResponse = envelope(insuranceCoordinatorSchema);
export type InsuranceCoordinatorResponse = v.InferOutput<typeof insuranceCoordinatorResponse>;

const coordinatorFields = {
  name: requiredString('name'),
  /** Optional; trimmed and lower-cased. */
  email: optionalOf(email('email'), 'The email field must have a valid email address.'),
  /** Optional; a US number (10 digits, with or without +1), kept as written. */
  phone: optionalOf(
    v.pipe(phone('phone'), v.maxLength(COORDINATOR_PHONE_MAX_LENGTH, maxLength('phone', COORDINATOR_PHONE_MAX_LENGTH))),
    'Please enter valid phone.',
  ),
};

/** POST /api/insurance-coordinators/store */
export const insuranceCoordinatorStoreBody = v.object({
  ...coordinatorFields,
  status: v.optional(flag01, DEFAULT_INSURANCE_COORDINATOR_STATUS),
});
export type InsuranceCoordinatorStoreBody = v.InferOutput<typeof insuranceCoordinatorStoreBody>;

/** POST /api/insurance-coordinators/update: every field, status included (a blank e-mail or phone clears it). */
export const insuranceCoordinatorUpdateBody = v.object({ id, ...coordinatorFields, status: flag01 });
export type InsuranceCoordinatorUpdateBody = v.InferOutput<typeof insuranceCoordinatorUpdateBody>;

/** POST /api/insurance-coordinators/toggle-status: the status to set. */
export const insuranceCoordinatorToggleBody = v.object({ id, status: flag01 });
export type InsuranceCoordinatorToggleBody = v.InferOutput<typeof insuranceCoordinatorToggleBody>;

/** POST /api/insurance-coordinators/delete */
export const insuranceCoordinatorDeleteBody = v.object({ id });
export type InsuranceCoordinatorDeleteBody = v.InferOutput<typeof insuranceCoordinatorDeleteBody>;

/** The answer of store (201) and update: the coordinator as saved, and the notice to show. */
export const insuranceCoordinatorSavedResponse = v.object({ data: insuranceCoordinatorSchema, message: v.string() });
export type InsuranceCoordinatorSavedResponse = v.InferOutput<typeof insuranceCoordinatorSavedResponse>;
export const insuranceCoordinatorToggleResponse = v.object({
  data: v.object({ id: v.number(), status: flag }),
  message: v.string(),
});
export type InsuranceCoordinatorToggleResponse = v.InferOutput<typeof insuranceCoordinatorToggleResponse>;
export const insuranceCoordinatorDeleteResponse = messageOnly;

const patientsWord = (count: number) => (count === 1 ? '1 patient' : `${count} patients`);

/** Not in the spec: the notices of the insurance coordinator screens. */
export const INSURANCE_COORDINATOR_MESSAGES = {
  created: 'Insurance coordinator created successfully.',
  updated: 'Insurance coordinator updated successfully.',
  statusUpdated: 'Insurance coordinator status updated successfully.',
  deleted: 'Insurance coordinator deleted successfully.',
  notFound: 'Insurance coordinator not found.',
  nameTaken: 'An insurance coordinator with this name already exists.',
  /** 409: a coordinator still assigned to patients is not deleted. */
  inUse: (count: number) =>
    `This insurance coordinator is assigned to ${patientsWord(count)}. Assign them another coordinator first, or switch this one off to hide it from new choices.`,
} as const;
