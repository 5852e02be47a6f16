/**
 * Event reminders (job `events.reminders`, a cron every minute): a day before an occurrence starts and,
 * when the event asks for it, five minutes before, a system message through the delivery service (inbox
 * and e-mail, push too when the event has push notifications on) to the patients the event is for, minus
 * those who answered not going. `event_reminders` (unique occurrence × kind) is written in the same
 * transaction as the message, so a reminder goes once whatever repeats: two workers, a retried job, a
 * restart. See docs/events.md, "Reminders".
 */
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { FastifyInstance } from 'fastify';
import type { DeliveryChannelName, EventOccurrence, EventPatientType, WeightLossType } from '@baridesk/contracts';
import { defaultEventReminder } from '@baridesk/domain';
import { queryRows } from '../../../db/client';
import { eventReminders } from '../../../db/schema';
import { occurrenceAudience } from './event-audience';

export const REMINDERS_JOB = 'events.reminders';
export type ReminderKind = 'day_before' | 'five_minutes';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/**
 * When each reminder may go, before the occurrence's start: from `opens` until `closes`. The day-before
 * reminder goes at start − 24 h, or late — after downtime, or for an event added less than a day ahead —
 * until an hour before the start (later it would only repeat the five-minute one); the five-minute
 * reminder goes from start − 5 min until the start. A window that closed while nothing ran is skipped.
 */
export const REMINDER_WINDOWS: Readonly<Record<ReminderKind, { opens: number; closes: number }>> = {
  day_before: { opens: 24 * HOUR_MS, closes: HOUR_MS },
  five_minutes: { opens: 5 * MINUTE_MS, closes: 0 },
};

/** One reminder due now. */
export interface DueReminder {
  programId: number;
  occurrence: EventOccurrence;
  kind: ReminderKind;
  start: DateTime;
}

interface EventRow {
  id: number;
  event_title: string;
  push_notification: number;
  five_minute_earlier_reminder: number;
  custom_reminder_message: string | null;
  location: string | null;
  meeting_url: string | null;
  stages: number[];
  patient_type: string | null;
  weight_loss_type: string | null;
}

/** The start of an occurrence: its day and time on the clock of its zone. */
export function occurrenceStart(o: Pick<EventOccurrence, 'date' | 'time' | 'timezone'>): DateTime {
  return DateTime.fromISO(`${o.date}T${o.time.slice(0, 5)}`, { zone: o.timezone });
}

const isOpen = (kind: ReminderKind, start: DateTime, now: number) => {
  const { opens, closes } = REMINDER_WINDOWS[kind];
  const at = start.toMillis();
  return now >= at - opens && now < at - closes;
};

/** The message of a reminder. */
export function reminderText(kind: ReminderKind, o: EventOccurrence, row: EventRow, start: DateTime): { title: string; message: string } {
  const title = row.event_title.trim();
  const where =
    o.venue_type === 'online'
      ? row.meeting_url
        ? `Join online: ${row.meeting_url}`
        : null
      : [o.location_name, row.location].filter((part): part is string => Boolean(part && part.trim())).join(', ') || null;
  if (kind === 'five_minutes') {
    const text = row.custom_reminder_message?.trim() || defaultEventReminder(title);
    return { title: `${title} starts in 5 minutes`, message: [text, where].filter(Boolean).join('\n\n') };
  }
  const when = start.setLocale('en-US').toFormat("cccc, LLLL d 'at' h:mm a ZZZZ");
  return { title: `Reminder: ${title}`, message: [`${title} is on ${when}.`, where && (o.venue_type === 'online' ? where : `Where: ${where}`)].filter(Boolean).join('\n\n') };
}

/** Programs whose occurrences are read at once by a tick. */
const PROGRAMS_AT_ONCE = 4;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function createEventReminders(fastify: FastifyInstance) {
  const { db } = fastify;

  /**
   * The programs with an active event that may have an occurrence starting in the next 24 hours, and
   * the days to expand: a day either side of UTC's covers every zone (UTC−12 to UTC+14).
   */
  async function candidatePrograms(now: number): Promise<{ programIds: number[]; from: string; to: string }> {
    const from = day(now - 24 * HOUR_MS);
    const to = day(now + 48 * HOUR_MS);
    const rows = await queryRows<{ program_id: number }>(
      db,
      sql`select distinct program_id from events
          where status = 1 and date <= ${to}
            and ((rrule is null and date >= ${from}) or (rrule is not null and (recurrence_end is null or recurrence_end >= ${from})))`,
    );
    return { programIds: rows.map((r) => r.program_id), from, to };
  }

  /** The reminders due at `at` that were not sent yet, over every program. */
  async function findDue(at: Date): Promise<DueReminder[]> {
    const now = at.getTime();
    const { programIds, from, to } = await candidatePrograms(now);
    const due: DueReminder[] = [];
    // A few programs at a time: each read waits mostly on the database, and the pool has room.
    let next = 0;
    const worker = async () => {
      while (next < programIds.length) {
        const programId = programIds[next++]!;
        const occurrences = await fastify.events.occurrences(programId, from, to, { activeOnly: true });
        for (const occurrence of occurrences) {
          const start = occurrenceStart(occurrence);
          if (!start.isValid) continue;
          for (const kind of ['day_before', 'five_minutes'] as const) {
            if (isOpen(kind, start, now)) due.push({ programId, occurrence, kind, start });
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PROGRAMS_AT_ONCE, programIds.length) }, worker));
    if (due.length === 0) return due;
    // Drop what was sent already (one read over the unique key), and five-minute reminders the event does not want.
    const sent = await queryRows<{ event_id: number; event_date: string; kind: ReminderKind }>(
      db,
      sql`select event_id, event_date::text as event_date, kind from ${eventReminders}
          where event_id = any(${`{${[...new Set(due.map((d) => d.occurrence.event_id))].join(',')}}`}::int[])
            and event_date between ${from} and ${to}`,
    );
    const done = new Set(sent.map((r) => `${r.event_id}|${r.event_date}|${r.kind}`));
    const fiveMinuteIds = due.filter((d) => d.kind === 'five_minutes').map((d) => d.occurrence.id);
    const wanted = new Set(
      fiveMinuteIds.length === 0
        ? []
        : (
            await queryRows<{ id: number }>(
              db,
              sql`select id from events where id = any(${`{${fiveMinuteIds.join(',')}}`}::int[]) and five_minute_earlier_reminder = 1`,
            )
          ).map((r) => r.id),
    );
    return due.filter(
      (d) => !done.has(`${d.occurrence.event_id}|${d.occurrence.date}|${d.kind}`) && (d.kind === 'day_before' || wanted.has(d.occurrence.id)),
    );
  }

  /**
   * Sends one reminder: the event_reminders row and the message in one transaction (a second worker's
   * insert meets the unique key and sends nothing), then the fan-out queued. Returns the message id, or
   * null when it had been sent already.
   */
  async function send(reminder: DueReminder, at: Date): Promise<number | null> {
    const { occurrence, kind, programId } = reminder;
    const [row] = await queryRows<EventRow>(
      db,
      sql`select id, event_title, push_notification, five_minute_earlier_reminder, custom_reminder_message, location, meeting_url,
                 stages, patient_type, weight_loss_type
          from events where id = ${occurrence.id} and program_id = ${programId}`,
    );
    if (!row) return null;
    const { title, message } = reminderText(kind, occurrence, row, reminder.start);
    const channels: DeliveryChannelName[] = row.push_notification === 1 ? ['inbox', 'email', 'push'] : ['inbox', 'email'];
    const messageId = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(eventReminders)
        .values({ program_id: programId, event_id: occurrence.event_id, event_date: occurrence.date, kind, created_at: at })
        .onConflictDoNothing()
        .returning({ id: eventReminders.id });
      if (!claimed) return null;
      const { id } = await fastify.delivery.createMessage(
        {
          programId,
          kind: 'system',
          title,
          message,
          channels,
          createdBy: null,
          audience: occurrenceAudience({
            eventId: occurrence.event_id,
            date: occurrence.date,
            stages: row.stages,
            patientType: (row.patient_type ?? 'all') as EventPatientType,
            weightLossType: (row.weight_loss_type ?? 'all') as WeightLossType,
          }),
        },
        tx,
      );
      await tx.update(eventReminders).set({ message_id: id }).where(eq(eventReminders.id, claimed.id));
      return id;
    });
    // After the commit (the queue has its own connection); if the process stops here, the delivery sweep queues it.
    if (messageId !== null) await fastify.delivery.queueFanOut(messageId);
    return messageId;
  }

  /** One tick: every due reminder sent. Returns how many went. */
  async function run(at: Date = fastify.clock.now()): Promise<{ due: number; sent: number }> {
    const due = await findDue(at);
    let sent = 0;
    for (const reminder of due) {
      if ((await send(reminder, at)) !== null) sent += 1;
    }
    return { due: due.length, sent };
  }

  return { findDue, run };
}

export type EventReminders = ReturnType<typeof createEventReminders>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The reminder job's steps (the job runs them each minute; tests and the benchmark call them). */
    eventReminders: EventReminders;
  }
}

export default fp(
  async (fastify) => {
    const reminders = createEventReminders(fastify);
    fastify.decorate('eventReminders', reminders);
    fastify.jobs.work(
      REMINDERS_JOB,
      async () => {
        await reminders.run();
      },
      // A tick that failed is not worth retrying later: the next minute's tick sends what is still due.
      { retryLimit: 0 },
    );
    if (fastify.jobs.workersOn) {
      fastify.addHook('onReady', () => fastify.jobs.schedule(REMINDERS_JOB, '* * * * *', {}));
    }
  },
  { name: 'event-reminders', dependencies: ['jobs', 'delivery', 'event-audience', 'events-repository'] },
);
