import fp from 'fastify-plugin';
import { and, asc, desc, eq, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  PATIENT_TIMEZONE,
  STAFF_MESSAGE_MESSAGES as MESSAGES,
  isTimeZone,
  sendAtHasOffset,
  type Page,
  type ScheduledMessage,
  type ScheduledMessageBody,
  type ScheduledMessageDetail,
  type ScheduledMessageListQuery,
  type SentMessageDetail,
} from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { messages, patients, programs, scheduledMessages as scheduled } from '../../../db/schema';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import type { StaffScope } from '../../../lib/scope';
import { isoTimestamp } from '../../../lib/sql';
import { staffName } from '../../../lib/staff-name';
import { ValidationError } from '../../../lib/valibot';
import { instantOfLocal, localReading, nextRun, zonesOfRun, type RunPlan } from '../scheduled-timing';
import { SENT_MESSAGE_COLUMNS, audienceOf, checkAudience, toSentMessage } from '../staff-messages';
import { audienceCondition, type Audience, type Delivery } from './delivery';

declare module 'fastify' {
  interface FastifyInstance {
    scheduledMessages: ScheduledMessages;
  }
}

/** The tick's job: every minute, the runs that are due. */
export const SCHEDULED_TICK_JOB = 'messaging.scheduled-tick';
/** Runs one tick takes at most (the next tick goes on), so a backlog never holds one job for long. */
const RUNS_PER_TICK = 200;
/** The runs the show screen lists, newest first. */
const RUNS_SHOWN = 100;

const iso = (column: unknown) => isoTimestamp(sql`${column}`);
const isoOrNull = (column: unknown) =>
  sql<string | null>`case when ${column} is null then null else ${iso(sql`${column}`)} end`;

const COLUMNS = {
  id: scheduled.id,
  title: scheduled.title,
  message: scheduled.message,
  channels: scheduled.channels,
  audience: scheduled.audience,
  send_at: iso(scheduled.send_at),
  local_send_at: scheduled.local_send_at,
  timezone: scheduled.timezone,
  patient_timezone: sql<boolean>`${scheduled.patient_timezone} = 1`,
  rrule: scheduled.rrule,
  message_template_id: scheduled.message_template_id,
  status: scheduled.status,
  next_run_at: isoOrNull(scheduled.next_run_at),
  last_run_at: isoOrNull(scheduled.last_run_at),
  runs_count: scheduled.runs_count,
  created_by_name: staffName(sql`${scheduled.created_by}`),
  created_at: iso(scheduled.created_at),
  updated_at: iso(scheduled.updated_at),
};

const SORT_COLUMNS = {
  title: [scheduled.title],
  next_run_at: [scheduled.next_run_at],
  status: [scheduled.status],
  created_at: [scheduled.created_at],
} as const;

type Row = typeof scheduled.$inferSelect;
const planOf = (row: Pick<Row, 'local_send_at' | 'rrule'>): RunPlan => ({ localSendAt: row.local_send_at, rrule: row.rrule });

/** The condition on `patients` of a stored audience: the delivery's own rule (its program's active patients). */
const reached = (programId: number, audience: Audience): SQL => audienceCondition(programId, audience, null);

/** A patient's zone: their own when it is a real one, else the program's. */
const patientZone = (programZone: string) => sql<string>`coalesce(nullif(${patients.timezone}, ''), ${programZone})`;

/**
 * A program's scheduled messages and their runs. Each run is a row of `messages` (kind scheduled) made by
 * the tick in the same transaction that moves the schedule on, with (scheduled message, run time)
 * unique: a run is sent once, whatever restarts or replicas. See docs/messaging.md.
 */
export function createScheduledMessages(db: Db, delivery: () => Delivery) {
  async function programZone(tx: Db | Tx, programId: number): Promise<string> {
    const [program] = await tx.select({ timezone: programs.timezone }).from(programs).where(eq(programs.id, programId));
    return program?.timezone ?? 'UTC';
  }

  /** The zones a schedule's runs are placed in: its own, or (each patient's) the distinct zones of its audience now. */
  async function zonesOf(tx: Db | Tx, row: Pick<Row, 'program_id' | 'audience' | 'timezone' | 'patient_timezone'>): Promise<string[]> {
    if (row.patient_timezone !== 1) return [row.timezone];
    const zone = patientZone(row.timezone);
    const found = await tx
      .selectDistinct({ zone })
      .from(patients)
      .where(reached(row.program_id, row.audience as Audience));
    const zones = [...new Set(found.map((r) => (isTimeZone(r.zone) ? r.zone : row.timezone)))];
    return zones.length ? zones : [row.timezone];
  }

  /** The schedule's timing from a body: the first run on the clock, its zone, and whether each patient's own is used. */
  async function timingOf(tx: Db | Tx, scope: StaffScope, body: ScheduledMessageBody) {
    const usePatientZone = body.timezone === PATIENT_TIMEZONE;
    const timezone = usePatientZone || !body.timezone ? await programZone(tx, scope.programId) : body.timezone;
    const local = sendAtHasOffset(body.send_at) ? localReading(new Date(body.send_at), timezone) : body.send_at.slice(0, 16);
    return { timezone, patient_timezone: usePatientZone ? 1 : 0, local_send_at: local, send_at: instantOfLocal(local, timezone) };
  }

  /**
   * The values a body stores (read through `tx`: inside a transaction, PGlite's one connection is the transaction's), with the next run after `now`. A new first run must lie ahead, and the
   * rule must leave a run: else 422 on send_at.
   */
  async function valuesOf(tx: Db | Tx, scope: StaffScope, body: ScheduledMessageBody, now: Date, before?: Row) {
    await checkAudience(tx, scope.programId, body);
    const timing = await timingOf(tx, scope, body);
    const moved = !before || before.local_send_at !== timing.local_send_at || before.timezone !== timing.timezone;
    if (moved && timing.send_at <= now) throw new ValidationError({ send_at: [MESSAGES.sendAtPast] });
    const values = {
      title: body.title,
      message: body.message,
      channels: body.channels,
      audience: audienceOf(body),
      rrule: body.rrule ?? null,
      message_template_id: body.message_template_id ?? null,
      ...timing,
    };
    const zones = await zonesOf(tx, { program_id: scope.programId, ...values });
    const next = nextRun(planOf(values), zones, new Date(Math.max(now.getTime(), before?.last_run_at?.getTime() ?? 0)));
    if (!next) throw new ValidationError({ send_at: [values.rrule ? MESSAGES.noRunLeft : MESSAGES.sendAtPast] });
    return { ...values, next_run_at: next };
  }

  const own = (programId: number, id: number) => and(eq(scheduled.program_id, programId), eq(scheduled.id, id)) as SQL;

  async function read(programId: number, id: number): Promise<ScheduledMessage | null> {
    const [row] = await db.select(COLUMNS).from(scheduled).where(own(programId, id));
    return (row as ScheduledMessage | undefined) ?? null;
  }

  /** The row, locked for the change, or null when it is not the program's. */
  async function locked(tx: Tx, programId: number, id: number): Promise<Row | null> {
    const [row] = await tx.select().from(scheduled).where(own(programId, id)).for('update');
    return row ?? null;
  }

  /** The runs of a schedule, newest first, each with its per-channel summary. */
  async function runs(programId: number, id: number): Promise<SentMessageDetail[]> {
    const rows = await db
      .select(SENT_MESSAGE_COLUMNS)
      .from(messages)
      .where(and(eq(messages.program_id, programId), eq(messages.scheduled_message_id, id)))
      .orderBy(desc(messages.run_at), desc(messages.id))
      .limit(RUNS_SHOWN);
    return Promise.all(rows.map(async (row) => ({ ...toSentMessage(row), summary: await delivery().summary(row.id) })));
  }

  /**
   * Makes the run due at the schedule's next_run_at (when it has recipients due then) and moves the
   * schedule on, in one transaction with the row locked (others skip it). Null when nothing was due.
   */
  async function runOne(now: Date): Promise<{ messageId: number | null } | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(scheduled)
        .where(and(eq(scheduled.status, 'active'), lte(scheduled.next_run_at, now)))
        .orderBy(asc(scheduled.next_run_at), asc(scheduled.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row || !row.next_run_at) return null;
      const runAt = row.next_run_at;
      const plan = planOf(row);
      const zones = await zonesOf(tx, row);
      const { due } = zonesOfRun(plan, zones, runAt, now);
      let messageId: number | null = null;
      const [already] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.scheduled_message_id, row.id), eq(messages.run_at, runAt)));
      if (due.length && !already) {
        let audience = row.audience as Audience;
        if (row.patient_timezone === 1) {
          // The recipients whose clock reads the occurrence at this instant.
          const ids = await tx
            .select({ id: patients.id })
            .from(patients)
            .where(and(reached(row.program_id, audience), inArray(patientZone(row.timezone), due)));
          audience = { patient_ids: ids.map((p) => p.id) };
        }
        if (!('patient_ids' in audience) || audience.patient_ids.length) {
          ({ id: messageId } = await delivery().createMessage(
            {
              programId: row.program_id,
              kind: 'scheduled',
              title: row.title,
              message: row.message,
              channels: row.channels,
              audience,
              createdBy: row.created_by,
              scheduledMessageId: row.id,
              runAt,
              ...(row.message_template_id != null ? { messageTemplateId: row.message_template_id } : {}),
            },
            tx,
          ));
        }
      }
      const next = nextRun(plan, zones, runAt);
      await tx
        .update(scheduled)
        .set({
          next_run_at: next,
          status: next ? 'active' : 'completed',
          ...(messageId !== null ? { last_run_at: runAt, runs_count: sql`${scheduled.runs_count} + 1` } : {}),
        })
        .where(eq(scheduled.id, row.id));
      return { messageId };
    });
  }

  return {
    async list(scope: StaffScope, query: ScheduledMessageListQuery): Promise<Page<ScheduledMessage>> {
      const conditions: SQL[] = [eq(scheduled.program_id, scope.programId)];
      if (query.search) {
        const pattern = likePattern(query.search);
        conditions.push(or(ilike(scheduled.title, pattern), ilike(scheduled.message, pattern)) as SQL);
      }
      if (query.status) conditions.push(eq(scheduled.status, query.status));
      const order = query.direction === 'desc' ? desc : asc;
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const where = and(...conditions);
      const [rows, [count]] = await Promise.all([
        db
          .select(COLUMNS)
          .from(scheduled)
          .where(where)
          .orderBy(...[...SORT_COLUMNS[query.sort], scheduled.id].map((column) => order(column)))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(scheduled).where(where),
      ]);
      return toPage(rows as ScheduledMessage[], count?.n ?? 0, query.page, query.perPage);
    },

    /** One schedule with its runs, or null when it is not the program's. */
    async get(scope: StaffScope, id: number): Promise<ScheduledMessageDetail | null> {
      const message = await read(scope.programId, id);
      if (!message) return null;
      return { ...message, runs: await runs(scope.programId, id) };
    },

    /** Whether `runId` is a run of one of the program's schedules (before its recipients are read). */
    async runExists(scope: StaffScope, runId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.program_id, scope.programId), eq(messages.kind, 'scheduled'), eq(messages.id, runId)));
      return row !== undefined;
    },

    async create(scope: StaffScope, body: ScheduledMessageBody, now: Date): Promise<ScheduledMessage> {
      const values = await valuesOf(db, scope, body, now);
      const [row] = await db
        .insert(scheduled)
        .values({ program_id: scope.programId, ...values, status: 'active', created_by: scope.accountId, created_at: now, updated_at: now })
        .returning({ id: scheduled.id });
      return (await read(scope.programId, row!.id))!;
    },

    /**
     * Edits what the next runs send and when; runs made stay as they were. Null: not the program's. A
     * cancelled or completed schedule is not changed (409).
     */
    async update(scope: StaffScope, id: number, body: ScheduledMessageBody, now: Date): Promise<ScheduledMessage | null> {
      const changed = await db.transaction(async (tx) => {
        const row = await locked(tx, scope.programId, id);
        if (!row) return false;
        if (row.status === 'cancelled' || row.status === 'completed') throw Object.assign(new Error(MESSAGES.finished), { statusCode: 409 });
        const values = await valuesOf(tx, scope, body, now, row);
        await tx.update(scheduled).set({ ...values, updated_at: now }).where(eq(scheduled.id, id));
        return true;
      });
      return changed ? read(scope.programId, id) : null;
    },

    /**
     * pause: an active schedule stops running (next_run_at kept for the screen); resume: a paused one
     * runs again from its next run after now (runs that fell in the pause are not sent); cancel: no run
     * any more. Null: not the program's; 409 when the schedule is not in a state that allows it.
     */
    async setState(scope: StaffScope, id: number, action: 'pause' | 'resume' | 'cancel', now: Date): Promise<ScheduledMessage | null> {
      const found = await db.transaction(async (tx) => {
        const row = await locked(tx, scope.programId, id);
        if (!row) return false;
        const refuse = (message: string) => Object.assign(new Error(message), { statusCode: 409 });
        if (action === 'pause') {
          if (row.status !== 'active') throw refuse(MESSAGES.notActive);
          await tx.update(scheduled).set({ status: 'paused', updated_at: now }).where(eq(scheduled.id, id));
        } else if (action === 'resume') {
          if (row.status !== 'paused') throw refuse(MESSAGES.notPaused);
          const next = nextRun(planOf(row), await zonesOf(tx, row), now);
          await tx
            .update(scheduled)
            .set({ status: next ? 'active' : 'completed', next_run_at: next, updated_at: now })
            .where(eq(scheduled.id, id));
        } else {
          if (row.status === 'cancelled' || row.status === 'completed') throw refuse(MESSAGES.finished);
          await tx.update(scheduled).set({ status: 'cancelled', next_run_at: null, updated_at: now }).where(eq(scheduled.id, id));
        }
        return true;
      });
      return found ? read(scope.programId, id) : null;
    },

    /**
     * The tick: makes every due run, one schedule row per transaction, then queues each run's fan-out
     * once its transaction has committed (the delivery sweep queues any a crash left behind). A run
     * due while the service was down is made at the first tick after it is back. Returns the runs made.
     */
    async tick(now: Date): Promise<number> {
      let made = 0;
      for (let step = 0; step < RUNS_PER_TICK; step += 1) {
        const result = await runOne(now);
        if (!result) break;
        if (result.messageId !== null) {
          made += 1;
          await delivery().queueFanOut(result.messageId);
        }
      }
      return made;
    },
  };
}

export type ScheduledMessages = ReturnType<typeof createScheduledMessages>;

export default fp(
  async (fastify: FastifyInstance) => {
    const service = createScheduledMessages(fastify.db, () => fastify.delivery);
    fastify.decorate('scheduledMessages', service);
    fastify.jobs.work(SCHEDULED_TICK_JOB, async () => {
      await service.tick(fastify.clock.now());
    });
    // Every minute; the schedule is kept in the database, so a restart keeps it.
    fastify.addHook('onReady', async () => {
      if (fastify.jobs.workersOn) await fastify.jobs.schedule(SCHEDULED_TICK_JOB, '* * * * *', {});
    });
  },
  { name: 'scheduled-messages', dependencies: ['database', 'delivery', 'jobs'] },
);
