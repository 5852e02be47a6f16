import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  CALENDAR_IMPORT_MESSAGES as MESSAGES,
  EVENT_STAGE_IDS,
  type CalendarImport,
  type CalendarImportStatus,
} from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { calendarImports, events, locations } from '../../../db/schema';
import { programDay } from '../../../lib/program-day';
import { isoTimestamp } from '../../../lib/sql';
import { UnreadableCalendar, readCalendar, type ImportPlan, type ImportedColumns } from '../calendar-import-ics';
import { recurrenceEndOf } from '../occurrences';

declare module 'fastify' {
  interface FastifyInstance {
    calendarImports: CalendarImports;
  }
}

/** The job that turns a stored .ics file into the program's events. */
export const CALENDAR_IMPORT_JOB = 'events.import';
const RETRY_LIMIT = 2;
/** At most this many reasons are kept in `error`; the rest are counted. */
const MAX_NOTES = 50;

const iso = (column: unknown) => isoTimestamp(sql`${column}`);
const IMPORT_COLUMNS = {
  id: calendarImports.id,
  file_name: calendarImports.file_name,
  status: calendarImports.status,
  total: calendarImports.total,
  imported: calendarImports.imported,
  skipped: calendarImports.skipped,
  error: calendarImports.error,
  created_at: iso(calendarImports.created_at),
  finished_at: sql<string | null>`case when ${calendarImports.finished_at} is null then null else ${iso(calendarImports.finished_at)} end`,
  acknowledged_at: sql<string | null>`case when ${calendarImports.acknowledged_at} is null then null else ${iso(calendarImports.acknowledged_at)} end`,
};

/**
 * What a new imported event starts with beyond the file's columns: for every patient, no five-minute
 * reminder or push, and switched off. An active event is shown to patients in the app and reminded the
 * day before to everyone it is for; a file holds whatever its calendar held (closures, staff meetings),
 * so staff choose who each is for and switch it on. A re-import keeps what staff chose.
 */
const PRODUCT_DEFAULTS = {
  stages: [...EVENT_STAGE_IDS] as number[],
  patient_type: 'all',
  weight_loss_type: 'all',
  push_notification: 0,
  five_minute_earlier_reminder: 0,
  custom_reminder_message: null,
  status: 0,
};

const isRunning = (status: CalendarImportStatus) => status === 'queued' || status === 'processing';

export type StatusChange = { changed: CalendarImport } | { refused: 'notFound' | 'alreadyFinished' | 'stillRunning' };

export function createCalendarImports(fastify: FastifyInstance) {
  const db: Db = fastify.db;

  async function read(tx: Tx, programId: number, id: number): Promise<CalendarImport | null> {
    const [row] = await tx
      .select(IMPORT_COLUMNS)
      .from(calendarImports)
      .where(and(eq(calendarImports.id, id), eq(calendarImports.program_id, programId)))
      .limit(1);
    return (row as CalendarImport | undefined) ?? null;
  }

  /** The program's active locations and the shared ones, by lower-cased name and address: LOCATION text names one of them, or none. */
  async function locationMatcher(programId: number) {
    const rows = await db
      .select({ id: locations.id, name: locations.name, address: locations.address, program_id: locations.program_id })
      .from(locations)
      .where(and(eq(locations.status, 1), or(eq(locations.program_id, programId), isNull(locations.program_id))));
    const byText = new Map<string, number>();
    // The program's own first: its name wins over a shared location of the same name.
    for (const row of [...rows].sort((a, b) => Number(a.program_id === null) - Number(b.program_id === null))) {
      for (const text of [row.name, row.address]) {
        const key = text?.trim().toLowerCase();
        if (key && !byText.has(key)) byText.set(key, row.id);
      }
    }
    return (location: string | null) => (location ? (byText.get(location.trim().toLowerCase()) ?? null) : null);
  }

  /** Writes one plan in one transaction with its counts, so the progress the screen reads matches the rows. */
  async function apply(importId: number, programId: number, createdBy: number | null, plan: ImportPlan, match: (location: string | null) => number | null, now: Date) {
    const fileColumns = (c: ImportedColumns) => ({ ...c, location_id: c.venue_type === 'in_person' ? match(c.location) : null, import_id: importId, updated_at: now });
    const fresh = { program_id: programId, ...PRODUCT_DEFAULTS, import_id: importId, created_by: createdBy, created_at: now };
    const notes: string[] = [];
    let imported = 0;
    let skipped = 0;

    await db.transaction(async (tx) => {
      /** A single event (or one date of an expanded series) keyed by `key`: updated when a previous import made it, else inserted. */
      const upsertSingle = async (key: string, columns: ImportedColumns) => {
        const [existing] = await tx
          .select({ id: events.id })
          .from(events)
          .where(and(eq(events.program_id, programId), eq(events.ical_uid, key), isNull(events.series_id)))
          .limit(1);
        const values = { ...fileColumns(columns), rrule: null, recurrence_end: null };
        if (existing) await tx.update(events).set(values).where(eq(events.id, existing.id));
        else await tx.insert(events).values({ ...fresh, ...values, ical_uid: key });
      };
      /** One day of a series replaced (or, with no columns, only taken out). */
      const writeOverride = async (series: typeof events.$inferSelect, day: string, columns: ImportedColumns | null) => {
        const [existing] = await tx
          .select({ id: events.id })
          .from(events)
          .where(and(eq(events.series_id, series.id), eq(events.recurrence_date, day)))
          .limit(1);
        if (!columns) {
          if (existing) await tx.delete(events).where(eq(events.id, existing.id));
          return;
        }
        const values = { ...fileColumns(columns), rrule: null, recurrence_end: null };
        if (existing) {
          await tx.update(events).set(values).where(eq(events.id, existing.id));
          return;
        }
        // A new changed day is for the same patients, with the same reminders, as its series.
        const { stages, patient_type, weight_loss_type, push_notification, five_minute_earlier_reminder, custom_reminder_message, status } = series;
        await tx.insert(events).values({
          ...fresh,
          stages,
          patient_type,
          weight_loss_type,
          push_notification,
          five_minute_earlier_reminder,
          custom_reminder_message,
          status,
          ...values,
          series_id: series.id,
          recurrence_date: day,
          ical_uid: series.ical_uid,
        });
      };
      const seriesByUid = async (uid: string) =>
        (
          await tx
            .select()
            .from(events)
            .where(and(eq(events.program_id, programId), eq(events.ical_uid, uid), isNull(events.series_id), isNotNull(events.rrule)))
            .limit(1)
        )[0] ?? null;

      switch (plan.kind) {
        case 'skip':
          skipped += plan.components;
          notes.push(plan.reason);
          break;
        case 'single':
          await upsertSingle(plan.uid, plan.columns);
          imported += plan.components;
          break;
        case 'dates':
          for (const { key, columns } of plan.dates) await upsertSingle(key, columns);
          imported += plan.components;
          notes.push(plan.note);
          break;
        case 'series': {
          const { end, hasDays } = recurrenceEndOf(plan.rrule, plan.columns.date);
          if (!hasDays) {
            skipped += plan.components;
            notes.push(`"${plan.columns.event_title}" repeats on no date on or after its start`);
            break;
          }
          const [existing] = await tx
            .select({ id: events.id, exdates: events.exdates })
            .from(events)
            .where(and(eq(events.program_id, programId), eq(events.ical_uid, plan.uid), isNull(events.series_id)))
            .limit(1);
          // Days staff took out of an imported series stay out; the file's are added.
          const exdates = [...new Set([...(existing?.exdates ?? []), ...plan.exdates])].sort();
          const values = { ...fileColumns(plan.columns), rrule: plan.rrule, recurrence_end: end, exdates };
          let id: number;
          if (existing) {
            await tx.update(events).set(values).where(eq(events.id, existing.id));
            id = existing.id;
          } else {
            [{ id }] = (await tx.insert(events).values({ ...fresh, ...values, ical_uid: plan.uid }).returning({ id: events.id })) as [{ id: number }];
          }
          const [series] = await tx.select().from(events).where(eq(events.id, id));
          for (const override of plan.overrides) await writeOverride(series!, override.recurrence_date, override.columns);
          imported += plan.components;
          break;
        }
        case 'orphan': {
          const { recurrence_date: day, columns } = plan.override;
          const series = await seriesByUid(plan.uid);
          if (series) {
            const exdates = [...new Set([...series.exdates, day])].sort();
            await tx.update(events).set({ exdates, updated_at: now }).where(eq(events.id, series.id));
            await writeOverride({ ...series, exdates }, day, columns);
            imported += plan.components;
          } else if (columns) {
            await upsertSingle(`${plan.uid.slice(0, 500)}#${day}`, columns);
            imported += plan.components;
          } else {
            skipped += plan.components;
            notes.push(`A cancelled date (${day}) of "${plan.uid}", a series that is not in the calendar`);
          }
          break;
        }
      }
      await tx
        .update(calendarImports)
        .set({ imported: sql`${calendarImports.imported} + ${imported}`, skipped: sql`${calendarImports.skipped} + ${skipped}`, updated_at: now })
        .where(eq(calendarImports.id, importId));
    });
    return notes;
  }

  const finish = async (id: number, status: 'completed' | 'failed', error: string | null) => {
    const now = fastify.clock.now();
    // A cancel that came first stays a cancel.
    await db
      .update(calendarImports)
      .set({ status, error, finished_at: now, updated_at: now })
      .where(and(eq(calendarImports.id, id), eq(calendarImports.status, 'processing')));
  };

  const readStored = async (key: string): Promise<Buffer | null> => {
    const stored = await fastify.storage.get(key);
    if (!stored) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks);
  };

  /** The job: idempotent (a second run starts the counts again and finds the rows the first wrote by their UID). */
  async function run(importId: number, signal: AbortSignal) {
    const [row] = await db.select().from(calendarImports).where(eq(calendarImports.id, importId)).limit(1);
    if (!row) return;
    if (!isRunning(row.status)) {
      // Cancelled before it ran, or finished: the file is no longer needed.
      await fastify.storage.delete(row.storage_key);
      return;
    }
    const now = fastify.clock.now();
    const started = await db
      .update(calendarImports)
      .set({ status: 'processing', started_at: row.started_at ?? now, imported: 0, skipped: 0, error: null, updated_at: now })
      .where(and(eq(calendarImports.id, importId), inArray(calendarImports.status, ['queued', 'processing'])))
      .returning({ id: calendarImports.id });
    if (started.length === 0) return;

    const bytes = await readStored(row.storage_key);
    if (!bytes) {
      await finish(importId, 'failed', `${MESSAGES.unreadable}: the stored file is missing.`);
      return;
    }
    const { zone, today } = await programDay(db, row.program_id, now);
    let plans: ImportPlan[];
    let total: number;
    try {
      ({ plans, total } = await readCalendar(bytes.toString('utf8'), { zone, today }));
    } catch (error) {
      if (!(error instanceof UnreadableCalendar)) throw error;
      await finish(importId, 'failed', `${MESSAGES.unreadable}: ${error.message}.`);
      await fastify.storage.delete(row.storage_key);
      return;
    }
    if (total === 0) {
      await finish(importId, 'failed', MESSAGES.noEvents);
      await fastify.storage.delete(row.storage_key);
      return;
    }
    await db.update(calendarImports).set({ total, updated_at: now }).where(eq(calendarImports.id, importId));

    const match = await locationMatcher(row.program_id);
    const notes: string[] = [];
    for (const plan of plans) {
      if (signal.aborted) throw new Error('The process is stopping; the import continues on the next run.');
      const [current] = await db.select({ status: calendarImports.status }).from(calendarImports).where(eq(calendarImports.id, importId));
      if (current?.status !== 'processing') {
        await fastify.storage.delete(row.storage_key);
        return;
      }
      notes.push(...(await apply(importId, row.program_id, row.created_by, plan, match, fastify.clock.now())));
    }
    const kept = notes.slice(0, MAX_NOTES);
    if (notes.length > kept.length) kept.push(`…and ${notes.length - kept.length} more.`);
    await finish(importId, 'completed', kept.length > 0 ? kept.join('\n') : null);
    await fastify.storage.delete(row.storage_key);
  }

  return {
    /**
     * Stores the file and queues its import; null when one of the program's imports is still running
     * (two at once would race on the same UIDs).
     */
    async create(programId: number, createdBy: number, fileName: string, bytes: Buffer): Promise<CalendarImport | null> {
      const running = await db
        .select({ id: calendarImports.id })
        .from(calendarImports)
        .where(and(eq(calendarImports.program_id, programId), inArray(calendarImports.status, ['queued', 'processing'])))
        .limit(1);
      if (running.length > 0) return null;
      const key = `${programId}/calendar-imports/${randomUUID()}.ics`;
      await fastify.storage.put(key, bytes, { contentType: 'text/calendar' });
      const now = fastify.clock.now();
      const [row] = await db
        .insert(calendarImports)
        .values({ program_id: programId, created_by: createdBy, file_name: fileName, storage_key: key, created_at: now, updated_at: now })
        .returning({ id: calendarImports.id });
      // After the insert's commit (docs/scheduler.md): the job must find its row.
      await fastify.jobs.send(CALENDAR_IMPORT_JOB, { importId: row!.id }, { singletonKey: String(row!.id) });
      return (await read(db, programId, row!.id))!;
    },

    find: (programId: number, id: number) => read(db, programId, id),

    /** The newest import the program has not dismissed, or null. */
    async latest(programId: number): Promise<CalendarImport | null> {
      const [row] = await db
        .select(IMPORT_COLUMNS)
        .from(calendarImports)
        .where(and(eq(calendarImports.program_id, programId), isNull(calendarImports.acknowledged_at)))
        .orderBy(desc(calendarImports.created_at), desc(calendarImports.id))
        .limit(1);
      return (row as CalendarImport | undefined) ?? null;
    },

    /** Cancels an import under way (what it wrote stays), or dismisses a finished one. */
    async setStatus(programId: number, id: number, status: 'cancelled' | 'acknowledged'): Promise<StatusChange> {
      const current = await read(db, programId, id);
      if (!current) return { refused: 'notFound' };
      const now = fastify.clock.now();
      const mine = and(eq(calendarImports.id, id), eq(calendarImports.program_id, programId));
      if (status === 'cancelled') {
        const changed = await db
          .update(calendarImports)
          .set({ status: 'cancelled', finished_at: now, updated_at: now })
          .where(and(mine, inArray(calendarImports.status, ['queued', 'processing'])))
          .returning({ id: calendarImports.id });
        if (changed.length === 0) return { refused: 'alreadyFinished' };
      } else {
        const changed = await db
          .update(calendarImports)
          .set({ acknowledged_at: sql`coalesce(${calendarImports.acknowledged_at}, ${now})`, updated_at: now })
          .where(and(mine, inArray(calendarImports.status, ['completed', 'failed', 'cancelled'])))
          .returning({ id: calendarImports.id });
        if (changed.length === 0) return { refused: 'stillRunning' };
      }
      return { changed: (await read(db, programId, id))! };
    },

    run,
  };
}

export type CalendarImports = ReturnType<typeof createCalendarImports>;

export default fp(
  async (fastify) => {
    const imports = createCalendarImports(fastify);
    fastify.decorate('calendarImports', imports);
    fastify.jobs.work<{ importId: number }>(
      CALENDAR_IMPORT_JOB,
      async ({ importId }, { retryCount, signal }) => {
        try {
          await imports.run(importId, signal);
        } catch (error) {
          // The last try: the screen must not poll a "processing" import forever.
          if (retryCount >= RETRY_LIMIT) {
            const now = fastify.clock.now();
            await fastify.db
              .update(calendarImports)
              .set({ status: 'failed', error: 'The import stopped on an unexpected error. Please try again.', finished_at: now, updated_at: now })
              .where(and(eq(calendarImports.id, importId), inArray(calendarImports.status, ['queued', 'processing'])));
          }
          throw error;
        }
      },
      { retryLimit: RETRY_LIMIT, retryDelaySeconds: 10, expireInSeconds: 15 * 60 },
    );
  },
  { name: 'calendar-import', dependencies: ['database', 'jobs', 'storage'] },
);
