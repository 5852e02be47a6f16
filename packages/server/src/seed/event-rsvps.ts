/**
 * The demo's RSVPs and attendance (Northside; Lakeview has no events): for each occurrence of Northside's
 * active events from eight weeks back to a month ahead, answers from the patients each event is for, and
 * for the past ones the attendance staff marked, with a few walk-ins. The demo's app patient answered
 * going to their next occurrence and came to their last one. Who answers is a fixed function of the
 * patient and the day, so the demo is the same every time; with no patients nothing is written. Before those
 * weeks, each patient came to the monthly seminar before their consult (pastSeminarAttendance).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { queryRows } from '../db/client';
import { eventRsvps, events, patients } from '../db/schema';
import { audienceRule, rowTerms, ruleDays } from '../contexts/events';
import { DEMO_APP_PATIENT_EMAIL } from './patient-app';
import { addDays, isoDate } from './patients';

const NORTHSIDE = 101;
const NORTHSIDE_STAFF = 201;
const DAY_MS = 86_400_000;

interface Occurrence {
  eventId: number;
  day: string;
  time: string;
}

/** Northside's occurrences between two days, by the calendar's own rule reading. */
async function occurrencesOf(tx: Tx, from: string, to: string): Promise<Occurrence[]> {
  const rows = await tx
    .select({ id: events.id, date: events.date, time: events.time, rrule: events.rrule, exdates: events.exdates })
    .from(events)
    .where(and(eq(events.program_id, NORTHSIDE), eq(events.status, 1), isNull(events.series_id)));
  const list: Occurrence[] = [];
  for (const row of rows) {
    const days = row.rrule === null ? (row.date >= from && row.date <= to ? [row.date] : []) : ruleDays(row.rrule, row.date, from, to).filter((d) => !row.exdates.includes(d));
    for (const day of days) list.push({ eventId: row.id, day, time: row.time ?? '00:00' });
  }
  return list.sort((a, b) => a.day.localeCompare(b.day) || a.time.localeCompare(b.time));
}

/**
 * Writes the demo's answers and attendance. Of the patients an occurrence is for, by a fixed score
 * 0–99 of patient and day: under 55 going, 55–69 not going, the rest silent; on past days the going
 * ones under 45 came and 45–54 did not, and those scoring 97 or more walked in without answering.
 */
export async function insertDemoEventRsvps(tx: Tx, now: Date): Promise<number> {
  const today = isoDate(now);
  const occurrences = await occurrencesOf(tx, isoDate(addDays(now, -56)), isoDate(addDays(now, 30)));
  let written = 0;
  for (const o of occurrences) {
    const past = o.day < today;
    const dayNumber = Math.round(Date.parse(`${o.day}T00:00:00Z`) / DAY_MS);
    // Answers came in during the week before the day (and never after now).
    const answered = sql`least(${o.day}::date - ((c.score % 7) + 1) * interval '1 day' + interval '12 hours', ${now.toISOString()}::timestamptz)`;
    const marked = sql`${o.day}::date + interval '1 day' + interval '9 hours'`;
    const rows = await queryRows<{ n: number }>(
      tx,
      sql`with chosen as (
            select ${patients.id} as patient_id, ((${patients.id}::bigint * 7919 + ${dayNumber}::bigint * 104729) % 100)::int as score from events e
            join ${patients} on ${patients.program_id} = e.program_id and ${patients.status} = 1
            where e.id = ${o.eventId} and ${audienceRule(rowTerms('e', sql`${o.day}::date`))}
          ), written as (
            insert into ${eventRsvps} (program_id, event_id, event_date, patient_id, response, responded_at, attended, attendance_marked_by, attendance_marked_at, created_at, updated_at)
            select ${NORTHSIDE}::int, ${o.eventId}::int, ${o.day}::date, c.patient_id,
                   case when c.score < 55 then 'going' when c.score < 70 then 'not_going' end,
                   case when c.score < 70 then ${answered} end,
                   case when ${past}::boolean and (c.score < 45 or c.score >= 97) then 1 when ${past}::boolean and c.score < 55 then 0 end,
                   case when ${past}::boolean and (c.score < 55 or c.score >= 97) then ${NORTHSIDE_STAFF}::int end,
                   case when ${past}::boolean and (c.score < 55 or c.score >= 97) then ${marked} end,
                   ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
            from chosen c
            where c.score < 70 or (${past}::boolean and c.score >= 97)
            on conflict (event_id, event_date, patient_id) do nothing
            returning 1
          )
          select count(*)::int as n from written`,
    );
    written += rows[0]?.n ?? 0;
  }
  await demoPatientAnswers(tx, occurrences, today, now);
  return written + (await pastSeminarAttendance(tx, now));
}

/**
 * Before those eight weeks: each Northside patient came to the information seminar that preceded their consult
 * (the last one at least a week before it), as a program's patients do, so the pipeline report's seminar-to-surgery
 * conversion has a history to read. A patient whose consult is before the first seminar has none.
 */
async function pastSeminarAttendance(tx: Tx, now: Date): Promise<number> {
  const [seminar] = await tx
    .select({ id: events.id, date: events.date, rrule: events.rrule, exdates: events.exdates })
    .from(events)
    .where(and(eq(events.program_id, NORTHSIDE), eq(events.type, 'Seminar'), isNull(events.series_id), sql`${events.rrule} is not null`));
  if (!seminar?.rrule) return 0;
  const until = isoDate(addDays(now, -57));
  const days = ruleDays(seminar.rrule, seminar.date, seminar.date, until).filter((d) => !seminar.exdates.includes(d));
  if (days.length === 0) return 0;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with days as (select unnest(string_to_array(${days.join(',')}, ','))::date as day),
        chosen as (
          select p.id as patient_id, (select max(d.day) from days d where d.day <= p.consult_date - 7) as day
          from ${patients} p where p.program_id = ${NORTHSIDE} and p.consult_date is not null
        ), written as (
          insert into ${eventRsvps} (program_id, event_id, event_date, patient_id, response, responded_at, attended, attendance_marked_by, attendance_marked_at, created_at, updated_at)
          select ${NORTHSIDE}::int, ${seminar.id}::int, c.day, c.patient_id, 'going', c.day - interval '3 days' + interval '12 hours', 1,
                 ${NORTHSIDE_STAFF}::int, c.day + interval '1 day' + interval '9 hours', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
          from chosen c where c.day is not null
          on conflict (event_id, event_date, patient_id) do nothing
          returning 1
        )
        select count(*)::int as n from written`,
  );
  return rows[0]?.n ?? 0;
}

/** The app patient's own: going to their next occurrence, and came to their last one. */
async function demoPatientAnswers(tx: Tx, occurrences: readonly Occurrence[], today: string, now: Date) {
  const [demo] = await tx.select({ id: patients.id }).from(patients).where(and(eq(patients.program_id, NORTHSIDE), eq(patients.email, DEMO_APP_PATIENT_EMAIL)));
  if (!demo) return;
  const isFor = async (o: Occurrence) =>
    (
      await queryRows(
        tx,
        sql`select 1 from events e join ${patients} on ${patients.id} = ${demo.id}
            where e.id = ${o.eventId} and ${audienceRule(rowTerms('e', sql`${o.day}::date`))}`,
      )
    ).length > 0;
  const next = [];
  for (const o of occurrences.filter((x) => x.day > today)) if (next.length === 0 && (await isFor(o))) next.push(o);
  const last = [];
  for (const o of [...occurrences].reverse().filter((x) => x.day < today)) if (last.length === 0 && (await isFor(o))) last.push(o);
  const answer = (o: Occurrence, attended: 0 | 1 | null) => ({
    program_id: NORTHSIDE,
    event_id: o.eventId,
    event_date: o.day,
    patient_id: demo.id,
    response: 'going' as const,
    responded_at: new Date(Math.min(now.getTime(), Date.parse(`${o.day}T12:00:00Z`) - 2 * DAY_MS)),
    attended,
    attendance_marked_by: attended === null ? null : NORTHSIDE_STAFF,
    attendance_marked_at: attended === null ? null : new Date(Date.parse(`${o.day}T12:00:00Z`) + DAY_MS),
    created_at: now,
    updated_at: now,
  });
  const rows = [...next.map((o) => answer(o, null)), ...last.map((o) => answer(o, 1))];
  if (rows.length === 0) return;
  await tx
    .insert(eventRsvps)
    .values(rows)
    .onConflictDoUpdate({
      target: [eventRsvps.event_id, eventRsvps.event_date, eventRsvps.patient_id],
      set: {
        response: sql`excluded.response`,
        responded_at: sql`excluded.responded_at`,
        attended: sql`excluded.attended`,
        attendance_marked_by: sql`excluded.attendance_marked_by`,
        attendance_marked_at: sql`excluded.attendance_marked_at`,
      },
    });
}
