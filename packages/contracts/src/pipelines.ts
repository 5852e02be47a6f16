/**
 * The patient pipeline (mf-patients II): a program's statuses per stage ("pipelines" in the API's words),
 * the board, moves by hand and by rule, the automation rules and the patients with no status.
 *
 *   GET    /api/pipelines?stage                                   one stage's statuses, in order; data.data + data.default
 *   GET    /api/all-pipelines                                     every stage's statuses
 *   POST   /api/pipelines/store {stage, name, is_default?}        add a status (last in order)
 *   POST   /api/pipelines/update {id, name, is_default?}          rename / make default
 *   POST   /api/pipelines/reorder {stage, ids}                    the stage's statuses in their new order
 *   POST   /api/pipelines/delete {id, move_to_status_id?}         delete; its patients go to move_to_status_id
 *   GET    /api/pipeline-patients-by-stage?stage&search&per_column[&status_id&page]   the board (or one column's page)
 *   GET    /api/get-pipeline-patient-average-days?stage           per status: patients now, average days
 *   GET    /api/pipeline-patients-excel?stage&search              the board as .xlsx (streamed)
 *   GET    /api/pipeline-patients-excel/by-average-days?stage     the average days as .xlsx
 *   POST   /api/pipeline-patients/move {patient_id, to_status_id, from_status_id}   a move by hand (drag, keyboard)
 *   GET    /api/pipeline-patients/history?patient_id              a patient's moves, newest first
 *   GET    /api/missing-pipeline-patients?search&stage&page&perPage&sort&direction   patients with no status
 *   POST   /api/add-missing-pipeline-patient {patient_id, status_id}
 *   GET    /api/pipeline-automation-rule?stage                    the stage's rules in priority order
 *   GET    /api/pipeline-automation-rule/new-todo-settings?stage  what the rule form offers
 *   POST   /api/pipeline-automation-rule/store                    add a rule (last in priority)
 *   PUT    /api/pipeline-automation-rule/update                   change a rule
 *   DELETE /api/pipeline-automation-rule/delete?id                delete a rule
 *   POST   /api/pipeline-automation-rule/toggle-active {id}       on/off
 *   POST   /api/pipeline-automation-rule/update-priority {stage, ids}   the stage's rules in their new order
 *
 * Reading is for staff (not self-service); changing statuses and rules needs administrative rights
 * (or the program's own account); the missing-patient calls are for the program's own account (sub user).
 */
import * as v from 'valibot';
import { PIPELINE_RULE_TYPES, STAGES, type PipelineRuleTypeId } from '@baridesk/domain';
import { optionalId } from './auth-flows';
import { envelope, listQuery, messageOnly, pageOf, searchParam } from './common';
import { INVALID_ID, invalidValue, required } from './messages';
import { MAX_ID, id, flag01, requiredId, requiredString } from './rules';

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

export const PIPELINE_STAGE_IDS = STAGES.map((stage) => stage.id) as [1, 2, 3];
export type PipelineStage = (typeof PIPELINE_STAGE_IDS)[number];

export const PIPELINE_STATUS_NAME_MAX = 100;
/** The most statuses one stage may have (a board wider than this is not readable). */
export const MAX_PIPELINE_STATUSES = 30;
/** Cards per column on the board's first load; "Show more" pages on with the same size. */
export const DEFAULT_CARDS_PER_COLUMN = 20;
export const MAX_CARDS_PER_COLUMN = 100;
/** The most rules one stage may have. */
export const MAX_PIPELINE_RULES = 100;
/** Largest "x days" of rule types 1 and 5. */
export const MAX_RULE_DAYS = 3650;

export const PIPELINE_RULE_TYPE_IDS = PIPELINE_RULE_TYPES.map((type) => type.id) as [PipelineRuleTypeId, ...PipelineRuleTypeId[]];

/** Not in the spec: the notices and refusals of the pipeline calls. */
export const PIPELINE_MESSAGES = {
  statusCreated: 'Status added successfully.',
  statusUpdated: 'Status updated successfully.',
  statusDeleted: 'Status deleted successfully.',
  statusesReordered: 'Status order saved.',
  statusNotFound: 'Pipeline status not found.',
  duplicateName: 'A status with this name already exists in this stage.',
  tooManyStatuses: `A stage can have at most ${MAX_PIPELINE_STATUSES} statuses.`,
  /** 422 on move_to_status_id: the status still has patients. */
  chooseTarget: 'Choose the status its patients move to.',
  targetInvalid: 'Choose another status of the same stage for its patients.',
  /** 409: rules name the status. */
  usedByRules: 'Automation rules use this status. Change or delete those rules first.',
  reorderMismatch: 'The order must list every status of the stage exactly once.',
  patientMoved: 'Patient moved.',
  /** 409: the board showed an older status than the patient has now. */
  staleMove: 'Someone else moved this patient in the meantime. The board shows where the patient is now.',
  wrongStage: 'That status belongs to another stage than the patient’s.',
  patientAdded: 'Patient added to the pipeline.',
  /** 409 */
  alreadyInPipeline: 'This patient already has a pipeline status.',
  ruleCreated: 'Automation rule added successfully.',
  ruleUpdated: 'Automation rule updated successfully.',
  ruleDeleted: 'Automation rule deleted successfully.',
  ruleOn: 'Automation rule turned on.',
  ruleOff: 'Automation rule turned off.',
  prioritiesSaved: 'Rule order saved.',
  ruleNotFound: 'Automation rule not found.',
  tooManyRules: `A stage can have at most ${MAX_PIPELINE_RULES} automation rules.`,
  rulesMismatch: 'The order must list every rule of the stage exactly once.',
  sameFromAndTo: 'The rule must move patients to another status than the one they are in.',
  chooseItem: 'Choose the checklist item.',
  itemNotFound: 'Checklist item not found in this stage’s templates.',
  days: `The days must be a whole number from 0 to ${MAX_RULE_DAYS}.`,
  percent: 'The percentage must be a whole number from 1 to 100.',
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** A stage, 1 to 3 (a number, or its digits in a query string); `field` names it in messages. */
export function stageField(field = 'stage') {
  return v.pipe(
    v.optional(v.union([v.number(), v.string()], invalidValue(field)), ''),
    v.check((value) => String(value).trim() !== '', required(field)),
    v.transform((value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value)),
    v.picklist(PIPELINE_STAGE_IDS, invalidValue(field)),
  );
}
const stage = stageField();

/** A list of distinct ids, in order (1..`max`). */
function orderedIds(max: number, mismatch: string) {
  return v.pipe(
    v.array(v.pipe(v.number(INVALID_ID), v.integer(INVALID_ID), v.minValue(1, INVALID_ID), v.maxValue(MAX_ID, INVALID_ID)), mismatch),
    v.minLength(1, mismatch),
    v.maxLength(max, mismatch),
    v.check((ids) => new Set(ids).size === ids.length, mismatch),
  );
}

/** A whole number within [min, max] from a number or its digits; blank or null is undefined. */
function optionalWhole(min: number, max: number, message: string) {
  return v.pipe(
    v.nullish(v.union([v.number(), v.string()], message)),
    v.transform((value) => (value == null || String(value).trim() === '' ? undefined : typeof value === 'string' ? (/^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN) : value)),
    v.check((value) => value === undefined || (Number.isInteger(value) && value >= min && value <= max), message),
  );
}

const statusName = requiredString('name', { max: PIPELINE_STATUS_NAME_MAX });

// ---------------------------------------------------------------------------------------------
// Statuses
// ---------------------------------------------------------------------------------------------

export const pipelineStatusSchema = v.object({
  id: v.number(),
  stage: v.picklist(PIPELINE_STAGE_IDS),
  name: v.string(),
  position: v.number(),
  is_default: v.picklist([0, 1]),
  /** Patients now in this status (current stage = the status's stage). */
  patient_count: v.number(),
});
export type PipelineStatus = v.InferOutput<typeof pipelineStatusSchema>;

/** GET /api/pipelines?stage */
export const pipelinesQuery = v.object({ stage });
export type PipelinesQuery = v.InferOutput<typeof pipelinesQuery>;
export const pipelinesResponse = envelope(
  v.object({
    data: v.array(pipelineStatusSchema),
    /** The stage's default status id; null when the stage has none. */
    default: v.nullable(v.number()),
  }),
);
export type PipelinesResponse = v.InferOutput<typeof pipelinesResponse>;

/** GET /api/all-pipelines: every stage, 1 to 3, each with its statuses in order. */
export const allPipelinesResponse = envelope(
  v.array(v.object({ stage: v.picklist(PIPELINE_STAGE_IDS), stage_name: v.string(), statuses: v.array(pipelineStatusSchema) })),
);
export type AllPipelinesResponse = v.InferOutput<typeof allPipelinesResponse>;

/** The status form's fields. */
export const pipelineStatusFormSchema = v.object({ name: statusName, is_default: v.optional(flag01, 0) });
export type PipelineStatusFormInput = v.InferInput<typeof pipelineStatusFormSchema>;

/** POST /api/pipelines/store */
export const pipelineStatusStoreBody = v.object({ stage, ...pipelineStatusFormSchema.entries });
export type PipelineStatusStoreBody = v.InferOutput<typeof pipelineStatusStoreBody>;
/** POST /api/pipelines/update */
export const pipelineStatusUpdateBody = v.object({ id, ...pipelineStatusFormSchema.entries });
export type PipelineStatusUpdateBody = v.InferOutput<typeof pipelineStatusUpdateBody>;
export const pipelineStatusSavedResponse = v.object({ data: pipelineStatusSchema, message: v.string() });
export type PipelineStatusSavedResponse = v.InferOutput<typeof pipelineStatusSavedResponse>;

/** POST /api/pipelines/reorder: every live status of the stage, once each, in the new order. */
export const pipelineStatusReorderBody = v.object({ stage, ids: orderedIds(MAX_PIPELINE_STATUSES, PIPELINE_MESSAGES.reorderMismatch) });
export type PipelineStatusReorderBody = v.InferOutput<typeof pipelineStatusReorderBody>;
/** Answers the stage's statuses in their new order. */
export const pipelineStatusListResponse = v.object({ data: v.array(pipelineStatusSchema), message: v.string() });
export type PipelineStatusListResponse = v.InferOutput<typeof pipelineStatusListResponse>;

/**
 * POST /api/pipelines/delete: move_to_status_id (same stage, not the deleted one) is required when the
 * status has patients (422 chooseTarget otherwise); 409 usedByRules while rules name it. A deleted
 * default leaves the stage with no default until one is chosen.
 */
export const pipelineStatusDeleteBody = v.object({ id, move_to_status_id: optionalId });
export type PipelineStatusDeleteBody = v.InferOutput<typeof pipelineStatusDeleteBody>;
export const pipelineStatusDeletedResponse = v.object({ message: v.string(), data: v.object({ moved_patients: v.number() }) });
export type PipelineStatusDeletedResponse = v.InferOutput<typeof pipelineStatusDeletedResponse>;

// ---------------------------------------------------------------------------------------------
// The board
// ---------------------------------------------------------------------------------------------

/** One patient card. */
export const pipelineCardSchema = v.object({
  id: v.number(),
  name: v.string(),
  pipeline_status_id: v.nullable(v.number()),
  /** ISO instant the patient entered the status. */
  status_since: v.nullable(v.string()),
  /** Whole calendar days in the status, in the program's time zone (0 on the day of the move). */
  days_in_status: v.number(),
  checklist_percent: v.number(),
  checklist_deactivated: v.picklist([0, 1]),
  surgery_date: v.nullable(v.string()),
});
export type PipelineCard = v.InferOutput<typeof pipelineCardSchema>;

export const pipelineColumnSchema = v.object({
  status: pipelineStatusSchema,
  /** Patients in the status that match the search. */
  total: v.number(),
  /** Average whole days in the status of those patients; null with none. */
  average_days: v.nullable(v.number()),
  /** The page of cards asked for, longest in the status first. */
  cards: v.array(pipelineCardSchema),
  page: v.number(),
});
export type PipelineColumn = v.InferOutput<typeof pipelineColumnSchema>;

const cardsPerColumn = v.pipe(
  v.optional(v.union([v.number(), v.string()]), DEFAULT_CARDS_PER_COLUMN),
  v.transform(Number),
  v.check((n) => Number.isInteger(n) && n >= 1 && n <= MAX_CARDS_PER_COLUMN, `The per_column must be a whole number from 1 to ${MAX_CARDS_PER_COLUMN}.`),
);
const pageNumber = v.pipe(
  v.optional(v.union([v.number(), v.string()]), 1),
  v.transform(Number),
  v.check((n) => Number.isInteger(n) && n >= 1, 'The page must be a whole number of at least 1.'),
);

/**
 * GET /api/pipeline-patients-by-stage: every column of the stage with its first `per_column` cards;
 * with status_id, only that column, at `page` (for "Show more"). search narrows the cards and counts.
 */
export const pipelineBoardQuery = v.object({ stage, search: searchParam, per_column: cardsPerColumn, status_id: optionalId, page: pageNumber });
export type PipelineBoardQuery = v.InferOutput<typeof pipelineBoardQuery>;
export const pipelineBoardResponse = envelope(
  v.object({
    stage: v.picklist(PIPELINE_STAGE_IDS),
    columns: v.array(pipelineColumnSchema),
    /** Patients of the stage with no status (matching the search): see missing pipeline patients. */
    without_status: v.number(),
  }),
);
export type PipelineBoardResponse = v.InferOutput<typeof pipelineBoardResponse>;

/** GET /api/get-pipeline-patient-average-days?stage */
export const pipelineAverageDaysQuery = v.object({ stage });
export type PipelineAverageDaysQuery = v.InferOutput<typeof pipelineAverageDaysQuery>;
export const pipelineAverageDaysRowSchema = v.object({
  status_id: v.number(),
  name: v.string(),
  /** Patients in the status now, and their average whole days in it so far (null with none). */
  patients: v.number(),
  current_average_days: v.nullable(v.number()),
  /** Stays in the status that ended in the last 365 days, and their average length in whole days. */
  completed_stays: v.number(),
  completed_average_days: v.nullable(v.number()),
});
export type PipelineAverageDaysRow = v.InferOutput<typeof pipelineAverageDaysRowSchema>;
export const pipelineAverageDaysResponse = envelope(v.array(pipelineAverageDaysRowSchema));
export type PipelineAverageDaysResponse = v.InferOutput<typeof pipelineAverageDaysResponse>;

/** GET /api/pipeline-patients-excel?stage&search: every card of the stage, column by column. */
export const pipelineExcelQuery = v.object({ stage, search: searchParam });
export type PipelineExcelQuery = v.InferOutput<typeof pipelineExcelQuery>;
export const PIPELINE_EXCEL_COLUMNS = ['Status', 'Name', 'Days in status', 'Checklist %', 'Surgery date', 'E-mail', 'Phone', 'MRN'] as const;
/** GET /api/pipeline-patients-excel/by-average-days?stage */
export const PIPELINE_AVERAGE_DAYS_EXCEL_COLUMNS = [
  'Status',
  'Patients now',
  'Average days so far',
  'Stays ended (365 days)',
  'Average days of ended stays',
] as const;

/**
 * POST /api/pipeline-patients/move: from_status_id is the status the board showed (null: none); when
 * the patient is elsewhere now the answer is 409 staleMove and nothing changes. Rules do not run on
 * a move by hand (the next daily sweep still applies them).
 */
export const pipelineMoveBody = v.object({
  patient_id: requiredId('patient_id'),
  to_status_id: requiredId('to_status_id'),
  from_status_id: optionalId,
});
export type PipelineMoveBody = v.InferOutput<typeof pipelineMoveBody>;
export const pipelineMoveResponse = v.object({ data: pipelineCardSchema, message: v.string() });
export type PipelineMoveResponse = v.InferOutput<typeof pipelineMoveResponse>;

/** One recorded move: by `moved_by` (by hand) or by `rule` (automatic). */
export const pipelineMoveRecordSchema = v.object({
  id: v.number(),
  stage: v.picklist(PIPELINE_STAGE_IDS),
  from_status: v.nullable(v.object({ id: v.number(), name: v.string() })),
  to_status: v.nullable(v.object({ id: v.number(), name: v.string() })),
  moved_at: v.string(),
  moved_by: v.nullable(v.object({ id: v.number(), name: v.string() })),
  /** The rule that made the move, described ("Checklist % Complete: 100%"); null for a move by hand. */
  rule: v.nullable(v.object({ id: v.nullable(v.number()), type: v.number(), description: v.string() })),
});
export type PipelineMoveRecord = v.InferOutput<typeof pipelineMoveRecordSchema>;

/** GET /api/pipeline-patients/history?patient_id: newest first, up to 500. */
export const pipelineHistoryQuery = v.object({ patient_id: requiredId('patient_id') });
export type PipelineHistoryQuery = v.InferOutput<typeof pipelineHistoryQuery>;
export const pipelineHistoryResponse = envelope(v.array(pipelineMoveRecordSchema));
export type PipelineHistoryResponse = v.InferOutput<typeof pipelineHistoryResponse>;

// ---------------------------------------------------------------------------------------------
// Missing pipeline patients
// ---------------------------------------------------------------------------------------------

export const MISSING_PIPELINE_SORTS = ['name', 'current_stage', 'created_at'] as const;

/** GET /api/missing-pipeline-patients: the program's patients with no pipeline status. */
export const missingPipelineQuery = v.object({
  ...listQuery(MISSING_PIPELINE_SORTS, 'name').entries,
  stage: v.pipe(
    v.optional(v.union([v.number(), v.string()])),
    v.transform((value) => (value === undefined || String(value).trim() === '' ? undefined : Number(value))),
    v.union([v.undefined(), v.picklist(PIPELINE_STAGE_IDS)], invalidValue('stage')),
  ),
});
export type MissingPipelineQuery = v.InferOutput<typeof missingPipelineQuery>;
export const missingPipelinePatientSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.nullable(v.string()),
  current_stage: v.picklist(PIPELINE_STAGE_IDS),
  surgery_date: v.nullable(v.string()),
  created_at: v.string(),
});
export type MissingPipelinePatient = v.InferOutput<typeof missingPipelinePatientSchema>;
export const missingPipelineResponse = envelope(pageOf(missingPipelinePatientSchema));
export type MissingPipelineResponse = v.InferOutput<typeof missingPipelineResponse>;

/** POST /api/add-missing-pipeline-patient: status_id must be a status of the patient's current stage. */
export const addMissingPipelinePatientBody = v.object({ patient_id: requiredId('patient_id'), status_id: requiredId('status_id') });
export type AddMissingPipelinePatientBody = v.InferOutput<typeof addMissingPipelinePatientBody>;
export const addMissingPipelinePatientResponse = v.object({ data: pipelineCardSchema, message: v.string() });
export type AddMissingPipelinePatientResponse = v.InferOutput<typeof addMissingPipelinePatientResponse>;

// ---------------------------------------------------------------------------------------------
// Automation rules
// ---------------------------------------------------------------------------------------------

export const pipelineRuleSchema = v.object({
  id: v.number(),
  stage: v.picklist(PIPELINE_STAGE_IDS),
  type: v.picklist(PIPELINE_RULE_TYPE_IDS),
  type_label: v.string(),
  from_status_id: v.nullable(v.number()),
  to_status_id: v.number(),
  days: v.nullable(v.number()),
  checklist_item_id: v.nullable(v.number()),
  /** The item's title (with "(removed)" once it left its template); null for other types. */
  checklist_item_title: v.nullable(v.string()),
  percent: v.nullable(v.number()),
  priority: v.number(),
  /** 1 active, 0 off. */
  status: v.picklist([0, 1]),
  /** One line for the list: "Checklist % Complete reaches 100% → Ready for Surgery". */
  description: v.string(),
});
export type PipelineRuleRecord = v.InferOutput<typeof pipelineRuleSchema>;

/** GET /api/pipeline-automation-rule?stage: in the order they run. */
export const pipelineRuleListQuery = v.object({ stage });
export type PipelineRuleListQuery = v.InferOutput<typeof pipelineRuleListQuery>;
export const pipelineRuleListResponse = envelope(v.array(pipelineRuleSchema));
export type PipelineRuleListResponse = v.InferOutput<typeof pipelineRuleListResponse>;

/** GET /api/pipeline-automation-rule/new-todo-settings?stage: the choices of the rule form. */
export const pipelineRuleSettingsQuery = v.object({ stage });
export type PipelineRuleSettingsQuery = v.InferOutput<typeof pipelineRuleSettingsQuery>;
export const pipelineRuleSettingsResponse = envelope(
  v.object({
    rule_types: v.array(v.object({ id: v.picklist(PIPELINE_RULE_TYPE_IDS), label: v.string() })),
    statuses: v.array(v.object({ id: v.number(), name: v.string() })),
    /** Items of the stage's live templates (for type 2), by template then position. */
    checklist_items: v.array(v.object({ id: v.number(), title: v.string(), template_id: v.number(), template_name: v.string() })),
  }),
);
export type PipelineRuleSettingsResponse = v.InferOutput<typeof pipelineRuleSettingsResponse>;

const ruleFieldsEntries = {
  type: v.pipe(
    v.optional(v.union([v.number(), v.string()], invalidValue('type')), ''),
    v.check((value) => String(value).trim() !== '', required('type')),
    v.transform((value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value)),
    v.picklist(PIPELINE_RULE_TYPE_IDS, invalidValue('type')),
  ),
  from_status_id: optionalId,
  to_status_id: requiredId('to_status_id'),
  days: optionalWhole(0, MAX_RULE_DAYS, PIPELINE_MESSAGES.days),
  checklist_item_id: optionalId,
  percent: optionalWhole(1, 100, PIPELINE_MESSAGES.percent),
};

const ruleFieldsObject = v.object(ruleFieldsEntries);
type RuleFields = v.InferOutput<typeof ruleFieldsObject>;

/** The settings each type needs: days (1, 5), the item (2), the percentage (4); from ≠ to. */
const ruleChecks = [
  v.forward(v.check((rule: RuleFields) => !((rule.type === 1 || rule.type === 5) && rule.days === undefined), required('days')), ['days']),
  v.forward(v.check((rule: RuleFields) => !(rule.type === 2 && rule.checklist_item_id === undefined), PIPELINE_MESSAGES.chooseItem), ['checklist_item_id']),
  v.forward(v.check((rule: RuleFields) => !(rule.type === 4 && rule.percent === undefined), required('percent')), ['percent']),
  v.forward(v.check((rule: RuleFields) => rule.from_status_id !== rule.to_status_id, PIPELINE_MESSAGES.sameFromAndTo), ['to_status_id']),
] as const;

/** The rule form's fields (settings a type does not use are ignored and stored as null). */
export const pipelineRuleFormSchema = v.pipe(
  ruleFieldsObject,
  ...ruleChecks,
);
export type PipelineRuleFormInput = v.InferInput<typeof pipelineRuleFormSchema>;

/** POST /api/pipeline-automation-rule/store: added last in priority, active. */
export const pipelineRuleStoreBody = v.intersect([v.object({ stage }), pipelineRuleFormSchema]);
export type PipelineRuleStoreBody = v.InferOutput<typeof pipelineRuleStoreBody>;
/** PUT /api/pipeline-automation-rule/update: the stage, priority and on/off stay. */
export const pipelineRuleUpdateBody = v.intersect([v.object({ id }), pipelineRuleFormSchema]);
export type PipelineRuleUpdateBody = v.InferOutput<typeof pipelineRuleUpdateBody>;
export const pipelineRuleSavedResponse = v.object({ data: pipelineRuleSchema, message: v.string() });
export type PipelineRuleSavedResponse = v.InferOutput<typeof pipelineRuleSavedResponse>;

/** DELETE /api/pipeline-automation-rule/delete?id (moves it made stay recorded, without their rule). */
export const pipelineRuleDeleteQuery = v.object({ id });
export type PipelineRuleDeleteQuery = v.InferOutput<typeof pipelineRuleDeleteQuery>;
export const pipelineRuleDeletedResponse = messageOnly;

/** POST /api/pipeline-automation-rule/toggle-active {id}: answers the rule with its new status. */
export const pipelineRuleToggleBody = v.object({ id });
export type PipelineRuleToggleBody = v.InferOutput<typeof pipelineRuleToggleBody>;
export const pipelineRuleToggleResponse = pipelineRuleSavedResponse;
export type PipelineRuleToggleResponse = PipelineRuleSavedResponse;

/** POST /api/pipeline-automation-rule/update-priority: every rule of the stage once, first to run first. */
export const pipelineRulePriorityBody = v.object({ stage, ids: orderedIds(MAX_PIPELINE_RULES, PIPELINE_MESSAGES.rulesMismatch) });
export type PipelineRulePriorityBody = v.InferOutput<typeof pipelineRulePriorityBody>;
export const pipelineRulePriorityResponse = v.object({ data: v.array(pipelineRuleSchema), message: v.string() });
export type PipelineRulePriorityResponse = v.InferOutput<typeof pipelineRulePriorityResponse>;
