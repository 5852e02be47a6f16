import fp from 'fastify-plugin';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db, Tx } from '../../../db/client';
import { queryRows } from '../../../db/client';
import { automaticMessageRules as rules, messages } from '../../../db/schema';
import { programDayOf, programToday, usableZone } from '../../../lib/program-day';
import type { Delivery } from './delivery';

declare module 'fastify' {
  interface FastifyInstance {
    automaticRun: AutomaticRun;
  }
}

/** The queue of the daily run: `{}` from the hourly cron (it picks the programs whose hour has come), `{programId}` for one program. */
export const AUTOMATIC_RUN_JOB = 'messaging.automatic-run';
/** Once an hour, a few minutes past, in UTC: every program's local hour comes round once a day. */
export const AUTOMATIC_RUN_CRON = '5 * * * *';
/** The local hour a program's run starts at: early morning, before the day's first appointments. */
export const AUTOMATIC_RUN_HOUR = 6;
/**
 * A day-counted trigger (days after signup, before or after surgery, in a stage, before an item is due)
 * still fires up to this many days late, so a run missed while the service was down is caught up the next
 * day; the sends table keeps it to once. Never earlier than the day the rule was created: a new rule does
 * not reach back to patients whose day passed before it existed.
 */
export const CATCH_UP_DAYS = 2;
/** Programs one process runs at once: each run is one statement at a time, so two keep two cores busy. */
export const AUTOMATIC_RUN_CONCURRENCY = 2;

type Rule = typeof rules.$inferSelect;

export interface RuleRunResult {
  ruleId: number;
  trigger: string;
  /** Patients reached for the first time for their trigger by this run. */
  sent: number;
  /** The message created for them, or null when nobody was due. */
  messageId: number | null;
}

export interface ProgramRunResult {
  programId: number;
  /** The program's local day the run counted from. */
  day: string;
  rules: RuleRunResult[];
}

/**
 * The set of patients a rule reaches today, as `select rule_id, patient_id, message_id, trigger_key` for the insert.
 * Each trigger key names the occurrence the rule counted from (a surgery date, a stage entry, the last
 * weigh-in…): when that moves, it is a new occurrence; while it stays, the primary key keeps it to one send.
 */
function candidates(rule: Rule, messageId: number, programId: number, zone: string, today: string, from: string): SQL {
  const d = rule.days;
  const active = sql`p.program_id = ${programId} and p.status = 1`;
  const localDay = (column: SQL) => sql`(${column} at time zone ${zone})::date`;
  // The start of a local day as an instant, so a range on a timestamp column can use its index.
  const dayStart = (day: SQL) => sql`(${day}::timestamp at time zone ${zone})`;
  switch (rule.trigger) {
    case 'days_after_signup':
      return sql`select ${rule.id}, p.id, ${messageId}::bigint, 'signup' from patients p where ${active}
        and p.created_at >= ${dayStart(sql`(${from}::date - ${d}::int)`)} and p.created_at < ${dayStart(sql`(${today}::date - ${d}::int + 1)`)}`;
    case 'days_before_surgery':
      return sql`select ${rule.id}, p.id, ${messageId}::bigint, 'surgery:' || p.surgery_date from patients p where ${active}
        and p.surgery_date between ${from}::date + ${d}::int and ${today}::date + ${d}::int`;
    case 'days_after_surgery':
      return sql`select ${rule.id}, p.id, ${messageId}::bigint, 'surgery:' || p.surgery_date from patients p where ${active}
        and p.surgery_date between ${from}::date - ${d}::int and ${today}::date - ${d}::int`;
    case 'days_in_stage':
      return sql`select ${rule.id}, p.id, ${messageId}::bigint, 'stage:' || p.current_stage || ':' || ${localDay(sql`p.stage_entered_at`)} from patients p where ${active}
        and p.current_stage = ${Number(rule.stage)}
        and p.stage_entered_at >= ${dayStart(sql`(${from}::date - ${d}::int)`)} and p.stage_entered_at < ${dayStart(sql`(${today}::date - ${d}::int + 1)`)}`;
    case 'no_weight_logged':
      // Once per silence: counted from the last weigh-in (or the signup day of a patient who never logged one).
      return sql`select ${rule.id}, p.id, ${messageId}::bigint, 'weight:' || coalesce(w.last_on, ${localDay(sql`p.created_at`)}) from patients p
        left join (select patient_id, max(logged_on) as last_on from weight_logs where program_id = ${programId} group by patient_id) w on w.patient_id = p.id
        where ${active} and coalesce(w.last_on, ${localDay(sql`p.created_at`)}) <= ${today}::date - ${d}::int`;
    case 'checklist_item_due':
      return sql`select ${rule.id}, p.id, ${messageId}::bigint, 'checklist:' || ci.id || ':' || ci.due_date from patient_checklist_items ci
        join patients p on p.id = ci.patient_id
        where ci.program_id = ${programId} and ci.template_item_id = ${rule.checklist_item_id} and ci.completed_at is null
        and ci.due_date between ${from}::date + ${d}::int and ${today}::date + ${d}::int and ${active} and p.checklist_deactivate = 0`;
    default:
      throw new Error(`Unknown automatic trigger ${rule.trigger}`);
  }
}


/**
 * The daily run of a program's automatic messages. Per rule, one transaction: one message (audience
 * `{automatic: true}`) is created through the delivery service, and the patients due are inserted into
 * automatic_message_sends pointing at it in one statement (`on conflict do nothing`: a patient already
 * sent to for this trigger is skipped, however often the run repeats or overlaps); with nobody new the
 * message is dropped again. After the commit its fan-out is queued; it reads the sends pointing at it.
 */
export function createAutomaticRun(db: Db, delivery: Pick<Delivery, 'createMessage' | 'queueFanOut'>) {
  async function runRule(rule: Rule, programId: number, zone: string, today: string, now: Date): Promise<RuleRunResult> {
    const createdDay = DateTime.fromJSDate(rule.created_at, { zone }).toISODate()!;
    const earliest = DateTime.fromISO(today).minus({ days: CATCH_UP_DAYS }).toISODate()!;
    const from = createdDay > earliest ? createdDay : earliest;
    const result = await db.transaction(async (tx): Promise<RuleRunResult> => {
      // The message first, so each send is written once with it (an update of every new send afterwards
      // doubled the first run's work); it is not queued before the commit, and is dropped with nobody due.
      const { id } = await delivery.createMessage(
        {
          programId,
          kind: 'automatic',
          title: rule.title,
          message: rule.message,
          channels: rule.channels,
          audience: { automatic: true },
          createdBy: null,
          automaticRuleId: rule.id,
          runAt: now,
        },
        tx,
      );
      const [inserted] = await queryRows<{ n: number }>(
        tx,
        sql`with added as (
              insert into automatic_message_sends (rule_id, patient_id, message_id, trigger_key)
              ${candidates(rule, id, programId, zone, today, from)}
              on conflict do nothing
              returning 1)
            select count(*)::int as n from added`,
      );
      const sent = inserted?.n ?? 0;
      if (sent === 0) {
        await tx.delete(messages).where(eq(messages.id, id));
        return { ruleId: rule.id, trigger: rule.trigger, sent, messageId: null };
      }
      return { ruleId: rule.id, trigger: rule.trigger, sent, messageId: id };
    });
    // Queued once the sends it reads are committed (the delivery sweep would find it within a minute otherwise).
    if (result.messageId !== null) await delivery.queueFanOut(result.messageId);
    return result;
  }

  return {
    /** Runs every rule of the program that is on, for its local day at `now`. null: no such program. */
    async runProgram(programId: number, now: Date): Promise<ProgramRunResult | null> {
      const day = await programDayOf(db, programId, now);
      if (!day) return null;
      const active = await db
        .select()
        .from(rules)
        .where(and(eq(rules.program_id, programId), eq(rules.status, 1)))
        .orderBy(asc(rules.id));
      const results: RuleRunResult[] = [];
      for (const rule of active) results.push(await runRule(rule, programId, day.zone, day.today, now));
      return { programId, day: day.today, rules: results };
    },

    /** The programs whose local hour at `now` is the run's hour (the hourly cron's pick), with their local day. */
    async programsDue(now: Date, tx: Tx = db): Promise<{ programId: number; day: string }[]> {
      const programs = await queryRows<{ id: number; timezone: string | null }>(tx, sql`select id, timezone from programs order by id`);
      return programs.flatMap((program) => {
        const local = programToday(now, usableZone(program.timezone));
        return local.hour === AUTOMATIC_RUN_HOUR ? [{ programId: program.id, day: local.toISODate()! }] : [];
      });
    },
  };
}

export type AutomaticRun = ReturnType<typeof createAutomaticRun>;

/**
 * The run's queue. One hourly cron rather than a schedule per program: programs come and go and change
 * their time zone, and a single schedule needs no bookkeeping for that; each tick queues a job per program
 * whose early-morning hour has come (a singleton per program and day), so programs run apart, each retried
 * on its own.
 */
export default fp(
  async (fastify) => {
    const run = createAutomaticRun(fastify.db, fastify.delivery);
    fastify.decorate('automaticRun', run);

    fastify.jobs.work<{ programId?: number }>(AUTOMATIC_RUN_JOB, async (data) => {
      const now = fastify.clock.now();
      if (data.programId === undefined) {
        for (const { programId, day } of await run.programsDue(now)) {
          await fastify.jobs.send(AUTOMATIC_RUN_JOB, { programId }, { singletonKey: `${programId}:${day}` });
        }
        return;
      }
      const result = await run.runProgram(data.programId, now);
      if (result) {
        const sent = result.rules.reduce((sum, rule) => sum + rule.sent, 0);
        fastify.log.info({ programId: result.programId, day: result.day, rules: result.rules.length, sent }, 'automatic messages run');
      }
    }, { concurrency: AUTOMATIC_RUN_CONCURRENCY });

    fastify.addHook('onReady', async () => {
      if (fastify.jobs.workersOn) await fastify.jobs.schedule(AUTOMATIC_RUN_JOB, AUTOMATIC_RUN_CRON, {}, { tz: 'UTC' });
    });
  },
  { name: 'automatic-run', dependencies: ['database', 'jobs', 'delivery'] },
);
