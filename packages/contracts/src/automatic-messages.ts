/**
 * Automatic messages (staff area, /automatic-messages): a program's rules, each sending its message once
 * per patient and trigger (days after signup, before or after the surgery date, in a stage; no weight
 * logged for N days; a checklist item due). API: GET and POST /api/automatic-messages, PUT and DELETE
 * /api/automatic-messages/{id}, and the spec's on/off switch PUT /api/AutomaticMessages/message-field-status/update.
 * The program's "no weight logged" rule is its weight reminder (/weight-reminder-message edits the same rule).
 */
import * as v from 'valibot';
import { STAGES } from '@baridesk/domain';
import { pageOf } from './common';
import { invalidValue, maxLength, required } from './messages';
import { flag01, hasNoNul, id, requiredId, requiredString } from './rules';
import { listQuery } from './common';
import { DELIVERY_CHANNEL_NAMES } from './delivery';

export const AUTOMATIC_TRIGGER_NAMES = [
  'days_after_signup',
  'days_before_surgery',
  'days_after_surgery',
  'days_in_stage',
  'no_weight_logged',
  'checklist_item_due',
] as const;
export type AutomaticTriggerName = (typeof AUTOMATIC_TRIGGER_NAMES)[number];

/** How the screen names each trigger, and what its "days" mean. */
export const AUTOMATIC_TRIGGER_LABELS: Readonly<Record<AutomaticTriggerName, { label: string; days: string }>> = {
  days_after_signup: { label: 'Days after signup', days: 'Days after the patient signed up' },
  days_before_surgery: { label: 'Days before surgery', days: 'Days before the surgery date' },
  days_after_surgery: { label: 'Days after surgery', days: 'Days after the surgery date' },
  days_in_stage: { label: 'Days in a stage', days: 'Days since the patient entered the stage' },
  no_weight_logged: { label: 'No weight logged', days: 'Days without a weigh-in' },
  checklist_item_due: { label: 'Checklist item due', days: 'Days before the item is due' },
};

const MESSAGE_CHANNELS = DELIVERY_CHANNEL_NAMES;

export const AUTOMATIC_MESSAGE_MAX_LENGTH = 2000;
export const AUTOMATIC_MAX_DAYS = 3650;

export const AUTOMATIC_MESSAGES = {
  created: 'Automatic message created successfully.',
  updated: 'Automatic message updated successfully.',
  deleted: 'Automatic message deleted successfully.',
  switchedOn: 'The automatic message is now on.',
  switchedOff: 'The automatic message is now off.',
  notFound: 'Automatic message not found.',
  triggerInvalid: 'Please choose when the message is sent.',
  daysRange: `Days must be a whole number from 0 to ${AUTOMATIC_MAX_DAYS}.`,
  noWeightDays: 'Days without a weigh-in must be a whole number from 1 to 365.',
  stageRequired: 'Please choose the stage.',
  checklistItemRequired: 'Please choose the checklist item.',
  checklistItemUnknown: 'Checklist item not found.',
  channelsRequired: 'Please choose at least one channel.',
  channelInvalid: 'Channels may only be App inbox, E-mail and Push notification.',
  runQueued: 'The automatic messages are being checked now; patients who are due get their message in a moment.',
  oneWeightReminder: 'The program already has a "No weight logged" message: it is the weight reminder; edit that one.',
} as const;

/** One rule, as the list and the saves answer it. */
export const automaticRuleSchema = v.object({
  id: v.number(),
  trigger: v.picklist(AUTOMATIC_TRIGGER_NAMES),
  days: v.number(),
  /** The stage of a days_in_stage rule (1 Pre-Op, 2 Post-Op, 3), else null. */
  stage: v.nullable(v.number()),
  /** The checklist template item of a checklist_item_due rule, else null; with its title. */
  checklist_item_id: v.nullable(v.number()),
  checklist_item_title: v.nullable(v.string()),
  title: v.string(),
  message: v.string(),
  channels: v.array(v.picklist(MESSAGE_CHANNELS)),
  /** 1 on, 0 off (the spec's message field status). */
  status: v.picklist([0, 1]),
  /** How many patients the rule has sent to so far. */
  sent_count: v.number(),
  created_at: v.string(),
  updated_at: v.string(),
});
export type AutomaticRule = v.InferOutput<typeof automaticRuleSchema>;

export const AUTOMATIC_RULE_SORTS = ['title', 'trigger', 'days', 'status', 'created_at'] as const;
/** GET /api/automatic-messages: page, perPage, search (title or text), sort, direction, status. */
export const automaticRuleListQuery = listQuery(AUTOMATIC_RULE_SORTS, 'created_at', { status: true });
export type AutomaticRuleListQuery = v.InferOutput<typeof automaticRuleListQuery>;
export const automaticRuleListResponse = v.object({ data: pageOf(automaticRuleSchema) });
export type AutomaticRuleListResponse = v.InferOutput<typeof automaticRuleListResponse>;

const wholeDays = v.optional(
  v.pipe(
    v.union([v.number(), v.string()], AUTOMATIC_MESSAGES.daysRange),
    v.transform((value): number => (typeof value === 'number' ? value : /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : Number.NaN)),
    v.check((days) => Number.isInteger(days) && days >= 0 && days <= AUTOMATIC_MAX_DAYS, AUTOMATIC_MESSAGES.daysRange),
  ),
  '',
);

const channels = v.optional(
  v.pipe(
    v.array(v.picklist(MESSAGE_CHANNELS, AUTOMATIC_MESSAGES.channelInvalid), AUTOMATIC_MESSAGES.channelInvalid),
    // In the one order the screens show them, each once.
    v.transform((list) => MESSAGE_CHANNELS.filter((c) => list.includes(c))),
    v.check((list) => list.length > 0, AUTOMATIC_MESSAGES.channelsRequired),
  ),
  ['inbox'],
);

const stageIds = STAGES.map((stage) => stage.id) as number[];
const optionalStage = v.optional(
  v.nullable(
    v.pipe(
      v.union([v.number(), v.string()], invalidValue('stage')),
      v.transform((value) => (value === '' ? null : Number(value))),
      v.check((value) => value === null || stageIds.includes(value), invalidValue('stage')),
    ),
  ),
  null,
);

const ruleFields = v.object({
  trigger: v.optional(v.picklist(AUTOMATIC_TRIGGER_NAMES, AUTOMATIC_MESSAGES.triggerInvalid), '' as never),
  days: wholeDays,
  stage: optionalStage,
  checklist_item_id: v.optional(v.nullable(id), null),
  title: requiredString('title'),
  message: v.optional(
    v.pipe(
      v.string(required('message')),
      v.trim(),
      v.nonEmpty(required('message')),
      v.maxLength(AUTOMATIC_MESSAGE_MAX_LENGTH, maxLength('message', AUTOMATIC_MESSAGE_MAX_LENGTH)),
      v.check(hasNoNul, invalidValue('message')),
    ),
    '',
  ),
  channels,
  status: v.optional(flag01, 1 as never),
});
type RuleFields = v.InferOutput<typeof ruleFields>;

/** The checks that depend on the trigger, each reported on its own field. */
const triggerChecks = v.rawCheck<RuleFields>(({ dataset, addIssue }) => {
  if (!dataset.typed) return;
  const rule = dataset.value;
  const issue = (key: keyof RuleFields, message: string) =>
    addIssue({ message, path: [{ type: 'object', origin: 'value', input: rule, key, value: rule[key] }] });
  if (rule.trigger === 'days_in_stage' && rule.stage === null) issue('stage', AUTOMATIC_MESSAGES.stageRequired);
  if (rule.trigger === 'checklist_item_due' && rule.checklist_item_id === null) issue('checklist_item_id', AUTOMATIC_MESSAGES.checklistItemRequired);
  if (rule.trigger === 'no_weight_logged' && (rule.days < 1 || rule.days > 365)) issue('days', AUTOMATIC_MESSAGES.noWeightDays);
});

/** POST /api/automatic-messages and PUT /api/automatic-messages/{id}: every field of the rule. */
export const automaticRuleSaveBody = v.pipe(ruleFields, triggerChecks);
export type AutomaticRuleSaveBody = v.InferOutput<typeof automaticRuleSaveBody>;
export type AutomaticRuleSaveInput = v.InferInput<typeof automaticRuleSaveBody>;

/** PUT /api/AutomaticMessages/message-field-status/update: switches one rule on (1) or off (0). */
export const automaticRuleStatusBody = v.object({ id: requiredId('id'), message_field_status: flag01 });
export type AutomaticRuleStatusBody = v.InferOutput<typeof automaticRuleStatusBody>;

export const automaticRuleSavedResponse = v.object({ data: automaticRuleSchema, message: v.string() });
export type AutomaticRuleSavedResponse = v.InferOutput<typeof automaticRuleSavedResponse>;

/** POST /api/automatic-messages/run: the program's run is queued (false: one was already waiting). */
export const automaticRunResponse = v.object({ message: v.string(), queued: v.boolean() });

/** GET /api/automatic-messages/checklist-items: the program's template items a rule can wait for. */
export const automaticChecklistItemsResponse = v.object({
  data: v.array(v.object({ id: v.number(), title: v.string(), template: v.string(), stage: v.number() })),
});
export type AutomaticChecklistItems = v.InferOutput<typeof automaticChecklistItemsResponse>['data'];

// ---------------------------------------------------------------------------------------------------
// Alerts (/alerts, the flag alert_notification): what a program's staff need to act on.
// ---------------------------------------------------------------------------------------------------

/** How many days without app activity and without a weigh-in make a patient "stopped logging", unless asked. */
export const INACTIVE_DEFAULT_DAYS = 14;
/** Failed deliveries older than this leave the attention list (they stay on the message's show screen). */
export const FAILED_DELIVERY_WINDOW_DAYS = 30;

export const ALERT_MESSAGES = {
  retried: 'The deliveries are queued again.',
  handled: 'The reply is marked as handled.',
  replyNotFound: 'Reply not found.',
  nothingToRetry: 'None of these deliveries can be retried.',
} as const;

const pageEntries = listQuery(['created_at'], 'created_at').entries;

/** GET /api/alerts/failed-deliveries */
export const failedDeliveriesQuery = v.object({ page: pageEntries.page, perPage: pageEntries.perPage });
export const failedDeliverySchema = v.object({
  id: v.number(),
  message_id: v.number(),
  message_title: v.string(),
  patient_id: v.number(),
  patient_name: v.string(),
  channel: v.picklist(MESSAGE_CHANNELS),
  error: v.nullable(v.string()),
  attempts: v.number(),
  failed_at: v.nullable(v.string()),
});
export type FailedDelivery = v.InferOutput<typeof failedDeliverySchema>;
export const failedDeliveriesResponse = v.object({ data: pageOf(failedDeliverySchema) });

/** POST /api/alerts/failed-deliveries/retry: the failed deliveries to queue again (e-mail and push). */
export const retryDeliveriesBody = v.object({
  ids: v.optional(
    v.pipe(
      v.array(v.pipe(v.union([v.number(), v.string()], invalidValue('ids')), v.transform(Number), v.integer(invalidValue('ids')), v.minValue(1, invalidValue('ids'))), invalidValue('ids')),
      v.minLength(1, required('ids')),
      v.maxLength(500, 'At most 500 deliveries can be retried at once.'),
    ),
    [] as never,
  ),
});
export type RetryDeliveriesBody = v.InferOutput<typeof retryDeliveriesBody>;
export const retryDeliveriesResponse = v.object({ data: v.object({ retried: v.number() }), message: v.string() });

/** GET /api/alerts/inactive-patients: active patients with no app activity and no weigh-in for `days` days. */
export const inactivePatientsQuery = v.object({
  page: pageEntries.page,
  perPage: pageEntries.perPage,
  days: v.optional(
    v.pipe(
      v.union([v.number(), v.string()], 'Days must be a whole number from 1 to 365.'),
      v.transform(Number),
      v.check((n) => Number.isInteger(n) && n >= 1 && n <= 365, 'Days must be a whole number from 1 to 365.'),
    ),
    INACTIVE_DEFAULT_DAYS,
  ),
});
export const inactivePatientSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.nullable(v.string()),
  current_stage: v.number(),
  last_app_activity_at: v.nullable(v.string()),
  last_weight_on: v.nullable(v.string()),
});
export type InactivePatient = v.InferOutput<typeof inactivePatientSchema>;
export const inactivePatientsResponse = v.object({ data: pageOf(inactivePatientSchema) });

/** GET /api/alerts/replies: the patients' replies from the app; unhandled ones unless handled=1. */
export const repliesQuery = v.object({ page: pageEntries.page, perPage: pageEntries.perPage, handled: v.optional(flag01, 0 as never) });
export const replySchema = v.object({
  id: v.number(),
  patient_id: v.number(),
  patient_name: v.string(),
  message_id: v.nullable(v.number()),
  message_title: v.nullable(v.string()),
  body: v.string(),
  created_at: v.string(),
  handled_at: v.nullable(v.string()),
  handled_by_name: v.nullable(v.string()),
});
export type PatientReply = v.InferOutput<typeof replySchema>;
export const repliesResponse = v.object({ data: pageOf(replySchema) });
export const replyHandledResponse = v.object({ data: replySchema, message: v.string() });

/** GET /api/alerts/counts: the sidebar's figures (kept for a minute per program on the server). */
export const alertCountsSchema = v.object({ failed_deliveries: v.number(), inactive_patients: v.number(), replies: v.number() });
export type AlertCounts = v.InferOutput<typeof alertCountsSchema>;
export const alertCountsResponse = v.object({ data: alertCountsSchema });

// ---------------------------------------------------------------------------------------------------
// Help: support messages (/support-messages/:type/store, program users only).
// ---------------------------------------------------------------------------------------------------

/** The help group's types as the screen's address names them (and the table stores them), with their titles. */
export const SUPPORT_TYPES = {
  'product-support': { title: 'Product Support' },
  'support-groups': { title: 'Support Group Assistance' },
  'vitamin-supplements': { title: 'Request Vitamin Samples' },
} as const;
export type SupportTypeSlug = keyof typeof SUPPORT_TYPES;
export const SUPPORT_TYPE_SLUGS = Object.keys(SUPPORT_TYPES) as SupportTypeSlug[];
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;

export const SUPPORT_MESSAGES = {
  sent: 'Your message has been sent. The support team will get back to you by e-mail.',
  typeInvalid: 'Please choose product support, support groups or vitamin samples.',
  subUserInvalid: 'The sub user must be your program’s own.',
  programUsersOnly: 'Help messages are for program users only.',
} as const;

/** POST /api/support-message/store: the type, the message, and the program's sub user (optional). */
export const supportMessageBody = v.object({
  sub_user_id: v.optional(v.nullable(id), null),
  type: v.optional(v.picklist(SUPPORT_TYPE_SLUGS as [SupportTypeSlug, ...SupportTypeSlug[]], SUPPORT_MESSAGES.typeInvalid), '' as never),
  message: v.optional(
    v.pipe(
      v.string(required('message')),
      v.trim(),
      v.nonEmpty(required('message')),
      v.maxLength(SUPPORT_MESSAGE_MAX_LENGTH, maxLength('message', SUPPORT_MESSAGE_MAX_LENGTH)),
      v.check(hasNoNul, invalidValue('message')),
    ),
    '',
  ),
});
export type SupportMessageBody = v.InferOutput<typeof supportMessageBody>;
export type SupportMessageInput = v.InferInput<typeof supportMessageBody>;
export const supportMessageResponse = v.object({
  data: v.object({ id: v.number(), type: v.string(), created_at: v.string(), mailed: v.boolean() }),
  message: v.string(),
});
