/**
 * RSVPs and attendance (fastify.rsvps): the patient app's events and answers, staff marking who came,
 * and the Support Group Attendance report (occurrences with their counts, one occurrence's patients).
 * Occurrences come from the calendar (fastify.events); who an event is for from event-audience.ts.
 * Every query is bound to one program: the signed-in patient's, or the staff caller's.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  APP_EVENTS_DEFAULT_DAYS,
  ATTENDANCE_DEFAULT_DAYS_AHEAD,
  ATTENDANCE_DEFAULT_DAYS_BACK,
  type AppEvent,
  type AttendanceEventsQuery,
  type AttendanceOccurrence,
  type AttendancePatient,
  type AttendancePatientsQuery,
  type AttendanceStoreBody,
  type EventOccurrence,
  type Page,
  type RsvpResponse,
} from '@baridesk/contracts';
import { stageIdOf } from '@baridesk/domain';
import { queryRows } from '../../../db/client';
import { eventRsvps, patients } from '../../../db/schema';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import { programDay } from '../../../lib/program-day';
import { audienceRule, rowTerms } from './event-audience';
import { occurrenceStart } from './event-reminders';

/** Why an occurrence could not be used: no such event in the program, or no occurrence that day. */
export type OccurrenceRefusal = 'not-found' | 'not-occurrence';

const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;
const textArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;
const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());
const addDays = (day: string, days: number) => DateTime.fromISO(day, { zone: 'UTC' }).plus({ days }).toISODate()!;

interface Counts {
  going_count: number;
  not_going_count: number;
  attended_count: number;
  marked_count: number;
}
const NO_COUNTS: Counts = { going_count: 0, not_going_count: 0, attended_count: 0, marked_count: 0 };
const keyOf = (eventId: number, date: string) => `${eventId}|${date}`;

const toAttendanceOccurrence = (o: EventOccurrence, counts: Counts): AttendanceOccurrence => ({
  event_id: o.event_id,
  date: o.date,
  event_title: o.event_title,
  type: o.type,
  time: o.time,
  end_time: o.end_time,
  timezone: o.timezone,
  location_name: o.location_name,
  ...counts,
});

export function createRsvps(fastify: FastifyInstance) {
  const { db } = fastify;

  /**
   * The occurrence (`eventId` a single event or a series of the program, `date` one of its days), or why
   * not. Overrides are not occurrence keys: their series is.
   */
  async function occurrence(programId: number, eventId: number, date: string): Promise<EventOccurrence | OccurrenceRefusal> {
    const [event] = await queryRows<{ id: number }>(
      db,
      sql`select id from events where id = ${eventId} and program_id = ${programId} and series_id is null`,
    );
    if (!event) return 'not-found';
    const found = await fastify.events.occurrenceOf(programId, eventId, date);
    return found ?? 'not-occurrence';
  }

  /** Counts per occurrence of the program between two days (one grouped read of the program's RSVPs). */
  async function countsBetween(programId: number, from: string, to: string, eventId?: number): Promise<Map<string, Counts>> {
    const rows = await queryRows<Counts & { event_id: number; event_date: string }>(
      db,
      sql`select event_id, event_date::text as event_date,
                 count(*) filter (where response = 'going')::int as going_count,
                 count(*) filter (where response = 'not_going')::int as not_going_count,
                 count(*) filter (where attended = 1)::int as attended_count,
                 count(*) filter (where attended is not null)::int as marked_count
          from ${eventRsvps}
          where program_id = ${programId} and event_date between ${from} and ${to}
            ${eventId === undefined ? sql`` : sql`and event_id = ${eventId}`}
          group by event_id, event_date`,
    );
    return new Map(rows.map(({ event_id, event_date, ...counts }) => [keyOf(event_id, event_date), counts]));
  }

  /** The occurrence with its counts. */
  async function withCounts(programId: number, o: EventOccurrence): Promise<AttendanceOccurrence> {
    const counts = await countsBetween(programId, o.date, o.date, o.event_id);
    return toAttendanceOccurrence(o, counts.get(keyOf(o.event_id, o.date)) ?? NO_COUNTS);
  }

  // -------------------------------------------------------------------------------------------
  // The patient app
  // -------------------------------------------------------------------------------------------

  /**
   * The patient's occurrences between two days (the program's today and APP_EVENTS_DEFAULT_DAYS ahead by
   * default): active events that are for the patient on each day, by start, with the patient's answer.
   */
  async function appEvents(patient: { patientId: number; programId: number }, query: { from?: string | undefined; to?: string | undefined }): Promise<AppEvent[]> {
    const { today } = await programDay(db, patient.programId, fastify.clock.now());
    const from = query.from ?? (query.to !== undefined && query.to < today ? addDays(query.to, -APP_EVENTS_DEFAULT_DAYS) : today);
    const to = query.to ?? addDays(from, APP_EVENTS_DEFAULT_DAYS);
    const occurrences = await fastify.events.occurrences(patient.programId, from, to, { activeOnly: true });
    if (occurrences.length === 0) return [];
    const rows = await queryRows<{ n: number; event_description: string | null; location: string | null; meeting_url: string | null; hosted_by: string | null; my_response: RsvpResponse | null }>(
      db,
      sql`select o.n, e.event_description, e.location, e.meeting_url, e.hosted_by, r.response as my_response
          from unnest(${intArray(occurrences.map((_, i) => i))}::int[], ${intArray(occurrences.map((o) => o.id))}::int[],
                      ${intArray(occurrences.map((o) => o.event_id))}::int[], ${textArray(occurrences.map((o) => o.date))}::date[])
               as o(n, id, event_id, date)
          join events e on e.id = o.id and e.program_id = ${patient.programId}
          join ${patients} on ${patients.id} = ${patient.patientId} and ${patients.program_id} = ${patient.programId}
          left join ${eventRsvps} r on r.event_id = o.event_id and r.event_date = o.date and r.patient_id = ${patients.id}
          where ${audienceRule(rowTerms('e', sql`o.date`))}`,
    );
    return rows
      .map(({ n, ...rest }) => ({ ...occurrences[n]!, ...rest }))
      .sort((a, b) => occurrenceStart(a).toMillis() - occurrenceStart(b).toMillis() || a.event_id - b.event_id);
  }

  /** Whether the occurrence's row (`rowId`: the override's or the event's own) is for the patient on `date`. */
  async function isFor(patient: { patientId: number; programId: number }, rowId: number, date: string): Promise<boolean> {
    const rows = await queryRows<{ ok: number }>(
      db,
      sql`select 1 as ok from events e join ${patients} on ${patients.id} = ${patient.patientId}
          where e.id = ${rowId} and e.program_id = ${patient.programId} and e.status = 1 and ${patients.program_id} = ${patient.programId}
            and ${patients.status} = 1 and ${audienceRule(rowTerms('e', sql`${date}::date`))}`,
    );
    return rows.length > 0;
  }

  /**
   * The patient's answer for one occurrence: 'not-found' for an event that is not of the patient's
   * program or not for the patient (or switched off), 'not-occurrence' for a day it does not take place,
   * 'started' once it began; else the stored answer (a second answer replaces the first).
   */
  async function respond(
    patient: { patientId: number; programId: number },
    eventId: number,
    date: string,
    response: RsvpResponse,
  ): Promise<OccurrenceRefusal | 'started' | { response: RsvpResponse; responded_at: string }> {
    const found = await occurrence(patient.programId, eventId, date);
    if (typeof found === 'string') return found;
    if (found.status !== 1 || !(await isFor(patient, found.id, date))) return 'not-found';
    const now = fastify.clock.now();
    if (occurrenceStart(found).toMillis() <= now.getTime()) return 'started';
    await db
      .insert(eventRsvps)
      .values({ program_id: patient.programId, event_id: eventId, event_date: date, patient_id: patient.patientId, response, responded_at: now, created_at: now, updated_at: now })
      .onConflictDoUpdate({
        target: [eventRsvps.event_id, eventRsvps.event_date, eventRsvps.patient_id],
        set: { response, responded_at: now, updated_at: now },
      });
    return { response, responded_at: now.toISOString() };
  }

  // -------------------------------------------------------------------------------------------
  // Staff: the report and marking attendance
  // -------------------------------------------------------------------------------------------

  /** The report's range: the query's days, or ATTENDANCE_DEFAULT_DAYS_BACK ago to ATTENDANCE_DEFAULT_DAYS_AHEAD ahead. */
  async function reportRange(programId: number, query: Pick<AttendanceEventsQuery, 'from' | 'to'>): Promise<{ from: string; to: string }> {
    const { today } = await programDay(db, programId, fastify.clock.now());
    const from = query.from ?? addDays(query.to ?? today, query.to === undefined ? -ATTENDANCE_DEFAULT_DAYS_BACK : -(ATTENDANCE_DEFAULT_DAYS_BACK + ATTENDANCE_DEFAULT_DAYS_AHEAD));
    const to = query.to ?? addDays(query.from ?? today, query.from === undefined ? ATTENDANCE_DEFAULT_DAYS_AHEAD : ATTENDANCE_DEFAULT_DAYS_BACK + ATTENDANCE_DEFAULT_DAYS_AHEAD);
    return { from, to };
  }

  /**
   * Every occurrence of the range that the report lists — of active events, and of switched-off ones
   * that have answers or attendance — with its counts, searched (titles) and sorted, not paged.
   */
  async function occurrenceRows(programId: number, query: AttendanceEventsQuery): Promise<AttendanceOccurrence[]> {
    const { from, to } = await reportRange(programId, query);
    const [occurrences, counts] = await Promise.all([
      fastify.events.occurrences(programId, from, to, { activeOnly: false }),
      countsBetween(programId, from, to),
    ]);
    const search = query.search?.toLowerCase();
    const rows = occurrences
      .filter((o) => o.status === 1 || counts.has(keyOf(o.event_id, o.date)))
      .filter((o) => !search || o.event_title.toLowerCase().includes(search))
      .map((o) => toAttendanceOccurrence(o, counts.get(keyOf(o.event_id, o.date)) ?? NO_COUNTS));
    const sign = query.direction === 'desc' ? -1 : 1;
    const byDate = (a: AttendanceOccurrence, b: AttendanceOccurrence) =>
      a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.event_title.localeCompare(b.event_title) || a.event_id - b.event_id;
    const compare: Record<AttendanceEventsQuery['sort'], (a: AttendanceOccurrence, b: AttendanceOccurrence) => number> = {
      date: byDate,
      event_title: (a, b) => a.event_title.localeCompare(b.event_title) || byDate(a, b),
      going_count: (a, b) => a.going_count - b.going_count || byDate(a, b),
      attended_count: (a, b) => a.attended_count - b.attended_count || byDate(a, b),
    };
    return rows.sort((a, b) => sign * compare[query.sort](a, b));
  }

  async function occurrencePage(programId: number, query: AttendanceEventsQuery): Promise<Page<AttendanceOccurrence>> {
    const rows = await occurrenceRows(programId, query);
    const { limit, offset } = pageWindow(query.page, query.perPage);
    return toPage(rows.slice(offset, offset + limit), rows.length, query.page, query.perPage);
  }

  const PATIENT_SORTS: Record<AttendancePatientsQuery['sort'], SQL> = {
    name: sql`${patients.last_name}, ${patients.first_name}`,
    response: sql`r.response`,
    responded_at: sql`r.responded_at`,
    attended: sql`r.attended`,
  };

  /** One occurrence's patients (those with an answer or an attendance), paged; `limit` null reads them all. */
  async function patientRows(programId: number, query: AttendancePatientsQuery, window: { limit: number; offset: number } | null) {
    const filters: SQL[] = [sql`r.program_id = ${programId}`, sql`r.event_id = ${query.event_id}`, sql`r.event_date = ${query.event_date}`];
    if (query.search) filters.push(sql`${patients.search_text} like lower(${likePattern(query.search)})`);
    if (query.response === 'none') filters.push(sql`r.response is null`);
    else if (query.response) filters.push(sql`r.response = ${query.response}`);
    if (query.attended === 'unmarked') filters.push(sql`r.attended is null`);
    else if (query.attended) filters.push(sql`r.attended = ${Number(query.attended)}`);
    const direction = query.direction === 'desc' ? sql`desc` : sql`asc`;
    const rows = await queryRows<{
      patient_id: number;
      name: string;
      email: string | null;
      phone: string | null;
      stage: number;
      response: RsvpResponse | null;
      responded_at: Date | string | null;
      attended: 0 | 1 | null;
      attendance_marked_at: Date | string | null;
      total: number;
    }>(
      db,
      sql`select r.patient_id, ${patients.name} as name, ${patients.email} as email, ${patients.phone} as phone,
                 ${patients.current_stage} as stage, r.response, r.responded_at, r.attended, r.attendance_marked_at,
                 count(*) over ()::int as total
          from ${eventRsvps} r join ${patients} on ${patients.id} = r.patient_id and ${patients.program_id} = ${programId}
          where ${and(...filters)}
          order by ${PATIENT_SORTS[query.sort]} ${direction} nulls last, ${patients.last_name}, ${patients.first_name}, r.patient_id
          ${window === null ? sql`` : sql`limit ${window.limit} offset ${window.offset}`}`,
    );
    const data: AttendancePatient[] = rows.map((r) => ({
      patient_id: r.patient_id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      stage: stageIdOf(r.stage),
      response: r.response,
      responded_at: iso(r.responded_at),
      attended: r.attended,
      attendance_marked_at: iso(r.attendance_marked_at),
    }));
    return { data, total: rows[0]?.total ?? null };
  }

  async function patientPage(programId: number, query: AttendancePatientsQuery): Promise<Page<AttendancePatient>> {
    const window = pageWindow(query.page, query.perPage);
    const { data, total } = await patientRows(programId, query, window);
    // Past the last page the window function sees no row: count apart.
    const count = total ?? (window.offset > 0 ? (await patientRows(programId, { ...query, perPage: 'All', page: 1 }, null)).data.length : 0);
    return toPage(data, count, query.page, query.perPage);
  }

  /**
   * Staff mark attendance for one occurrence. Patients without a row get one with response null (a
   * walk-in); `attended: null` clears the mark, and a walk-in left with neither answer nor mark is removed.
   * Returns the ids of the patients named that are not patients of the program (nothing is written then).
   */
  async function mark(programId: number, accountId: number, body: AttendanceStoreBody): Promise<{ unknown: number[] }> {
    const ids = body.attendance.map((row) => row.patient_id);
    const known = await queryRows<{ id: number }>(db, sql`select id from ${patients} where id = any(${intArray(ids)}::int[]) and program_id = ${programId}`);
    const knownIds = new Set(known.map((r) => r.id));
    const unknown = ids.filter((id) => !knownIds.has(id));
    if (unknown.length > 0) return { unknown };
    const now = fastify.clock.now();
    await db.transaction(async (tx) => {
      await tx
        .insert(eventRsvps)
        .values(
          body.attendance.map((row) => ({
            program_id: programId,
            event_id: body.event_id,
            event_date: body.event_date,
            patient_id: row.patient_id,
            attended: row.attended,
            attendance_marked_by: row.attended === null ? null : accountId,
            attendance_marked_at: row.attended === null ? null : now,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflictDoUpdate({
          target: [eventRsvps.event_id, eventRsvps.event_date, eventRsvps.patient_id],
          set: {
            attended: sql`excluded.attended`,
            attendance_marked_by: sql`excluded.attendance_marked_by`,
            attendance_marked_at: sql`excluded.attendance_marked_at`,
            updated_at: now,
          },
        });
      await tx.delete(eventRsvps).where(
        and(
          eq(eventRsvps.event_id, body.event_id),
          eq(eventRsvps.event_date, body.event_date),
          sql`${eventRsvps.patient_id} = any(${intArray(ids)}::int[])`,
          sql`${eventRsvps.response} is null and ${eventRsvps.attended} is null`,
        ),
      );
    });
    return { unknown: [] };
  }

  return { occurrence, withCounts, appEvents, respond, occurrenceRows, occurrencePage, patientRows, patientPage, mark };
}

export type Rsvps = ReturnType<typeof createRsvps>;

declare module 'fastify' {
  interface FastifyInstance {
    rsvps: Rsvps;
  }
}

export default fp(
  async (fastify) => {
    fastify.decorate('rsvps', createRsvps(fastify));
  },
  { name: 'rsvps', dependencies: ['database', 'events-repository'] },
);
