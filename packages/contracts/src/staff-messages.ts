/**
 * On-demand and scheduled messages (staff area §2, issue 16 items 3, 4 and 9): what staff write to a
 * chosen set of patients, or to a filter of the patient list, sent now (POST /api/on-demand-messages) or
 * at a date and time, once or again by an RFC 5545 rule (POST /api/scheduled-messages).
 */
import * as v from 'valibot';
import { dateOrder } from './date-rules';
import { envelope, listQuery, pageOf } from './common';
import { deliveryChannelSchema, deliverySummarySchema, type DeliveryChannelName } from './delivery';
import { forwardedCheck } from './forwarded-check';
import { MESSAGE_TEMPLATE_MAX_LENGTH } from './messaging';
import { recurrenceRuleField } from './message-recurrence';
import { patientListCriteriaEntries } from './patients';
import { MAX_ID, id, requiredString } from './rules';

/** The most patients one message may name by id (a larger audience is a filter of the patient list). */
export const MAX_CHOSEN_PATIENTS = 5000;
export const DEFAULT_MESSAGE_CHANNELS: DeliveryChannelName[] = ['inbox'];

/** Not in the spec: the wording of these screens' answers. */
export const STAFF_MESSAGE_MESSAGES = {
  sent: 'Message queued for sending.',
  scheduled: 'Message scheduled.',
  updated: 'Scheduled message updated.',
  paused: 'Scheduled message paused.',
  resumed: 'Scheduled message resumed.',
  cancelled: 'Scheduled message cancelled.',
  notFound: 'Message not found.',
  scheduledNotFound: 'Scheduled message not found.',
  runNotFound: 'Run not found.',
  chooseAudience: 'Choose the patients, or a filter of the patient list.',
  audienceBoth: 'Choose the patients or a filter, not both.',
  noPatients: 'Choose at least one patient.',
  tooManyPatients: `Choose at most ${MAX_CHOSEN_PATIENTS} patients, or send to a filter of the patient list.`,
  badPatientId: 'Each patient id must be a positive whole number.',
  duplicatePatient: 'Each patient may be chosen only once.',
  unknownPatients: 'Some of the chosen patients are not patients of this program.',
  noRecipients: 'No patient matches this audience.',
  channels: 'Choose at least one channel: inbox, email or push.',
  duplicateChannel: 'Each channel may be chosen only once.',
  unknownTemplate: 'The message template was not found.',
  sendAt: 'The send at field must be a date and time such as 2026-12-01T09:00.',
  sendAtPast: 'The send at time must be in the future.',
  noRunLeft: 'The repeat rule gives no run after the send at time.',
  timezone: 'The timezone must be a time zone name such as America/Chicago, or "patient" for each patient’s own.',
  notActive: 'Only an active scheduled message can be paused.',
  notPaused: 'Only a paused scheduled message can be resumed.',
  finished: 'This scheduled message is cancelled or completed: it can no longer be changed.',
} as const;

const isPatientId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;

/** A patient-list filter (its search and filters, without paging or order): who gets the message when it is sent. */
const audienceFilterEntries = v.object(v.omit(v.object(patientListCriteriaEntries), ['sort', 'direction']).entries);
export const audienceFilterSchema = v.pipe(
  audienceFilterEntries,
  dateOrder<v.InferOutput<typeof audienceFilterEntries>>({ start: 'surgery_from', end: 'surgery_to', op: '<=' }),
);
export type AudienceFilter = v.InferOutput<typeof audienceFilterSchema>;

const patientIds = v.pipe(
  v.array(v.unknown(), STAFF_MESSAGE_MESSAGES.badPatientId),
  v.minLength(1, STAFF_MESSAGE_MESSAGES.noPatients),
  v.maxLength(MAX_CHOSEN_PATIENTS, STAFF_MESSAGE_MESSAGES.tooManyPatients),
  v.check((ids) => ids.every(isPatientId), STAFF_MESSAGE_MESSAGES.badPatientId),
  v.check((ids) => new Set(ids).size === ids.length, STAFF_MESSAGE_MESSAGES.duplicatePatient),
  v.transform((ids) => ids as number[]),
);

const channels = v.optional(
  v.pipe(
    v.array(deliveryChannelSchema, STAFF_MESSAGE_MESSAGES.channels),
    v.minLength(1, STAFF_MESSAGE_MESSAGES.channels),
    v.check((list) => new Set(list).size === list.length, STAFF_MESSAGE_MESSAGES.duplicateChannel),
  ),
  DEFAULT_MESSAGE_CHANNELS,
);
/** The channels a message to patients goes through (at least one, each once; inbox unless told), for other senders' bodies. */
export const messageChannelsInput = channels;

const audienceEntries = {
  /** Chosen patients of the caller's program (1 to MAX_CHOSEN_PATIENTS, each once). */
  patient_ids: v.nullish(patientIds),
  /** Or the patient list's search and filters, resolved when the message is sent. */
  filter: v.nullish(audienceFilterSchema),
};

/** Exactly one of patient_ids and filter (null counts as left out); the error goes to patient_ids. */
const oneAudience = <T extends Record<string, unknown>>() =>
  forwardedCheck<T>(['patient_ids', 'filter'], 'patient_ids', (input) => (input.patient_ids == null) !== (input.filter == null), STAFF_MESSAGE_MESSAGES.chooseAudience);

const audienceObject = v.object(audienceEntries);
/** POST /api/on-demand-messages/audience-count: how many patients an audience reaches now. */
export const audienceCountBody = v.pipe(audienceObject, oneAudience<v.InferOutput<typeof audienceObject>>());
export type AudienceCountBody = v.InferOutput<typeof audienceCountBody>;
export const audienceCountResponse = envelope(v.object({ count: v.number() }));

const contentEntries = {
  title: requiredString('title'),
  message: requiredString('message', { max: MESSAGE_TEMPLATE_MAX_LENGTH }),
  channels,
  /** The template the text came from (kept for reference; the text sent is `message`). */
  message_template_id: v.nullish(id.wrapped),
  ...audienceEntries,
};

const onDemandEntries = v.object(contentEntries);
/** POST /api/on-demand-messages: stores the message and queues its sending; answers 201 with it. */
export const onDemandMessageBody = v.pipe(onDemandEntries, oneAudience<v.InferOutput<typeof onDemandEntries>>());
export type OnDemandMessageBody = v.InferOutput<typeof onDemandMessageBody>;

/** A local date-time "yyyy-MM-ddTHH:mm" (seconds allowed), or an instant with its offset ("…Z", "…+02:00"). */
const SEND_AT = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;
export function isSendAt(value: string): boolean {
  const match = SEND_AT.exec(value);
  if (!match) return false;
  const [, date, hh, mm, ss] = match;
  const day = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === date && Number(hh) < 24 && Number(mm) < 60 && Number(ss ?? 0) < 60;
}
/** True when a send_at names an instant (carries an offset) rather than a time on the clock of its zone. */
export const sendAtHasOffset = (value: string): boolean => /(Z|[+-]\d{2}:?\d{2})$/.test(value);

/** `timezone: "patient"`: each patient receives it at the local time in their own zone (the program's when they have none). */
export const PATIENT_TIMEZONE = 'patient';

/** The time zones the forms offer besides the program's (scheduled messages, events): the US zones first. */
export const TIME_ZONE_CHOICES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'UTC',
  'Europe/London',
] as const;

export function isTimeZone(value: string): boolean {
  try {
    // Not a display: the runtime's own time-zone table is asked whether it knows the name (it throws if not).
    // eslint-disable-next-line no-restricted-syntax
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length <= 64;
  } catch {
    return false;
  }
}

const scheduleEntries = {
  send_at: v.optional(
    v.pipe(v.string(STAFF_MESSAGE_MESSAGES.sendAt), v.trim(), v.nonEmpty('The send at field is required.'), v.check(isSendAt, STAFF_MESSAGE_MESSAGES.sendAt)),
    '',
  ),
  /** An IANA time zone, or "patient"; the program's when left out or blank. */
  timezone: v.nullish(
    v.pipe(
      v.string(STAFF_MESSAGE_MESSAGES.timezone),
      v.trim(),
      v.check((zone) => zone === '' || zone === PATIENT_TIMEZONE || isTimeZone(zone), STAFF_MESSAGE_MESSAGES.timezone),
      v.transform((zone) => (zone === '' ? null : zone)),
    ),
  ),
  /** An RFC 5545 RRULE (daily, weekly on days, monthly); none: sent once. */
  rrule: recurrenceRuleField,
};

const scheduledEntries = v.object({ ...contentEntries, ...scheduleEntries });
/** POST /api/scheduled-messages, PUT /api/scheduled-messages/{id}: the content and audience, plus when. */
export const scheduledMessageBody = v.pipe(scheduledEntries, oneAudience<v.InferOutput<typeof scheduledEntries>>());
export type ScheduledMessageBody = v.InferOutput<typeof scheduledMessageBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());

/** The audience as asked: the chosen patients' ids or the filter. */
export const audienceSchema = v.object({
  patient_ids: v.optional(v.array(v.number())),
  filter: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
});

export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** A message as sent: on-demand, or one run of a scheduled message. */
export const sentMessageSchema = v.object({
  id: v.number(),
  title: v.string(),
  message: v.string(),
  channels: v.array(deliveryChannelSchema),
  audience: audienceSchema,
  /** Set once the sending resolved the audience. */
  recipient_count: nullableNumber,
  status: v.picklist(MESSAGE_STATUSES),
  message_template_id: nullableNumber,
  created_by_name: nullableString,
  created_at: v.string(),
  sent_at: nullableString,
  run_at: nullableString,
});
export type SentMessage = v.InferOutput<typeof sentMessageSchema>;

export const ON_DEMAND_MESSAGE_SORTS = ['title', 'created_at', 'sent_at', 'recipient_count'] as const;
export const onDemandMessageListQuery = listQuery(ON_DEMAND_MESSAGE_SORTS, 'created_at');
export type OnDemandMessageListQuery = v.InferOutput<typeof onDemandMessageListQuery>;
export const onDemandMessageListResponse = envelope(pageOf(sentMessageSchema));

/** A sent message with its per-channel summary (the show screen). */
export const sentMessageDetailSchema = v.object({ ...sentMessageSchema.entries, summary: deliverySummarySchema });
export type SentMessageDetail = v.InferOutput<typeof sentMessageDetailSchema>;
export const onDemandMessageResponse = envelope(sentMessageDetailSchema);
export const onDemandMessageSavedResponse = envelope(sentMessageSchema);

export const SCHEDULED_MESSAGE_STATUSES = ['active', 'paused', 'cancelled', 'completed'] as const;
export type ScheduledMessageStatus = (typeof SCHEDULED_MESSAGE_STATUSES)[number];

export const scheduledMessageSchema = v.object({
  id: v.number(),
  title: v.string(),
  message: v.string(),
  channels: v.array(deliveryChannelSchema),
  audience: audienceSchema,
  /** The first run as asked: an instant (ISO 8601) and the local "yyyy-MM-ddTHH:mm" in `timezone`. */
  send_at: v.string(),
  local_send_at: v.string(),
  /** The zone of local_send_at: the one chosen, or the program's when each patient's own is used. */
  timezone: v.string(),
  patient_timezone: v.boolean(),
  rrule: nullableString,
  /** The template the message was written from, carried by each run. */
  message_template_id: nullableNumber,
  status: v.picklist(SCHEDULED_MESSAGE_STATUSES),
  next_run_at: nullableString,
  last_run_at: nullableString,
  runs_count: v.number(),
  created_by_name: nullableString,
  created_at: v.string(),
  updated_at: v.string(),
});
export type ScheduledMessage = v.InferOutput<typeof scheduledMessageSchema>;

export const SCHEDULED_MESSAGE_SORTS = ['title', 'next_run_at', 'status', 'created_at'] as const;
export const scheduledMessageListQuery = v.object({
  ...listQuery(SCHEDULED_MESSAGE_SORTS, 'next_run_at').entries,
  status: v.optional(v.union([v.literal(''), v.picklist(SCHEDULED_MESSAGE_STATUSES)], 'The status must be one of active, paused, cancelled or completed.')),
});
export type ScheduledMessageListQuery = v.InferOutput<typeof scheduledMessageListQuery>;
export const scheduledMessageListResponse = envelope(pageOf(scheduledMessageSchema));

/** One run of a scheduled message: the message it sent, with its per-channel summary. */
export const scheduledRunSchema = sentMessageDetailSchema;
export const scheduledMessageDetailSchema = v.object({
  ...scheduledMessageSchema.entries,
  /** The runs so far, newest first (at most the last 100). */
  runs: v.array(scheduledRunSchema),
});
export type ScheduledMessageDetail = v.InferOutput<typeof scheduledMessageDetailSchema>;
export const scheduledMessageResponse = envelope(scheduledMessageDetailSchema);
export const scheduledMessageSavedResponse = envelope(scheduledMessageSchema);
