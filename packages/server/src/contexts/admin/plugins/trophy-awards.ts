import fp from 'fastify-plugin';
import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { AppTrophy, TrophyRuleType } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/client';
import { messages, patientTrophies, patients, trophyCards } from '../../../db/schema';
import { usableZone } from '../../../lib/program-day';
import type { Delivery } from '../../messaging';
import { registerDailyProgramRun } from '../daily-program-run';

declare module 'fastify' {
  interface FastifyInstance {
    trophyAwards: TrophyAwards;
  }
}

/** The queue of the awarding run: `{}` from the hourly cron (it picks the programs whose hour has come), `{programId, day}` for one program's day. */
export const TROPHY_RUN_JOB = 'admin.trophy-awards';
/** Hourly, a few minutes after the automatic messages' tick (both pick the programs whose local hour is 6). */
export const TROPHY_RUN_CRON = '10 * * * *';
/** Programs one process runs at once (each card is one statement at a time). */
export const TROPHY_RUN_CONCURRENCY = 2;
/** The audience of a card's message: the patients awarded that card in the message's program on that day. */
export const TROPHY_AUDIENCE = 'admin.trophy';
/**
 * A day-counted rule (a date, days after surgery) still awards up to this many days late, so a run missed
 * while the service was down is caught up; a log streak counts when it reached its length within these
 * days too. Never before the day the card was created: a new card does not reach back to a surgery
 * anniversary or a date that had passed before it existed.
 */
export const TROPHY_CATCH_UP_DAYS = 2;
/** The class of this run's advisory locks (its second key is the program): any fixed number of its own. */
const TROPHY_LOCK_CLASS = 21_0301;

type Card = typeof trophyCards.$inferSelect;

export interface TrophyRunResult {
  /** Awards made by this run (patients × cards). */
  awarded: number;
  /** Inbox messages created: one per card that awarded anyone. */
  messages: number;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: unknown): value is string => typeof value === 'string' && ISO_DAY.test(value) && DateTime.fromISO(value).isValid;
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 && value <= 2_147_483_647;

/**
 * The patients of `admin.trophy` {trophyId, day}: those awarded the card on that day (the fan-out adds
 * the program and "active"). Parameters it cannot read throw, so the fan-out fails rather than reach anyone.
 */
export function trophyAudience(_programId: number, params: Record<string, unknown>): SQL {
  const { trophyId, day } = params;
  if (!isId(trophyId) || !isDay(day)) throw new Error(`${TROPHY_AUDIENCE}: unreadable parameters ${JSON.stringify(params)}`);
  return sql`exists (select 1 from patient_trophies pt where pt.trophy_id = ${trophyId} and pt.awarded_on = ${day}::date and pt.patient_id = ${patients.id})`;
}

/** The log table a log rule counts days of; a water row of 0 oz is not a day logged. */
const LOG_DAYS: Record<'food_log' | 'weight_log' | 'water_log', (programId: number) => SQL> = {
  food_log: (programId) => sql`select patient_id, logged_on from food_log_entries where program_id = ${programId}`,
  weight_log: (programId) => sql`select patient_id, logged_on from weight_logs where program_id = ${programId}`,
  water_log: (programId) => sql`select patient_id, logged_on from water_logs where program_id = ${programId} and total > 0`,
};

/**
 * The ids of the program's active patients who meet the card on `day` (`from` is the earliest day a
 * day-counted rule may fall on; `recentSince`, when set, the first day a total is counted again from),
 * as one `select` for the insert. Patients who hold the card already are
 * left to the insert's `on conflict do nothing`.
 */
function qualifying(card: Card, programId: number, day: string, from: string, recentSince: string | null): SQL {
  const active = sql`p.program_id = ${programId} and p.status = 1`;
  const rule = card.rule_type as TrophyRuleType;
  switch (rule) {
    case 'food_log':
    case 'weight_log':
    case 'water_log': {
      const logged = LOG_DAYS[rule](programId);
      if (card.days_condition === 'in_total') {
        // A total only grows on a day the patient logs: once the card's earlier runs have counted everyone
        // (`recentSince`), only the patients who logged since then are counted again, not every history.
        const recent = recentSince === null ? sql`` : sql`and patient_id in (select patient_id from (${logged} and logged_on between ${recentSince}::date and ${day}::date) r)`;
        return sql`select p.id from patients p where ${active} and p.id in (
          select l.patient_id from (${logged} and logged_on <= ${day}::date ${recent}) l
          group by l.patient_id having count(distinct l.logged_on) >= ${card.days})`;
      }
      // In a row: a run of consecutive days logged, at least `days` long, reaching into the last
      // catch-up days. Consecutive days less their rank within the patient are one number per run.
      const firstDay = sql`${day}::date - ${card.days + TROPHY_CATCH_UP_DAYS - 1}::int`;
      return sql`select p.id from patients p where ${active} and p.id in (
        select r.patient_id from (
          select d.patient_id, d.logged_on - (row_number() over (partition by d.patient_id order by d.logged_on))::int as run
          from (select distinct l.patient_id, l.logged_on from (${logged} and logged_on between ${firstDay} and ${day}::date) l) d
        ) r group by r.patient_id, r.run having count(*) >= ${card.days})`;
    }
    case 'surgery_anniversary': {
      const unit = { day: sql`interval '1 day'`, week: sql`interval '1 week'`, month: sql`interval '1 month'` }[card.surgery_day_type as 'day' | 'week' | 'month'];
      if (!unit || card.surgery_days === null) throw new Error(`Trophy card ${card.id}: no time after surgery`);
      return sql`select p.id from patients p where ${active} and p.surgery_date is not null
        and (p.surgery_date + ${card.surgery_days}::int * ${unit})::date between ${from}::date and ${day}::date`;
    }
    case 'date':
      if (card.date === null || card.date < from || card.date > day) return sql`select p.id from patients p where false`;
      return sql`select p.id from patients p where ${active}`;
    default:
      throw new Error(`Unknown trophy rule ${card.rule_type}`);
  }
}

/**
 * The awarding run of one program's day. Per card, one transaction holding the program's advisory lock:
 * a card that already awarded anyone in the program that day is passed over (so each card makes at most
 * one message per program and day, and a second run the same day cannot reach those patients twice:
 * the message's audience is "awarded that card that day"); otherwise one message is created, and the
 * patients who meet the card are inserted into patient_trophies pointing at it in one statement
 * (`on conflict do nothing`: once per card and patient, whatever repeats). Nobody new: the message is
 * dropped. After the commit its fan-out is queued.
 */
export function createTrophyAwards(db: Db, delivery: Pick<Delivery, 'createMessage' | 'queueFanOut'>, now: () => Date, fileUrl: (key: string) => string) {
  async function runCard(card: Card, programId: number, zone: string, day: string): Promise<number | null> {
    const createdDay = DateTime.fromJSDate(card.created_at, { zone }).toISODate()!;
    const earliest = DateTime.fromISO(day).minus({ days: TROPHY_CATCH_UP_DAYS }).toISODate()!;
    const from = createdDay > earliest ? createdDay : earliest;
    // The card as it stands (its rule last saved, or switched on) before the catch-up days: its runs since
    // then have counted every patient, so a total need only be counted again for those who logged since.
    const savedDay = DateTime.fromJSDate(card.updated_at, { zone }).toISODate()!;
    const recentSince = savedDay < earliest ? earliest : null;
    const outcome = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${TROPHY_LOCK_CLASS}::int, ${programId}::int)`);
      const [done] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from (select 1 from patient_trophies where trophy_id = ${card.id} and program_id = ${programId} and awarded_on = ${day}::date limit 1) t`,
      );
      if ((done?.n ?? 0) > 0) return { awarded: 0, messageId: null };
      const { id } = await delivery.createMessage(
        {
          programId,
          kind: 'trophy',
          title: card.title,
          message: card.notification_content ?? card.title,
          channels: ['inbox'],
          audience: { registered: { name: TROPHY_AUDIENCE, params: { trophyId: card.id, day } } },
          createdBy: null,
          image: card.front_image,
          link: card.link,
        },
        tx,
      );
      const [inserted] = await queryRows<{ n: number }>(
        tx,
        sql`with added as (
              insert into patient_trophies (trophy_id, patient_id, program_id, awarded_on, message_id)
              select ${card.id}, q.id, ${programId}, ${day}::date, ${id}::bigint from (${qualifying(card, programId, day, from, recentSince)}) q
              on conflict do nothing
              returning 1)
            select count(*)::int as n from added`,
      );
      const awarded = inserted?.n ?? 0;
      if (awarded === 0) {
        await tx.delete(messages).where(eq(messages.id, id));
        return { awarded, messageId: null };
      }
      return { awarded, messageId: id };
    });
    if (outcome.messageId !== null) await delivery.queueFanOut(outcome.messageId);
    return outcome.messageId === null ? null : outcome.awarded;
  }

  return {
    /**
     * Awards the program's patients every active card for its tier (or for every tier) they meet on
     * `day` (the program's local day, yyyy-MM-dd). A program that does not exist awards nothing.
     */
    async runProgram(programId: number, day: string): Promise<TrophyRunResult> {
      if (!isDay(day)) throw new Error(`Not a day: ${day}`);
      const [program] = await queryRows<{ tier: string | null; timezone: string | null }>(db, sql`select tier, timezone from programs where id = ${programId}`);
      if (!program) return { awarded: 0, messages: 0 };
      const zone = usableZone(program.timezone);
      const cards = await db
        .select()
        .from(trophyCards)
        .where(and(eq(trophyCards.status, 1), program.tier === null ? isNull(trophyCards.user_tier) : or(isNull(trophyCards.user_tier), eq(trophyCards.user_tier, program.tier))))
        .orderBy(asc(trophyCards.order_index), asc(trophyCards.id));
      const result: TrophyRunResult = { awarded: 0, messages: 0 };
      for (const card of cards) {
        const awarded = await runCard(card, programId, zone, day);
        if (awarded !== null) {
          result.awarded += awarded;
          result.messages += 1;
        }
      }
      return result;
    },

    /** The cards a patient earned (switched off since or not: an award stays), newest award first, with their faces' URLs. */
    async earnedBy(patientId: number, programId: number): Promise<AppTrophy[]> {
      const rows = await db
        .select({
          id: trophyCards.id,
          title: trophyCards.title,
          front_image: trophyCards.front_image,
          back_image: trophyCards.back_image,
          link: trophyCards.link,
          notification_content: trophyCards.notification_content,
          awarded_on: patientTrophies.awarded_on,
        })
        .from(patientTrophies)
        .innerJoin(trophyCards, eq(trophyCards.id, patientTrophies.trophy_id))
        .where(and(eq(patientTrophies.patient_id, patientId), eq(patientTrophies.program_id, programId)))
        .orderBy(desc(patientTrophies.awarded_on), asc(trophyCards.order_index), asc(trophyCards.id));
      return rows.map((row) => ({
        ...row,
        front_image: row.front_image ? fileUrl(row.front_image) : null,
        back_image: row.back_image ? fileUrl(row.back_image) : null,
        notification_content: row.notification_content ?? '',
      }));
    },

  };
}

export type TrophyAwardsService = ReturnType<typeof createTrophyAwards>;
export type TrophyAwards = TrophyAwardsService & {
  /** Queues every program's run for its local day now (Award now); the number of programs. */
  queueAll(): Promise<number>;
};

/** The run's queue and cron: the super admins' daily program run (../daily-program-run.ts). */
export default fp(
  async (fastify) => {
    const awards = createTrophyAwards(fastify.db, fastify.delivery, () => fastify.clock.now(), (key) => fastify.uploads.urlOf(key));
    const { queueAll } = registerDailyProgramRun(fastify, {
      job: TROPHY_RUN_JOB,
      cron: TROPHY_RUN_CRON,
      concurrency: TROPHY_RUN_CONCURRENCY,
      run: (programId, day) => awards.runProgram(programId, day),
    });
    fastify.decorate('trophyAwards', { ...awards, queueAll } satisfies TrophyAwards);
    fastify.delivery.registerAudience(TROPHY_AUDIENCE, trophyAudience);
  },
  { name: 'trophy-awards', dependencies: ['database', 'jobs', 'delivery', 'automatic-run', 'uploads'] },
);
