/**
 * Patient notes (staff area, the patient detail screen): staff notes never shown to the patient.
 *
 *   GET    /api/internal-notes?patient_id&note_type&pagination&page&perPage  internal notes, newest first
 *   POST   /api/internal-notes/store {patient_id, note_type?, note}           add one
 *   POST   /api/internal-notes/delete {id}                                     delete one (author or sub user)
 *   POST   /api/checklist/notes {patient_id, stage, checklist_item_id?, note} add a checklist note
 *   DELETE /api/checklist/notes/{id}                                           delete one (author or sub user)
 *   GET    /api/checklist/get-all-notes?patient_id                             every stage's, newest first
 *   GET    /api/checklist/notes/by-stage?patient_id&stage&page&perPage         one stage's, newest first
 *   GET    /api/notes/checklist-and-pipeline?patient_id&page&perPage           checklist and pipeline notes merged
 *
 * Times are ISO 8601 instants; the screens show them as "MMM D, YYYY" and hh:mma (spec section 9).
 */
import * as v from 'valibot';
import { STAGES } from '@baridesk/domain';
import { envelope, listQuery, messageOnly, pageOf } from './common';
import { INVALID_ID, invalidValue, required, PATIENT_NOT_FOUND } from './messages';
import { MAX_ID, flag01, id, requiredString } from './rules';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

/** Not in the spec: the kinds of internal note, with their labels. "pipeline" notes are written by the pipeline board too. */
export const INTERNAL_NOTE_TYPES = [
  { id: 'general', label: 'General' },
  { id: 'clinical', label: 'Clinical' },
  { id: 'nutrition', label: 'Nutrition' },
  { id: 'insurance', label: 'Insurance' },
  { id: 'pipeline', label: 'Pipeline' },
] as const;
export type InternalNoteType = (typeof INTERNAL_NOTE_TYPES)[number]['id'];
export const INTERNAL_NOTE_TYPE_IDS = INTERNAL_NOTE_TYPES.map((type) => type.id) as [InternalNoteType, ...InternalNoteType[]];
export const DEFAULT_INTERNAL_NOTE_TYPE: InternalNoteType = 'general';

/** The label of a note type ("Clinical"); the id itself for a type this version does not know. */
export const internalNoteTypeLabel = (type: string): string => INTERNAL_NOTE_TYPES.find((t) => t.id === type)?.label ?? type;

/** The longest note, in characters after trimming. */
export const NOTE_MAX_LENGTH = 5000;

/** The checklist stages a note can be on: 1 Pre-Op, 2 Post-Op, 3 the third checklist. */
export const NOTE_STAGE_IDS = STAGES.map((stage) => stage.id) as [1, 2, 3];
export type NoteStage = (typeof NOTE_STAGE_IDS)[number];

/** Not in the spec: the notices and refusals of the notes calls. */
export const PATIENT_NOTE_MESSAGES = {
  created: 'Note added successfully.',
  deleted: 'Note deleted successfully.',
  patientNotFound: PATIENT_NOT_FOUND,
  notFound: 'Note not found.',
  /** 403: someone other than the author, and not the program's own account, tried to delete a note. */
  notAllowed: 'Only the author of this note or the program’s main account can delete it.',
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** A required id under its own name: missing or blank is "{Field} is required.", anything else not an id INVALID_ID. */
function requiredId(field: string) {
  return v.pipe(
    v.optional(v.union([v.number(), v.string()], INVALID_ID), ''),
    v.check((value) => String(value).trim() !== '', required(field)),
    v.transform((value): number => (typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN)),
    v.check((value) => Number.isSafeInteger(value) && value > 0 && value <= MAX_ID, INVALID_ID),
  );
}

/** The patient a call is about. */
const patientId = requiredId('patient_id');

/** A checklist stage, 1 to 3 (a number, or its digits in a query string). */
const stage = v.pipe(
  v.optional(v.union([v.number(), v.string()], invalidValue('stage')), ''),
  v.check((value) => String(value).trim() !== '', required('stage')),
  v.transform((value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value)),
  v.picklist(NOTE_STAGE_IDS, invalidValue('stage')),
);

/** A note type; left out, null or blank it is `fallback` (undefined: no type). */
function noteType<F extends InternalNoteType | undefined>(fallback: F) {
  return v.pipe(
    v.nullish(v.string(invalidValue('note_type')), ''),
    v.transform((value) => (value == null ? '' : value.trim())),
    v.union([v.literal(''), v.picklist(INTERNAL_NOTE_TYPE_IDS)], invalidValue('note_type')),
    v.transform((value): InternalNoteType | F => (value === '' ? fallback : value)),
  );
}

/** The text of a note: trimmed, required, at most NOTE_MAX_LENGTH characters. */
const noteText = requiredString('note', { max: NOTE_MAX_LENGTH });

/** page and perPage as every list takes them (perPage 5, 10, 15, 20, 50, 100 or All; default 10). */
const { page, perPage } = listQuery(['created_at'], 'created_at').entries;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/** Who wrote a note; null once the account is gone. */
export const noteAuthorSchema = v.nullable(v.object({ id: v.number(), name: v.string() }));
export type NoteAuthor = v.InferOutput<typeof noteAuthorSchema>;

const noteEntries = {
  id: v.number(),
  patient_id: v.number(),
  note: v.string(),
  created_at: v.string(),
  author: noteAuthorSchema,
  /** Whether the caller may delete it: its author, or the program's own account (sub user). */
  can_delete: v.boolean(),
};

export const internalNoteSchema = v.object({ ...noteEntries, note_type: v.picklist(INTERNAL_NOTE_TYPE_IDS) });
export type InternalNote = v.InferOutput<typeof internalNoteSchema>;

export const checklistNoteSchema = v.object({
  ...noteEntries,
  stage: v.picklist(NOTE_STAGE_IDS),
  /** The checklist item the note is on; null for a note on the stage's checklist as a whole. */
  checklist_item_id: v.nullable(v.number()),
});
export type ChecklistNote = v.InferOutput<typeof checklistNoteSchema>;

/** The answer of a delete: `{ message }`. */
export const noteDeletedResponse = messageOnly;
export type NoteDeletedResponse = v.InferOutput<typeof noteDeletedResponse>;

// ---------------------------------------------------------------------------------------------
// Internal notes
// ---------------------------------------------------------------------------------------------

/**
 * GET /api/internal-notes: patient_id; note_type to filter by (blank: every type); pagination 1 (default)
 * answers the page asked for, 0 every note of the patient at once (up to 10,000; for printing).
 */
export const internalNoteListQuery = v.object({
  patient_id: patientId,
  note_type: noteType(undefined),
  pagination: v.optional(flag01, 1),
  page,
  perPage,
});
export type InternalNoteListQuery = v.InferOutput<typeof internalNoteListQuery>;
export const internalNoteListResponse = envelope(pageOf(internalNoteSchema));
export type InternalNoteListResponse = v.InferOutput<typeof internalNoteListResponse>;

/** The fields of the add form; note_type left out is "general". */
export const internalNoteFormSchema = v.object({ note_type: noteType(DEFAULT_INTERNAL_NOTE_TYPE), note: noteText });
export type InternalNoteFormInput = v.InferInput<typeof internalNoteFormSchema>;

/** POST /api/internal-notes/store */
export const internalNoteStoreBody = v.object({ patient_id: patientId, ...internalNoteFormSchema.entries });
export type InternalNoteStoreBody = v.InferOutput<typeof internalNoteStoreBody>;
export const internalNoteSavedResponse = v.object({ data: internalNoteSchema, message: v.string() });
export type InternalNoteSavedResponse = v.InferOutput<typeof internalNoteSavedResponse>;

/** POST /api/internal-notes/delete */
export const internalNoteDeleteBody = v.object({ id });
export type InternalNoteDeleteBody = v.InferOutput<typeof internalNoteDeleteBody>;

// ---------------------------------------------------------------------------------------------
// Checklist notes
// ---------------------------------------------------------------------------------------------

/** The fields of the add form (the stage is the one shown). */
export const checklistNoteFormSchema = v.object({ note: noteText });
export type ChecklistNoteFormInput = v.InferInput<typeof checklistNoteFormSchema>;

/** POST /api/checklist/notes: checklist_item_id is optional (blank or null: none). */
export const checklistNoteStoreBody = v.object({
  patient_id: patientId,
  stage,
  checklist_item_id: v.pipe(
    v.nullish(v.union([v.number(), v.string()], INVALID_ID)),
    v.transform((value) => (value == null || String(value).trim() === '' ? undefined : value)),
    v.union([v.undefined(), id], INVALID_ID),
  ),
  ...checklistNoteFormSchema.entries,
});
export type ChecklistNoteStoreBody = v.InferOutput<typeof checklistNoteStoreBody>;
export const checklistNoteSavedResponse = v.object({ data: checklistNoteSchema, message: v.string() });
export type ChecklistNoteSavedResponse = v.InferOutput<typeof checklistNoteSavedResponse>;

/** GET /api/checklist/get-all-notes: every stage's notes of the patient, newest first (up to 10,000). */
export const checklistAllNotesQuery = v.object({ patient_id: patientId });
export type ChecklistAllNotesQuery = v.InferOutput<typeof checklistAllNotesQuery>;
export const checklistAllNotesResponse = envelope(v.array(checklistNoteSchema));
export type ChecklistAllNotesResponse = v.InferOutput<typeof checklistAllNotesResponse>;

/** GET /api/checklist/notes/by-stage: one stage's notes, newest first, paged. */
export const checklistNotesByStageQuery = v.object({ patient_id: patientId, stage, page, perPage });
export type ChecklistNotesByStageQuery = v.InferOutput<typeof checklistNotesByStageQuery>;
export const checklistNotesByStageResponse = envelope(pageOf(checklistNoteSchema));
export type ChecklistNotesByStageResponse = v.InferOutput<typeof checklistNotesByStageResponse>;

// ---------------------------------------------------------------------------------------------
// Checklist and pipeline notes together
// ---------------------------------------------------------------------------------------------

export const NOTE_TIMELINE_SOURCES = ['checklist', 'pipeline'] as const;
export type NoteTimelineSource = (typeof NOTE_TIMELINE_SOURCES)[number];

/**
 * One entry of the timeline: a checklist note (with its stage and item) or an internal note of type
 * "pipeline" (stage and checklist_item_id null). `id` is the note's id within its source.
 */
export const noteTimelineItemSchema = v.object({
  ...noteEntries,
  source: v.picklist(NOTE_TIMELINE_SOURCES),
  stage: v.nullable(v.picklist(NOTE_STAGE_IDS)),
  checklist_item_id: v.nullable(v.number()),
});
export type NoteTimelineItem = v.InferOutput<typeof noteTimelineItemSchema>;

/** GET /api/notes/checklist-and-pipeline: newest first, paged. */
export const noteTimelineQuery = v.object({ patient_id: patientId, page, perPage });
export type NoteTimelineQuery = v.InferOutput<typeof noteTimelineQuery>;
export const noteTimelineResponse = envelope(pageOf(noteTimelineItemSchema));
export type NoteTimelineResponse = v.InferOutput<typeof noteTimelineResponse>;
