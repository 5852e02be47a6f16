import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  CHECKLIST_MESSAGES,
  checklistStageName,
  type ChecklistAddItemBody,
  type ChecklistAutoMove,
  type ChecklistCheckedByBody,
  type ChecklistDueAnchor,
  type ChecklistItemListQuery,
  type ChecklistItemUpdateBody,
  type ChecklistTemplate,
  type ChecklistTemplateDetail,
  type ChecklistTemplateItem,
  type ChecklistTemplateListQuery,
  type ChecklistTemplateOption,
  type ChecklistTemplateStoreBody,
  type ChecklistTemplateUpdateBody,
  type ChecklistWorklistItem,
  type Page,
  type PatientChecklist,
  type PatientChecklistItem,
  type PipelineCard,
  type PipelineStage,
} from '@baridesk/contracts';
import { addCalendarDays, stageIdOf } from '@baridesk/domain';
import { queryRows, type Db, type Tx } from '../../../db/client';
import { checklistTemplateItems, checklistTemplates, patientChecklistItems } from '../../../db/schema';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import { programDay, programToday } from '../../../lib/program-day';
import { unlessUniqueViolation } from '../../../lib/pg-errors';
import type { StaffScope } from '../../../lib/scope';
import { staffName } from '../../../lib/staff-name';
import type { AutoMove } from '../../pipeline';
import { asFlag, isoTimestamp } from '../../../lib/sql';

declare module 'fastify' {
  interface FastifyInstance {
    checklists: ChecklistsRepository;
  }
}

// ---------------------------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------------------------

/** What a stage's default template is applied with (see `applyStageDefaults`). */
export interface StageDefaultsInput {
  programId: number;
  patientId: number;
  stage: PipelineStage;
  actorId: number | null;
  now: Date;
}

/** The patient's board card (fastify.pipelines.card), for the answer of a tick. */
export type PipelineCardOf = (tx: Tx, scope: StaffScope, patientId: number, now: Date) => Promise<PipelineCard>;

/** The rules' side, called after a tick or untick while the patient's row is locked. */
export type AfterChecklistEvent = (
  tx: Tx,
  input: { programId: number; patientId: number; trigger: { kind: 'checklist-changed'; tickedItemId?: number }; now: Date },
) => Promise<readonly AutoMove[]>;

/** An instant as the API writes it: ISO 8601 in UTC with milliseconds, the same on both drivers. */


const percentOf = (done: number, total: number) => (total === 0 ? 0 : Math.floor((100 * done) / total));

/** The first key of this file's pg_advisory_xact_lock(int, int) locks: a key space of its own. */
const TEMPLATE_LOCK_SPACE = 720_845_201;

/**
 * A template item's due date for a patient: `days` after the anchor's date, none when the item has no
 * due-date rule or the anchor's date is unknown.
 */
export function dueDateFrom(
  anchor: ChecklistDueAnchor | null,
  days: number | null,
  dates: { stage_start: string | null; consult_date: string | null; surgery_date: string | null },
): string | null {
  if (anchor === null || days === null) return null;
  const from = dates[anchor];
  return from ? addCalendarDays(from, days) : null;
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

interface TemplateRow {
  id: number;
  stage: number;
  name: string;
  description: string | null;
  status: number;
  is_default: number;
  item_count: number;
  updated_at: string;
}

interface TemplateItemRow {
  id: number;
  title: string;
  description: string | null;
  position: number;
  due_anchor: ChecklistDueAnchor | null;
  due_days: number | null;
}

interface ItemRow {
  id: number;
  patient_id: number;
  stage: number;
  title: string;
  description: string | null;
  position: number;
  due_date: string | null;
  template_id: number | null;
  template_name: string | null;
  template_item_id: number | null;
  completed_at: string | null;
  completed_by: number | null;
  completed_by_name: string | null;
  note_count: number;
}

interface PatientRow {
  id: number;
  name: string;
  current_stage: number;
  surgery_date: string | null;
  consult_date: string | null;
  checklist_deactivate: number;
  checklist_deactivate_reason: string | null;
  stage_entered_at: Date | string;
  pipeline_status_id: number | null;
  pipeline_status_since: Date | string | null;
  checklist_percent: number;
  timezone: string;
  third_checklist_name: string;
}

const toTemplate = (row: TemplateRow): ChecklistTemplate => ({
  id: row.id,
  stage: stageIdOf(row.stage),
  name: row.name,
  description: row.description,
  status: asFlag(row.status),
  is_default: asFlag(row.is_default),
  item_count: Number(row.item_count),
  updated_at: row.updated_at,
});

const toTemplateItem = (row: TemplateItemRow): ChecklistTemplateItem => ({
  id: row.id,
  title: row.title,
  description: row.description,
  position: row.position,
  due_anchor: row.due_anchor,
  due_days: row.due_days,
});

const toItem = (row: ItemRow, today: string): PatientChecklistItem => ({
  id: row.id,
  stage: stageIdOf(row.stage),
  title: row.title,
  description: row.description,
  position: row.position,
  due_date: row.due_date,
  overdue: row.completed_at === null && row.due_date !== null && row.due_date < today,
  template_id: row.template_id,
  template_name: row.template_name,
  template_item_id: row.template_item_id,
  completed: row.completed_at === null ? 0 : 1,
  completed_at: row.completed_at,
  completed_by: row.completed_by === null ? null : { id: row.completed_by, name: row.completed_by_name ?? '' },
  note_count: Number(row.note_count),
});

const asDate = (value: Date | string | null): Date | null => (value === null ? null : value instanceof Date ? value : new Date(value));

// ---------------------------------------------------------------------------------------------
// Outcomes
// ---------------------------------------------------------------------------------------------

export type TemplateSaveResult =
  | { saved: ChecklistTemplateDetail }
  | { nameTaken: true }
  | { itemNotInTemplate: true }
  | null;

/** Why a change of a patient's checklist was refused. */
export type ChecklistRefusal =
  | { refused: 'patient-not-found' }
  | { refused: 'item-not-found' }
  | { refused: 'template-not-found'; patientId: number }
  | { refused: 'deactivated'; patientId: number; reason: string | null }
  | { refused: 'not-completed'; patientId: number }
  | { refused: 'fields'; patientId: number; errors: Record<string, string[]> };

export interface TickOutcome {
  item: PatientChecklistItem;
  /** Whether the tick state changed (a tick of a ticked item changes nothing). */
  changedCompletion: boolean;
  changedDueDate: boolean;
  /** Of the item's stage. */
  completed: number;
  total: number;
  percent: number;
  moves: ChecklistAutoMove[];
  card: PipelineCard;
}

// ---------------------------------------------------------------------------------------------
// The repository
// ---------------------------------------------------------------------------------------------

/**
 * Checklist templates and patients' checklists of the caller's program: every staff method takes the
 * caller's scope and is bound to scope.programId, so another program's template, patient or item is
 * not found. `applyStageDefaults` and `recomputePercent` are the pipeline's side (a patient entering a
 * stage) and run inside the caller's transaction, which holds the patient's row lock.
 */
export function createChecklistsRepository(db: Db, afterEvent: AfterChecklistEvent, pipelineCard: PipelineCardOf) {
  // --- templates -------------------------------------------------------------------------------

  const templateColumns = sql`t.id, t.stage, t.name, t.description, t.status, t.is_default,
    (select count(*)::int from checklist_template_items ti where ti.template_id = t.id and ti.deleted_at is null) as item_count,
    ${isoTimestamp(sql`t.updated_at`)} as updated_at`;

  async function templateIn(tx: Tx, scope: StaffScope, id: number): Promise<ChecklistTemplate | null> {
    const [row] = await queryRows<TemplateRow>(
      tx,
      sql`select ${templateColumns} from checklist_templates t
        where t.id = ${id} and t.program_id = ${scope.programId} and t.deleted_at is null`,
    );
    return row ? toTemplate(row) : null;
  }

  async function templateDetailIn(tx: Tx, scope: StaffScope, id: number): Promise<ChecklistTemplateDetail | null> {
    const template = await templateIn(tx, scope, id);
    if (!template) return null;
    const items = await queryRows<TemplateItemRow>(
      tx,
      sql`select id, title, description, position, due_anchor, due_days from checklist_template_items
        where template_id = ${id} and program_id = ${scope.programId} and deleted_at is null
        order by position, id`,
    );
    return { ...template, items: items.map(toTemplateItem) };
  }

  /** Serialises the saves of one stage's templates (names and the default) within the program. */
  const lockStageTemplates = (tx: Tx, scope: StaffScope, stage: number) =>
    // Two programs sharing a key (ids past 500 million) only wait for each other, nothing worse.
    tx.execute(sql`select pg_advisory_xact_lock(${TEMPLATE_LOCK_SPACE}::int, ${(scope.programId % 500_000_000) * 4 + stage}::int)`);

  async function nameTaken(tx: Tx, scope: StaffScope, stage: number, name: string, exceptId?: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`select id from checklist_templates
        where program_id = ${scope.programId} and stage = ${stage} and deleted_at is null and lower(name) = ${name.toLowerCase()}
          ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}
        limit 1`,
    );
    return rows.length > 0;
  }

  async function clearDefault(tx: Tx, scope: StaffScope, stage: number, now: Date, exceptId?: number) {
    await tx.execute(
      sql`update checklist_templates set is_default = 0, updated_at = ${now.toISOString()}::timestamptz
        where program_id = ${scope.programId} and stage = ${stage} and is_default = 1 and deleted_at is null
          ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}`,
    );
  }

  type FormItem = ChecklistTemplateStoreBody['items'][number];
  // A field left out of the body is absent from the parsed item (valibot skips a missing optional key).
  const itemValues = (item: FormItem, position: number) => ({
    title: item.title,
    description: item.description ?? null,
    due_anchor: item.due_anchor ?? null,
    due_days: item.due_days ?? null,
    position,
  });

  // --- patients --------------------------------------------------------------------------------

  /** The patient with what the checklist needs; `lock` takes the row lock (select … for update). */
  async function patientIn(tx: Tx, programId: number, patientId: number, lock = false): Promise<PatientRow | null> {
    const [row] = await queryRows<PatientRow>(
      tx,
      sql`select p.id, p.name, p.current_stage, p.surgery_date, p.consult_date, p.checklist_deactivate,
          p.checklist_deactivate_reason, p.stage_entered_at, p.pipeline_status_id, p.pipeline_status_since,
          p.checklist_percent, g.timezone, g.third_checklist_name
        from patients p join programs g on g.id = p.program_id
        where p.id = ${patientId} and p.program_id = ${programId}
        ${lock ? sql`for update of p` : sql``}`,
    );
    return row ?? null;
  }

  async function itemsOf(tx: Tx, programId: number, patientId: number, stage: number, itemId?: number): Promise<ItemRow[]> {
    return queryRows<ItemRow>(
      tx,
      sql`select i.id, i.patient_id, i.stage, i.title, i.description, i.position, i.due_date, i.template_id,
          t.name as template_name, i.template_item_id, ${isoTimestamp(sql`i.completed_at`)} as completed_at, i.completed_by,
          ${staffName(sql`i.completed_by`)} as completed_by_name,
          coalesce(n.count, 0)::int as note_count
        from patient_checklist_items i
          left join checklist_templates t on t.id = i.template_id
          left join (
            select checklist_item_id, count(*)::int as count from checklist_notes
            where program_id = ${programId} and patient_id = ${patientId} and stage = ${stage}
              and deleted_at is null and checklist_item_id is not null
            group by checklist_item_id
          ) n on n.checklist_item_id = i.id
        where i.patient_id = ${patientId} and i.program_id = ${programId} and i.stage = ${stage}
          ${itemId === undefined ? sql`` : sql`and i.id = ${itemId}`}
        order by i.position, i.id`,
    );
  }

  async function stageCounts(tx: Tx, patientId: number, stage: number): Promise<{ completed: number; total: number; percent: number }> {
    const [row] = await queryRows<{ done: number; total: number }>(
      tx,
      sql`select count(completed_at)::int as done, count(*)::int as total
        from patient_checklist_items where patient_id = ${patientId} and stage = ${stage}`,
    );
    const completed = Number(row?.done ?? 0);
    const total = Number(row?.total ?? 0);
    return { completed, total, percent: percentOf(completed, total) };
  }

  async function checklistOf(tx: Tx, programId: number, patient: PatientRow, stage: PipelineStage, now: Date): Promise<PatientChecklist> {
    const today = programToday(now, patient.timezone).toISODate()!;
    // One after the other: inside a transaction the three share one connection, which runs a query at a
    // time anyway (pg queues concurrent ones on a client, a use it deprecates).
    const rows = await itemsOf(tx, programId, patient.id, stage);
    const templates = await queryRows<{ id: number; name: string }>(
      tx,
      sql`select t.id, t.name from checklist_templates t
        where t.program_id = ${programId}
          and t.id in (select i.template_id from patient_checklist_items i where i.patient_id = ${patient.id} and i.stage = ${stage})
        order by lower(t.name), t.id`,
    );
    const status =
      patient.pipeline_status_id === null
        ? []
        : await queryRows<{ id: number; name: string }>(tx, sql`select id, name from pipeline_statuses where id = ${patient.pipeline_status_id}`);
    const items = rows.map((row) => toItem(row, today));
    const completed = items.filter((item) => item.completed === 1).length;
    return {
      patient: {
        id: patient.id,
        name: patient.name,
        current_stage: stageIdOf(patient.current_stage),
        surgery_date: patient.surgery_date,
        checklist_deactivate: asFlag(patient.checklist_deactivate),
        checklist_deactivate_reason: patient.checklist_deactivate_reason,
        pipeline_status: status[0] ? { id: status[0].id, name: status[0].name } : null,
      },
      stage,
      stage_name: checklistStageName(stage, patient.third_checklist_name),
      items,
      completed,
      total: items.length,
      percent: percentOf(completed, items.length),
      templates: templates.map((t) => ({ id: t.id, name: t.name })),
    };
  }

  /**
   * The item and its patient, both locked, the patient FIRST (every checklist or status change locks
   * the patient row before anything else, so two changes of one patient never deadlock).
   */
  async function lockItem(tx: Tx, scope: StaffScope, itemId: number) {
    const [ref] = await queryRows<{ patient_id: number }>(
      tx,
      sql`select patient_id from patient_checklist_items where id = ${itemId} and program_id = ${scope.programId}`,
    );
    if (!ref) return null;
    const patient = await patientIn(tx, scope.programId, ref.patient_id, true);
    if (!patient) return null;
    const [item] = await queryRows<{ id: number; stage: number; completed_at: Date | string | null; due_date: string | null }>(
      tx,
      sql`select id, stage, completed_at, due_date from patient_checklist_items
        where id = ${itemId} and patient_id = ${patient.id} and program_id = ${scope.programId}
        for update`,
    );
    return item ? { patient, item } : null;
  }

  /** Whether `accountId` may be named as who ticked: the program's own account or one of its active staff. */
  async function isChecker(tx: Tx, scope: StaffScope, accountId: number, today: string): Promise<boolean> {
    const [row] = await queryRows<{ found: boolean }>(
      tx,
      sql`select (${accountId}::int = ${scope.programId}::int or exists (
          select 1 from program_users pu join accounts a on a.id = pu.id
          where pu.id = ${accountId} and pu.program_id = ${scope.programId} and a.status = 1
            and (pu.deactivation_date is null or pu.deactivation_date > ${today}::date)
        )) as found`,
    );
    return row?.found === true;
  }

  /** The next free position at the end of a patient's stage list. */
  async function nextPosition(tx: Tx, patientId: number, stage: number): Promise<number> {
    const [row] = await queryRows<{ last: number | null }>(
      tx,
      sql`select max(position)::int as last from patient_checklist_items where patient_id = ${patientId} and stage = ${stage}`,
    );
    return (row?.last ?? 0) + 1;
  }

  /**
   * Copies a template's live items that are not on the patient's checklist yet (one copy per template
   * item, held by the unique (patient, template_item_id) index) onto the template's stage, after the
   * items already there; answers how many were added.
   */
  async function copyTemplate(
    tx: Tx,
    input: { programId: number; patient: PatientRow; templateId: number; stage: number; stageStart: string | null; actorId: number | null; now: Date },
  ): Promise<number> {
    const items = await queryRows<TemplateItemRow>(
      tx,
      sql`select ti.id, ti.title, ti.description, ti.position, ti.due_anchor, ti.due_days
        from checklist_template_items ti
        where ti.template_id = ${input.templateId} and ti.program_id = ${input.programId} and ti.deleted_at is null
          and not exists (select 1 from patient_checklist_items i where i.patient_id = ${input.patient.id} and i.template_item_id = ti.id)
        order by ti.position, ti.id`,
    );
    if (items.length === 0) return 0;
    const first = await nextPosition(tx, input.patient.id, input.stage);
    const dates = { stage_start: input.stageStart, consult_date: input.patient.consult_date, surgery_date: input.patient.surgery_date };
    const added = await tx
      .insert(patientChecklistItems)
      .values(
        items.map((item, index) => ({
          program_id: input.programId,
          patient_id: input.patient.id,
          stage: input.stage,
          template_id: input.templateId,
          template_item_id: item.id,
          title: item.title,
          description: item.description,
          position: first + index,
          due_date: dueDateFrom(item.due_anchor, item.due_days, dates),
          created_by: input.actorId,
          created_at: input.now,
          updated_at: input.now,
        })),
      )
      .onConflictDoNothing({
        target: [patientChecklistItems.patient_id, patientChecklistItems.template_item_id],
        where: sql`${patientChecklistItems.template_item_id} is not null`,
      })
      .returning({ id: patientChecklistItems.id });
    return added.length;
  }

  /** The day a stage's "start of the stage" due dates count from: the current stage's entry, else unknown. */
  const stageStartOf = (patient: PatientRow, stage: number): string | null =>
    patient.current_stage === stage ? programToday(asDate(patient.stage_entered_at)!, patient.timezone).toISODate() : null;

  const repository = {
    // =========================================================================================
    // The pipeline's side
    // =========================================================================================

    /**
     * Sets patients.checklist_percent from the items of the patient's CURRENT stage: floor(100 * done /
     * total), 0 with no items; answers it.
     */
    async recomputePercent(tx: Tx, patientId: number): Promise<number> {
      const [row] = await queryRows<{ checklist_percent: number }>(
        tx,
        sql`update patients p set checklist_percent = coalesce((
            select (100 * count(i.completed_at) / count(*))::int from patient_checklist_items i
            where i.patient_id = p.id and i.stage = p.current_stage
            having count(*) > 0
          ), 0)
          where p.id = ${patientId}
          returning p.checklist_percent`,
      );
      return Number(row?.checklist_percent ?? 0);
    },

    /**
     * Copies the stage's default ACTIVE template's live items onto the patient's checklist if they are
     * not there yet, with due dates from their rules (start of the stage = the program-zone day of
     * `now`; consult and surgery dates from the patient; none when that date is missing), then
     * recomputes the percentage. The caller holds the patient's row lock in `tx`.
     */
    async applyStageDefaults(tx: Tx, input: StageDefaultsInput): Promise<void> {
      const patient = await patientIn(tx, input.programId, input.patientId);
      if (!patient) return;
      const [template] = await queryRows<{ id: number }>(
        tx,
        sql`select id from checklist_templates
          where program_id = ${input.programId} and stage = ${input.stage} and is_default = 1 and status = 1 and deleted_at is null
          order by id limit 1`,
      );
      if (template) {
        await copyTemplate(tx, {
          programId: input.programId,
          patient,
          templateId: template.id,
          stage: input.stage,
          stageStart: programToday(input.now, patient.timezone).toISODate(),
          actorId: input.actorId,
          now: input.now,
        });
      }
      await repository.recomputePercent(tx, input.patientId);
    },

    // =========================================================================================
    // Templates
    // =========================================================================================

    async listTemplates(scope: StaffScope, query: ChecklistTemplateListQuery): Promise<Page<ChecklistTemplate>> {
      const where = sql`t.program_id = ${scope.programId} and t.stage = ${query.stage} and t.deleted_at is null
        ${query.status === undefined ? sql`` : sql`and t.status = ${query.status}`}
        ${query.search ? sql`and t.name ilike ${likePattern(query.search)}` : sql``}`;
      const dir = query.direction === 'desc' ? sql`desc` : sql`asc`;
      const order = {
        name: sql`lower(t.name) ${dir}, t.id ${dir}`,
        item_count: sql`item_count ${dir}, lower(t.name) ${dir}, t.id ${dir}`,
        updated_at: sql`t.updated_at ${dir}, t.id ${dir}`,
      }[query.sort];
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const [rows, counted] = await Promise.all([
        queryRows<TemplateRow>(db, sql`select ${templateColumns} from checklist_templates t where ${where} order by ${order} limit ${limit} offset ${offset}`),
        queryRows<{ total: number }>(db, sql`select count(*)::int as total from checklist_templates t where ${where}`),
      ]);
      return toPage(rows.map(toTemplate), Number(counted[0]?.total ?? 0), query.page, query.perPage);
    },

    findTemplate: (scope: StaffScope, id: number) => templateDetailIn(db, scope, id),

    /** The program's active templates (of one stage, or every stage), the default first, then by name. */
    async activeTemplates(scope: StaffScope, stage?: PipelineStage): Promise<ChecklistTemplateOption[]> {
      const rows = await queryRows<TemplateRow>(
        db,
        sql`select ${templateColumns} from checklist_templates t
          where t.program_id = ${scope.programId} and t.status = 1 and t.deleted_at is null
            ${stage === undefined ? sql`` : sql`and t.stage = ${stage}`}
          order by t.stage, t.is_default desc, lower(t.name), t.id`,
      );
      return rows.map((row) => ({ id: row.id, stage: stageIdOf(row.stage), name: row.name, is_default: asFlag(row.is_default), item_count: Number(row.item_count) }));
    },

    /**
     * The stage's active templates that still have a live item not on the patient's checklist (what
     * "add a template" can still add); null when the patient is not the program's.
     */
    async otherTemplates(scope: StaffScope, patientId: number, stage: PipelineStage): Promise<ChecklistTemplateOption[] | null> {
      if (!(await patientIn(db, scope.programId, patientId))) return null;
      const rows = await queryRows<TemplateRow>(
        db,
        sql`select ${templateColumns} from checklist_templates t
          where t.program_id = ${scope.programId} and t.stage = ${stage} and t.status = 1 and t.deleted_at is null
            and exists (
              select 1 from checklist_template_items ti
              where ti.template_id = t.id and ti.deleted_at is null
                and not exists (select 1 from patient_checklist_items i where i.patient_id = ${patientId} and i.template_item_id = ti.id)
            )
          order by t.is_default desc, lower(t.name), t.id`,
      );
      return rows.map((row) => ({ id: row.id, stage: stageIdOf(row.stage), name: row.name, is_default: asFlag(row.is_default), item_count: Number(row.item_count) }));
    },

    /** The names of the three checklists: Pre-Op, Post-Op and the program's third name. */
    async stageNames(scope: StaffScope): Promise<{ stage: PipelineStage; name: string }[]> {
      const [row] = await queryRows<{ third: string }>(db, sql`select third_checklist_name as third from programs where id = ${scope.programId}`);
      return ([1, 2, 3] as const).map((stage) => ({ stage, name: checklistStageName(stage, row?.third ?? '') }));
    },

    /**
     * Adds a template with its items (in the body's order). Making it the default unsets the stage's
     * previous default in the same transaction.
     */
    async createTemplate(scope: StaffScope, body: ChecklistTemplateStoreBody, now: Date): Promise<TemplateSaveResult> {
      return unlessUniqueViolation(
        () =>
          db.transaction(async (tx): Promise<TemplateSaveResult> => {
            await lockStageTemplates(tx, scope, body.stage);
            if (await nameTaken(tx, scope, body.stage, body.name)) return { nameTaken: true };
            if (body.is_default === 1) await clearDefault(tx, scope, body.stage, now);
            const [row] = await tx
              .insert(checklistTemplates)
              .values({
                program_id: scope.programId,
                stage: body.stage,
                name: body.name,
                description: body.description ?? null,
                status: body.status,
                is_default: body.is_default,
                created_by: scope.accountId,
                created_at: now,
                updated_at: now,
              })
              .returning({ id: checklistTemplates.id });
            const id = row!.id;
            // Ids in a new template's items (a copy's form may carry its source's) are not kept.
            await tx.insert(checklistTemplateItems).values(
              body.items.map((item, index) => ({ program_id: scope.programId, template_id: id, ...itemValues(item, index + 1), created_at: now, updated_at: now })),
            );
            return { saved: (await templateDetailIn(tx, scope, id))! };
          }),
        { nameTaken: true } as const,
      );
    },

    /**
     * Saves a template: items with an id (a live item of this template) are changed in place, items
     * without one added, live items left out removed (soft: patients' copies and rules keep them);
     * positions follow the body's order. The stage stays.
     */
    async updateTemplate(scope: StaffScope, body: ChecklistTemplateUpdateBody, now: Date): Promise<TemplateSaveResult> {
      return unlessUniqueViolation(
        () =>
          db.transaction(async (tx): Promise<TemplateSaveResult> => {
            const [found] = await queryRows<{ stage: number }>(
              tx,
              sql`select stage from checklist_templates where id = ${body.id} and program_id = ${scope.programId} and deleted_at is null`,
            );
            if (!found) return null;
            await lockStageTemplates(tx, scope, found.stage);
            const [current] = await queryRows<{ stage: number }>(
              tx,
              sql`select stage from checklist_templates where id = ${body.id} and program_id = ${scope.programId} and deleted_at is null for update`,
            );
            if (!current) return null;
            if (await nameTaken(tx, scope, current.stage, body.name, body.id)) return { nameTaken: true };
            const live = new Set(
              (
                await queryRows<{ id: number }>(tx, sql`select id from checklist_template_items where template_id = ${body.id} and deleted_at is null`)
              ).map((row) => row.id),
            );
            const kept = new Set<number>();
            for (const item of body.items) {
              if (item.id === undefined) continue;
              if (!live.has(item.id) || kept.has(item.id)) return { itemNotInTemplate: true };
              kept.add(item.id);
            }
            if (body.is_default === 1) await clearDefault(tx, scope, current.stage, now, body.id);
            await tx.execute(
              sql`update checklist_templates set name = ${body.name}, description = ${body.description ?? null},
                  status = ${body.status}, is_default = ${body.is_default}, updated_at = ${now.toISOString()}::timestamptz
                where id = ${body.id} and program_id = ${scope.programId}`,
            );
            const removed = [...live].filter((id) => !kept.has(id));
            if (removed.length > 0) {
              await tx.execute(
                sql`update checklist_template_items set deleted_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
                  where template_id = ${body.id} and deleted_at is null and id in (${sql.join(
                    removed.map((id) => sql`${id}`),
                    sql`, `,
                  )})`,
              );
            }
            const added: ReturnType<typeof itemValues>[] = [];
            for (const [index, item] of body.items.entries()) {
              const values = itemValues(item, index + 1);
              if (item.id === undefined) {
                added.push(values);
                continue;
              }
              await tx.execute(
                sql`update checklist_template_items set title = ${values.title}, description = ${values.description},
                    due_anchor = ${values.due_anchor}, due_days = ${values.due_days}, position = ${values.position},
                    updated_at = ${now.toISOString()}::timestamptz
                  where id = ${item.id} and template_id = ${body.id}`,
              );
            }
            if (added.length > 0) {
              await tx
                .insert(checklistTemplateItems)
                .values(added.map((values) => ({ program_id: scope.programId, template_id: body.id, ...values, created_at: now, updated_at: now })));
            }
            return { saved: (await templateDetailIn(tx, scope, body.id))! };
          }),
        { nameTaken: true } as const,
      );
    },

    /** Switches the template on or off; null when the program has no such live template. */
    async toggleTemplate(scope: StaffScope, id: number, now: Date): Promise<ChecklistTemplate | null> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`update checklist_templates set status = 1 - status, updated_at = ${now.toISOString()}::timestamptz
          where id = ${id} and program_id = ${scope.programId} and deleted_at is null
          returning id`,
      );
      return rows[0] ? templateIn(db, scope, id) : null;
    },

    /** Deletes the template softly (it stops being the default); null when there is no such live template. */
    async deleteTemplate(scope: StaffScope, id: number, now: Date): Promise<{ id: number; stage: number; name: string } | null> {
      const [row] = await queryRows<{ id: number; stage: number; name: string }>(
        db,
        sql`update checklist_templates set deleted_at = ${now.toISOString()}::timestamptz, deleted_by = ${scope.accountId},
            is_default = 0, updated_at = ${now.toISOString()}::timestamptz
          where id = ${id} and program_id = ${scope.programId} and deleted_at is null
          returning id, stage, name`,
      );
      return row ?? null;
    },

    // =========================================================================================
    // A patient's checklist
    // =========================================================================================

    /** One stage's checklist (default: the current stage); null when the patient is not the program's. */
    async checklist(scope: StaffScope, patientId: number, stage: PipelineStage | undefined, now: Date): Promise<PatientChecklist | null> {
      const patient = await patientIn(db, scope.programId, patientId);
      if (!patient) return null;
      return checklistOf(db, scope.programId, patient, stage ?? stageIdOf(patient.current_stage), now);
    },

    /**
     * Ticks (completed 1: now, by the caller; a ticked item stays as it is), unticks (0) and/or sets the
     * due date of an item, holding the patient's row lock; after a tick or untick the percentage is
     * recomputed and the automation rules run.
     */
    async updateItem(scope: StaffScope, body: ChecklistItemUpdateBody, now: Date): Promise<TickOutcome | ChecklistRefusal> {
      return db.transaction(async (tx): Promise<TickOutcome | ChecklistRefusal> => {
        const locked = await lockItem(tx, scope, body.id);
        if (!locked) return { refused: 'item-not-found' };
        const { patient, item } = locked;
        if (patient.checklist_deactivate === 1) return { refused: 'deactivated', patientId: patient.id, reason: patient.checklist_deactivate_reason };
        const wasDone = item.completed_at !== null;
        const changedCompletion = body.completed !== undefined && (body.completed === 1) !== wasDone;
        const changedDueDate = body.due_date !== undefined && body.due_date !== item.due_date;
        if (changedCompletion || changedDueDate) {
          const at = now.toISOString();
          const completion = !changedCompletion
            ? sql``
            : body.completed === 1
              ? sql`, completed_at = ${at}::timestamptz, completed_by = ${scope.accountId}`
              : sql`, completed_at = null, completed_by = null`;
          const due = changedDueDate ? sql`, due_date = ${body.due_date ?? null}::date` : sql``;
          await tx.execute(sql`update patient_checklist_items set updated_at = ${at}::timestamptz ${completion} ${due} where id = ${item.id}`);
        }
        let moves: ChecklistAutoMove[] = [];
        if (changedCompletion) {
          await repository.recomputePercent(tx, patient.id);
          const made = await afterEvent(tx, {
            programId: scope.programId,
            patientId: patient.id,
            trigger: body.completed === 1 ? { kind: 'checklist-changed', tickedItemId: item.id } : { kind: 'checklist-changed' },
            now,
          });
          moves = made.map((move) => ({ rule_id: move.ruleId, rule_description: move.ruleDescription, from_status: move.fromStatus, to_status: move.toStatus }));
        }
        const after = (await patientIn(tx, scope.programId, patient.id))!;
        const [row] = await itemsOf(tx, scope.programId, patient.id, item.stage, item.id);
        const counts = await stageCounts(tx, patient.id, item.stage);
        return {
          item: toItem(row!, programToday(now, after.timezone).toISODate()!),
          changedCompletion,
          changedDueDate,
          ...counts,
          moves,
          card: await pipelineCard(tx, scope, patient.id, now),
        };
      });
    },

    /**
     * Corrects who ticked an item and on which day: the checker must be the program's account or one of
     * its active staff, the day not after today (program zone). The time of day is kept when the day
     * does not change; otherwise it becomes noon of that day (or now, if that is earlier).
     */
    async correctChecker(scope: StaffScope, body: ChecklistCheckedByBody, now: Date) {
      return db.transaction(async (tx): Promise<{ item: PatientChecklistItem; patientId: number } | ChecklistRefusal> => {
        const locked = await lockItem(tx, scope, body.id);
        if (!locked) return { refused: 'item-not-found' };
        const { patient, item } = locked;
        if (patient.checklist_deactivate === 1) return { refused: 'deactivated', patientId: patient.id, reason: patient.checklist_deactivate_reason };
        const completedAt = asDate(item.completed_at);
        if (!completedAt) return { refused: 'not-completed', patientId: patient.id };
        const today = programToday(now, patient.timezone);
        const errors: Record<string, string[]> = {};
        if (!(await isChecker(tx, scope, body.completed_by, today.toISODate()!))) errors.completed_by = [CHECKLIST_MESSAGES.checkerUnknown];
        if (body.completed_on > today.toISODate()!) errors.completed_on = [CHECKLIST_MESSAGES.futureCheck];
        if (Object.keys(errors).length > 0) return { refused: 'fields', patientId: patient.id, errors };
        const sameDay = DateTime.fromJSDate(completedAt, { zone: today.zone }).toISODate() === body.completed_on;
        const noon = DateTime.fromISO(body.completed_on, { zone: today.zone }).set({ hour: 12, minute: 0, second: 0, millisecond: 0 }).toJSDate();
        const at = sameDay ? completedAt : noon.getTime() > now.getTime() ? now : noon;
        await tx.execute(
          sql`update patient_checklist_items set completed_by = ${body.completed_by}, completed_at = ${at.toISOString()}::timestamptz,
              updated_at = ${now.toISOString()}::timestamptz
            where id = ${item.id}`,
        );
        const [row] = await itemsOf(tx, scope.programId, patient.id, item.stage, item.id);
        return { item: toItem(row!, today.toISODate()!), patientId: patient.id };
      });
    },

    /**
     * Adds the live items of an active template of the program that are not on the patient's checklist
     * yet, to the template's stage, and answers that stage's checklist.
     */
    async applyTemplate(scope: StaffScope, patientId: number, templateId: number, now: Date) {
      return db.transaction(async (tx): Promise<{ checklist: PatientChecklist; added: number; stage: PipelineStage } | ChecklistRefusal> => {
        const patient = await patientIn(tx, scope.programId, patientId, true);
        if (!patient) return { refused: 'patient-not-found' };
        if (patient.checklist_deactivate === 1) return { refused: 'deactivated', patientId, reason: patient.checklist_deactivate_reason };
        const [template] = await queryRows<{ id: number; stage: number }>(
          tx,
          sql`select id, stage from checklist_templates
            where id = ${templateId} and program_id = ${scope.programId} and status = 1 and deleted_at is null`,
        );
        if (!template) return { refused: 'template-not-found', patientId };
        const stage = stageIdOf(template.stage);
        const added = await copyTemplate(tx, {
          programId: scope.programId,
          patient,
          templateId: template.id,
          stage,
          stageStart: stageStartOf(patient, stage),
          actorId: scope.accountId,
          now,
        });
        if (added > 0) await repository.recomputePercent(tx, patientId);
        return { checklist: await checklistOf(tx, scope.programId, patient, stage, now), added, stage };
      });
    },

    /** Adds an item of this patient only (no template) at the end of the stage's list. */
    async addItem(scope: StaffScope, body: ChecklistAddItemBody, now: Date) {
      return db.transaction(async (tx): Promise<{ checklist: PatientChecklist; itemId: number } | ChecklistRefusal> => {
        const patient = await patientIn(tx, scope.programId, body.patient_id, true);
        if (!patient) return { refused: 'patient-not-found' };
        if (patient.checklist_deactivate === 1) return { refused: 'deactivated', patientId: patient.id, reason: patient.checklist_deactivate_reason };
        const position = await nextPosition(tx, patient.id, body.stage);
        const [row] = await tx
          .insert(patientChecklistItems)
          .values({
            program_id: scope.programId,
            patient_id: patient.id,
            stage: body.stage,
            title: body.title,
            position,
            due_date: body.due_date ?? null,
            created_by: scope.accountId,
            created_at: now,
            updated_at: now,
          })
          .returning({ id: patientChecklistItems.id });
        await repository.recomputePercent(tx, patient.id);
        return { checklist: await checklistOf(tx, scope.programId, patient, body.stage, now), itemId: row!.id };
      });
    },

    /**
     * Deactivates the patient's checklist with a reason, or activates it (the reason is cleared). On
     * activation the checklist rules run at once, as they would have on the ticks they were kept from.
     */
    async setDeactivated(scope: StaffScope, patientId: number, deactivate: 0 | 1, reason: string | null, now: Date) {
      return db.transaction(async (tx): Promise<{ checklist: PatientChecklist; moves: number } | ChecklistRefusal> => {
        const patient = await patientIn(tx, scope.programId, patientId, true);
        if (!patient) return { refused: 'patient-not-found' };
        await tx.execute(
          sql`update patients set checklist_deactivate = ${deactivate}, checklist_deactivate_reason = ${deactivate === 1 ? reason : null}
            where id = ${patientId} and program_id = ${scope.programId}`,
        );
        let moves = 0;
        if (deactivate === 0 && patient.checklist_deactivate === 1) {
          moves = (await afterEvent(tx, { programId: scope.programId, patientId, trigger: { kind: 'checklist-changed' }, now })).length;
        }
        const after = (await patientIn(tx, scope.programId, patientId))!;
        return { checklist: await checklistOf(tx, scope.programId, after, stageIdOf(after.current_stage), now), moves };
      });
    },

    /** Who may be named as the one who ticked: the program's own account and its active staff, by name. */
    async checkers(scope: StaffScope, now: Date): Promise<{ id: number; name: string }[]> {
      const { today } = await programDay(db, scope.programId, now);
      return queryRows<{ id: number; name: string }>(
        db,
        sql`select id, name from (
            select g.id, coalesce(nullif(g.owner_name, ''), g.title, '') as name from programs g where g.id = ${scope.programId}
            union all
            select pu.id, pu.name from program_users pu join accounts a on a.id = pu.id
            where pu.program_id = ${scope.programId} and a.status = 1
              and (pu.deactivation_date is null or pu.deactivation_date > ${today}::date)
          ) c
          order by lower(name), id`,
      );
    },

    // =========================================================================================
    // The program's worklist
    // =========================================================================================

    /**
     * One stage's items of the program's active patients now in that stage whose checklist is active.
     * Open and overdue items are read through the partial index on (program_id, stage, due_date, id)
     * of the items not done, in that order for the default sort.
     */
    async worklist(scope: StaffScope, query: ChecklistItemListQuery, now: Date): Promise<Page<ChecklistWorklistItem>> {
      const { today } = await programDay(db, scope.programId, now);
      const filter = {
        open: sql`and i.completed_at is null`,
        overdue: sql`and i.completed_at is null and i.due_date < ${today}::date`,
        completed: sql`and i.completed_at is not null`,
      }[query.status];
      const pattern = query.search ? likePattern(query.search) : null;
      const where = sql`i.program_id = ${scope.programId} and i.stage = ${query.stage} ${filter}
        and p.program_id = ${scope.programId} and p.current_stage = ${query.stage} and p.status = 1 and p.checklist_deactivate = 0
        ${pattern ? sql`and (p.name ilike ${pattern} or i.title ilike ${pattern})` : sql``}`;
      const dir = query.direction === 'desc' ? sql`desc` : sql`asc`;
      const order = {
        due_date: sql`i.due_date ${dir} nulls last, i.id ${dir}`,
        patient: sql`p.last_name ${dir}, p.first_name ${dir}, p.id ${dir}, i.position, i.id`,
        title: sql`lower(i.title) ${dir}, i.id ${dir}`,
        completed_at: sql`i.completed_at ${dir} nulls last, i.id ${dir}`,
      }[query.sort];
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const [rows, counted] = await Promise.all([
        queryRows<ItemRow & { patient_name: string }>(
          db,
          sql`select i.id, i.patient_id, p.name as patient_name, i.title, t.name as template_name, i.due_date,
              ${isoTimestamp(sql`i.completed_at`)} as completed_at, i.completed_by,
              ${staffName(sql`i.completed_by`)} as completed_by_name
            from patient_checklist_items i
              join patients p on p.id = i.patient_id
              left join checklist_templates t on t.id = i.template_id
            where ${where}
            order by ${order}
            limit ${limit} offset ${offset}`,
        ),
        queryRows<{ total: number }>(
          db,
          sql`select count(*)::int as total from patient_checklist_items i join patients p on p.id = i.patient_id where ${where}`,
        ),
      ]);
      const items = rows.map((row) => ({
        id: row.id,
        patient_id: row.patient_id,
        patient_name: row.patient_name,
        title: row.title,
        template_name: row.template_name,
        due_date: row.due_date,
        overdue: row.completed_at === null && row.due_date !== null && row.due_date < today,
        completed_at: row.completed_at,
        completed_by: row.completed_by === null ? null : { id: row.completed_by, name: row.completed_by_name ?? '' },
      }));
      return toPage(items, Number(counted[0]?.total ?? 0), query.page, query.perPage);
    },
  };
  return repository;
}

export type ChecklistsRepository = ReturnType<typeof createChecklistsRepository>;

export default fp(
  async (fastify) => {
    // The rules' and the board's sides are looked up at call time: the automation plugin calls this one
    // back (a patient entering a stage), so neither declares the other as a dependency.
    fastify.decorate(
      'checklists',
      createChecklistsRepository(
        fastify.db,
        (tx, input) => fastify.pipelineAutomation.afterEvent(tx, input),
        (tx, scope, patientId, now) => fastify.pipelines.card(tx, scope, patientId, now),
      ),
    );
  },
  { name: 'checklists-repository', dependencies: ['database'] },
);
