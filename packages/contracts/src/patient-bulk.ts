/**
 * The patient list's selection (issue 5): bulk actions on the selected patients (POST /api/patients/bulk)
 * and the Excel export of what the list shows, or of the selected patients (GET /api/patients/excel).
 */
import * as v from 'valibot';
import { formatAmount, stageLabel, type StageId } from '@baridesk/domain';
import { dateOrder } from './date-rules';
import { forwardedCheck } from './forwarded-check';
import { invalidValue } from './messages';
import { MAX_ID, id } from './rules';
import { PATIENT_STAGE_IDS, patientListCriteriaEntries } from './patients';

/** The most patients one bulk action, or one export of the selection, may name. */
export const MAX_SELECTED_PATIENTS = 1000;

export const PATIENT_BULK_ACTIONS = ['add_tag', 'change_stage'] as const;
export type PatientBulkAction = (typeof PATIENT_BULK_ACTIONS)[number];

/** Not in the spec: the messages of the selection's calls. */
export const PATIENT_BULK_MESSAGES = {
  noneSelected: 'Select at least one patient.',
  tooMany: `Select at most ${formatAmount(MAX_SELECTED_PATIENTS)} patients at a time.`,
  idsList: 'The ids must be a list of patient ids.',
  idsText: 'The ids must be patient ids separated by commas.',
  badId: 'Each patient id must be a positive whole number.',
  duplicateId: 'Each patient may be selected only once.',
  action: `The action must be one of ${PATIENT_BULK_ACTIONS.join(', ')}.`,
  chooseTag: 'Choose the tag to add.',
  chooseStage: 'Choose the stage to move the patients to.',
  invalidStage: invalidValue('stage'),
} as const;

const isPatientId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;

// ---------------------------------------------------------------------------------------------
// GET /api/patients/excel
// ---------------------------------------------------------------------------------------------

/** `ids` of the export: "12,15,40" (spaces allowed, repeats ignored), at most MAX_SELECTED_PATIENTS. */
const selectedIdsParam = v.pipe(
  v.string(PATIENT_BULK_MESSAGES.idsText),
  v.trim(),
  v.nonEmpty(PATIENT_BULK_MESSAGES.noneSelected),
  v.regex(/^\d+(?:\s*,\s*\d+)*$/, PATIENT_BULK_MESSAGES.idsText),
  v.transform((text) => [...new Set(text.split(',').map((part) => Number(part.trim())))]),
  v.check((ids) => ids.every(isPatientId), PATIENT_BULK_MESSAGES.badId),
  v.maxLength(MAX_SELECTED_PATIENTS, PATIENT_BULK_MESSAGES.tooMany),
);

const exportEntries = v.object({
  ...patientListCriteriaEntries,
  /** Export only these patients (the selection), still in the list's order and within its search and filters. */
  ids: v.optional(selectedIdsParam),
});

/**
 * GET /api/patients/excel: the list's search, filters, sort and direction (no paging: every row the
 * filters give), optionally narrowed to `ids`. The answer is an .xlsx file.
 */
export const patientExportQuery = v.pipe(
  exportEntries,
  dateOrder<v.InferOutput<typeof exportEntries>>({ start: 'surgery_from', end: 'surgery_to', op: '<=' }),
);
export type PatientExportQuery = v.InferOutput<typeof patientExportQuery>;

/** The columns of the patient export, in order (the list's, in readable form). */
export const PATIENT_EXPORT_COLUMNS = [
  'Name',
  'E-mail',
  'Phone',
  'MRN',
  'Stage',
  'Surgery type',
  'Surgery date',
  'Starting weight (lb)',
  'Current weight (lb)',
  'Target weight (lb)',
  'Tags',
  'Location',
  'Insurance coordinator',
  'Status',
  'Invited',
  'Last used app',
  'Added',
] as const;

// ---------------------------------------------------------------------------------------------
// POST /api/patients/bulk
// ---------------------------------------------------------------------------------------------

const bulkIds = v.optional(
  v.pipe(
    v.array(v.unknown(), PATIENT_BULK_MESSAGES.idsList),
    v.minLength(1, PATIENT_BULK_MESSAGES.noneSelected),
    v.maxLength(MAX_SELECTED_PATIENTS, PATIENT_BULK_MESSAGES.tooMany),
    v.check((ids) => ids.every(isPatientId), PATIENT_BULK_MESSAGES.badId),
    v.check((ids) => new Set(ids).size === ids.length, PATIENT_BULK_MESSAGES.duplicateId),
    v.transform((ids) => ids as number[]),
  ),
  [],
);

const bulkEntries = v.object({
  /** The selected patients: 1 to MAX_SELECTED_PATIENTS ids, each once. */
  ids: bulkIds,
  action: v.pipe(v.optional(v.string(PATIENT_BULK_MESSAGES.action), ''), v.picklist(PATIENT_BULK_ACTIONS, PATIENT_BULK_MESSAGES.action)),
  /** add_tag: one of the program's active tags. */
  tag_id: v.nullish(id.wrapped),
  /** change_stage: the stage to move the patients to. */
  stage: v.nullish(v.picklist(PATIENT_STAGE_IDS, PATIENT_BULK_MESSAGES.invalidStage)),
});

/**
 * POST /api/patients/bulk: `{ ids, action: 'add_tag', tag_id }` puts the tag into each patient's first
 * empty tag slot; `{ ids, action: 'change_stage', stage }` moves each patient to the stage.
 */
export const patientBulkBody = v.pipe(
  bulkEntries,
  forwardedCheck<v.InferOutput<typeof bulkEntries>>(
    ['action', 'tag_id'],
    'tag_id',
    (input) => input.action !== 'add_tag' || input.tag_id != null,
    PATIENT_BULK_MESSAGES.chooseTag,
  ),
  forwardedCheck<v.InferOutput<typeof bulkEntries>>(
    ['action', 'stage'],
    'stage',
    (input) => input.action !== 'change_stage' || input.stage != null,
    PATIENT_BULK_MESSAGES.chooseStage,
  ),
);
export type PatientBulkBody = v.InferOutput<typeof patientBulkBody>;

/** What a bulk action did: how many patients it changed, and why it left the others alone. */
export const patientBulkResultSchema = v.object({
  updated: v.number(),
  skipped: v.object({
    /** add_tag: the patient already carries the tag. */
    already_tagged: v.number(),
    /** add_tag: both tag slots are taken. */
    two_tags: v.number(),
    /** change_stage: the patient is in that stage already. */
    already_in_stage: v.number(),
    /** Not a patient of the caller's program (or none at all). */
    not_found: v.number(),
  }),
});
export type PatientBulkResult = v.InferOutput<typeof patientBulkResultSchema>;

export const patientBulkResponse = v.object({ data: patientBulkResultSchema, message: v.string() });
export type PatientBulkResponse = v.InferOutput<typeof patientBulkResponse>;

/** "1 patient", "1,000 patients". */
export const patientCount = (count: number): string => (count === 1 ? '1 patient' : `${formatAmount(count)} patients`);

/** What a bulk action did, in words: the notice the screen shows. */
export function patientBulkMessage(
  change: { action: 'add_tag'; tagName: string } | { action: 'change_stage'; stage: StageId },
  { updated, skipped }: PatientBulkResult,
): string {
  const n = (count: number) => formatAmount(count);
  const sentences: string[] = [];
  if (change.action === 'add_tag') {
    sentences.push(
      updated > 0
        ? `The tag “${change.tagName}” was added to ${patientCount(updated)}.`
        : `The tag “${change.tagName}” was added to no patient.`,
    );
    if (skipped.already_tagged > 0) sentences.push(`${n(skipped.already_tagged)} already had it.`);
    if (skipped.two_tags > 0) {
      sentences.push(`${n(skipped.two_tags)} already ${skipped.two_tags === 1 ? 'has' : 'have'} two tags.`);
    }
  } else {
    const stage = stageLabel(change.stage);
    sentences.push(updated > 0 ? `${patientCount(updated)} moved to ${stage}.` : `No patient moved to ${stage}.`);
    if (skipped.already_in_stage > 0) {
      sentences.push(`${n(skipped.already_in_stage)} ${skipped.already_in_stage === 1 ? 'was' : 'were'} in ${stage} already.`);
    }
  }
  if (skipped.not_found > 0) sentences.push(`${n(skipped.not_found)} ${skipped.not_found === 1 ? 'was' : 'were'} not found.`);
  return sentences.join(' ');
}
