import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { TROPHY_DEFAULTS, TROPHY_LOG_RULES, TROPHY_MESSAGES, trophyCardResource, type TrophyRuleType } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/client';
import { trophyCards } from '../../../db/schema';
import { createResourceRepository } from '../../platform/resource-kit';
import { imagesOfSentMessages } from '../daily-program-run';

declare module 'fastify' {
  interface FastifyInstance {
    trophyCards: TrophyCardsRepository;
  }
}

type Row = Record<string, unknown>;

const awardedCount = sql<number>`(select count(*)::int from patient_trophies pt where pt.trophy_id = trophy_cards.id)`.mapWith(Number);

/**
 * A card keeps only its own rule's fields: the others go back to their defaults (days, condition and
 * unit are never null) or to null, so a card switched from one rule to another keeps no stale values
 * the run or the show page could read.
 */
export function ruleColumns(values: Row): Row {
  const rule = values.rule_type as TrophyRuleType;
  const log = TROPHY_LOG_RULES.includes(rule);
  return {
    days: log ? values.days : TROPHY_DEFAULTS.days,
    days_condition: log ? values.days_condition : TROPHY_DEFAULTS.days_condition,
    surgery_days: rule === 'surgery_anniversary' ? values.surgery_days : null,
    surgery_day_type: rule === 'surgery_anniversary' ? values.surgery_day_type : TROPHY_DEFAULTS.surgery_day_type,
    date: rule === 'date' ? values.date : null,
  };
}

/** The rule's own field each rule needs besides those with defaults: asked only with that rule, so checked with it. */
function ruleErrors(values: Row): Record<string, string[]> | null {
  if (values.rule_type === 'date' && !values.date) return { date: [TROPHY_MESSAGES.dateRequired] };
  if (values.rule_type === 'surgery_anniversary' && values.surgery_days == null) return { surgery_days: [TROPHY_MESSAGES.surgeryDaysRequired] };
  return null;
}

/**
 * Trophy cards (global: every program's patients earn them alike). A card patients earned cannot be
 * deleted (their trophies would go with it): 409, switch it off instead.
 */
export function createTrophyCardsRepository(db: Db, fileUrl: (key: string) => string) {
  return createResourceRepository(db, trophyCardResource, {
    table: trophyCards,
    computed: { awarded_count: awardedCount },
    fileUrl,
    checks: async (_tx, _scope, values) => ruleErrors(values),
    derive: ruleColumns,
    inUse: async (tx, _scope, id) => {
      const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from patient_trophies where trophy_id = ${id}`);
      return row?.n ?? 0;
    },
    // The inbox messages that told patients of the card show its front as it was: a new front keeps the old file for them.
    filesShownElsewhere: (tx, id) => imagesOfSentMessages(tx, sql`select t.message_id from patient_trophies t where t.trophy_id = ${id}`),
  });
}

export type TrophyCardsRepository = ReturnType<typeof createTrophyCardsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('trophyCards', createTrophyCardsRepository(fastify.db, (key) => fastify.uploads.urlOf(key)));
  },
  { name: 'trophy-cards-repository', dependencies: ['database', 'uploads'] },
);
