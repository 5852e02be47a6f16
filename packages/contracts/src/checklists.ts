/**
 * Checklist templates and patients' checklists (mf-patients II).
 *
 * Templates (per stage; the third stage's checklist is named by the program's third_checklist_name):
 *   GET  /api/checklist/templates?stage&search&status&page&perPage&sort&direction   a page of templates
 *   GET  /api/checklist/templates/{id}                                    one, with its items in order
 *   POST /api/checklist/templates/store {stage, name, description?, status?, is_default?, items}
 *   POST /api/checklist/templates/update {id, name, description?, status?, is_default?, items}
 *        (items with an id are kept and changed, without one added, left out removed)
 *   POST /api/checklist/templates/toggle-status {id}
 *   POST /api/checklist/templates/delete {id}
 *   GET  /api/checklist/templates/allActive?stage                         every active template (of a stage)
 *   GET  /api/checklist/templates/other?patient_id&stage                  active templates of the stage not yet
 *                                                                         (fully) on the patient's checklist
 *   GET  /api/checklist/stage-names                                       1 Pre-Op, 2 Post-Op, 3 the program's name
 * Copying a template is the store call with a copy's fields (the copy screen fills the form).
 *
 * A patient's checklists:
 *   GET  /api/checklists/{patientId}?stage                                one stage's items (default: current stage)
 *   POST /api/checklists/update-detail {id, completed?, due_date?}        tick / untick (who and when), due date
 *   POST /api/checklists/update_checked_by_in_report {id, completed_by, completed_on}   correct who ticked and when
 *   POST /api/checklists/apply-template {patient_id, template_id}         add a template's items not yet there
 *   POST /api/checklists/add-item {patient_id, stage, title, due_date?}   an item of this patient only
 *   POST /api/checklists/deactivate {patient_id, checklist_deactivate, checklist_deactivate_reason?}
 *   GET  /api/checklists/checkers                                         the staff who may be named as checker
 *   GET  /api/checklist-items?stage&status&search&page&perPage&sort&direction   open items across the program
 */
import * as v from 'valibot';
import { STAGES } from '@baridesk/domain';
import { envelope, listQuery, messageOnly, pageOf } from './common';
import { isIsoDate, isoDate } from './date-rules';
import { invalidValue, required } from './messages';
import { optionalId } from './auth-flows';
import { pipelineCardSchema, stageField, PIPELINE_STAGE_IDS } from './pipelines';
import { flag01, id, optionalString, requiredId, requiredString } from './rules';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

export const CHECKLIST_NAME_MAX = 254;
export const CHECKLIST_DESCRIPTION_MAX = 2000;
export const MAX_TEMPLATE_ITEMS = 200;
export const CHECKLIST_DUE_ANCHORS = [
  { id: 'stage_start', label: 'Start of the stage' },
  { id: 'consult_date', label: 'Consult date' },
  { id: 'surgery_date', label: 'Surgery date' },
] as const;
export type ChecklistDueAnchor = (typeof CHECKLIST_DUE_ANCHORS)[number]['id'];
export const CHECKLIST_DUE_ANCHOR_IDS = CHECKLIST_DUE_ANCHORS.map((anchor) => anchor.id) as [ChecklistDueAnchor, ...ChecklistDueAnchor[]];
/** Due-date offsets, in days before (negative) or after the anchor. */
export const MAX_DUE_DAYS = 3650;
export const CHECKLIST_DEACTIVATE_REASON_MAX = 500;

/** Not in the spec: the notices and refusals of the checklist calls. */
export const CHECKLIST_MESSAGES = {
  templateCreated: 'Checklist template added successfully.',
  templateUpdated: 'Checklist template updated successfully.',
  templateDeleted: 'Checklist template deleted successfully.',
  templateOn: 'Checklist template activated.',
  templateOff: 'Checklist template deactivated.',
  templateNotFound: 'Checklist template not found.',
  duplicateName: 'A template with this name already exists in this stage.',
  noItems: 'Add at least one item.',
  tooManyItems: `A template can have at most ${MAX_TEMPLATE_ITEMS} items.`,
  itemNotInTemplate: 'An item of the form does not belong to this template any more. Reload the template.',
  dueDaysWithoutAnchor: 'Choose what the due date counts from.',
  dueAnchorWithoutDays: 'Enter the number of days.',
  dueDays: `The days must be a whole number from -${MAX_DUE_DAYS} to ${MAX_DUE_DAYS}.`,
  itemNotFound: 'Checklist item not found.',
  ticked: 'Item marked as done.',
  unticked: 'Item marked as not done.',
  detailSaved: 'Checklist item updated.',
  checkerSaved: 'Checked by updated.',
  /** 422 on completed_by: not staff of the program. */
  checkerUnknown: 'Choose a member of the program’s staff.',
  /** 409: who/when can only be set on a ticked item. */
  notCompleted: 'This item is not marked as done.',
  templateApplied: 'Template items added to the checklist.',
  templateNotForStage: 'This template is for another stage.',
  itemAdded: 'Item added to the checklist.',
  /** 409 on any change of a deactivated checklist; the reason follows. */
  deactivated: 'This patient’s checklist is deactivated.',
  deactivatedSaved: 'Checklist deactivated.',
  activatedSaved: 'Checklist activated.',
  /** 422 on checklist_deactivate_reason */
  reasonRequired: 'Enter the reason for deactivating the checklist.',
  futureCheck: 'The date cannot be in the future.',
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

const stage = stageField();

/** A yyyy-MM-dd date that may be left out, null or blank (null). */
const optionalDate = (field: string) =>
  v.pipe(
    v.nullish(v.string(invalidValue(field))),
    v.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
    v.check((value) => value === null || isIsoDate(value), invalidValue(field)),
  );

/** Due-date offset in days (may be negative); blank or null is null. */
const dueDays = v.pipe(
  v.nullish(v.union([v.number(), v.string()], CHECKLIST_MESSAGES.dueDays)),
  v.transform((value): number | null => (value == null || String(value).trim() === '' ? null : typeof value === 'string' ? (/^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN) : value)),
  v.check((value) => value === null || (Number.isInteger(value) && Math.abs(value) <= MAX_DUE_DAYS), CHECKLIST_MESSAGES.dueDays),
);
const dueAnchor = v.pipe(
  v.nullish(v.string(invalidValue('due_anchor'))),
  v.transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
  v.union([v.null(), v.picklist(CHECKLIST_DUE_ANCHOR_IDS)], invalidValue('due_anchor')),
);

// ---------------------------------------------------------------------------------------------
// Templates
// ---------------------------------------------------------------------------------------------

export const checklistTemplateItemSchema = v.object({
  id: v.number(),
  title: v.string(),
  description: v.nullable(v.string()),
  position: v.number(),
  due_anchor: v.nullable(v.picklist(CHECKLIST_DUE_ANCHOR_IDS)),
  due_days: v.nullable(v.number()),
});
export type ChecklistTemplateItem = v.InferOutput<typeof checklistTemplateItemSchema>;

export const checklistTemplateSchema = v.object({
  id: v.number(),
  stage: v.picklist(PIPELINE_STAGE_IDS),
  name: v.string(),
  description: v.nullable(v.string()),
  status: v.picklist([0, 1]),
  /** The stage's default template: applied when a patient enters the stage. */
  is_default: v.picklist([0, 1]),
  item_count: v.number(),
  updated_at: v.string(),
});
export type ChecklistTemplate = v.InferOutput<typeof checklistTemplateSchema>;
export const checklistTemplateDetailSchema = v.object({ ...checklistTemplateSchema.entries, items: v.array(checklistTemplateItemSchema) });
export type ChecklistTemplateDetail = v.InferOutput<typeof checklistTemplateDetailSchema>;

export const CHECKLIST_TEMPLATE_SORTS = ['name', 'item_count', 'updated_at'] as const;
/** GET /api/checklist/templates */
export const checklistTemplateListQuery = v.object({ ...listQuery(CHECKLIST_TEMPLATE_SORTS, 'name', { status: true }).entries, stage });
export type ChecklistTemplateListQuery = v.InferOutput<typeof checklistTemplateListQuery>;
export const checklistTemplateListResponse = envelope(pageOf(checklistTemplateSchema));
export type ChecklistTemplateListResponse = v.InferOutput<typeof checklistTemplateListResponse>;
/** GET /api/checklist/templates/{id} */
export const checklistTemplateParams = v.object({ id });
export const checklistTemplateDetailResponse = envelope(checklistTemplateDetailSchema);
export type ChecklistTemplateDetailResponse = v.InferOutput<typeof checklistTemplateDetailResponse>;

/** One item row of the template form: id for an item already saved, none for a new one. */
export const checklistTemplateItemInput = v.pipe(
  v.object({
    id: optionalId,
    title: requiredString('title', { max: CHECKLIST_NAME_MAX }),
    description: optionalString('description', { max: CHECKLIST_DESCRIPTION_MAX }),
    due_anchor: dueAnchor,
    due_days: dueDays,
  }),
  // A field left out is absent (undefined), one sent blank is null: both mean "none".
  v.forward(v.check((item) => !(item.due_days != null && item.due_anchor == null), CHECKLIST_MESSAGES.dueDaysWithoutAnchor), ['due_anchor']),
  v.forward(v.check((item) => !(item.due_anchor != null && item.due_days == null), CHECKLIST_MESSAGES.dueAnchorWithoutDays), ['due_days']),
);
export type ChecklistTemplateItemInput = v.InferInput<typeof checklistTemplateItemInput>;

const templateFormEntries = {
  name: requiredString('name', { max: CHECKLIST_NAME_MAX }),
  description: optionalString('description', { max: CHECKLIST_DESCRIPTION_MAX }),
  status: v.optional(flag01, 1),
  is_default: v.optional(flag01, 0),
  items: v.pipe(
    v.array(checklistTemplateItemInput, CHECKLIST_MESSAGES.noItems),
    v.minLength(1, CHECKLIST_MESSAGES.noItems),
    v.maxLength(MAX_TEMPLATE_ITEMS, CHECKLIST_MESSAGES.tooManyItems),
  ),
};
/** The template form (the items in their order). */
export const checklistTemplateFormSchema = v.object(templateFormEntries);
export type ChecklistTemplateFormInput = v.InferInput<typeof checklistTemplateFormSchema>;
/** The bodies' entries: as the form's, but a body without items gets noItems too (not a type error). */
const templateBodyEntries = {
  ...templateFormEntries,
  items: v.pipe(
    v.optional(v.array(checklistTemplateItemInput, CHECKLIST_MESSAGES.noItems), []),
    v.minLength(1, CHECKLIST_MESSAGES.noItems),
    v.maxLength(MAX_TEMPLATE_ITEMS, CHECKLIST_MESSAGES.tooManyItems),
  ),
};
/** POST /api/checklist/templates/store (also how a copy is saved) */
export const checklistTemplateStoreBody = v.object({ stage, ...templateBodyEntries });
export type ChecklistTemplateStoreBody = v.InferOutput<typeof checklistTemplateStoreBody>;
/** POST /api/checklist/templates/update: the stage stays. */
export const checklistTemplateUpdateBody = v.object({ id, ...templateBodyEntries });
export type ChecklistTemplateUpdateBody = v.InferOutput<typeof checklistTemplateUpdateBody>;
export const checklistTemplateSavedResponse = v.object({ data: checklistTemplateDetailSchema, message: v.string() });
export type ChecklistTemplateSavedResponse = v.InferOutput<typeof checklistTemplateSavedResponse>;

/** POST /api/checklist/templates/toggle-status and /delete */
export const checklistTemplateIdBody = v.object({ id });
export type ChecklistTemplateIdBody = v.InferOutput<typeof checklistTemplateIdBody>;
export const checklistTemplateToggleResponse = v.object({ data: checklistTemplateSchema, message: v.string() });
export type ChecklistTemplateToggleResponse = v.InferOutput<typeof checklistTemplateToggleResponse>;
export const checklistTemplateDeletedResponse = messageOnly;

/** GET /api/checklist/templates/allActive?stage (stage optional: every stage) */
export const checklistActiveTemplatesQuery = v.object({
  stage: v.pipe(
    v.optional(v.union([v.number(), v.string()])),
    v.transform((value) => (value === undefined || String(value).trim() === '' ? undefined : Number(value))),
    v.union([v.undefined(), v.picklist(PIPELINE_STAGE_IDS)], invalidValue('stage')),
  ),
});
export type ChecklistActiveTemplatesQuery = v.InferOutput<typeof checklistActiveTemplatesQuery>;
export const checklistTemplateOptionSchema = v.object({
  id: v.number(),
  stage: v.picklist(PIPELINE_STAGE_IDS),
  name: v.string(),
  is_default: v.picklist([0, 1]),
  item_count: v.number(),
});
export type ChecklistTemplateOption = v.InferOutput<typeof checklistTemplateOptionSchema>;
export const checklistTemplateOptionsResponse = envelope(v.array(checklistTemplateOptionSchema));
export type ChecklistTemplateOptionsResponse = v.InferOutput<typeof checklistTemplateOptionsResponse>;
/** GET /api/checklist/templates/other?patient_id&stage */
export const checklistOtherTemplatesQuery = v.object({ patient_id: requiredId('patient_id'), stage });
export type ChecklistOtherTemplatesQuery = v.InferOutput<typeof checklistOtherTemplatesQuery>;

/** GET /api/checklist/stage-names: the three checklists' names, the third the program's own. */
export const checklistStageNamesResponse = envelope(v.array(v.object({ stage: v.picklist(PIPELINE_STAGE_IDS), name: v.string() })));
export type ChecklistStageNamesResponse = v.InferOutput<typeof checklistStageNamesResponse>;

// ---------------------------------------------------------------------------------------------
// A patient's checklist
// ---------------------------------------------------------------------------------------------

const person = v.object({ id: v.number(), name: v.string() });

export const patientChecklistItemSchema = v.object({
  id: v.number(),
  stage: v.picklist(PIPELINE_STAGE_IDS),
  title: v.string(),
  description: v.nullable(v.string()),
  position: v.number(),
  due_date: v.nullable(v.string()),
  /** Not done and due before today (program's time zone). */
  overdue: v.boolean(),
  template_id: v.nullable(v.number()),
  template_name: v.nullable(v.string()),
  template_item_id: v.nullable(v.number()),
  completed: v.picklist([0, 1]),
  completed_at: v.nullable(v.string()),
  completed_by: v.nullable(person),
  /** Live checklist notes on this item. */
  note_count: v.number(),
});
export type PatientChecklistItem = v.InferOutput<typeof patientChecklistItemSchema>;

export const patientChecklistSchema = v.object({
  patient: v.object({
    id: v.number(),
    name: v.string(),
    current_stage: v.picklist(PIPELINE_STAGE_IDS),
    surgery_date: v.nullable(v.string()),
    checklist_deactivate: v.picklist([0, 1]),
    checklist_deactivate_reason: v.nullable(v.string()),
    pipeline_status: v.nullable(v.object({ id: v.number(), name: v.string() })),
  }),
  stage: v.picklist(PIPELINE_STAGE_IDS),
  stage_name: v.string(),
  items: v.array(patientChecklistItemSchema),
  completed: v.number(),
  total: v.number(),
  /** Whole percent of the stage's items that are done (0 with none). */
  percent: v.number(),
  templates: v.array(v.object({ id: v.number(), name: v.string() })),
});
export type PatientChecklist = v.InferOutput<typeof patientChecklistSchema>;

/** GET /api/checklists/{patientId}?stage */
export const patientChecklistParams = v.object({ patientId: requiredId('patientId') });
export const patientChecklistQuery = v.object({
  stage: v.pipe(
    v.optional(v.union([v.number(), v.string()])),
    v.transform((value) => (value === undefined || String(value).trim() === '' ? undefined : Number(value))),
    v.union([v.undefined(), v.picklist(PIPELINE_STAGE_IDS)], invalidValue('stage')),
  ),
});
export type PatientChecklistQuery = v.InferOutput<typeof patientChecklistQuery>;
export const patientChecklistResponse = envelope(patientChecklistSchema);
export type PatientChecklistResponse = v.InferOutput<typeof patientChecklistResponse>;

/**
 * POST /api/checklists/update-detail: completed 1 ticks (by the caller, now; ticking a ticked item
 * changes nothing, so two people ticking at once give one tick), 0 unticks; due_date sets or clears
 * the due date. After a tick, the automation rules run: `moves` are the status changes they made.
 */
export const checklistItemUpdateBody = v.object({
  id: requiredId('id'),
  completed: v.optional(flag01),
  due_date: v.optional(optionalDate('due_date')),
});
export type ChecklistItemUpdateBody = v.InferOutput<typeof checklistItemUpdateBody>;
export const checklistAutoMoveSchema = v.object({
  rule_id: v.number(),
  /** The rule's trigger in words, as the rules list says it ("Checklist % Complete reaches 100%"). */
  rule_description: v.string(),
  from_status: v.nullable(v.object({ id: v.number(), name: v.string() })),
  to_status: v.object({ id: v.number(), name: v.string() }),
});
export type ChecklistAutoMove = v.InferOutput<typeof checklistAutoMoveSchema>;
export const checklistItemUpdateResponse = v.object({
  data: v.object({ item: patientChecklistItemSchema, completed: v.number(), total: v.number(), percent: v.number(), moves: v.array(checklistAutoMoveSchema), card: pipelineCardSchema }),
  message: v.string(),
});
export type ChecklistItemUpdateResponse = v.InferOutput<typeof checklistItemUpdateResponse>;

/** POST /api/checklists/update_checked_by_in_report: on a ticked item only (409 notCompleted). */
export const checklistCheckedByBody = v.object({
  id: requiredId('id'),
  completed_by: requiredId('completed_by'),
  completed_on: isoDate('completed_on', { label: 'Completed on' }),
});
export type ChecklistCheckedByBody = v.InferOutput<typeof checklistCheckedByBody>;
export const checklistItemSavedResponse = v.object({ data: patientChecklistItemSchema, message: v.string() });
export type ChecklistItemSavedResponse = v.InferOutput<typeof checklistItemSavedResponse>;

/** POST /api/checklists/apply-template: the template's stage is the checklist's. */
export const checklistApplyTemplateBody = v.object({ patient_id: requiredId('patient_id'), template_id: requiredId('template_id') });
export type ChecklistApplyTemplateBody = v.InferOutput<typeof checklistApplyTemplateBody>;
/** POST /api/checklists/add-item */
export const checklistAddItemBody = v.object({
  patient_id: requiredId('patient_id'),
  stage,
  title: requiredString('title', { max: CHECKLIST_NAME_MAX }),
  due_date: v.optional(optionalDate('due_date'), null),
});
export type ChecklistAddItemBody = v.InferOutput<typeof checklistAddItemBody>;
export const patientChecklistSavedResponse = v.object({ data: patientChecklistSchema, message: v.string() });
export type PatientChecklistSavedResponse = v.InferOutput<typeof patientChecklistSavedResponse>;

/** POST /api/checklists/deactivate: a reason is required to deactivate; activating clears it. */
export const checklistDeactivateBody = v.pipe(
  v.object({
    patient_id: requiredId('patient_id'),
    // Missing or blank: "… is required."; anything else must be a flag.
    checklist_deactivate: v.pipe(
      v.optional(v.unknown(), ''),
      v.check((value) => value !== '' && value !== null, required('checklist_deactivate')),
      flag01,
    ),
    checklist_deactivate_reason: optionalString('checklist_deactivate_reason', { max: CHECKLIST_DEACTIVATE_REASON_MAX }),
  }),
  v.forward(
    v.check((body) => !(body.checklist_deactivate === 1 && !body.checklist_deactivate_reason), CHECKLIST_MESSAGES.reasonRequired),
    ['checklist_deactivate_reason'],
  ),
);
export type ChecklistDeactivateBody = v.InferOutput<typeof checklistDeactivateBody>;

/** GET /api/checklists/checkers: the program's own account and its active staff, by name. */
export const checklistCheckersResponse = envelope(v.array(person));
export type ChecklistCheckersResponse = v.InferOutput<typeof checklistCheckersResponse>;

// ---------------------------------------------------------------------------------------------
// Items across the program (/checklist-items/:tempStage)
// ---------------------------------------------------------------------------------------------

export const CHECKLIST_ITEM_FILTERS = ['open', 'overdue', 'completed'] as const;
export type ChecklistItemFilter = (typeof CHECKLIST_ITEM_FILTERS)[number];
export const CHECKLIST_ITEM_SORTS = ['due_date', 'patient', 'title', 'completed_at'] as const;

/**
 * GET /api/checklist-items: items of the stage's checklists of patients now in that stage whose
 * checklist is active; search on the patient's name or the item's title.
 */
export const checklistItemListQuery = v.object({
  ...listQuery(CHECKLIST_ITEM_SORTS, 'due_date').entries,
  stage,
  status: v.optional(v.picklist(CHECKLIST_ITEM_FILTERS, invalidValue('status')), 'open'),
});
export type ChecklistItemListQuery = v.InferOutput<typeof checklistItemListQuery>;
export const checklistWorklistItemSchema = v.object({
  id: v.number(),
  patient_id: v.number(),
  patient_name: v.string(),
  title: v.string(),
  template_name: v.nullable(v.string()),
  due_date: v.nullable(v.string()),
  overdue: v.boolean(),
  completed_at: v.nullable(v.string()),
  completed_by: v.nullable(person),
});
export type ChecklistWorklistItem = v.InferOutput<typeof checklistWorklistItemSchema>;
export const checklistItemListResponse = envelope(pageOf(checklistWorklistItemSchema));
export type ChecklistItemListResponse = v.InferOutput<typeof checklistItemListResponse>;

/** Labels of the stages' checklists given the program's third name. */
export function checklistStageName(stageId: (typeof STAGES)[number]['id'], thirdName: string): string {
  return stageId === 3 ? thirdName : STAGES.find((s) => s.id === stageId)!.label;
}

