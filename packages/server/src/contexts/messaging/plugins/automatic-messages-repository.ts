import fp from 'fastify-plugin';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  AUTOMATIC_MESSAGES,
  DEFAULT_WEIGHT_REMINDER_MESSAGE,
  type AutomaticChecklistItems,
  type AutomaticRule,
  type AutomaticRuleListQuery,
  type AutomaticRuleSaveBody,
  type Page,
} from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import {
  automaticMessageRules as rules,
  automaticMessageSends as sends,
  checklistTemplateItems,
  checklistTemplates,
  weightReminderSettings,
} from '../../../db/schema';
import type { StaffScope } from '../../../lib/scope';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import { asFlag } from '../../../lib/sql';

declare module 'fastify' {
  interface FastifyInstance {
    automaticMessages: AutomaticMessagesRepository;
  }
}

type Row = typeof rules.$inferSelect;

/** The title the weight reminder's rule gets when the weight reminder screen creates it. */
export const WEIGHT_REMINDER_RULE_TITLE = 'Weight reminder';

const SORT_COLUMNS = {
  title: rules.title,
  trigger: rules.trigger,
  days: rules.days,
  status: rules.status,
  created_at: rules.created_at,
} as const;

/** What a change did, for the route's audit record (settings and lengths, never the text). */
export interface AutomaticRuleChange {
  rule: AutomaticRule;
  changed: string[];
}

/** A save's outcome: the change, or the field errors that need the database to find. */
export type SaveResult = { change: AutomaticRuleChange } | { errors: Record<string, string[]> };

const FIELDS = ['trigger', 'days', 'stage', 'checklist_item_id', 'title', 'message', 'channels', 'status'] as const;

/**
 * A program's automatic message rules. Every method is bound to scope.programId. The program's one
 * "no weight logged" rule is its weight reminder: a change of it here writes the weight reminder's settings
 * too (and the weight reminder's saves write the rule, syncWeightReminderRule), in the same transaction,
 * so the two screens always show what the daily run sends.
 */
export function createAutomaticMessagesRepository(db: Db) {
  const toRule = async (tx: Tx, row: Row): Promise<AutomaticRule> => (await decorate(tx, [row]))[0]!;

  /** The rows with their checklist item's title and how many patients each has sent to. */
  const decorate = async (tx: Tx, rows: Row[]): Promise<AutomaticRule[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const itemIds = rows.map((r) => r.checklist_item_id).filter((id): id is number => id !== null);
    // One after the other: inside a transaction both would queue on its one connection anyway.
    const counts = await tx.select({ rule_id: sends.rule_id, n: count() }).from(sends).where(inArray(sends.rule_id, ids)).groupBy(sends.rule_id);
    const items =
      itemIds.length === 0
        ? []
        : await tx.select({ id: checklistTemplateItems.id, title: checklistTemplateItems.title }).from(checklistTemplateItems).where(inArray(checklistTemplateItems.id, itemIds));
    const countOf = new Map(counts.map((c) => [c.rule_id, c.n]));
    const titleOf = new Map(items.map((i) => [i.id, i.title]));
    return rows.map((row) => ({
      id: row.id,
      trigger: row.trigger as AutomaticRule['trigger'],
      days: row.days,
      stage: row.stage === null ? null : Number(row.stage),
      checklist_item_id: row.checklist_item_id,
      checklist_item_title: row.checklist_item_id === null ? null : (titleOf.get(row.checklist_item_id) ?? null),
      title: row.title,
      message: row.message,
      channels: row.channels as AutomaticRule['channels'],
      status: asFlag(row.status),
      sent_count: countOf.get(row.id) ?? 0,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }));
  };

  const ownRow = async (tx: Tx, scope: StaffScope, id: number, lock = false) => {
    const query = tx.select().from(rules).where(and(eq(rules.id, id), eq(rules.program_id, scope.programId)));
    return (lock ? await query.for('update') : await query)[0];
  };

  /** Field errors of a save that need the database: the checklist item is the program's, one weight reminder per program. */
  const check = async (tx: Tx, scope: StaffScope, body: AutomaticRuleSaveBody, exceptId: number | null) => {
    const errors: Record<string, string[]> = {};
    if (body.trigger === 'checklist_item_due' && body.checklist_item_id !== null) {
      const [item] = await tx
        .select({ id: checklistTemplateItems.id })
        .from(checklistTemplateItems)
        .innerJoin(checklistTemplates, eq(checklistTemplates.id, checklistTemplateItems.template_id))
        .where(and(eq(checklistTemplateItems.id, body.checklist_item_id), eq(checklistTemplates.program_id, scope.programId)));
      if (!item) errors.checklist_item_id = [AUTOMATIC_MESSAGES.checklistItemUnknown];
    }
    if (body.trigger === 'no_weight_logged') {
      const other = await weightReminderRule(tx, scope.programId);
      if (other && other.id !== exceptId) errors.trigger = [AUTOMATIC_MESSAGES.oneWeightReminder];
    }
    return Object.keys(errors).length > 0 ? errors : null;
  };

  /** The columns a save writes: fields that do not belong to the trigger are cleared. */
  const columnsOf = (body: AutomaticRuleSaveBody) => ({
    trigger: body.trigger,
    days: body.days,
    stage: body.trigger === 'days_in_stage' && body.stage !== null ? String(body.stage) : null,
    checklist_item_id: body.trigger === 'checklist_item_due' ? body.checklist_item_id : null,
    title: body.title,
    message: body.message,
    channels: [...body.channels],
    status: body.status,
  });

  /** Writes the weight reminder's settings from its rule (the rule's text becomes the program's own). */
  const syncSettingsFromRule = async (tx: Tx, scope: StaffScope, row: Row, now: Date) => {
    const values = {
      message: row.message,
      status: row.status,
      interval_days: Math.min(Math.max(row.days, 1), 365),
      message_field_status: row.message === DEFAULT_WEIGHT_REMINDER_MESSAGE ? 0 : 1,
      updated_by: scope.accountId,
      updated_at: now,
    };
    await tx
      .insert(weightReminderSettings)
      .values({ program_id: scope.programId, ...values, created_at: now })
      .onConflictDoUpdate({ target: weightReminderSettings.program_id, set: values });
  };

  return {
    async list(scope: StaffScope, query: AutomaticRuleListQuery): Promise<Page<AutomaticRule>> {
      const conditions: SQL[] = [eq(rules.program_id, scope.programId)];
      if (query.status !== undefined) conditions.push(eq(rules.status, query.status));
      if (query.search) {
        const pattern = likePattern(query.search);
        conditions.push(or(ilike(rules.title, pattern), ilike(rules.message, pattern))!);
      }
      const where = and(...conditions);
      const order = query.direction === 'desc' ? desc(SORT_COLUMNS[query.sort]) : asc(SORT_COLUMNS[query.sort]);
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const [rows, [total]] = await Promise.all([
        db.select().from(rules).where(where).orderBy(order, asc(rules.id)).limit(limit).offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(rules).where(where),
      ]);
      return toPage(await decorate(db, rows), total?.n ?? 0, query.page, query.perPage);
    },

    /** The program's checklist template items (not removed) a "checklist item due" rule can name. */
    async checklistItems(scope: StaffScope): Promise<AutomaticChecklistItems> {
      return db
        .select({ id: checklistTemplateItems.id, title: checklistTemplateItems.title, template: checklistTemplates.name, stage: checklistTemplates.stage })
        .from(checklistTemplateItems)
        .innerJoin(checklistTemplates, eq(checklistTemplates.id, checklistTemplateItems.template_id))
        .where(and(eq(checklistTemplates.program_id, scope.programId), isNull(checklistTemplateItems.deleted_at), isNull(checklistTemplates.deleted_at)))
        .orderBy(asc(checklistTemplates.stage), asc(checklistTemplates.name), asc(checklistTemplateItems.position));
    },

    async create(scope: StaffScope, body: AutomaticRuleSaveBody, now: Date): Promise<SaveResult> {
      return db.transaction(async (tx) => {
        // One save at a time per program, so two "no weight logged" rules cannot be created side by side.
        await tx.execute(sql`select id from programs where id = ${scope.programId} for update`);
        const errors = await check(tx, scope, body, null);
        if (errors) return { errors };
        const [row] = await tx
          .insert(rules)
          .values({ program_id: scope.programId, ...columnsOf(body), created_by: scope.accountId, created_at: now, updated_at: now })
          .returning();
        if (row!.trigger === 'no_weight_logged') await syncSettingsFromRule(tx, scope, row!, now);
        return { change: { rule: await toRule(tx, row!), changed: [...FIELDS] } };
      });
    },

    /** null: no such rule in the program. */
    async update(scope: StaffScope, id: number, body: AutomaticRuleSaveBody, now: Date): Promise<SaveResult | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from programs where id = ${scope.programId} for update`);
        const before = await ownRow(tx, scope, id, true);
        if (!before) return null;
        const errors = await check(tx, scope, body, id);
        if (errors) return { errors };
        const next = columnsOf(body);
        const [row] = await tx.update(rules).set({ ...next, updated_at: now }).where(eq(rules.id, id)).returning();
        if (row!.trigger === 'no_weight_logged') await syncSettingsFromRule(tx, scope, row!, now);
        const changed = FIELDS.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(row![key]));
        return { change: { rule: await toRule(tx, row!), changed } };
      });
    },

    /** The spec's message field status: the rule on (1) or off (0). null: no such rule in the program. */
    async setStatus(scope: StaffScope, id: number, status: 0 | 1, now: Date): Promise<AutomaticRuleChange | null> {
      return db.transaction(async (tx) => {
        const before = await ownRow(tx, scope, id, true);
        if (!before) return null;
        const [row] = await tx.update(rules).set({ status, updated_at: now }).where(eq(rules.id, id)).returning();
        if (row!.trigger === 'no_weight_logged') await syncSettingsFromRule(tx, scope, row!, now);
        return { rule: await toRule(tx, row!), changed: before.status === status ? [] : ['status'] };
      });
    },

    /** Deletes the rule (what it sent stays in messages and deliveries). null: no such rule in the program. */
    async remove(scope: StaffScope, id: number, now: Date): Promise<AutomaticRule | null> {
      return db.transaction(async (tx) => {
        const before = await ownRow(tx, scope, id, true);
        if (!before) return null;
        const rule = await toRule(tx, before);
        await tx.delete(rules).where(eq(rules.id, id));
        // Without its rule the weight reminder is off: its settings say so, so the screen does not claim otherwise.
        if (before.trigger === 'no_weight_logged') {
          await tx
            .update(weightReminderSettings)
            .set({ status: 0, updated_by: scope.accountId, updated_at: now })
            .where(eq(weightReminderSettings.program_id, scope.programId));
        }
        return rule;
      });
    },
  };
}

/** The program's weight reminder: its one "no weight logged" rule (the oldest, should there be two from before). */
async function weightReminderRule(tx: Tx, programId: number): Promise<Row | undefined> {
  return (
    await tx
      .select()
      .from(rules)
      .where(and(eq(rules.program_id, programId), eq(rules.trigger, 'no_weight_logged')))
      .orderBy(asc(rules.id))
      .limit(1)
  )[0];
}

/**
 * Writes the weight reminder's rule from its settings (called by the weight reminder's saves in their
 * transaction): the text sent (the program's own or the app's default), the days, on or off.
 */
export async function syncWeightReminderRule(
  tx: Tx,
  programId: number,
  settings: { message: string; status: 0 | 1; interval_days: number; message_field_status: 0 | 1 },
  accountId: number | null,
  now: Date,
): Promise<void> {
  const values = {
    days: settings.interval_days,
    message: settings.message_field_status === 1 ? settings.message : DEFAULT_WEIGHT_REMINDER_MESSAGE,
    status: settings.status,
    updated_at: now,
  };
  const rule = await weightReminderRule(tx, programId);
  if (rule) {
    await tx.update(rules).set(values).where(eq(rules.id, rule.id));
    return;
  }
  await tx.insert(rules).values({
    program_id: programId,
    trigger: 'no_weight_logged',
    title: WEIGHT_REMINDER_RULE_TITLE,
    channels: ['inbox', 'push'],
    created_by: accountId,
    created_at: now,
    ...values,
  });
}

export type AutomaticMessagesRepository = ReturnType<typeof createAutomaticMessagesRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('automaticMessages', createAutomaticMessagesRepository(fastify.db));
  },
  { name: 'automatic-messages-repository', dependencies: ['database'] },
);
