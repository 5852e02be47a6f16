/**
 * Insurance coordinators (staff area): the people of a program who handle its patients' insurance; a
 * patient has at most one (insurance_coordinator_id). API under /api/insurance-coordinators, on the
 * resource kit; the names below are the kit's derived schemas under the names the app uses.
 */
import * as v from 'valibot';
import { maxLength } from './messages';
import {
  defineResource,
  field,
  type ResourceItem,
} from './resource-kit';
import { email, optionalOf, phone, requiredString } from './rules';

/** Status of a new coordinator when the form sends none: Active. */
export const DEFAULT_INSURANCE_COORDINATOR_STATUS = 1;
/** Longest phone number as written (the column's width). */
export const COORDINATOR_PHONE_MAX_LENGTH = 32;

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

export const INSURANCE_COORDINATOR_SORTS = ['name', 'email', 'phone', 'status', 'patients_count', 'created_at', 'updated_at'] as const;

const optionalText = v.nullable(v.string());

/**
 * GET /api/insurance-coordinators (page, perPage, search in name, e-mail and phone digits, sort,
 * direction, status), GET /{id}, POST store, update (every field; a blank e-mail or phone clears it),
 * toggle-status, delete. Names are unique per program whatever their case; a coordinator with patients
 * is not deleted (409).
 */
export const insuranceCoordinatorResource = defineResource({
  name: 'insurance-coordinator',
  entity: 'insurance_coordinator',
  labels: { singular: 'Insurance coordinator', plural: 'Insurance coordinators' },
  fields: {
    name: field('text', 'Name', requiredString('name')),
    /** Optional; trimmed and lower-cased. */
    email: field('email', 'Email', optionalOf(email('email'), 'The email field must have a valid email address.'), { output: optionalText }),
    /** Optional; a US number (10 digits, with or without +1), kept as written. */
    phone: field(
      'phone',
      'Phone',
      optionalOf(
        v.pipe(phone('phone'), v.maxLength(COORDINATOR_PHONE_MAX_LENGTH, maxLength('phone', COORDINATOR_PHONE_MAX_LENGTH))),
        'Please enter valid phone.',
      ),
      { output: optionalText },
    ),
  },
  labelField: 'name',
  /** How many of the program's patients have this coordinator. */
  extra: { patients_count: v.number() },
  sorts: INSURANCE_COORDINATOR_SORTS,
  defaultSort: 'name',
  unique: { field: 'name', message: INSURANCE_COORDINATOR_MESSAGES.nameTaken },
  scope: 'program',
  // The spec hides Patients (and what hangs from them) from self-service staff.
  permission: { who: 'staff-not-self-service' },
  status: true,
  defaultStatus: DEFAULT_INSURANCE_COORDINATOR_STATUS,
  ordering: false,
  messages: INSURANCE_COORDINATOR_MESSAGES,
  paths: { base: '/api/insurance-coordinators' },
});

const { schemas } = insuranceCoordinatorResource;

export type InsuranceCoordinator = ResourceItem<typeof insuranceCoordinatorResource>;
export const insuranceCoordinatorListResponse = schemas.listResponse;
export type InsuranceCoordinatorListResponse = v.InferOutput<typeof insuranceCoordinatorListResponse>;
export const insuranceCoordinatorResponse = schemas.itemResponse;
export const insuranceCoordinatorStoreBody = schemas.storeBody;
export const insuranceCoordinatorDeleteBody = schemas.deleteBody;
export const insuranceCoordinatorSavedResponse = schemas.savedResponse;
export const insuranceCoordinatorToggleResponse = schemas.toggleStatusResponse;
