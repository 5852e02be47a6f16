/**
 * The daily run of the dynamic notifications (docs/admin.md, "Dynamic notifications"): for one program's
 * day, each active notification reaches the program's active patients its rule holds for, once per
 * trigger, with one inbox + push message per program and notification.
 */
import fp from 'fastify-plugin';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { AnyDynamicMetadata, DynamicDuration, DynamicRuleType, DynamicRunResult } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/client';
import { dynamicNotifications, messages, patients } from '../../../db/schema';
import { programZone } from '../../../lib/program-day';
import { audienceRule } from '../../events';
import type { Delivery } from '../../messaging';
import { registerDailyProgramRun } from '../daily-program-run';

declare module 'fastify' {
  interface FastifyInstance {
    dynamicNotificationRuns: DynamicNotificationRuns;
  }
}

/** The queue of the run: `{}` from the hourly cron (it picks the programs whose hour has come), `{programId, day}` for one program's day. */
export const DYNAMIC_RUN_JOB = 'admin.dynamic-notifications';
/** Hourly, after the automatic messages' and the trophies' ticks (each picks the programs whose local hour is 6). */
export const DYNAMIC_RUN_CRON = '15 * * * *';
/** Programs one process runs at once: each notification is one statement at a time, so two keep two cores busy. */
export const DYNAMIC_RUN_CONCURRENCY = 2;
/** The audience of a notification's message: the patients whose sends point at that message. */
export const DYNAMIC_AUDIENCE = 'admin.dynamic';
/**
 * A day-counted trigger (around surgery, after sign-up, a reminder's period) still fires up to this many
 * days late, so a run missed while the service was down is caught up; never before the day the
 * notification was created (a new rule does not reach back to days that passed before it existed).
 * The same window as the automatic messages'.
 */
export const DYNAMIC_CATCH_UP_DAYS = 2;

type Notification = typeof dynamicNotifications.$inferSelect;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: unknown): value is string => typeof value === 'string' && ISO_DAY.test(value) && DateTime.fromISO(value).isValid;
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * The patients of `admin.dynamic` {notificationId, messageId}: those whose sends point at the message
 * (the fan-out adds the program and "active"). Parameters it cannot read throw: the fan-out then fails
 * rather than reach anyone.
 */
export function dynamicAudience(_programId: number, params: Record<string, unknown>): SQL {
  const { notificationId, messageId } = params;
  if (!isId(notificationId) || !isId(messageId)) throw new Error(`${DYNAMIC_AUDIENCE}: unreadable parameters ${JSON.stringify(params)}`);
  return sql`exists (select 1 from dynamic_notification_sends s where s.message_id = ${messageId} and s.notification_id = ${notificationId} and s.patient_id = ${patients.id})`;
}

/** A day moved by `n` of a rule's units (luxon's month arithmetic keeps the day, or the month's last). */
const shift = (day: string, n: number, unit: DynamicDuration): string =>
  DateTime.fromISO(day, { zone: 'UTC' })
    .plus({ [`${unit}s`]: n })
    .toISODate()!;

/** The SQL interval of `n` units, for a per-patient date (a month from Jan 31 is Feb 28 here as in luxon). */
const interval = (n: number, unit: DynamicDuration): SQL =>
  unit === 'month' ? sql`make_interval(months => ${n}::int)` : sql`make_interval(days => ${unit === 'week' ? n * 7 : n}::int)`;

/** The push and inbox title of a notification's message: its first line, cut short (notifications have no title of their own). */
export function notificationTitle(message: string): string {
  const line = message.split('\n').map((part) => part.trim()).find((part) => part.length > 0) ?? '';
  return line.length > 80 ? `${line.slice(0, 79).trimEnd()}…` : line;
}

interface RunDay {
  programId: number;
  zone: string;
  today: string;
  /** The earliest day a day-counted trigger may fall on (see DYNAMIC_CATCH_UP_DAYS). */
  from: string;
}

/**
 * The patients a notification reaches on the run's day with their trigger keys, as `select patient_id,
 * trigger_key` over `patients`. A key names the occurrence the rule counted from (a surgery date, the
 * last weigh-in, a reminder's period…): when that moves it is a new trigger; while it stays, the sends'
 * primary key keeps it to one send.
 */
export function triggers(notification: Notification, run: RunDay): SQL {
  const m = notification.metadata as AnyDynamicMetadata;
  const { programId, zone, today, from } = run;
  const stages = `{${notification.stages.join(',')}}`;
  const who = sql`${patients.program_id} = ${programId} and ${patients.status} = 1 and ${audienceRule({
    stages: sql`${stages}::int[]`,
    patientType: sql`'all'::text`,
    weightLossType: sql`${notification.patient_type}::text`,
    day: sql`${today}::date`,
  })}`;
  const signupDay = sql`(${patients.created_at} at time zone ${zone})::date`;
  // The start of a local day as an instant, so a range on created_at can use its index.
  const dayStart = (day: string) => sql`(${day}::timestamp at time zone ${zone})`;
  const n = m.days ?? 0;
  const unit = (m.duration ?? 'day') as DynamicDuration;
  switch (notification.rule_type as DynamicRuleType) {
    case 'signup':
      return sql`select ${patients.id}, 'signup' from ${patients} where ${who}
        and ${patients.created_at} >= ${dayStart(shift(from, -n, 'day'))} and ${patients.created_at} < ${dayStart(shift(today, 1 - n, 'day'))}`;
    case 'surgery_date': {
      // The surgery dates whose day ± the offset lies in [from, today]: a range a few days wider for the
      // index (month arithmetic is not exactly reversible), then the exact test.
      const sign = m.type === 'before' ? 1 : -1;
      const low = shift(shift(from, sign * n, unit), -3, 'day');
      const high = shift(shift(today, sign * n, unit), 3, 'day');
      const moved = m.type === 'before' ? sql`(${patients.surgery_date} - ${interval(n, unit)})::date` : sql`(${patients.surgery_date} + ${interval(n, unit)})::date`;
      const type = m.surgery_type ? sql`and lower(btrim(${patients.type_of_surgery})) = ${m.surgery_type.toLowerCase()}` : sql``;
      return sql`select ${patients.id}, 'surgery:' || ${patients.surgery_date} from ${patients} where ${who}
        and ${patients.surgery_date} between ${low}::date and ${high}::date and ${moved} between ${from}::date and ${today}::date ${type}`;
    }
    case 'weight':
    case 'food': {
      // Once per silence: counted from the last day logged (or the sign-up day of a patient who never logged).
      const table = notification.rule_type === 'weight' ? sql`weight_logs` : sql`food_log_entries`;
      const last = sql`coalesce(l.last_on, ${signupDay})`;
      return sql`select ${patients.id}, ${notification.rule_type}::text || ':' || ${last} from ${patients}
        left join (select patient_id, max(logged_on) as last_on from ${table} where program_id = ${programId} group by patient_id) l on l.patient_id = ${patients.id}
        where ${who} and ${last} <= ${shift(today, -n, unit)}::date`;
    }
    case 'weight_lost':
      // A threshold, not a day: reached once (the key is the value, so a rule changed to another value is a new trigger).
      return sql`select ${patients.id}, 'lost:' || ${String(m.weight_lost)}::text from ${patients} where ${who}
        and ${patients.starting_weight} - ${patients.current_weight} >= ${m.weight_lost ?? 0}::numeric`;
    case 'reminder': {
      // Every n units from the anchor: k = the periods completed by today; due when the k-th period's
      // day (k ≥ 1) lies in [from, today]. The key names the anchor and k.
      const anchor = m.type === 'surgery' ? sql`${patients.surgery_date}` : signupDay;
      const periods =
        unit === 'month'
          ? sql`floor((extract(year from age(${today}::date, a.day)) * 12 + extract(month from age(${today}::date, a.day))) / ${n}::int)::int`
          : sql`((${today}::date - a.day) / ${unit === 'week' ? n * 7 : n}::int)`;
      const due = unit === 'month' ? sql`(a.day + make_interval(months => k.k * ${n}::int))::date` : sql`(a.day + k.k * ${unit === 'week' ? n * 7 : n}::int)`;
      return sql`select a.id, 'reminder:' || a.day || ':' || k.k from (
          select ${patients.id} as id, ${anchor} as day from ${patients} where ${who} and ${anchor} is not null and ${anchor} < ${today}::date
        ) a cross join lateral (select ${periods} as k) k
        where k.k >= 1 and ${due} between ${from}::date and ${today}::date`;
    }
    default:
      throw new Error(`Unknown dynamic notification rule ${notification.rule_type}`);
  }
}

export function createDynamicNotificationRuns(db: Db, delivery: Pick<Delivery, 'createMessage' | 'queueFanOut'>, now: () => Date) {
  /**
   * One notification for one program's day, in one transaction: the message first (so each send is
   * written once, pointing at it), then one `insert … select … on conflict do nothing` of the patients
   * due; with nobody new the message is dropped again. The fan-out is queued after the commit.
   */
  async function runNotification(notification: Notification, run: RunDay): Promise<{ sent: number; messageId: number | null }> {
    const created = DateTime.fromJSDate(notification.created_at, { zone: run.zone }).toISODate()!;
    const earliest = shift(run.today, -DYNAMIC_CATCH_UP_DAYS, 'day');
    const day = { ...run, from: created > earliest ? created : earliest };
    const result = await db.transaction(async (tx) => {
      const { id } = await delivery.createMessage(
        {
          programId: run.programId,
          kind: 'dynamic',
          title: notificationTitle(notification.message),
          message: notification.message,
          channels: ['inbox', 'push'],
          // Completed below, once the message has its id.
          audience: { registered: { name: DYNAMIC_AUDIENCE, params: {} } },
          createdBy: null,
          runAt: now(),
          image: notification.image,
          link: notification.url,
        },
        tx,
      );
      await tx
        .update(messages)
        .set({ audience: { registered: { name: DYNAMIC_AUDIENCE, params: { notificationId: notification.id, messageId: id } } } })
        .where(eq(messages.id, id));
      const [inserted] = await queryRows<{ n: number }>(
        tx,
        sql`with due as (${triggers(notification, day)}), added as (
              insert into dynamic_notification_sends (notification_id, patient_id, trigger_key, program_id, message_id)
              select ${notification.id}, due.*, ${run.programId}, ${id}::bigint from due
              on conflict do nothing
              returning 1)
            select count(*)::int as n from added`,
      );
      const sent = inserted?.n ?? 0;
      if (sent === 0) {
        await tx.delete(messages).where(eq(messages.id, id));
        return { sent, messageId: null };
      }
      return { sent, messageId: id };
    });
    // Queued once the sends it reads are committed (the delivery sweep would find it within a minute otherwise).
    if (result.messageId !== null) await delivery.queueFanOut(result.messageId);
    return result;
  }

  return {
    /**
     * Runs every active notification for the program's patients on `day` (the program's local day,
     * yyyy-MM-dd). A program that does not exist sends nothing.
     */
    async runProgram(programId: number, day: string): Promise<DynamicRunResult> {
      if (!isDay(day)) throw new Error(`Not a day: ${day}`);
      const zone = await programZone(db, programId);
      if (zone === null) return { sent: 0, messages: 0 };
      const active = await db.select().from(dynamicNotifications).where(eq(dynamicNotifications.status, 1)).orderBy(asc(dynamicNotifications.id));
      const result: DynamicRunResult = { sent: 0, messages: 0 };
      for (const notification of active) {
        const { sent, messageId } = await runNotification(notification, { programId, zone, today: day, from: day });
        result.sent += sent;
        if (messageId !== null) result.messages += 1;
      }
      return result;
    },

  };
}

export type DynamicNotificationRunsService = ReturnType<typeof createDynamicNotificationRuns>;
export type DynamicNotificationRuns = DynamicNotificationRunsService & {
  /** Queues every program's run for its local day now (Run now); the number of programs. */
  queueAll(): Promise<number>;
};

/** The run's queue and cron: the super admins' daily program run (../daily-program-run.ts). */
export default fp(
  async (fastify) => {
    const runs = createDynamicNotificationRuns(fastify.db, fastify.delivery, () => fastify.clock.now());
    const { queueAll } = registerDailyProgramRun(fastify, {
      job: DYNAMIC_RUN_JOB,
      cron: DYNAMIC_RUN_CRON,
      concurrency: DYNAMIC_RUN_CONCURRENCY,
      run: (programId, day) => runs.runProgram(programId, day),
    });
    fastify.decorate('dynamicNotificationRuns', { ...runs, queueAll } satisfies DynamicNotificationRuns);
    fastify.delivery.registerAudience(DYNAMIC_AUDIENCE, dynamicAudience);
  },
  { name: 'dynamic-notification-runs', dependencies: ['database', 'jobs', 'delivery', 'automatic-run'] },
);
