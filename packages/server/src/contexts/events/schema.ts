/**
 * The events context's tables: the support-group calendar (events, one-off or a weekly/monthly series),
 * patients' RSVPs and attendance per occurrence, the reminders sent per occurrence, calendar imports
 * and each program's private iCalendar feed. Locations are in locations-schema.ts.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  time,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts, ownedByProgram, programs } from '../identity/schema';
import { patients } from '../patients/schema';
import { messages } from '../messaging/schema';
import { locations } from './locations-schema';
import { createdUpdated, flag, ts } from '../../db/columns';

export { locations } from './locations-schema';

/**
 * A program's events, in the spec's field names. `date` is the (first) day, `time`/`end_time` the wall
 * clock in `timezone`. A series carries an RFC 5545 rule (`rrule`, the RRULE part only: its DTSTART is
 * `date` + `time` in `timezone`) and `recurrence_end`, the last day it may fall on (null: no end), so a
 * month's query finds its series by index. `exdates` are the series' days taken out: deleted, or
 * replaced by an override — a row of its own with `series_id` (the series) and `recurrence_date` (the
 * day it replaces), as RECURRENCE-ID does in iCalendar. Imported rows keep their `ical_uid`.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    place_id: varchar('place_id', { length: 254 }),
    push_notification: flag('push_notification'),
    five_minute_earlier_reminder: flag('five_minute_earlier_reminder'),
    custom_reminder_message: text('custom_reminder_message'),
    stage: smallint('stage'),
    stages: integer('stages').array().notNull().default(sql`'{}'::integer[]`),
    event_title: varchar('event_title', { length: 254 }).notNull(),
    event_description: text('event_description'),
    type: varchar('type', { length: 64 }),
    time: time('time'),
    end_time: time('end_time'),
    date: date('date', { mode: 'string' }).notNull(),
    timezone: varchar('timezone', { length: 64 }),
    location_id: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    location: text('location'),
    email: varchar('email', { length: 254 }),
    status: smallint('status').notNull().default(1),
    venue_type: varchar('venue_type', { length: 32 }),
    weight_loss_type: varchar('weight_loss_type', { length: 32 }),
    patient_type: varchar('patient_type', { length: 32 }),
    hosted_by: varchar('hosted_by', { length: 254 }),
    /** Online events: where patients join (a video call, a webinar page). */
    meeting_url: varchar('meeting_url', { length: 2048 }),
    rrule: text('rrule'),
    recurrence_end: date('recurrence_end', { mode: 'string' }),
    exdates: date('exdates', { mode: 'string' }).array().notNull().default(sql`'{}'::date[]`),
    series_id: integer('series_id').references((): AnyPgColumn => events.id, { onDelete: 'cascade' }),
    recurrence_date: date('recurrence_date', { mode: 'string' }),
    ical_uid: varchar('ical_uid', { length: 512 }),
    import_id: integer('import_id').references((): AnyPgColumn => calendarImports.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [
    index('events_program_date_idx').on(t.program_id, t.date),
    // A month's series: those not ended before it.
    index('events_program_series_idx').on(t.program_id, t.recurrence_end).where(sql`${t.rrule} is not null`),
    index('events_series_idx').on(t.series_id).where(sql`${t.series_id} is not null`),
    index('events_program_ical_uid_idx').on(t.program_id, t.ical_uid).where(sql`${t.ical_uid} is not null`),
    // An override replaces one day of one series; it is not a series itself.
    check('events_override_check', sql`(${t.series_id} is null and ${t.recurrence_date} is null) or (${t.series_id} is not null and ${t.recurrence_date} is not null and ${t.rrule} is null)`),
    check('events_time_order_check', sql`${t.time} is null or ${t.end_time} is null or ${t.time} < ${t.end_time}`),
  ],
);

/**
 * One patient and one occurrence of an event (`event_date`): the patient's answer from the app
 * (`response`, null for a walk-in staff marked present) and the attendance staff marked (`attended`:
 * 1 came, 0 did not, null not marked yet).
 */
export const eventRsvps = pgTable(
  'event_rsvps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    event_date: date('event_date', { mode: 'string' }).notNull(),
    patient_id: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    response: varchar('response', { length: 16 }).$type<'going' | 'not_going'>(),
    responded_at: ts('responded_at'),
    attended: smallint('attended'),
    attendance_marked_by: integer('attendance_marked_by').references(() => accounts.id, { onDelete: 'set null' }),
    attendance_marked_at: ts('attendance_marked_at'),
    ...createdUpdated,
  },
  (t) => [
    uniqueIndex('event_rsvps_occurrence_patient_key').on(t.event_id, t.event_date, t.patient_id),
    index('event_rsvps_program_date_idx').on(t.program_id, t.event_date),
    index('event_rsvps_patient_idx').on(t.patient_id),
    check('event_rsvps_response_check', sql`${t.response} is null or ${t.response} in ('going', 'not_going')`),
    check('event_rsvps_attended_check', sql`${t.attended} is null or ${t.attended} in (0, 1)`),
  ],
);

/**
 * The reminders sent for one occurrence: at most one per kind (the unique key is what makes a reminder
 * go once even when two workers or a restart run the same minute), with the message it became.
 */
export const eventReminders = pgTable(
  'event_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    event_id: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    event_date: date('event_date', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull().$type<'day_before' | 'five_minutes'>(),
    message_id: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_reminders_occurrence_kind_key').on(t.event_id, t.event_date, t.kind),
    check('event_reminders_kind_check', sql`${t.kind} in ('day_before', 'five_minutes')`),
  ],
);

/**
 * An .ics file a program imported into its calendar: the stored file, the job's progress (`total`
 * events found, `imported`, `skipped` with the reasons in `error`), and when staff dismissed the result.
 */
export const calendarImports = pgTable(
  'calendar_imports',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    file_name: varchar('file_name', { length: 254 }).notNull(),
    storage_key: text('storage_key').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('queued').$type<'queued' | 'processing' | 'completed' | 'failed' | 'cancelled'>(),
    total: integer('total').notNull().default(0),
    imported: integer('imported').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    error: text('error'),
    started_at: ts('started_at'),
    finished_at: ts('finished_at'),
    acknowledged_at: ts('acknowledged_at'),
    ...createdUpdated,
  },
  (t) => [
    index('calendar_imports_program_idx').on(t.program_id, t.created_at),
    check('calendar_imports_status_check', sql`${t.status} in ('queued', 'processing', 'completed', 'failed', 'cancelled')`),
  ],
);

/** A program's private iCalendar feed: whoever holds the token's URL reads the program's active events (no patient data). Rotating the token cuts old subscribers off. */
export const calendarFeeds = pgTable('calendar_feeds', {
  program_id: integer('program_id')
    .primaryKey()
    .references(() => programs.id, { onDelete: 'cascade' }),
  token: varchar('token', { length: 64 }).notNull().unique(),
  created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  created_at: ts('created_at').notNull().defaultNow(),
});
