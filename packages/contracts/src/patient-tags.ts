/**
 * Patient tags (staff area, "Patient Tags"; "user categories" in the spec): labels a program puts on its
 * patients (a patient carries up to two: user_cat_id and user_cat_id2). API under /api/user-category,
 * on the resource kit; the names below are the kit's derived schemas under the names the app uses.
 */
import * as v from 'valibot';
import {
  defineResource,
  field,
  type ResourceItem,
} from './resource-kit';
import { requiredString } from './rules';

/** Status of a new tag when the form sends none: Active. */
export const DEFAULT_PATIENT_TAG_STATUS = 1;

const patientsWord = (count: number) => (count === 1 ? '1 patient' : `${count} patients`);

/** Not in the spec: the notices of the Patient Tags screens. */
export const PATIENT_TAG_MESSAGES = {
  created: 'Tag created successfully.',
  updated: 'Tag updated successfully.',
  statusUpdated: 'Tag status updated successfully.',
  deleted: 'Tag deleted successfully.',
  notFound: 'Tag not found.',
  nameTaken: 'A tag with this name already exists.',
  /** 409: a tag still on patients is not deleted. */
  inUse: (count: number) =>
    `This tag is used by ${patientsWord(count)}. Remove it from them first, or switch it off to hide it from new choices.`,
} as const;

export const PATIENT_TAG_SORTS = ['name', 'status', 'patients_count', 'created_at', 'updated_at'] as const;

/**
 * GET /api/user-category (page, perPage, search in the name, sort, direction, status), GET /show/{id},
 * GET /1 (the program's active tags by name: the pickers' choices; the spec does not say what "1"
 * stands for, it is read as status 1), POST store, update, toggle-status, delete. Names are unique per
 * program whatever their case; a tag patients carry is not deleted (409).
 */
export const patientTagResource = defineResource({
  name: 'patient-tag',
  entity: 'patient_tag',
  labels: { singular: 'Tag', plural: 'Patient Tags' },
  fields: { name: field('text', 'Name', requiredString('name')) },
  labelField: 'name',
  /** How many of the program's patients carry the tag (as their first or second tag). */
  extra: { patients_count: v.number() },
  sorts: PATIENT_TAG_SORTS,
  defaultSort: 'name',
  unique: { field: 'name', message: PATIENT_TAG_MESSAGES.nameTaken },
  scope: 'program',
  // The spec hides Patient Tags from self-service staff as it hides Patients.
  permission: { who: 'staff-not-self-service' },
  status: true,
  defaultStatus: DEFAULT_PATIENT_TAG_STATUS,
  ordering: false,
  messages: PATIENT_TAG_MESSAGES,
  paths: { base: '/api/user-category', show: '/show/:id', options: '/1' },
});

const { schemas } = patientTagResource;

export type PatientTag = ResourceItem<typeof patientTagResource>;
export const patientTagListResponse = schemas.listResponse;
export const patientTagResponse = schemas.itemResponse;
/** A tag as a picker offers it. */
export const patientTagOptionsResponse = schemas.optionsResponse;
export type PatientTagOptionsResponse = v.InferOutput<typeof patientTagOptionsResponse>;
export const patientTagStoreBody = schemas.storeBody;
export const patientTagDeleteBody = schemas.deleteBody;
export const patientTagSavedResponse = schemas.savedResponse;
export const patientTagToggleResponse = schemas.toggleStatusResponse;
