/**
 * The event calendar (issue 17; staff area §3 Event, §7, §9): the constants of an event's fields with the
 * screens' labels, the store/update/toggle/delete bodies of the scheduler service's
 * /scheduler/api/event-calendar (the spec's field names) and of the super admin's /api/admin/event, an
 * event as the API answers it, and one occurrence of the month list.
 *
 * A series is an event with an RFC 5545 `rrule` (the subset message-recurrence.ts reads); its days are
 * occurrences, each named by the occurrence key (`event_id` = the series, `date` = the day).
 */
import * as v from 'valibot';
import { STAGES, defaultEventReminder, type StageId } from '@baridesk/domain';
import { envelope, listQuery, pageOf } from './common';
import { isoDate, isIsoDate, time12h, timeOrder, timeToMinutes } from './date-rules';
import { forwardedCheck } from './forwarded-check';
import { recurrenceRuleField } from './message-recurrence';
import { required } from './messages';
import { email, flag01, id, optionalOf, optionalString, requiredId, requiredString, url } from './rules';
import { isTimeZone } from './staff-messages';

// ---------------------------------------------------------------------------------------------
// Constants, labels and the options of the form's selects
// ---------------------------------------------------------------------------------------------

export const EVENT_TYPES = ['Support Group', 'Seminar', 'Class', 'Webinar', 'Other'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const VENUE_TYPES = ['in_person', 'online'] as const;
export type VenueType = (typeof VENUE_TYPES)[number];
export const VENUE_TYPE_LABELS: Readonly<Record<VenueType, string>> = { in_person: 'In person', online: 'Online' };

export const EVENT_PATIENT_TYPES = ['all', 'prospective', 'existing'] as const;
export type EventPatientType = (typeof EVENT_PATIENT_TYPES)[number];
export const EVENT_PATIENT_TYPE_LABELS: Readonly<Record<EventPatientType, string>> = {
  all: 'All patients',
  prospective: 'Prospective (not yet operated)',
  existing: 'Existing patients',
};

export const WEIGHT_LOSS_TYPES = ['all', 'surgical', 'non_surgical'] as const;
export type WeightLossType = (typeof WEIGHT_LOSS_TYPES)[number];
export const WEIGHT_LOSS_TYPE_LABELS: Readonly<Record<WeightLossType, string>> = { all: 'All', surgical: 'Surgical', non_surgical: 'Non-surgical' };

/** The stages an event may be for (every patient stage). */
export const EVENT_STAGE_IDS = STAGES.map((stage) => stage.id) as [1, 2, 3];

/** How editing or deleting a series' day applies: to the whole series, or to that one day. */
export const EVENT_EDIT_SCOPES = ['series', 'occurrence'] as const;
export type EventEditScope = (typeof EVENT_EDIT_SCOPES)[number];

const optionsOf = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) => values.map((value) => ({ value, label: labels[value] }));
export const EVENT_TYPE_OPTIONS = EVENT_TYPES.map((value) => ({ value, label: value }));
export const VENUE_TYPE_OPTIONS = optionsOf(VENUE_TYPES, VENUE_TYPE_LABELS);
export const EVENT_PATIENT_TYPE_OPTIONS = optionsOf(EVENT_PATIENT_TYPES, EVENT_PATIENT_TYPE_LABELS);
export const WEIGHT_LOSS_TYPE_OPTIONS = optionsOf(WEIGHT_LOSS_TYPES, WEIGHT_LOSS_TYPE_LABELS);
export const EVENT_STAGE_OPTIONS = STAGES.map((stage) => ({ value: stage.id, label: stage.label }));

/** The longest text of a description and of a reminder. */
export const EVENT_DESCRIPTION_MAX_LENGTH = 5000;
export const EVENT_REMINDER_MAX_LENGTH = 500;

/** The answers of the event routes, and the messages of the rules below the spec does not word. */
export const EVENT_MESSAGES = {
  created: 'Event created successfully.',
  updated: 'Event updated successfully.',
  occurrenceUpdated: 'This date of the event updated successfully.',
  deleted: 'Event deleted successfully.',
  occurrenceDeleted: 'This date of the event deleted successfully.',
  statusUpdated: 'Event status updated successfully.',
  notFound: 'Event not found.',
  /** A day asked for that is not one of the event's occurrences (RSVP, editing one date). */
  notAnOccurrence: 'This event does not take place on that day.',
  notASeries: 'Only a date of a repeating event can be changed on its own.',
  overrideHasNoSeries: 'A changed date of a series cannot repeat on its own.',
  noOccurrence: 'The repeat rule gives no date on or after the event date.',
  locationRequired: 'Location is required.',
  meetingUrlRequired: 'Meeting Link is required.',
  stagesRequired: 'Stages is required.',
  stage: 'Each stage must be 1, 2 or 3, each once.',
  type: `The type must be one of ${EVENT_TYPES.join(', ')}.`,
  venueType: 'The venue type must be in_person or online.',
  patientType: 'The patient type must be all, prospective or existing.',
  weightLossType: 'The weight loss type must be all, surgical or non_surgical.',
  timezone: 'The timezone must be a time zone name such as America/Chicago.',
  scope: 'The scope must be series or occurrence.',
  occurrenceDateRequired: 'The occurrence date is required to change one date of a series.',
  occurrenceDate: 'The occurrence date must be a date such as 2026-12-01.',
  locationNotFound: 'The location was not found.',
  month: 'The month must be a whole number from 1 to 12.',
  year: 'The year must be a whole number from 2000 to 2100.',
  programRequired: 'Program is required.',
  programNotFound: 'The program was not found.',
} as const;

// ---------------------------------------------------------------------------------------------
// Field rules
// ---------------------------------------------------------------------------------------------

/** A required choice among `values`: missing or blank gives "{Label} is required.", another value `message`. */
function choice<const T extends readonly [string, ...string[]]>(field: string, values: T, message: string) {
  return v.optional(v.pipe(v.string(message), v.trim(), v.nonEmpty(required(field)), v.picklist(values, message)), '');
}

/** A choice with a default when left out, null or blank. */
function choiceOr<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number], message: string) {
  return v.pipe(
    // The default makes a left-out key run the pipe too (an object skips a missing key without one).
    v.nullish(v.string(message), ''),
    v.transform((value) => (value == null || value.trim() === '' ? fallback : value.trim())),
    v.picklist(values, message),
  );
}

/** "hh:mm AM/PM" or "HH:mm[:ss]" as the API stores it, "HH:mm". */
function toClock(value: string): string {
  const minutes = timeToMinutes(value) ?? 0;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
const clock = (field: string, label: string) => v.pipe(time12h(field, { label }), v.transform(toClock));

const stagesField = v.pipe(
  v.optional(v.array(v.union([v.number(), v.string()], EVENT_MESSAGES.stage), EVENT_MESSAGES.stagesRequired), []),
  v.transform((list) => list.map((stage) => (typeof stage === 'string' && /^\d$/.test(stage.trim()) ? Number(stage) : stage))),
  v.minLength(1, EVENT_MESSAGES.stagesRequired),
  v.check((list) => list.every((stage) => (EVENT_STAGE_IDS as readonly unknown[]).includes(stage)) && new Set(list).size === list.length, EVENT_MESSAGES.stage),
  v.transform((list) => [...(list as StageId[])].sort()),
);

const timezoneField = v.nullish(
  v.pipe(
    v.string(EVENT_MESSAGES.timezone),
    v.trim(),
    v.check((zone) => zone === '' || isTimeZone(zone), EVENT_MESSAGES.timezone),
    v.transform((zone) => (zone === '' ? null : zone)),
  ),
);

const eventEntries = {
  event_title: requiredString('event_title'),
  event_description: optionalString('event_description', { max: EVENT_DESCRIPTION_MAX_LENGTH }),
  type: choice('type', EVENT_TYPES, EVENT_MESSAGES.type),
  /** The (first) day, "yyyy-MM-dd". */
  date: isoDate('date', { label: 'Date' }),
  time: clock('time', 'Start Time'),
  end_time: clock('end_time', 'End Time'),
  /** An IANA zone; null (left out or blank): the program's. */
  timezone: timezoneField,
  venue_type: choice('venue_type', VENUE_TYPES, EVENT_MESSAGES.venueType),
  /** Required in person (a location of the program's or a shared one). */
  location_id: v.nullish(v.union([v.literal(''), id.wrapped], 'The id must be a positive integer.')),
  /** Required online: where patients join. */
  meeting_url: optionalOf(url('meeting_url', { max: 2048 })),
  stages: stagesField,
  patient_type: choiceOr(EVENT_PATIENT_TYPES, 'all', EVENT_MESSAGES.patientType),
  weight_loss_type: choiceOr(WEIGHT_LOSS_TYPES, 'all', EVENT_MESSAGES.weightLossType),
  hosted_by: optionalString('hosted_by'),
  email: optionalOf(email('email')),
  push_notification: v.optional(flag01, 0 as never),
  five_minute_earlier_reminder: v.optional(flag01, 0 as never),
  /** Blank with the five-minute reminder on: "We are starting <Event Name> in 5 minutes." */
  custom_reminder_message: optionalString('custom_reminder_message', { max: EVENT_REMINDER_MAX_LENGTH }),
  status: v.optional(flag01, 1 as never),
  /** An RFC 5545 RRULE (daily, weekly on days, monthly): a series; none: a single event. */
  rrule: recurrenceRuleField,
};

type EventInput = { venue_type: string; location_id?: unknown; meeting_url?: unknown } & Record<string, unknown>;

/** The rules between fields every event body shares: the time order, and where it takes place. */
const eventChecks = <T extends EventInput>() =>
  [
    timeOrder<T>({ start: 'time', end: 'end_time', startLabel: 'Start Time', endLabel: 'End Time' }),
    forwardedCheck<T>(['venue_type', 'location_id'], 'location_id', (input) => input.venue_type !== 'in_person' || (input.location_id != null && input.location_id !== ''), EVENT_MESSAGES.locationRequired),
    forwardedCheck<T>(['venue_type', 'meeting_url'], 'meeting_url', (input) => input.venue_type !== 'online' || input.meeting_url != null, EVENT_MESSAGES.meetingUrlRequired),
  ] as const;

type EventOutput = v.InferOutput<v.ObjectSchema<typeof eventEntries, undefined>>;

/** What the server stores: the location only in person, the link only online, the reminder text filled in. */
function normalised<T extends EventOutput>(input: T) {
  const inPerson = input.venue_type === 'in_person';
  return {
    ...input,
    location_id: inPerson && typeof input.location_id === 'number' ? input.location_id : null,
    meeting_url: inPerson ? null : (input.meeting_url ?? null),
    timezone: input.timezone ?? null,
    rrule: input.rrule ?? null,
    custom_reminder_message:
      input.custom_reminder_message ?? (input.five_minute_earlier_reminder === 1 ? defaultEventReminder(input.event_title) : null),
  };
}

const storeObject = v.object(eventEntries);
/** POST /scheduler/api/event-calendar/store. */
export const eventStoreBody = v.pipe(storeObject, ...eventChecks<v.InferOutput<typeof storeObject>>(), v.transform(normalised));
export type EventStoreBody = v.InferOutput<typeof eventStoreBody>;

const occurrenceDateField = v.nullish(
  v.pipe(v.string(EVENT_MESSAGES.occurrenceDate), v.trim(), v.check((value) => value === '' || isIsoDate(value), EVENT_MESSAGES.occurrenceDate)),
);
const scopeEntries = {
  scope: choiceOr(EVENT_EDIT_SCOPES, 'series', EVENT_MESSAGES.scope),
  /** The day of the series changed or deleted on its own (scope occurrence). */
  occurrence_date: occurrenceDateField,
};
type ScopeInput = { scope?: EventEditScope | undefined; occurrence_date?: string | null | undefined } & Record<string, unknown>;
const occurrenceDateWhenOne = <T extends ScopeInput>() =>
  forwardedCheck<T>(['scope', 'occurrence_date'], 'occurrence_date', (input) => input.scope !== 'occurrence' || (typeof input.occurrence_date === 'string' && input.occurrence_date !== ''), EVENT_MESSAGES.occurrenceDateRequired);
const withScope = <T extends ScopeInput>(input: T) => ({
  ...input,
  scope: input.scope ?? 'series',
  occurrence_date: input.scope === 'occurrence' ? (input.occurrence_date as string) : null,
});

const updateObject = v.object({ id: requiredId('id'), ...eventEntries, ...scopeEntries });
/**
 * POST /scheduler/api/event-calendar/update: `scope` 'series' (default) changes the row `id` (a series,
 * a single event or an override); 'occurrence' with `occurrence_date` changes that one day of series `id`.
 * A changed day stays on the day it replaces (its RSVPs and reminders are that day's): its `date` is
 * `occurrence_date` whatever the body's `date` says; to move a meeting to another day, delete that day and
 * add a single event.
 */
export const eventUpdateBody = v.pipe(
  updateObject,
  ...eventChecks<v.InferOutput<typeof updateObject>>(),
  occurrenceDateWhenOne<v.InferOutput<typeof updateObject>>(),
  v.transform((input) => withScope(normalised(input))),
);
export type EventUpdateBody = v.InferOutput<typeof eventUpdateBody>;

/** POST …/toggle-status. */
export const eventToggleStatusBody = v.object({ id: requiredId('id'), status: flag01 });
export type EventToggleStatusBody = v.InferOutput<typeof eventToggleStatusBody>;

const deleteObject = v.object({ id: requiredId('id'), ...scopeEntries });
/** POST …/delete: the row (a series with its overrides), or with scope 'occurrence' one day of a series. */
export const eventDeleteBody = v.pipe(deleteObject, occurrenceDateWhenOne<v.InferOutput<typeof deleteObject>>(), v.transform(withScope));
export type EventDeleteBody = v.InferOutput<typeof eventDeleteBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const nullableString = v.nullable(v.string());
const nullableNumber = v.nullable(v.number());
const flag = v.picklist([0, 1]);

/** An event (a single event, a series or a series' changed date) as GET {id} and store/update answer it. */
export const calendarEventSchema = v.object({
  id: v.number(),
  program_id: v.number(),
  event_title: v.string(),
  event_description: nullableString,
  type: v.picklist(EVENT_TYPES),
  date: v.string(),
  time: v.string(),
  end_time: v.string(),
  timezone: v.string(),
  venue_type: v.picklist(VENUE_TYPES),
  location_id: nullableNumber,
  location_name: nullableString,
  /** The location's address. */
  location: nullableString,
  meeting_url: nullableString,
  stages: v.array(v.picklist(EVENT_STAGE_IDS)),
  patient_type: v.picklist(EVENT_PATIENT_TYPES),
  weight_loss_type: v.picklist(WEIGHT_LOSS_TYPES),
  hosted_by: nullableString,
  email: nullableString,
  push_notification: flag,
  five_minute_earlier_reminder: flag,
  custom_reminder_message: nullableString,
  status: flag,
  rrule: nullableString,
  /** The last day a series may fall on (null: no end, or not a series). */
  recurrence_end: nullableString,
  exdates: v.array(v.string()),
  series_id: nullableNumber,
  recurrence_date: nullableString,
  created_at: v.string(),
  updated_at: v.string(),
});
export type CalendarEvent = v.InferOutput<typeof calendarEventSchema>;
export const calendarEventResponse = envelope(calendarEventSchema);

/** One day an event takes place: a single event's date, or one day of a series (its override's fields if changed). */
export const eventOccurrenceSchema = v.object({
  /** The occurrence key: the series' id for a series' day, the event's own for a single event … */
  event_id: v.number(),
  /** … and the day, "yyyy-MM-dd". */
  date: v.string(),
  /** The row to open or edit: the override's id when the day was changed, else event_id. */
  id: v.number(),
  series_id: nullableNumber,
  event_title: v.string(),
  type: v.picklist(EVENT_TYPES),
  time: v.string(),
  end_time: v.string(),
  timezone: v.string(),
  venue_type: v.picklist(VENUE_TYPES),
  location_name: nullableString,
  status: flag,
  is_recurring: v.boolean(),
});
export type EventOccurrence = v.InferOutput<typeof eventOccurrenceSchema>;

const wholeIn = (min: number, max: number, message: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.trim(), v.regex(/^\d{1,4}$/, message), v.transform(Number))], message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
/** GET /scheduler/api/event-calendar?month=&year= (month 1-12). */
export const eventMonthQuery = v.object({
  month: v.optional(wholeIn(1, 12, EVENT_MESSAGES.month), '' as never),
  year: v.optional(wholeIn(2000, 2100, EVENT_MESSAGES.year), '' as never),
});
export type EventMonthQuery = v.InferOutput<typeof eventMonthQuery>;
export const eventMonthResponse = envelope(v.object({ data: v.array(eventOccurrenceSchema), month: v.number(), year: v.number() }));
export type EventMonth = v.InferOutput<typeof eventMonthResponse>['data'];

// ---------------------------------------------------------------------------------------------
// Super admin: /api/admin/event (every program's events)
// ---------------------------------------------------------------------------------------------

export const ADMIN_EVENT_SORTS = ['date', 'event_title', 'type', 'program_title', 'status', 'created_at'] as const;
/** GET /api/admin/event: one row per single event or series (changed dates are part of their series). */
export const adminEventListQuery = v.object({
  ...listQuery(ADMIN_EVENT_SORTS, 'date', { status: true }).entries,
  program_id: v.optional(v.union([v.literal(''), id.wrapped], 'The id must be a positive integer.')),
});
export type AdminEventListQuery = v.InferOutput<typeof adminEventListQuery>;

export const adminEventRowSchema = v.object({
  id: v.number(),
  program_id: v.number(),
  program_title: v.string(),
  event_title: v.string(),
  type: v.picklist(EVENT_TYPES),
  date: v.string(),
  time: v.string(),
  end_time: v.string(),
  timezone: v.string(),
  venue_type: v.picklist(VENUE_TYPES),
  location_name: nullableString,
  status: flag,
  rrule: nullableString,
  recurrence_end: nullableString,
  is_recurring: v.boolean(),
  created_at: v.string(),
});
export type AdminEventRow = v.InferOutput<typeof adminEventRowSchema>;
export const adminEventListResponse = envelope(pageOf(adminEventRowSchema));

/** GET /api/admin/event/programs: every program an event may belong to, by title. */
export const adminEventProgramSchema = v.object({ id: v.number(), title: v.string() });
export type AdminEventProgram = v.InferOutput<typeof adminEventProgramSchema>;
export const adminEventProgramsResponse = envelope(v.array(adminEventProgramSchema));

/** The event with its program's name (the super admin's show and edit screens). */
export const adminEventSchema = v.object({ ...calendarEventSchema.entries, program_title: v.string() });
export type AdminEvent = v.InferOutput<typeof adminEventSchema>;
export const adminEventResponse = envelope(adminEventSchema);

const adminStoreObject = v.object({ program_id: requiredId('program_id'), ...eventEntries });
/** POST /api/admin/event/store: an event of the program named. */
export const adminEventStoreBody = v.pipe(adminStoreObject, ...eventChecks<v.InferOutput<typeof adminStoreObject>>(), v.transform(normalised));
export type AdminEventStoreBody = v.InferOutput<typeof adminEventStoreBody>;
