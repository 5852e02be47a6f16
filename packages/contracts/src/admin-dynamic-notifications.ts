/**
 * Dynamic notifications (super admins, permission manage_dynamic_notifications; admin-public-auth §3, §7):
 * a rule the daily run checks for every program's active patients — days around their surgery, no
 * weigh-in or no food logged for a while, weight lost reaching a value, a repeating reminder, days
 * after sign-up — narrowed by patient type and stages. A patient it holds for gets the message, with its
 * image and link, in the app inbox and by push, once per trigger (docs/admin.md, "Dynamic notifications").
 */
import * as v from 'valibot';
import { STAGES, type StageId } from '@baridesk/domain';
import { invalidValue, required } from './messages';
import { defineResource, field, imageField, type ResourceItem } from './resource-kit';
import { hasNoNul, optionalOf, requiredString, url } from './rules';

export const DYNAMIC_RULE_TYPES = ['surgery_date', 'weight', 'weight_lost', 'reminder', 'food', 'signup'] as const;
export type DynamicRuleType = (typeof DYNAMIC_RULE_TYPES)[number];
export const DYNAMIC_RULE_LABELS: Record<DynamicRuleType, string> = {
  surgery_date: 'Surgery date',
  weight: 'No weight logged',
  weight_lost: 'Weight lost',
  reminder: 'Reminder',
  food: 'No food logged',
  signup: 'Days after sign-up',
};

/** Who a notification is for: every patient, or those on the surgical or the non-surgical track (as events read it). */
export const DYNAMIC_PATIENT_TYPES = ['all', 'surgical', 'non_surgical'] as const;
export type DynamicPatientType = (typeof DYNAMIC_PATIENT_TYPES)[number];
export const DYNAMIC_PATIENT_TYPE_LABELS: Record<DynamicPatientType, string> = { all: 'All patients', surgical: 'Surgical', non_surgical: 'Non-surgical' };

export const DYNAMIC_DURATIONS = ['day', 'week', 'month'] as const;
export type DynamicDuration = (typeof DYNAMIC_DURATIONS)[number];
export const DYNAMIC_DURATION_LABELS: Record<DynamicDuration, string> = { day: 'Days', week: 'Weeks', month: 'Months' };

/** surgery_date's `type`: before or after the surgery date. */
export const DYNAMIC_SURGERY_TIMINGS = ['before', 'after'] as const;
export const DYNAMIC_SURGERY_TIMING_LABELS: Record<(typeof DYNAMIC_SURGERY_TIMINGS)[number], string> = { before: 'Before surgery', after: 'After surgery' };

/** reminder's `type`: the day the repeating period counts from. */
export const DYNAMIC_REMINDER_ANCHORS = ['signup', 'surgery'] as const;
export const DYNAMIC_REMINDER_ANCHOR_LABELS: Record<(typeof DYNAMIC_REMINDER_ANCHORS)[number], string> = {
  signup: 'Counted from sign-up',
  surgery: 'Counted from surgery',
};

/** Longest wait around surgery or after sign-up, in the rule's unit (ten years of days). */
export const DYNAMIC_MAX_OFFSET = 3650;
/** Longest silence or reminder period, in the rule's unit (a year of days). */
export const DYNAMIC_MAX_PERIOD = 365;
/** Most pounds a weight-lost rule may wait for. */
export const DYNAMIC_MAX_WEIGHT_LOST = 500;
export const DYNAMIC_MESSAGE_MAX_LENGTH = 1000;
/** The picture shown with the message in the app (and in the push notification). */
export const DYNAMIC_IMAGE_RULE = { minWidth: 200, minHeight: 200 } as const;

export const DYNAMIC_NOTIFICATION_MESSAGES = {
  created: 'Notification created successfully.',
  updated: 'Notification updated successfully.',
  statusUpdated: 'Notification status updated successfully.',
  deleted: 'Notification deleted successfully.',
  notFound: 'Notification not found.',
  inUse: (n: number) =>
    `This notification was sent to ${n} ${n === 1 ? 'patient' : 'patients'}: it cannot be deleted. Switch it off instead.`,
} as const;

const wholeIn = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number between ${min} and ${max}.`;
  return v.pipe(
    v.optional(v.nullable(v.union([v.number(message), v.string(message)], message)), null),
    v.check((value) => value !== null && String(value).trim() !== '', required(label)),
    v.transform((value) => Number(String(value).trim())),
    v.check((value) => Number.isInteger(value) && value >= min && value <= max, message),
  );
};
const poundsIn = (label: string, max: number) => {
  const message = `${label} must be a number of pounds above 0 and at most ${max}, with at most one decimal.`;
  return v.pipe(
    v.optional(v.nullable(v.union([v.number(message), v.string(message)], message)), null),
    v.check((value) => value !== null && String(value).trim() !== '', required(label)),
    v.transform((value) => Number(String(value).trim())),
    v.check((value) => Number.isFinite(value) && value > 0 && value <= max && Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, message),
  );
};
const choice = <const T extends readonly string[]>(label: string, choices: T, fallback?: T[number]) =>
  v.pipe(
    v.optional(v.nullable(v.string(invalidValue(label))), null),
    v.transform((value) => (value === null || value.trim() === '' ? (fallback ?? null) : value.trim())),
    v.check((value) => value !== null, required(label)),
    // A missing value was answered as required above.
    v.check((value) => value === null || (choices as readonly string[]).includes(value), invalidValue(label)),
    v.transform((value) => value as T[number]),
  );
const duration = choice('duration', DYNAMIC_DURATIONS, 'day');

/**
 * Each rule's metadata (spec §3's groups), checked by the rule chosen: the server answers 422 on
 * `metadata.<key>`. Numbers may come as text (a multipart form). Keys of another rule are dropped.
 */
export const DYNAMIC_RULE_METADATA = {
  /** `days` `duration`s before or after the surgery date (0: on the day); `surgery_type` narrows to one type of surgery (blank: any). */
  surgery_date: v.object({
    type: choice('type', DYNAMIC_SURGERY_TIMINGS),
    days: wholeIn('Days', 0, DYNAMIC_MAX_OFFSET),
    duration,
    surgery_type: v.pipe(
      v.optional(v.nullable(v.string(invalidValue('surgery type'))), null),
      v.transform((value) => (value === null ? '' : value.trim())),
      v.maxLength(64, 'The surgery type may not be greater than 64 characters.'),
      v.check(hasNoNul, invalidValue('surgery type')),
    ),
  }),
  /** No weigh-in for `days` `duration`s (counted from the last one, or from sign-up). */
  weight: v.object({ days: wholeIn('Days', 1, DYNAMIC_MAX_PERIOD), duration }),
  /** Total weight lost (starting weight minus current weight) reached `weight_lost` pounds. */
  weight_lost: v.object({ weight_lost: poundsIn('Weight lost', DYNAMIC_MAX_WEIGHT_LOST) }),
  /** Every `days` `duration`s counted from sign-up or from surgery (`type`). */
  reminder: v.object({ type: choice('type', DYNAMIC_REMINDER_ANCHORS, 'signup'), days: wholeIn('Days', 1, DYNAMIC_MAX_PERIOD), duration }),
  /** No food logged for `days` `duration`s (counted from the last food logged, or from sign-up). */
  food: v.object({ days: wholeIn('Days', 1, DYNAMIC_MAX_PERIOD), duration }),
  /** `days` days after sign-up (0: on the day). */
  signup: v.object({ days: wholeIn('Days', 0, DYNAMIC_MAX_OFFSET) }),
} as const;

export type DynamicRuleMetadata = { [K in DynamicRuleType]: v.InferOutput<(typeof DYNAMIC_RULE_METADATA)[K]> };
/** A stored rule's metadata, whichever its type. */
export type AnyDynamicMetadata = Partial<Record<'type' | 'duration' | 'surgery_type', string> & Record<'days' | 'weight_lost', number>>;

/** The fields each rule's form shows, in order. */
export const DYNAMIC_RULE_FIELDS: Record<DynamicRuleType, readonly (keyof AnyDynamicMetadata)[]> = {
  surgery_date: ['type', 'days', 'duration', 'surgery_type'],
  weight: ['days', 'duration'],
  weight_lost: ['weight_lost'],
  reminder: ['type', 'days', 'duration'],
  food: ['days', 'duration'],
  signup: ['days'],
};

/**
 * A rule's metadata checked by its type: the clean metadata, or the errors by `metadata.<key>` (the
 * body's path, as the form names its inputs).
 */
export function checkDynamicMetadata(
  ruleType: string,
  metadata: unknown,
): { metadata: AnyDynamicMetadata } | { errors: Record<string, string[]> } {
  const schema = (DYNAMIC_RULE_METADATA as Record<string, v.GenericSchema>)[ruleType];
  if (!schema) return { errors: { rule_type: [invalidValue('rule')] } };
  const parsed = v.safeParse(schema, metadata ?? {});
  if (parsed.success) return { metadata: parsed.output as AnyDynamicMetadata };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.issues) {
    const key = `metadata.${v.getDotPath(issue) ?? ''}`.replace(/\.$/, '');
    (errors[key] ??= []).push(issue.message);
  }
  return { errors };
}

const METADATA_MESSAGE = 'The rule details must be an object of the rule’s fields.';
/** The metadata as JSON gives it, or as a multipart form's text part holding JSON. */
const metadataInput = v.pipe(
  v.optional(v.nullable(v.union([v.string(METADATA_MESSAGE), v.record(v.string(), v.unknown(), METADATA_MESSAGE)], METADATA_MESSAGE)), null),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const value = dataset.value;
    if (value === null || value === undefined) return {};
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return {};
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Answered below as any other shape.
    }
    addIssue({ message: METADATA_MESSAGE });
    return NEVER;
  }),
);

const STAGE_IDS = STAGES.map((stage) => stage.id) as readonly StageId[];
const STAGES_MESSAGE = 'The stages must be 1 (Pre-Op), 2 (Post-Op) or 3 (Weight-Management), each once.';
/** Stages as a list, or as a multipart text part: "1,2" or "[1,2]". None: every stage. */
const stagesInput = v.pipe(
  v.optional(v.nullable(v.union([v.string(STAGES_MESSAGE), v.array(v.union([v.number(), v.string()]), STAGES_MESSAGE)], STAGES_MESSAGE)), null),
  v.transform((value): unknown[] => {
    if (value === null || value === undefined) return [];
    if (Array.isArray(value)) return value;
    const text = value.trim().replace(/^\[(.*)\]$/s, '$1');
    return text === '' ? [] : text.split(',');
  }),
  v.transform((list) => list.map((stage) => (typeof stage === 'string' && /^\s*\d\s*$/.test(stage) ? Number(stage) : stage))),
  v.check((list) => list.every((stage) => (STAGE_IDS as readonly unknown[]).includes(stage)) && new Set(list).size === list.length, STAGES_MESSAGE),
  v.transform((list) => [...(list as StageId[])].sort()),
);

export const DYNAMIC_NOTIFICATION_SORTS = ['created_at', 'updated_at', 'rule_type', 'patient_type', 'status', 'message', 'sent_count'] as const;

/**
 * GET /api/admin/dynamic-notification (page, perPage, search in the message, sort, status, rule_type),
 * GET /{id}, POST '' (create; JSON or multipart with the image as a file part), POST /{id} with
 * `_method=PUT` (update), DELETE /{id} (409 once it sent), PATCH /status/{id}.
 */
export const dynamicNotificationResource = defineResource({
  name: 'dynamic-notification',
  entity: 'dynamic_notification',
  labels: { singular: 'Notification', plural: 'Dynamic Notifications' },
  fields: {
    rule_type: field('text', 'Rule', choice('rule', DYNAMIC_RULE_TYPES)),
    metadata: field('text', 'Rule details', metadataInput, { output: v.record(v.string(), v.union([v.string(), v.number()])), column: false }),
    patient_type: field('text', 'Patient type', choice('patient type', DYNAMIC_PATIENT_TYPES, 'all')),
    stages: field('text', 'Stages', stagesInput, { output: v.array(v.number()) }),
    message: field('textarea', 'Message', requiredString('message', { max: DYNAMIC_MESSAGE_MAX_LENGTH })),
    image: imageField('image', 'Image', DYNAMIC_IMAGE_RULE, { column: false }),
    url: field('url', 'Link', optionalOf(url('link', { max: 2048 }), invalidValue('link')), { output: v.nullable(v.string()), column: false }),
  },
  labelField: 'message',
  extra: { sent_count: v.number() },
  sorts: DYNAMIC_NOTIFICATION_SORTS,
  defaultSort: 'created_at',
  filters: { rule_type: v.optional(v.picklist(DYNAMIC_RULE_TYPES, invalidValue('rule'))) },
  scope: 'global',
  permission: { who: 'super-admin', slug: 'manage_dynamic_notifications' },
  status: true,
  ordering: false,
  multipart: true,
  messages: DYNAMIC_NOTIFICATION_MESSAGES,
  paths: {
    base: '/api/admin/dynamic-notification',
    store: { method: 'POST', path: '' },
    show: '/:id',
    update: { method: 'POST', path: '/:id', as: 'PUT' },
    delete: { method: 'DELETE', path: '/:id' },
    toggleStatus: { method: 'PATCH', path: '/status/:id' },
  },
});

export type DynamicNotification = ResourceItem<typeof dynamicNotificationResource>;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A rule in words: "3 days before surgery (Sleeve)", "No weight logged for 2 weeks", "Every 1 month from surgery". */
export function describeDynamicRule(ruleType: string, metadata: AnyDynamicMetadata): string {
  const days = metadata.days ?? 0;
  const unit = metadata.duration ?? 'day';
  switch (ruleType as DynamicRuleType) {
    case 'surgery_date': {
      const when = days === 0 ? 'On the surgery day' : `${plural(days, unit)} ${metadata.type === 'before' ? 'before' : 'after'} surgery`;
      return metadata.surgery_type ? `${when} (${metadata.surgery_type})` : when;
    }
    case 'weight':
      return `No weight logged for ${plural(days, unit)}`;
    case 'weight_lost':
      return `Lost ${metadata.weight_lost ?? 0} lb`;
    case 'reminder':
      return `Every ${plural(days, unit)} from ${metadata.type === 'surgery' ? 'surgery' : 'sign-up'}`;
    case 'food':
      return `No food logged for ${plural(days, unit)}`;
    case 'signup':
      return days === 0 ? 'On the sign-up day' : `${plural(days, 'day')} after sign-up`;
    default:
      return ruleType;
  }
}

/** What `fastify.dynamicNotificationRuns.runProgram` did for one program's day. */
export interface DynamicRunResult {
  /** Patients reached for the first time for their trigger (one send each). */
  sent: number;
  /** Inbox messages created: one per notification that reached anyone. */
  messages: number;
}

/** POST /api/admin/dynamic-notification/run: queues every program's run for its local day now, as the daily run would. */
export const dynamicRunResponse = v.object({ data: v.object({ programs: v.number() }), message: v.string() });
export const dynamicRunQueued = (programs: number) => `The notifications run was queued for ${programs} ${programs === 1 ? 'program' : 'programs'}.`;
