/**
 * RSVPs and attendance of events (issue 17 item 4): patients answer from the app for one occurrence of
 * an event (`POST /api/app/events/{eventId}/rsvp`), staff mark who came (`POST /api/patient-events/store`),
 * and the Support Group Attendance report lists the occurrences with their counts
 * (`GET /api/patient-events/events`) and one occurrence's patients (`GET /api/patient-events/patients`),
 * each also as an .xlsx file (`…/excel`). An occurrence is the pair (`event_id`, `date`): the series' id
 * for a day of a series (also when that day has an override), the event's own id for a single event.
 */
import * as v from 'valibot';
import { isIsoDate } from './date-rules';
import { envelope, listQuery, pageOf } from './common';
import { eventOccurrenceSchema, EVENT_TYPES } from './events';
import { forwardedCheck } from './forwarded-check';
import { invalidValue, required } from './messages';
import { MAX_ID, requiredId } from './rules';

/** A patient's answer: coming, or not (a patient who did not answer has no response). */
export const RSVP_RESPONSES = ['going', 'not_going'] as const;
export type RsvpResponse = (typeof RSVP_RESPONSES)[number];
export const RSVP_RESPONSE_LABELS: Readonly<Record<RsvpResponse, string>> = { going: 'Going', not_going: 'Not going' };

/** The longest span of days one call may ask for (the app's list, the report's range). */
export const EVENT_RSVP_MAX_DAYS = 366;
/** The report's default range: this many days back … */
export const ATTENDANCE_DEFAULT_DAYS_BACK = 90;
/** … to this many days ahead. */
export const ATTENDANCE_DEFAULT_DAYS_AHEAD = 30;
/** The app's default range: today and this many days ahead. */
export const APP_EVENTS_DEFAULT_DAYS = 60;
/** The most patients one attendance call may mark. */
export const MAX_ATTENDANCE_ROWS = 500;

/** Not in the spec: the wording of these answers. */
export const EVENT_RSVP_MESSAGES = {
  saved: 'Your answer has been saved.',
  eventNotFound: 'Event not found.',
  /** 422 on `date` (RSVP) or `event_date` (attendance): the event has no occurrence that day. */
  notOccurrence: 'This event does not take place on that day.',
  /** 422 on `date`: a patient answers for an occurrence that has not started yet. */
  alreadyStarted: 'This event has already started.',
  /** 422 on `event_date`: attendance is marked on the day of the event or after it. */
  notYet: 'Attendance can be marked from the day of the event.',
  attendanceSaved: 'Attendance saved.',
  /** 403 on marking: staff without the patients or reports area see no patient names, so they do not mark. */
  namesHidden: 'Marking attendance needs access to patients or reports.',
  noAttendance: 'Choose at least one patient.',
  tooManyRows: `Mark at most ${MAX_ATTENDANCE_ROWS} patients at a time.`,
  duplicatePatient: 'Each patient may be listed only once.',
  attended: 'Attended must be 0, 1 or null.',
  /** 422 on `attendance`: ids that are not patients of the caller's program. */
  unknownPatients: 'Some of these patients are not patients of this program.',
  response: 'The response must be going or not_going.',
  range: 'The from day must not be after the to day.',
  rangeTooLong: `Ask for at most ${EVENT_RSVP_MAX_DAYS} days at a time.`,
} as const;

/** An optional day "yyyy-MM-dd" (blank is none). */
const optionalDay = (field: string) =>
  v.pipe(
    v.optional(v.string(invalidValue(field))),
    v.transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim())),
    v.check((value) => value === undefined || isIsoDate(value), invalidValue(field)),
  );

/** A required day "yyyy-MM-dd". */
const requiredDay = (field: string) =>
  v.pipe(
    v.optional(v.string(invalidValue(field)), ''),
    v.trim(),
    v.nonEmpty(required(field)),
    v.check(isIsoDate, invalidValue(field)),
  );

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** `from` ≤ `to`, at most EVENT_RSVP_MAX_DAYS apart, reported on `to` (checked when both are given). */
function rangeChecks<T extends Record<string, unknown>>() {
  const day = (input: Record<string, unknown>, key: string) => (typeof input[key] === 'string' ? (input[key] as string) : null);
  return [
    forwardedCheck<T>(['from', 'to'], 'to', (q) => {
      const from = day(q, 'from');
      const to = day(q, 'to');
      return from === null || to === null || from <= to;
    }, EVENT_RSVP_MESSAGES.range),
    forwardedCheck<T>(['from', 'to'], 'to', (q) => {
      const from = day(q, 'from');
      const to = day(q, 'to');
      return from === null || to === null || daysBetween(from, to) < EVENT_RSVP_MAX_DAYS;
    }, EVENT_RSVP_MESSAGES.rangeTooLong),
  ] as const;
}

// ---------------------------------------------------------------------------------------------
// Staff: the Support Group Attendance report and marking attendance (/api/patient-events)
// ---------------------------------------------------------------------------------------------

/** One occurrence of the report: the event's title and time, and its counts. */
export const attendanceOccurrenceSchema = v.object({
  event_id: v.number(),
  date: v.string(),
  event_title: v.string(),
  type: v.picklist(EVENT_TYPES),
  time: v.string(),
  end_time: v.string(),
  timezone: v.string(),
  location_name: v.nullable(v.string()),
  /** Patients who answered going / not going. */
  going_count: v.number(),
  not_going_count: v.number(),
  /** Patients marked present (walk-ins included). */
  attended_count: v.number(),
  /** Patients whose attendance was marked either way. */
  marked_count: v.number(),
});
export type AttendanceOccurrence = v.InferOutput<typeof attendanceOccurrenceSchema>;

export const ATTENDANCE_EVENTS_SORTS = ['date', 'event_title', 'going_count', 'attended_count'] as const;
export type AttendanceEventsSort = (typeof ATTENDANCE_EVENTS_SORTS)[number];

const attendanceEventsEntries = v.object({
  ...listQuery(ATTENDANCE_EVENTS_SORTS, 'date').entries,
  /** Newest first unless told. */
  direction: v.optional(v.picklist(['asc', 'desc'], 'The direction must be asc or desc.'), 'desc'),
  /** The first and last day (inclusive); by default ATTENDANCE_DEFAULT_DAYS_BACK days ago to ATTENDANCE_DEFAULT_DAYS_AHEAD days ahead (the program's today). */
  from: optionalDay('from'),
  to: optionalDay('to'),
});
/** GET /api/patient-events/events and /events/excel: page, perPage, search (titles), sort, direction, from, to. */
export const attendanceEventsQuery = v.pipe(attendanceEventsEntries, ...rangeChecks<v.InferOutput<typeof attendanceEventsEntries>>());
export type AttendanceEventsQuery = v.InferOutput<typeof attendanceEventsQuery>;
export const attendanceEventsResponse = envelope(pageOf(attendanceOccurrenceSchema));

/** One patient of an occurrence: their answer and their attendance. */
export const attendancePatientSchema = v.object({
  patient_id: v.number(),
  name: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  stage: v.picklist([1, 2, 3]),
  /** null: no answer (a walk-in staff marked). */
  response: v.nullable(v.picklist(RSVP_RESPONSES)),
  responded_at: v.nullable(v.string()),
  /** 1 came, 0 did not, null not marked yet. */
  attended: v.nullable(v.picklist([0, 1])),
  attendance_marked_at: v.nullable(v.string()),
});
export type AttendancePatient = v.InferOutput<typeof attendancePatientSchema>;

export const ATTENDANCE_PATIENTS_SORTS = ['name', 'response', 'responded_at', 'attended'] as const;
/** The `response` filter: an answer, or `none` (walk-ins). */
export const ATTENDANCE_RESPONSE_FILTERS = ['going', 'not_going', 'none'] as const;
/** The `attended` filter: 1 came, 0 did not, `unmarked`. */
export const ATTENDANCE_ATTENDED_FILTERS = ['1', '0', 'unmarked'] as const;

/**
 * GET /api/patient-events/patients (+ /excel; the report, reports area) and /api/patient-events/attendance
 * (the calendar's RSVP panel, calendar area): the patients with an answer or an attendance for one
 * occurrence; page, perPage, search (name, e-mail, phone), sort, direction, response, attended.
 */
export const attendancePatientsQuery = v.object({
  ...listQuery(ATTENDANCE_PATIENTS_SORTS, 'name').entries,
  event_id: requiredId('event_id'),
  event_date: requiredDay('event_date'),
  response: v.optional(v.picklist(ATTENDANCE_RESPONSE_FILTERS, 'The response must be going, not_going or none.')),
  attended: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.picklist(ATTENDANCE_ATTENDED_FILTERS, 'The attended filter must be 1, 0 or unmarked.'))),
});
export type AttendancePatientsQuery = v.InferOutput<typeof attendancePatientsQuery>;
export const attendancePatientsResponse = envelope(
  v.object({ ...pageOf(attendancePatientSchema).entries, occurrence: attendanceOccurrenceSchema }),
);

const isPatientId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= MAX_ID;

const attendanceRow = v.object({
  patient_id: v.pipe(v.unknown(), v.check(isPatientId, EVENT_RSVP_MESSAGES.unknownPatients), v.transform((n) => n as number)),
  attended: v.pipe(
    v.unknown(),
    v.check((value) => value === null || value === 0 || value === 1, EVENT_RSVP_MESSAGES.attended),
    v.transform((value) => value as 0 | 1 | null),
  ),
});

/**
 * POST /api/patient-events/store: staff mark attendance for one occurrence (calendar area). A patient
 * without an answer gets a row with response null: a walk-in. `attended: null` clears the mark.
 */
export const attendanceStoreBody = v.object({
  event_id: requiredId('event_id'),
  event_date: requiredDay('event_date'),
  attendance: v.pipe(
    v.array(attendanceRow, EVENT_RSVP_MESSAGES.noAttendance),
    v.minLength(1, EVENT_RSVP_MESSAGES.noAttendance),
    v.maxLength(MAX_ATTENDANCE_ROWS, EVENT_RSVP_MESSAGES.tooManyRows),
    v.check((rows) => new Set(rows.map((r) => r.patient_id)).size === rows.length, EVENT_RSVP_MESSAGES.duplicatePatient),
  ),
});
export type AttendanceStoreBody = v.InferOutput<typeof attendanceStoreBody>;
/** The answer: the occurrence's counts after the change. */
export const attendanceStoreResponse = envelope(attendanceOccurrenceSchema);

// ---------------------------------------------------------------------------------------------
// The patient app (/api/app/events)
// ---------------------------------------------------------------------------------------------

/**
 * One occurrence in the patient's app: the calendar's occurrence (EventOccurrence of events.ts), what
 * the app shows of the event, and the patient's own answer.
 */
export const appEventSchema = v.object({
  ...eventOccurrenceSchema.entries,
  event_description: v.nullable(v.string()),
  location: v.nullable(v.string()),
  meeting_url: v.nullable(v.string()),
  hosted_by: v.nullable(v.string()),
  my_response: v.nullable(v.picklist(RSVP_RESPONSES)),
});
export type AppEvent = v.InferOutput<typeof appEventSchema>;

const appEventsEntries = v.object({
  /** First day (inclusive); the patient's program's today by default. */
  from: optionalDay('from'),
  /** Last day (inclusive); APP_EVENTS_DEFAULT_DAYS after `from` by default. */
  to: optionalDay('to'),
});
/** GET /api/app/events?from&to: the occurrences of active events that are for the patient, by start. */
export const appEventsQuery = v.pipe(appEventsEntries, ...rangeChecks<v.InferOutput<typeof appEventsEntries>>());
export type AppEventsQuery = v.InferOutput<typeof appEventsQuery>;
export const appEventsResponse = envelope(v.array(appEventSchema));

export const appEventParams = v.object({ eventId: requiredId('eventId') });

/** POST /api/app/events/{eventId}/rsvp: the occurrence's day and the answer (a second answer replaces the first). */
export const appRsvpBody = v.object({
  date: requiredDay('date'),
  response: v.picklist(RSVP_RESPONSES, EVENT_RSVP_MESSAGES.response),
});
export type AppRsvpBody = v.InferOutput<typeof appRsvpBody>;
export const appRsvpResponse = envelope(
  v.object({ event_id: v.number(), date: v.string(), response: v.picklist(RSVP_RESPONSES), responded_at: v.string() }),
);
