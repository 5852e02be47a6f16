import fp from 'fastify-plugin';
import { and, asc, desc, eq, gte, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  EVENT_MESSAGES as MESSAGES,
  EVENT_PATIENT_TYPES,
  EVENT_TYPES,
  VENUE_TYPES,
  WEIGHT_LOSS_TYPES,
  type AdminEvent,
  type AdminEventListQuery,
  type AdminEventRow,
  type AdminEventStoreBody,
  type CalendarEvent,
  type EventDeleteBody,
  type EventOccurrence,
  type EventStoreBody,
  type EventUpdateBody,
  type Page,
} from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { events, locations, programs } from '../../../db/schema';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import { programZone, usableZone } from '../../../lib/program-day';
import { asFlag, isoTimestamp } from '../../../lib/sql';
import { ValidationError } from '../../../lib/valibot';
import { isRuleDay, recurrenceEndOf, ruleDays } from '../occurrences';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventsRepository;
  }
}

/**
 * Whose events a call may touch: one program's (staff, and a super admin acting for the program named in
 * the body), or, for the super admin's reads by id, any program's (`null`).
 */
export type EventOwner = number | null;

/** An event body as the repository stores it (the staff's, or the super admin's with its program_id). */
export type EventFields = EventStoreBody | Omit<AdminEventStoreBody, 'program_id'>;

const series = alias(events, 'series');

/** "HH:mm" of a time column (a row imported without one reads as midnight). */
const clock = (column: unknown) => sql<string>`coalesce(to_char(${column}, 'HH24:MI'), '00:00')`;
const iso = (column: unknown) => isoTimestamp(sql`${column}`);

/** What an occurrence needs of its row; `status` is the row's and, for a changed date, its series' too. */
const OCCURRENCE_COLUMNS = {
  id: events.id,
  series_id: events.series_id,
  rrule: events.rrule,
  date: events.date,
  recurrence_date: events.recurrence_date,
  exdates: events.exdates,
  event_title: events.event_title,
  type: events.type,
  time: clock(events.time),
  end_time: clock(events.end_time),
  timezone: events.timezone,
  venue_type: events.venue_type,
  location_name: sql<string | null>`coalesce(${locations.name}, ${events.location})`,
  status: sql<number>`case when ${series.status} = 0 then 0 else ${events.status} end`,
};
type OccurrenceRow = {
  id: number;
  series_id: number | null;
  rrule: string | null;
  date: string;
  recurrence_date: string | null;
  exdates: string[];
  event_title: string;
  type: string | null;
  time: string;
  end_time: string;
  timezone: string | null;
  venue_type: string | null;
  location_name: string | null;
  status: number;
};

const EVENT_COLUMNS = {
  id: events.id,
  program_id: events.program_id,
  event_title: events.event_title,
  event_description: events.event_description,
  type: events.type,
  date: events.date,
  time: clock(events.time),
  end_time: clock(events.end_time),
  timezone: events.timezone,
  program_timezone: programs.timezone,
  program_title: programs.title,
  venue_type: events.venue_type,
  location_id: events.location_id,
  location_name: sql<string | null>`coalesce(${locations.name}, ${events.location})`,
  location: sql<string | null>`coalesce(${locations.address}, ${events.location})`,
  meeting_url: events.meeting_url,
  stages: events.stages,
  patient_type: events.patient_type,
  weight_loss_type: events.weight_loss_type,
  hosted_by: events.hosted_by,
  email: events.email,
  push_notification: events.push_notification,
  five_minute_earlier_reminder: events.five_minute_earlier_reminder,
  custom_reminder_message: events.custom_reminder_message,
  status: events.status,
  rrule: events.rrule,
  recurrence_end: events.recurrence_end,
  exdates: events.exdates,
  series_id: events.series_id,
  recurrence_date: events.recurrence_date,
  created_at: iso(events.created_at),
  updated_at: iso(events.updated_at),
};

// Stored values outside the product's lists (an import, an old row) read as the form's defaults.
const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => ((values as readonly string[]).includes(value ?? '') ? (value as T) : fallback);

/** Events with their program and location, as every read of whole events selects them. */
const selectEvents = (tx: Tx) =>
  tx
    .select(EVENT_COLUMNS)
    .from(events)
    .innerJoin(programs, eq(programs.id, events.program_id))
    .leftJoin(locations, eq(locations.id, events.location_id))
    .$dynamic();
type EventRow = Awaited<ReturnType<typeof selectEvents>>[number];

function toEvent(r: EventRow): AdminEvent {
  return {
    id: r.id,
    program_id: r.program_id,
    program_title: r.program_title,
    event_title: r.event_title,
    event_description: r.event_description,
    type: oneOf(EVENT_TYPES, r.type, 'Other'),
    date: r.date,
    time: r.time,
    end_time: r.end_time,
    timezone: r.timezone ?? usableZone(r.program_timezone),
    venue_type: oneOf(VENUE_TYPES, r.venue_type, 'in_person'),
    location_id: r.location_id,
    location_name: r.location_name,
    location: r.location,
    meeting_url: r.meeting_url,
    stages: r.stages.filter((stage): stage is 1 | 2 | 3 => stage === 1 || stage === 2 || stage === 3),
    patient_type: oneOf(EVENT_PATIENT_TYPES, r.patient_type, 'all'),
    weight_loss_type: oneOf(WEIGHT_LOSS_TYPES, r.weight_loss_type, 'all'),
    hosted_by: r.hosted_by,
    email: r.email,
    push_notification: asFlag(r.push_notification),
    five_minute_earlier_reminder: asFlag(r.five_minute_earlier_reminder),
    custom_reminder_message: r.custom_reminder_message,
    status: asFlag(r.status),
    rrule: r.rrule,
    recurrence_end: r.recurrence_end,
    exdates: [...r.exdates].sort(),
    series_id: r.series_id,
    recurrence_date: r.recurrence_date,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** A staff answer: the event without the super admin's program name. */
export function staffEvent(event: AdminEvent): CalendarEvent {
  const { program_title: _programTitle, ...rest } = event;
  return rest;
}

/** One occurrence of a row: a single event's date, a changed date of a series, or `day` of a series. */
function occurrenceOf(row: OccurrenceRow, zone: string, day?: string): EventOccurrence {
  const shared = {
    event_title: row.event_title,
    type: oneOf(EVENT_TYPES, row.type, 'Other'),
    time: row.time,
    end_time: row.end_time,
    timezone: row.timezone ?? zone,
    venue_type: oneOf(VENUE_TYPES, row.venue_type, 'in_person'),
    location_name: row.location_name,
    status: asFlag(row.status),
  };
  if (row.series_id !== null) return { event_id: row.series_id, date: row.recurrence_date ?? row.date, id: row.id, series_id: row.series_id, ...shared, is_recurring: true };
  if (row.rrule !== null) return { event_id: row.id, date: day ?? row.date, id: row.id, series_id: row.id, ...shared, is_recurring: true };
  return { event_id: row.id, date: row.date, id: row.id, series_id: null, ...shared, is_recurring: false };
}

// Plain comparisons: the texts are fixed-width digits, and localeCompare costs ~30x more on a month's thousands of rows.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byDayAndTime = (a: EventOccurrence, b: EventOccurrence) =>
  compareText(a.date, b.date) || compareText(a.time, b.time) || a.event_id - b.event_id;

const ADMIN_SORT_COLUMNS = {
  date: [events.date, events.time],
  event_title: [events.event_title],
  type: [events.type],
  program_title: [programs.title],
  status: [events.status],
  created_at: [events.created_at],
} as const;

/**
 * The event calendar's one reader and writer. A series is a row with an RFC 5545 rule; its days are
 * computed (occurrences.ts), a changed day is an override row of its own (`series_id`, `recurrence_date`)
 * whose day is kept in the series' `exdates`. Every call names the program whose events it touches.
 */
export function createEventsRepository(db: Db) {
  const ownedBy = (owner: EventOwner) => (owner === null ? undefined : eq(events.program_id, owner));

  async function read(tx: Tx, owner: EventOwner, id: number): Promise<AdminEvent | null> {
    const [row] = await selectEvents(tx)
      .where(and(eq(events.id, id), ownedBy(owner)))
      .limit(1);
    return row ? toEvent(row) : null;
  }

  /** Rows of the program that are single events or changed dates, on days from..to, with their occurrences' columns. */
  function datedRows(tx: Tx, programId: number, where: SQL | undefined) {
    return tx
      .select(OCCURRENCE_COLUMNS)
      .from(events)
      .leftJoin(series, eq(series.id, events.series_id))
      .leftJoin(locations, eq(locations.id, events.location_id))
      .where(and(eq(events.program_id, programId), where));
  }

  /** A location the program may use: its own or a shared one. */
  async function checkLocation(tx: Tx, programId: number, locationId: number | null) {
    if (locationId === null) return;
    const [found] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, locationId), or(eq(locations.program_id, programId), isNull(locations.program_id))))
      .limit(1);
    if (!found) throw new ValidationError({ location_id: [MESSAGES.locationNotFound] });
  }

  /** The stored columns of a body: the program's zone when none was chosen, a series' last day. */
  async function columnsOf(tx: Tx, programId: number, body: EventFields, date: string) {
    const zone = await programZone(tx, programId);
    if (zone === null) throw new ValidationError({ program_id: [MESSAGES.programNotFound] });
    await checkLocation(tx, programId, body.location_id);
    let recurrenceEnd: string | null = null;
    if (body.rrule !== null) {
      const { end, hasDays } = recurrenceEndOf(body.rrule, date);
      if (!hasDays) throw new ValidationError({ rrule: [MESSAGES.noOccurrence] });
      recurrenceEnd = end;
    }
    return {
      event_title: body.event_title,
      event_description: body.event_description ?? null,
      type: body.type,
      date,
      time: body.time,
      end_time: body.end_time,
      timezone: body.timezone ?? zone,
      venue_type: body.venue_type,
      location_id: body.location_id,
      meeting_url: body.meeting_url,
      stages: body.stages,
      patient_type: body.patient_type,
      weight_loss_type: body.weight_loss_type,
      hosted_by: body.hosted_by ?? null,
      email: body.email ?? null,
      push_notification: body.push_notification,
      five_minute_earlier_reminder: body.five_minute_earlier_reminder,
      custom_reminder_message: body.custom_reminder_message,
      status: body.status,
      rrule: body.rrule,
      recurrence_end: recurrenceEnd,
    };
  }

  /** The override of `day` of a series, if the day was changed. */
  async function overrideOf(tx: Tx, seriesId: number, day: string) {
    const [row] = await tx
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.series_id, seriesId), eq(events.recurrence_date, day)))
      .limit(1);
    return row ?? null;
  }

  /** Whether `day` is a day of the series as it stands (its rule, not taken out), or a changed day of it. */
  async function isSeriesDay(tx: Tx, row: AdminEvent, day: string): Promise<{ overrideId: number | null } | null> {
    if (row.rrule === null) return null;
    const override = await overrideOf(tx, row.id, day);
    if (override) return { overrideId: override.id };
    if (row.exdates.includes(day) || !isRuleDay(row.rrule, row.date, day)) return null;
    return { overrideId: null };
  }

  const occurrenceRefusal = () => new ValidationError({ occurrence_date: [MESSAGES.notAnOccurrence] });

  const repository = {
    /**
     * The program's occurrences on the days from..to (inclusive, "yyyy-MM-dd"): single events, every
     * day of each series in the range but those taken out, and each changed day in its series' place.
     * `activeOnly`: without switched-off events (a changed day of a switched-off series is off too).
     */
    async occurrences(programId: number, from: string, to: string, { activeOnly = false }: { activeOnly?: boolean } = {}): Promise<EventOccurrence[]> {
      const active = activeOnly ? sql`${events.status} = 1 and coalesce(${series.status}, 1) = 1` : undefined;
      const [dated, repeating] = await Promise.all([
        datedRows(db, programId, and(isNull(events.rrule), gte(events.date, from), lte(events.date, to), active)),
        datedRows(
          db,
          programId,
          and(isNotNull(events.rrule), lte(events.date, to), or(isNull(events.recurrence_end), gte(events.recurrence_end, from)), active),
        ),
      ]);
      // Every saved event has its zone; only an imported row without one needs the program's.
      const zoneless = dated.some((row) => row.timezone === null) || repeating.some((row) => row.timezone === null);
      const programZoneName = (zoneless ? await programZone(db, programId) : null) ?? 'UTC';
      const list = dated.map((row) => occurrenceOf(row, programZoneName));
      for (const row of repeating) {
        const skipped = row.exdates.length ? new Set(row.exdates) : null;
        for (const day of ruleDays(row.rrule!, row.date, from, to)) {
          if (!skipped?.has(day)) list.push(occurrenceOf(row, programZoneName, day));
        }
      }
      return list.sort(byDayAndTime);
    },

    /**
     * The occurrence `date` of event `eventId` (a series, a single event, or a changed day: its series is
     * meant) with the changed day's fields; null when the event is not the program's or does not take
     * place that day. Switched-off events are answered too (with status 0).
     */
    async occurrenceOf(programId: number, eventId: number, date: string): Promise<EventOccurrence | null> {
      const [row] = await datedRows(db, programId, eq(events.id, eventId)).limit(1);
      if (!row) return null;
      if (row.series_id !== null) return row.recurrence_date === date ? repository.occurrenceOf(programId, row.series_id, date) : null;
      const zone = (await programZone(db, programId)) ?? 'UTC';
      if (row.rrule === null) return row.date === date ? occurrenceOf(row, zone) : null;
      const [override] = await datedRows(db, programId, and(eq(events.series_id, row.id), eq(events.recurrence_date, date))).limit(1);
      if (override) return occurrenceOf(override, zone);
      if (row.exdates.includes(date) || !isRuleDay(row.rrule, row.date, date)) return null;
      return occurrenceOf(row, zone, date);
    },

    /** One event of the owner's (a series, a single event or a changed day). */
    find(owner: EventOwner, id: number): Promise<AdminEvent | null> {
      return read(db, owner, id);
    },

    async create(programId: number, body: EventFields, createdBy: number | null): Promise<AdminEvent> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(events)
          .values({ program_id: programId, ...(await columnsOf(tx, programId, body, body.date)), created_by: createdBy })
          .returning({ id: events.id });
        return (await read(tx, programId, row!.id))!;
      });
    },

    /**
     * Changes an event. scope 'series': the row `id` — a series (its changed days stay as they are; one
     * that stops repeating loses them), a single event (given a rule, it becomes a series) or a changed
     * day (it keeps its day and cannot repeat). scope 'occurrence': day `occurrence_date` of series `id`
     * becomes a changed day (or its changed day is edited). A changed day keeps the day it replaces, so
     * RSVPs and reminders stay with it. Null when the owner has no such event.
     */
    async update(owner: EventOwner, body: EventUpdateBody, now: Date): Promise<AdminEvent | null> {
      return db.transaction(async (tx) => {
        const row = await read(tx, owner, body.id);
        if (!row) return null;
        const programId = row.program_id;

        if (body.scope === 'occurrence') {
          if (row.rrule === null) throw new ValidationError({ scope: [MESSAGES.notASeries] });
          if (body.rrule !== null) throw new ValidationError({ rrule: [MESSAGES.overrideHasNoSeries] });
          const day = body.occurrence_date!;
          const found = await isSeriesDay(tx, row, day);
          if (!found) throw occurrenceRefusal();
          const columns = await columnsOf(tx, programId, body, day);
          if (found.overrideId !== null) {
            await tx.update(events).set({ ...columns, updated_at: now }).where(eq(events.id, found.overrideId));
            return read(tx, programId, found.overrideId);
          }
          const [inserted] = await tx
            .insert(events)
            .values({ program_id: programId, ...columns, series_id: row.id, recurrence_date: day, created_by: null })
            .returning({ id: events.id });
          await tx
            .update(events)
            .set({ exdates: sql`array_append(${events.exdates}, ${day}::date)`, updated_at: now })
            .where(eq(events.id, row.id));
          return read(tx, programId, inserted!.id);
        }

        if (row.series_id !== null && body.rrule !== null) throw new ValidationError({ rrule: [MESSAGES.overrideHasNoSeries] });
        // A changed day stays on the day it replaces.
        const date = row.recurrence_date ?? body.date;
        const columns = await columnsOf(tx, programId, body, date);
        const stopsRepeating = row.rrule !== null && body.rrule === null;
        if (stopsRepeating) await tx.delete(events).where(eq(events.series_id, row.id));
        await tx
          .update(events)
          .set({ ...columns, ...(stopsRepeating ? { exdates: [] } : {}), updated_at: now })
          .where(eq(events.id, row.id));
        return read(tx, programId, row.id);
      });
    },

    /** Switches an event on or off (a series with its changed days); null when the owner has no such event. */
    async setStatus(owner: EventOwner, id: number, status: 0 | 1, now: Date): Promise<AdminEvent | null> {
      const [row] = await db
        .update(events)
        .set({ status, updated_at: now })
        .where(and(eq(events.id, id), ownedBy(owner)))
        .returning({ id: events.id, program_id: events.program_id });
      return row ? read(db, row.program_id, row.id) : null;
    },

    /**
     * Deletes an event: scope 'series' the row (a series with its changed days; a changed day alone,
     * its day staying out of the series), scope 'occurrence' one day of a series (taken out, its changed
     * day deleted). Answers the row as it was; null when the owner has no such event.
     */
    async remove(owner: EventOwner, body: EventDeleteBody, now: Date): Promise<AdminEvent | null> {
      return db.transaction(async (tx) => {
        const row = await read(tx, owner, body.id);
        if (!row) return null;
        if (body.scope === 'series') {
          await tx.delete(events).where(eq(events.id, row.id));
          return row;
        }
        if (row.rrule === null) throw new ValidationError({ scope: [MESSAGES.notASeries] });
        const day = body.occurrence_date!;
        const found = await isSeriesDay(tx, row, day);
        if (!found) throw occurrenceRefusal();
        if (found.overrideId !== null) await tx.delete(events).where(eq(events.id, found.overrideId));
        if (!row.exdates.includes(day)) {
          await tx
            .update(events)
            .set({ exdates: sql`array_append(${events.exdates}, ${day}::date)`, updated_at: now })
            .where(eq(events.id, row.id));
        }
        return row;
      });
    },

    /** The programs a super admin may put an event in (the admin form's Program and the list's filter), by title. */
    async programChoices(): Promise<{ id: number; title: string }[]> {
      return db.select({ id: programs.id, title: programs.title }).from(programs).orderBy(asc(programs.title), asc(programs.id));
    },

    /** The super admin's list: every program's single events and series (changed days belong to their series). */
    async adminList(query: AdminEventListQuery): Promise<Page<AdminEventRow>> {
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const where = and(
        isNull(events.series_id),
        typeof query.program_id === 'number' ? eq(events.program_id, query.program_id) : undefined,
        query.status === undefined ? undefined : eq(events.status, query.status),
        query.search ? or(ilike(events.event_title, likePattern(query.search)), ilike(programs.title, likePattern(query.search))) : undefined,
      );
      const order = query.direction === 'desc' ? desc : asc;
      const [rows, [counted]] = await Promise.all([
        selectEvents(db)
          .where(where)
          .orderBy(...ADMIN_SORT_COLUMNS[query.sort].map((column) => order(column)), order(events.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(events)
          .innerJoin(programs, eq(programs.id, events.program_id))
          .where(where),
      ]);
      const data = rows.map((row) => {
        const event = toEvent(row);
        return {
          id: event.id,
          program_id: event.program_id,
          program_title: event.program_title,
          event_title: event.event_title,
          type: event.type,
          date: event.date,
          time: event.time,
          end_time: event.end_time,
          timezone: event.timezone,
          venue_type: event.venue_type,
          location_name: event.location_name,
          status: event.status,
          rrule: event.rrule,
          recurrence_end: event.recurrence_end,
          is_recurring: event.rrule !== null,
          created_at: event.created_at,
        };
      });
      return toPage(data, counted?.total ?? 0, query.page, query.perPage);
    },
  };
  return repository;
}

export type EventsRepository = ReturnType<typeof createEventsRepository>;

export default fp(
  async (fastify: FastifyInstance) => {
    fastify.decorate('events', createEventsRepository(fastify.db));
  },
  { name: 'events-repository', dependencies: ['database'] },
);
