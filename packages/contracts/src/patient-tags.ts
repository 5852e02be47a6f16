/**
 * Patient tags (staff area, "Patient Tags"; "user categories" in the spec): labels a program puts on its
 * patients (a patient carries up to two: user_cat_id and user_cat_id2). API under /api/user-category.
 */
import * as v from 'valibot';
import { envelope, flag, listQuery, messageOnly, pageOf } from './common';
import { flag01, id, requiredString } from './rules';

/** Status of a new tag when the form sends none: Active. */
export const DEFAULT_PATIENT_TAG_STATUS = 1;

export const patientTagSchema = v.object({
  id: v.number(),
  name: v.string(),
  status: flag,
  /** How many of the program's patients carry the tag (as their first or second tag). */
  patients_count: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type PatientTag = v.InferOutput<typeof patientTagSchema>;

export const PATIENT_TAG_SORTS = ['name', 'status', 'patients_count', 'created_at', 'updated_at'] as const;
export type PatientTagSort = (typeof PATIENT_TAG_SORTS)[number];

/** GET /api/user-category: page, perPage, search (in the name), sort, direction, status. */
export const patientTagListQuery = listQuery(PATIENT_TAG_SORTS, 'name', { status: true });
export type PatientTagListQuery = v.InferOutput<typeof patientTagListQuery>;
export const patientTagListResponse = envelope(pageOf(patientTagSchema));
export type PatientTagListResponse = v.InferOutput<typeof patientTagListResponse>;

/** GET /api/user-category/show/{id} */
export const patientTagResponse = envelope(patientTagSchema);
export type PatientTagResponse = v.InferOutput<typeof patientTagResponse>;

/** A tag as a picker offers it. */
export const patientTagOptionSchema = v.object({ id: v.number(), name: v.string() });
export type PatientTagOption = v.InferOutput<typeof patientTagOptionSchema>;

/** GET /api/user-category/1: the program's active tags, by name, unpaged (the pickers' choices). */
export const patientTagOptionsResponse = envelope(v.array(patientTagOptionSchema));
export type PatientTagOptionsResponse = v.InferOutput<typeof patientTagOptionsResponse>;

const tagFields = { name: requiredString('name') };

/** POST /api/user-category/store */
export const patientTagStoreBody = v.object({ ...tagFields, status: v.optional(flag01, DEFAULT_PATIENT_TAG_STATUS) });
export type PatientTagStoreBody = v.InferOutput<typeof patientTagStoreBody>;

/** POST /api/user-category/update: every field, status included. */
export const patientTagUpdateBody = v.object({ id, ...tagFields, status: flag01 });
export type PatientTagUpdateBody = v.InferOutput<typeof patientTagUpdateBody>;

/** POST /api/user-category/toggle-status: the status to set (not a flip, so a repeated call changes nothing). */
export const patientTagToggleBody = v.object({ id, status: flag01 });
export type PatientTagToggleBody = v.InferOutput<typeof patientTagToggleBody>;

/** POST /api/user-category/delete */
export const patientTagDeleteBody = v.object({ id });
export type PatientTagDeleteBody = v.InferOutput<typeof patientTagDeleteBody>;

/** The answer of store (201) and update: the tag as saved, and the notice to show. */
export const patientTagSavedResponse = v.object({ data: patientTagSchema, message: v.string() });
export type PatientTagSavedResponse = v.InferOutput<typeof patientTagSavedResponse>;
export const patientTagToggleResponse = v.object({ data: v.object({ id: v.number(), status: flag }), message: v.string() });
export type PatientTagToggleResponse = v.InferOutput<typeof patientTagToggleResponse>;
export const patientTagDeleteResponse = messageOnly;

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
