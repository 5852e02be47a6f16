import fp from 'fastify-plugin';
import { aliasedTable, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  MAX_PIPELINE_RULES,
  PIPELINE_MESSAGES,
  type PipelineRuleRecord,
  type PipelineRuleSettingsResponse,
  type PipelineRuleStoreBody,
  type PipelineRuleUpdateBody,
  type PipelineStage,
} from '@baridesk/contracts';
import { PIPELINE_RULE_TYPES, describePipelineRule, pipelineRuleTypeLabel, stageIdOf, type PipelineRuleTypeId } from '@baridesk/domain';
import type { Db, Tx } from '../../../db/client';
import { checklistTemplateItems, checklistTemplates, pipelineRules, pipelineStatuses } from '../../../db/schema';
import type { StaffScope } from '../../../lib/scope';
import { asFlag } from '../../../lib/sql';

declare module 'fastify' {
  interface FastifyInstance {
    pipelineRules: PipelineRulesRepository;
  }
}

const fromStatus = aliasedTable(pipelineStatuses, 'from_status');
const toStatus = aliasedTable(pipelineStatuses, 'to_status');

const RULE_COLUMNS = {
  rule: pipelineRules,
  from_name: fromStatus.name,
  to_name: toStatus.name,
  item_title: checklistTemplateItems.title,
  item_removed: sql<boolean>`(${checklistTemplateItems.deleted_at} is not null or ${checklistTemplates.deleted_at} is not null)`,
};

type RuleRow = {
  rule: typeof pipelineRules.$inferSelect;
  from_name: string | null;
  to_name: string | null;
  item_title: string | null;
  item_removed: boolean | null;
};

/** A rule's fields as the form sends them, after validation. */
type RuleFields = Omit<PipelineRuleStoreBody, 'stage'>;

/** The settings each type uses; the others are stored as null. */
function settingsOf(fields: RuleFields) {
  return {
    type: fields.type,
    from_status_id: fields.from_status_id ?? null,
    to_status_id: fields.to_status_id,
    days: fields.type === 1 || fields.type === 5 ? (fields.days ?? null) : null,
    checklist_item_id: fields.type === 2 ? (fields.checklist_item_id ?? null) : null,
    percent: fields.type === 4 ? (fields.percent ?? null) : null,
  };
}


function toRecord({ rule, from_name, to_name, item_title, item_removed }: RuleRow): PipelineRuleRecord {
  const type = rule.type as PipelineRuleTypeId;
  const itemTitle = item_title === null ? null : item_removed ? `${item_title} (removed)` : item_title;
  return {
    id: rule.id,
    stage: stageIdOf(rule.stage),
    type,
    type_label: pipelineRuleTypeLabel(type),
    from_status_id: rule.from_status_id,
    to_status_id: rule.to_status_id,
    days: rule.days,
    checklist_item_id: rule.checklist_item_id,
    checklist_item_title: itemTitle,
    percent: rule.percent,
    priority: rule.priority,
    status: asFlag(rule.status),
    description: describePipelineRule({
      type,
      days: rule.days,
      percent: rule.percent,
      checklistItemTitle: itemTitle,
      fromStatusName: from_name,
      toStatusName: to_name,
    }),
  };
}

/** Which settings of a rule a change altered (names only, for the audit record). */
export function changedRuleFields(before: PipelineRuleRecord, after: PipelineRuleRecord): string[] {
  return (['type', 'from_status_id', 'to_status_id', 'days', 'checklist_item_id', 'percent'] as const).filter((key) => before[key] !== after[key]);
}

// Any fixed number: the class of the advisory locks that serialise the changes of one stage's rules.
const RULES_LOCK_CLASS = 72_084;

export type PipelineRuleSaveResult =
  | { saved: PipelineRuleRecord; before?: PipelineRuleRecord }
  | { errors: Record<string, string[]> }
  | { tooMany: true }
  | null;

/**
 * A program's pipeline automation rules. Every method is bound to scope.programId: another program's
 * rule is not found, and its statuses and checklist items cannot be named. Changes of one stage's rules
 * (add, re-order) take a transaction-scoped advisory lock of that stage, so the count limit and the
 * priorities hold when two people save at once.
 */
export function createPipelineRulesRepository(db: Db) {
  const recordQuery = (tx: Tx) =>
    tx
      .select(RULE_COLUMNS)
      .from(pipelineRules)
      .leftJoin(fromStatus, eq(fromStatus.id, pipelineRules.from_status_id))
      .leftJoin(toStatus, eq(toStatus.id, pipelineRules.to_status_id))
      .leftJoin(checklistTemplateItems, eq(checklistTemplateItems.id, pipelineRules.checklist_item_id))
      .leftJoin(checklistTemplates, eq(checklistTemplates.id, checklistTemplateItems.template_id));

  const own = (scope: StaffScope, id: number) => and(eq(pipelineRules.id, id), eq(pipelineRules.program_id, scope.programId));

  const findIn = async (tx: Tx, scope: StaffScope, id: number) => {
    const rows = await recordQuery(tx).where(own(scope, id));
    return rows[0] ? toRecord(rows[0]) : null;
  };

  const listIn = async (tx: Tx, scope: StaffScope, stage: PipelineStage) => {
    const rows = await recordQuery(tx)
      .where(and(eq(pipelineRules.program_id, scope.programId), eq(pipelineRules.stage, stage)))
      .orderBy(asc(pipelineRules.priority), asc(pipelineRules.id));
    return rows.map(toRecord);
  };

  const lockStage = (tx: Tx, scope: StaffScope, stage: number) =>
    tx.execute(sql`select pg_advisory_xact_lock(${RULES_LOCK_CLASS}::int, ${scope.programId * 4 + stage}::int)`);

  /**
   * The field errors of the statuses and the item a rule names: live statuses of the rule's stage, and a
   * live item of a live template of that stage (or the item the rule already watches, even if it has
   * left its template since). The rows named are share-locked, so they cannot be deleted before the
   * rule is saved.
   */
  async function checkReferences(tx: Tx, scope: StaffScope, stage: number, fields: RuleFields, keptItemId: number | null) {
    const errors: Record<string, string[]> = {};
    const statusIds = [fields.from_status_id, fields.to_status_id].filter((value): value is number => value !== undefined);
    const statuses = await tx
      .select({ id: pipelineStatuses.id, stage: pipelineStatuses.stage })
      .from(pipelineStatuses)
      .where(and(eq(pipelineStatuses.program_id, scope.programId), inArray(pipelineStatuses.id, statusIds), isNull(pipelineStatuses.deleted_at)))
      .for('share');
    for (const key of ['from_status_id', 'to_status_id'] as const) {
      const value = fields[key];
      if (value === undefined) continue;
      const status = statuses.find((row) => row.id === value);
      if (!status) errors[key] = [PIPELINE_MESSAGES.statusNotFound];
      else if (status.stage !== stage) errors[key] = [PIPELINE_MESSAGES.wrongStage];
    }
    const itemId = fields.type === 2 ? fields.checklist_item_id : undefined;
    if (itemId !== undefined && itemId !== keptItemId) {
      const [item] = await tx
        .select({ id: checklistTemplateItems.id })
        .from(checklistTemplateItems)
        .innerJoin(checklistTemplates, eq(checklistTemplates.id, checklistTemplateItems.template_id))
        .where(
          and(
            eq(checklistTemplateItems.id, itemId),
            eq(checklistTemplateItems.program_id, scope.programId),
            eq(checklistTemplates.program_id, scope.programId),
            eq(checklistTemplates.stage, stage),
            isNull(checklistTemplateItems.deleted_at),
            isNull(checklistTemplates.deleted_at),
          ),
        )
        .for('share', { of: checklistTemplateItems });
      if (!item) errors.checklist_item_id = [PIPELINE_MESSAGES.itemNotFound];
    }
    return errors;
  }

  return {
    /** The stage's rules in the order they run: priority, then id. */
    list(scope: StaffScope, stage: PipelineStage): Promise<PipelineRuleRecord[]> {
      return listIn(db, scope, stage);
    },

    find(scope: StaffScope, id: number): Promise<PipelineRuleRecord | null> {
      return findIn(db, scope, id);
    },

    /** What the rule form offers for a stage: the types, the live statuses in order, the live templates' items. */
    async settings(scope: StaffScope, stage: PipelineStage): Promise<PipelineRuleSettingsResponse['data']> {
      const [statuses, items] = await Promise.all([
        db
          .select({ id: pipelineStatuses.id, name: pipelineStatuses.name })
          .from(pipelineStatuses)
          .where(and(eq(pipelineStatuses.program_id, scope.programId), eq(pipelineStatuses.stage, stage), isNull(pipelineStatuses.deleted_at)))
          .orderBy(asc(pipelineStatuses.position), asc(pipelineStatuses.id)),
        db
          .select({
            id: checklistTemplateItems.id,
            title: checklistTemplateItems.title,
            template_id: checklistTemplates.id,
            template_name: checklistTemplates.name,
          })
          .from(checklistTemplateItems)
          .innerJoin(checklistTemplates, eq(checklistTemplates.id, checklistTemplateItems.template_id))
          .where(
            and(
              eq(checklistTemplates.program_id, scope.programId),
              eq(checklistTemplateItems.program_id, scope.programId),
              eq(checklistTemplates.stage, stage),
              isNull(checklistTemplates.deleted_at),
              isNull(checklistTemplateItems.deleted_at),
            ),
          )
          .orderBy(asc(checklistTemplates.name), asc(checklistTemplates.id), asc(checklistTemplateItems.position), asc(checklistTemplateItems.id)),
      ]);
      return {
        rule_types: PIPELINE_RULE_TYPES.map((type) => ({ id: type.id, label: type.label })),
        statuses,
        checklist_items: items,
      };
    },

    /** Adds an active rule last in the stage's order (priority = the highest + 1). */
    create(scope: StaffScope, body: PipelineRuleStoreBody, now: Date): Promise<PipelineRuleSaveResult> {
      return db.transaction(async (tx) => {
        await lockStage(tx, scope, body.stage);
        const errors = await checkReferences(tx, scope, body.stage, body, null);
        if (Object.keys(errors).length > 0) return { errors };
        const [counted] = await tx
          .select({ rules: sql<number>`count(*)::int`, top: sql<number | null>`max(${pipelineRules.priority})` })
          .from(pipelineRules)
          .where(and(eq(pipelineRules.program_id, scope.programId), eq(pipelineRules.stage, body.stage)));
        if ((counted?.rules ?? 0) >= MAX_PIPELINE_RULES) return { tooMany: true };
        const [row] = await tx
          .insert(pipelineRules)
          .values({
            ...settingsOf(body),
            program_id: scope.programId,
            stage: body.stage,
            priority: (counted?.top ?? 0) + 1,
            status: 1,
            created_by: scope.accountId,
            created_at: now,
            updated_at: now,
          })
          .returning({ id: pipelineRules.id });
        return { saved: (await findIn(tx, scope, row!.id))! };
      });
    },

    /** Changes a rule's type and settings; its stage, priority and on/off stay. */
    update(scope: StaffScope, body: PipelineRuleUpdateBody, now: Date): Promise<PipelineRuleSaveResult> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(pipelineRules).where(own(scope, body.id)).for('update');
        if (!current) return null;
        const before = (await findIn(tx, scope, body.id))!;
        const errors = await checkReferences(tx, scope, current.stage, body, current.checklist_item_id);
        if (Object.keys(errors).length > 0) return { errors };
        await tx
          .update(pipelineRules)
          .set({ ...settingsOf(body), updated_at: now })
          .where(own(scope, body.id));
        return { saved: (await findIn(tx, scope, body.id))!, before };
      });
    },

    /** Deletes a rule; the moves it made stay recorded (their rule_id becomes null). */
    async remove(scope: StaffScope, id: number): Promise<PipelineRuleRecord | null> {
      return db.transaction(async (tx) => {
        const found = await findIn(tx, scope, id);
        if (!found) return null;
        await tx.delete(pipelineRules).where(own(scope, id));
        return found;
      });
    },

    /** Turns a rule on or off; answers it with its new status. */
    async toggle(scope: StaffScope, id: number, now: Date): Promise<PipelineRuleRecord | null> {
      return db.transaction(async (tx) => {
        const updated = await tx
          .update(pipelineRules)
          .set({ status: sql`1 - ${pipelineRules.status}`, updated_at: now })
          .where(own(scope, id))
          .returning({ id: pipelineRules.id });
        return updated.length === 0 ? null : findIn(tx, scope, id);
      });
    },

    /**
     * Gives the stage's rules the order of `ids` (priority 1, 2, …). `ids` must name every rule of the
     * stage exactly once; otherwise nothing changes and the answer is null.
     */
    async reorder(scope: StaffScope, stage: PipelineStage, ids: readonly number[], now: Date): Promise<PipelineRuleRecord[] | null> {
      return db.transaction(async (tx) => {
        await lockStage(tx, scope, stage);
        const rows = await tx
          .select({ id: pipelineRules.id })
          .from(pipelineRules)
          .where(and(eq(pipelineRules.program_id, scope.programId), eq(pipelineRules.stage, stage)));
        const existing = new Set(rows.map((row) => row.id));
        if (existing.size !== ids.length || ids.some((id) => !existing.has(id))) return null;
        const order = JSON.stringify(ids.map((id, index) => ({ id, priority: index + 1 })));
        await tx.execute(sql`
          update pipeline_rules r set priority = x.priority, updated_at = ${now.toISOString()}::timestamptz
          from json_to_recordset(${order}::json) as x(id int, priority int)
          where r.id = x.id and r.program_id = ${scope.programId} and r.stage = ${stage} and r.priority <> x.priority`);
        return listIn(tx, scope, stage);
      });
    },
  };
}

export type PipelineRulesRepository = ReturnType<typeof createPipelineRulesRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('pipelineRules', createPipelineRulesRepository(fastify.db));
  },
  { name: 'pipeline-rules-repository', dependencies: ['database'] },
);
