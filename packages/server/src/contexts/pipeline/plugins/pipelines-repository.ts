/**
 * The patient pipeline of a program: its statuses per stage, the board, moves by hand, the average days
 * per status, the exports' rows and the patients with no status. Every method is bound to
 * scope.programId: another program's statuses and patients are simply not found.
 *
 * Locks, always taken in this order so that no two calls can deadlock:
 *   1. the program row (`for no key update`; inserts that reference the program are not blocked), by
 *      every change of the statuses themselves — so changes of one program's statuses run one at a time;
 *   2. the status rows: `for update` by the status being changed or deleted, `for share` by the status a
 *      patient is moved to (a status cannot be deleted under a move into it);
 *   3. patient rows (`for update`), in id order when there are several.
 */
import fp from 'fastify-plugin';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  MAX_PIPELINE_STATUSES,
  PIPELINE_MESSAGES,
  type MissingPipelinePatient,
  type MissingPipelineQuery,
  type Page,
  type PipelineAverageDaysRow,
  type PipelineBoardQuery,
  type PipelineBoardResponse,
  type PipelineCard,
  type PipelineMoveRecord,
  type PipelineStage,
  type PipelineStatus,
  type PipelineStatusDeleteBody,
  type PipelineStatusStoreBody,
  type PipelineStatusUpdateBody,
} from '@baridesk/contracts';
import { STAGES, describePipelineRuleTrigger, isPipelineRuleTypeId, pipelineRuleTypeLabel, stageIdOf } from '@baridesk/domain';
import { queryRows, type Db, type Tx } from '../../../db/client';
import { patients, pipelineStatuses, programs } from '../../../db/schema';
import { pageWindow, toPage } from '../../../lib/paging';
import { isUniqueViolation } from '../../../lib/pg-errors';
import { programDay as dayOfProgram, type ProgramDay } from '../../../lib/program-day';
import { recordPipelineMove } from '../pipeline-moves';
import type { StaffScope } from '../../../lib/scope';
import { staffName } from '../../../lib/staff-name';
import { listConditions, listOrder } from '../../patients';
import { asFlag, isoTimestamp } from '../../../lib/sql';

declare module 'fastify' {
  interface FastifyInstance {
    pipelines: PipelinesRepository;
  }
}

/** The most moves a patient's history answers with. */
export const HISTORY_LIMIT = 500;
/** Stays that ended this many days back or less count in the average days of ended stays. */
export const COMPLETED_STAYS_DAYS = 365;

export type { ProgramDay };

/** Field errors of a refused change (422). */
export type FieldErrors = { errors: Record<string, string[]> };


/** Whole calendar days, in the program's zone, from the day of `since` to today (never below 0). */
function wholeDaysSince(since: SQL, day: ProgramDay): SQL {
  return sql`greatest(${day.today}::date - (${since} at time zone ${day.zone}::text)::date, 0)`;
}

/** An average of whole days, to one decimal; null over no rows. */
const averageOf = (days: SQL) => sql`round(avg(${days})::numeric, 1)::float8`;



// ---------------------------------------------------------------------------------------------
// Rows and their mapping
// ---------------------------------------------------------------------------------------------

interface StatusRow {
  id: number;
  stage: number;
  name: string;
  position: number;
  is_default: number;
  patient_count: number;
}

const toStatus = (row: StatusRow): PipelineStatus => ({
  id: row.id,
  stage: stageIdOf(row.stage),
  name: row.name,
  position: row.position,
  is_default: asFlag(row.is_default),
  patient_count: Number(row.patient_count),
});

interface CardRow {
  id: number;
  name: string;
  pipeline_status_id: number | null;
  status_since: string | null;
  days_in_status: number;
  checklist_percent: number;
  checklist_deactivate: number;
  surgery_date: string | null;
}

const toCard = (row: CardRow): PipelineCard => ({
  id: row.id,
  name: row.name,
  pipeline_status_id: row.pipeline_status_id,
  status_since: row.status_since,
  days_in_status: Number(row.days_in_status),
  checklist_percent: Number(row.checklist_percent),
  checklist_deactivated: asFlag(row.checklist_deactivate),
  surgery_date: row.surgery_date,
});

/** A card's columns, from `patients` (unaliased, as listConditions names it) or a row source of its columns. */
function cardColumns(day: ProgramDay, from = 'patients'): SQL {
  const t = sql.raw(from);
  return sql`${t}.id, ${t}.name, ${t}.pipeline_status_id,
    ${isoTimestamp(sql`${t}.pipeline_status_since`)} as status_since,
    coalesce(${wholeDaysSince(sql`${t}.pipeline_status_since`, day)}, 0) as days_in_status,
    ${t}.checklist_percent, ${t}.checklist_deactivate, ${t}.surgery_date::text as surgery_date`;
}

/** One row of the board's export: a card with the contact fields and its status's name. */
export interface PipelineExportRow {
  id: number;
  status: string;
  name: string;
  days_in_status: number;
  checklist_percent: number;
  surgery_date: string | null;
  email: string | null;
  phone: string | null;
  mrn_number: string | null;
}

/**
 * How the history describes the rule of an automatic move: the rule's trigger as the rules list words it
 * (domain describePipelineRuleTrigger) while the rule is still of that type; its type's label once it is
 * gone or changed type.
 */
function describeMoveRule(type: number, settings: { days: number | null; percent: number | null; checklistItemTitle: string | null } | null): string {
  if (!isPipelineRuleTypeId(type)) return `Rule type ${type}`;
  return settings === null ? pipelineRuleTypeLabel(type) : describePipelineRuleTrigger({ type, ...settings });
}

// ---------------------------------------------------------------------------------------------
// Outcomes
// ---------------------------------------------------------------------------------------------

export type StatusSaveResult = { saved: PipelineStatus; previousName?: string } | FieldErrors | null;

export type StatusDeleteResult =
  | { outcome: 'deleted'; status: PipelineStatus; movedPatients: number; movedTo: number | null }
  | { outcome: 'not-found' }
  | { outcome: 'used-by-rules'; rules: number }
  | ({ outcome: 'invalid' } & FieldErrors);

/** What a move by hand (or adding a missing patient) came to. */
export type MoveResult =
  | { outcome: 'patient-not-found' }
  | { outcome: 'status-not-found' }
  | { outcome: 'wrong-stage'; stage: number }
  | { outcome: 'stale'; current: number | null }
  | { outcome: 'already-in-pipeline'; current: number }
  | { outcome: 'unchanged'; card: PipelineCard }
  | { outcome: 'moved'; card: PipelineCard; from: number | null; to: number };

export interface AverageDays {
  rows: PipelineAverageDaysRow[];
}

// ---------------------------------------------------------------------------------------------
// The repository
// ---------------------------------------------------------------------------------------------

export function createPipelinesRepository(db: Db) {
  /** The caller's program's zone and calendar day at `now` (UTC when it has none: cannot happen for a staff scope). */
  const programDay = (tx: Tx, scope: StaffScope, now: Date): Promise<ProgramDay> => dayOfProgram(tx, scope.programId, now);

  /** Serialises the changes of one program's statuses (see the locks above). */
  const lockProgram = (tx: Tx, scope: StaffScope) =>
    tx.select({ id: programs.id }).from(programs).where(eq(programs.id, scope.programId)).for('no key update');

  /** The program's live statuses (of one stage, or of every stage) with their patients now, in order. */
  async function statusesWithCounts(tx: Tx, scope: StaffScope, stage?: PipelineStage): Promise<PipelineStatus[]> {
    const rows = await queryRows<StatusRow>(
      tx,
      sql`select s.id, s.stage, s.name, s.position, s.is_default,
          (select count(*)::int from patients p
            where p.program_id = s.program_id and p.current_stage = s.stage and p.pipeline_status_id = s.id) as patient_count
        from pipeline_statuses s
        where s.program_id = ${scope.programId} and s.deleted_at is null
          ${stage === undefined ? sql`` : sql`and s.stage = ${stage}`}
        order by s.stage, s.position, s.id`,
    );
    return rows.map(toStatus);
  }

  async function statusWithCount(tx: Tx, scope: StaffScope, id: number): Promise<PipelineStatus | null> {
    const rows = await queryRows<StatusRow>(
      tx,
      sql`select s.id, s.stage, s.name, s.position, s.is_default,
          (select count(*)::int from patients p
            where p.program_id = s.program_id and p.current_stage = s.stage and p.pipeline_status_id = s.id) as patient_count
        from pipeline_statuses s
        where s.id = ${id} and s.program_id = ${scope.programId}`,
    );
    return rows[0] ? toStatus(rows[0]) : null;
  }

  /** A live status of the program, locked as asked; null when unknown, another program's or deleted. */
  async function liveStatus(tx: Tx, scope: StaffScope, id: number, lock: 'update' | 'share') {
    const [row] = await tx
      .select({ id: pipelineStatuses.id, stage: pipelineStatuses.stage, name: pipelineStatuses.name, is_default: pipelineStatuses.is_default })
      .from(pipelineStatuses)
      .where(and(eq(pipelineStatuses.id, id), eq(pipelineStatuses.program_id, scope.programId), isNull(pipelineStatuses.deleted_at)))
      .for(lock);
    return row ?? null;
  }

  /** Whether another live status of the stage has this name (case-insensitively). */
  async function nameTaken(tx: Tx, scope: StaffScope, stage: number, name: string, except?: number): Promise<boolean> {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`select id from pipeline_statuses
        where program_id = ${scope.programId} and stage = ${stage} and deleted_at is null
          and lower(name) = lower(${name}) ${except === undefined ? sql`` : sql`and id <> ${except}`}
        limit 1`,
    );
    return rows.length > 0;
  }

  /** Clears the stage's default (before another status becomes it). */
  const clearDefault = (tx: Tx, scope: StaffScope, stage: number, now: Date) =>
    tx.execute(
      sql`update pipeline_statuses set is_default = 0, updated_at = ${now.toISOString()}::timestamptz
        where program_id = ${scope.programId} and stage = ${stage} and deleted_at is null and is_default = 1`,
    );

  /** A status save that a unique index refused (a name saved at the same moment) answers like the check. */
  async function guarded(save: () => Promise<StatusSaveResult>): Promise<StatusSaveResult> {
    try {
      return await save();
    } catch (error) {
      if (isUniqueViolation(error)) return { errors: { name: [PIPELINE_MESSAGES.duplicateName] } };
      throw error;
    }
  }

  /** The patient row, locked; null when the program has no such patient. */
  async function lockPatient(tx: Tx, scope: StaffScope, id: number) {
    const [row] = await tx
      .select({ id: patients.id, current_stage: patients.current_stage, pipeline_status_id: patients.pipeline_status_id })
      .from(patients)
      .where(and(eq(patients.id, id), eq(patients.program_id, scope.programId)))
      .for('update');
    return row ?? null;
  }

  /** One patient's card. */
  async function cardOf(tx: Tx, scope: StaffScope, patientId: number, day: ProgramDay): Promise<PipelineCard> {
    const [row] = await queryRows<CardRow>(
      tx,
      sql`select ${cardColumns(day)} from patients where patients.id = ${patientId} and patients.program_id = ${scope.programId}`,
    );
    return toCard(row!);
  }

  /**
   * Patients per status of the stage (null: no status) matching `where`, with their average whole days
   * in it: one grouped pass over the stage, read from patients_program_pipeline_idx alone.
   */
  async function groupedCounts(tx: Tx, where: SQL | undefined, day: ProgramDay) {
    const rows = await queryRows<{ status_id: number | null; total: number; average_days: number | null }>(
      tx,
      sql`select patients.pipeline_status_id as status_id, count(*)::int as total,
          ${averageOf(wholeDaysSince(sql`patients.pipeline_status_since`, day))} as average_days
        from patients where ${where}
        group by patients.pipeline_status_id`,
    );
    const byStatus = new Map<number | null, { total: number; average: number | null }>();
    for (const row of rows) {
      byStatus.set(row.status_id, { total: Number(row.total), average: row.average_days === null ? null : Number(row.average_days) });
    }
    return byStatus;
  }

  /**
   * A move by hand into a live status of the patient's current stage (the move route and adding a
   * missing patient). Locks the target status (share: it cannot be deleted meanwhile), then the patient;
   * `check` refuses from the patient as they are now, or lets the move go on.
   */
  async function moveByHand(
    scope: StaffScope,
    patientId: number,
    toStatusId: number,
    now: Date,
    check: (patient: { pipeline_status_id: number | null }) => MoveResult | null,
  ): Promise<MoveResult> {
    return db.transaction(async (tx) => {
      const status = await liveStatus(tx, scope, toStatusId, 'share');
      const patient = await lockPatient(tx, scope, patientId);
      if (!patient) return { outcome: 'patient-not-found' };
      if (!status) return { outcome: 'status-not-found' };
      if (status.stage !== patient.current_stage) return { outcome: 'wrong-stage', stage: patient.current_stage };
      const refused = check(patient);
      if (refused) return refused;
      const day = await programDay(tx, scope, now);
      if (patient.pipeline_status_id === status.id) return { outcome: 'unchanged', card: await cardOf(tx, scope, patientId, day) };
      await recordPipelineMove(tx, {
        programId: scope.programId,
        patientId,
        stage: patient.current_stage,
        fromStatusId: patient.pipeline_status_id,
        toStatusId: status.id,
        movedBy: scope.accountId,
        at: now,
      });
      return { outcome: 'moved', card: await cardOf(tx, scope, patientId, day), from: patient.pipeline_status_id, to: status.id };
    });
  }

  return {
    programDay: (scope: StaffScope, now: Date) => programDay(db, scope, now),

    /** One patient's card as the board shows it, read within `tx` (the only place a card is built). */
    async card(tx: Tx, scope: StaffScope, patientId: number, now: Date): Promise<PipelineCard> {
      return cardOf(tx, scope, patientId, await programDay(tx, scope, now));
    },

    /** The stage's live statuses in order, with how many patients each has now. */
    statuses: (scope: StaffScope, stage: PipelineStage) => statusesWithCounts(db, scope, stage),

    /** Every stage, 1 to 3, with its statuses in order. */
    async allStatuses(scope: StaffScope) {
      const all = await statusesWithCounts(db, scope);
      return STAGES.map((stage) => ({
        stage: stage.id,
        stage_name: stage.label as string,
        statuses: all.filter((status) => status.stage === stage.id),
      }));
    },

    /** Adds a status last in its stage; as the default, it takes over from the stage's previous one. */
    create(scope: StaffScope, body: PipelineStatusStoreBody, now: Date): Promise<StatusSaveResult> {
      return guarded(() =>
        db.transaction(async (tx): Promise<StatusSaveResult> => {
          await lockProgram(tx, scope);
          const [live] = await queryRows<{ count: number; last: number | null }>(
            tx,
            sql`select count(*)::int as count, max(position) as last from pipeline_statuses
              where program_id = ${scope.programId} and stage = ${body.stage} and deleted_at is null`,
          );
          if (Number(live?.count ?? 0) >= MAX_PIPELINE_STATUSES) return { errors: { stage: [PIPELINE_MESSAGES.tooManyStatuses] } };
          if (await nameTaken(tx, scope, body.stage, body.name)) return { errors: { name: [PIPELINE_MESSAGES.duplicateName] } };
          if (body.is_default === 1) await clearDefault(tx, scope, body.stage, now);
          const [row] = await tx
            .insert(pipelineStatuses)
            .values({
              program_id: scope.programId,
              stage: body.stage,
              name: body.name,
              position: Number(live?.last ?? 0) + 1,
              is_default: body.is_default,
              created_by: scope.accountId,
              created_at: now,
              updated_at: now,
            })
            .returning({ id: pipelineStatuses.id });
          return { saved: (await statusWithCount(tx, scope, row!.id))! };
        }),
      );
    },

    /** Renames a status and sets whether it is its stage's default; null when not found. */
    update(scope: StaffScope, body: PipelineStatusUpdateBody, now: Date): Promise<StatusSaveResult> {
      return guarded(() =>
        db.transaction(async (tx): Promise<StatusSaveResult> => {
          await lockProgram(tx, scope);
          const status = await liveStatus(tx, scope, body.id, 'update');
          if (!status) return null;
          if (await nameTaken(tx, scope, status.stage, body.name, status.id)) return { errors: { name: [PIPELINE_MESSAGES.duplicateName] } };
          if (body.is_default === 1 && status.is_default !== 1) await clearDefault(tx, scope, status.stage, now);
          await tx
            .update(pipelineStatuses)
            .set({ name: body.name, is_default: body.is_default, updated_at: now })
            .where(and(eq(pipelineStatuses.id, status.id), eq(pipelineStatuses.program_id, scope.programId)));
          const saved = (await statusWithCount(tx, scope, status.id))!;
          return status.name === saved.name ? { saved } : { saved, previousName: status.name };
        }),
      );
    },

    /** Puts the stage's statuses in the order of `ids`, which must name each live one once. */
    reorder(scope: StaffScope, stage: PipelineStage, ids: readonly number[], now: Date): Promise<PipelineStatus[] | FieldErrors> {
      return db.transaction(async (tx) => {
        await lockProgram(tx, scope);
        const live = await tx
          .select({ id: pipelineStatuses.id })
          .from(pipelineStatuses)
          .where(and(eq(pipelineStatuses.program_id, scope.programId), eq(pipelineStatuses.stage, stage), isNull(pipelineStatuses.deleted_at)))
          .for('update');
        const liveIds = new Set(live.map((row) => row.id));
        if (ids.length !== liveIds.size || ids.some((id) => !liveIds.has(id))) return { errors: { ids: [PIPELINE_MESSAGES.reorderMismatch] } };
        const positions = sql.join(
          ids.map((id, index) => sql`(${id}::integer, ${index + 1}::integer)`),
          sql`, `,
        );
        await tx.execute(
          sql`update pipeline_statuses s set position = v.position, updated_at = ${now.toISOString()}::timestamptz
            from (values ${positions}) as v(id, position)
            where s.id = v.id and s.program_id = ${scope.programId} and s.position <> v.position`,
        );
        return statusesWithCounts(tx, scope, stage);
      });
    },

    /**
     * Deletes a status (softly: moves keep its name). Refused while rules name it; its patients must go to
     * another live status of the stage, each move recorded as the caller's. Done set-based: a status may
     * hold ten thousand patients.
     */
    remove(scope: StaffScope, body: PipelineStatusDeleteBody, now: Date): Promise<StatusDeleteResult> {
      return db.transaction(async (tx): Promise<StatusDeleteResult> => {
        await lockProgram(tx, scope);
        const status = await liveStatus(tx, scope, body.id, 'update');
        if (!status) return { outcome: 'not-found' };
        const [rules] = await queryRows<{ count: number }>(
          tx,
          sql`select count(*)::int as count from pipeline_rules
            where program_id = ${scope.programId} and (from_status_id = ${status.id} or to_status_id = ${status.id})`,
        );
        if (Number(rules?.count ?? 0) > 0) return { outcome: 'used-by-rules', rules: Number(rules!.count) };
        const inStatus = sql`program_id = ${scope.programId} and current_stage = ${status.stage} and pipeline_status_id = ${status.id}`;
        // Its patients, locked in id order (the order every multi-patient change uses).
        const [locked] = await queryRows<{ count: number }>(
          tx,
          sql`select count(*)::int as count from (select id from patients where ${inStatus} order by id for update) as locked`,
        );
        let movedPatients = 0;
        let movedTo: number | null = null;
        if (Number(locked?.count ?? 0) > 0) {
          if (body.move_to_status_id === undefined) return { outcome: 'invalid', errors: { move_to_status_id: [PIPELINE_MESSAGES.chooseTarget] } };
          const target = body.move_to_status_id === status.id ? null : await liveStatus(tx, scope, body.move_to_status_id, 'share');
          if (!target || target.stage !== status.stage) {
            return { outcome: 'invalid', errors: { move_to_status_id: [PIPELINE_MESSAGES.targetInvalid] } };
          }
          // What recordPipelineMove does for one patient, for all of them in two statements' worth.
          const at = now.toISOString();
          const moved = await queryRows<{ count: number }>(
            tx,
            sql`with moved as (
                update patients set pipeline_status_id = ${target.id}, pipeline_status_since = ${at}::timestamptz
                where ${inStatus}
                returning id, current_stage
              ), recorded as (
                insert into pipeline_moves (program_id, patient_id, stage, from_status_id, to_status_id, moved_by, moved_at)
                select ${scope.programId}::integer, id, current_stage, ${status.id}::integer, ${target.id}::integer,
                  ${scope.accountId}::integer, ${at}::timestamptz
                from moved order by id
                returning 1
              )
              select count(*)::int as count from recorded`,
          );
          movedPatients = Number(moved[0]?.count ?? 0);
          movedTo = target.id;
        }
        await tx
          .update(pipelineStatuses)
          .set({ deleted_at: now, deleted_by: scope.accountId, is_default: 0, updated_at: now })
          .where(and(eq(pipelineStatuses.id, status.id), eq(pipelineStatuses.program_id, scope.programId)));
        const deleted = (await statusWithCount(tx, scope, status.id))!;
        return { outcome: 'deleted', status: deleted, movedPatients, movedTo };
      });
    },

    /**
     * The board: the stage's live columns (or one, at `page`), each with the patients in it matching the
     * search, their average days, and a page of cards, longest in the status first. Null when status_id
     * is not a live status of the stage. Never more than a page of cards per column leaves the database:
     *  - the columns' totals and average days: one grouped pass over the stage, which without a search
     *    reads patients_program_pipeline_idx alone (an index-only scan);
     *  - without a search, the cards of every column at once: a lateral join over the columns with a
     *    LIMIT each, each an index scan of patients_program_pipeline_idx in the board's order;
     *  - with a search (the patient list's conditions), the matches are found once, behind a planning
     *    fence (a materialized CTE: the trigram index for terms of 3 characters or more), and ranked per
     *    column; left to itself the planner would walk each column's index testing every row.
     */
    async board(scope: StaffScope, query: PipelineBoardQuery, now: Date): Promise<PipelineBoardResponse['data'] | null> {
      const day = await programDay(db, scope, now);
      const stageWhere = and(...listConditions(scope, { stage: query.stage }));
      const where = query.search ? and(...listConditions(scope, { search: query.search, stage: query.stage })) : stageWhere;
      const limit = query.per_column;
      const offset = (query.page - 1) * limit;
      const columnsOf = sql`select s.id from pipeline_statuses s
        where s.program_id = ${scope.programId} and s.stage = ${query.stage} and s.deleted_at is null
          ${query.status_id === undefined ? sql`` : sql`and s.id = ${query.status_id}`}`;
      const cardsQuery = query.search
        ? sql`with matched as materialized (
              select patients.id, patients.name, patients.pipeline_status_id, patients.pipeline_status_since,
                patients.checklist_percent, patients.checklist_deactivate, patients.surgery_date
              from patients where ${where} and patients.pipeline_status_id is not null
            ), ranked as (
              select matched.*,
                row_number() over (partition by matched.pipeline_status_id order by matched.pipeline_status_since, matched.id) as rank
              from matched where matched.pipeline_status_id in (${columnsOf})
            )
            select ranked.pipeline_status_id as column_id, ${cardColumns(day, 'ranked')}
            from ranked where ranked.rank > ${offset} and ranked.rank <= ${offset + limit}
            order by ranked.pipeline_status_id, ranked.rank`
        : sql`select s.id as column_id, c.* from (${columnsOf}) as s
            cross join lateral (
              select ${cardColumns(day)}
              from patients
              where ${where} and patients.pipeline_status_id = s.id
              order by patients.pipeline_status_since, patients.id
              limit ${limit} offset ${offset}
            ) as c
            order by s.id, c.status_since, c.id`;
      const [statuses, stageCounts, counts, cards] = await Promise.all([
        queryRows<StatusRow>(
          db,
          sql`select s.id, s.stage, s.name, s.position, s.is_default, 0 as patient_count
            from pipeline_statuses s
            where s.program_id = ${scope.programId} and s.stage = ${query.stage} and s.deleted_at is null
            order by s.position, s.id`,
        ),
        groupedCounts(db, stageWhere, day),
        // With a search, the columns' totals count the matches only (the statuses keep their whole counts).
        query.search ? groupedCounts(db, where, day) : null,
        queryRows<CardRow & { column_id: number }>(db, cardsQuery),
      ]);
      const shown = query.status_id === undefined ? statuses : statuses.filter((status) => status.id === query.status_id);
      if (query.status_id !== undefined && shown.length === 0) return null;
      const matching = counts ?? stageCounts;
      const byColumn = new Map<number, PipelineCard[]>();
      for (const row of cards) {
        const list = byColumn.get(row.column_id) ?? [];
        list.push(toCard(row));
        byColumn.set(row.column_id, list);
      }
      return {
        stage: query.stage,
        columns: shown.map((row) => {
          const count = matching.get(row.id);
          return {
            status: toStatus({ ...row, patient_count: stageCounts.get(row.id)?.total ?? 0 }),
            total: count?.total ?? 0,
            average_days: count?.average ?? null,
            cards: byColumn.get(row.id) ?? [],
            page: query.page,
          };
        }),
        without_status: matching.get(null)?.total ?? 0,
      };
    },

    /**
     * Per live status of the stage: its patients now and their average days so far, and the stays in it
     * that ended in the last 365 days with their average length (a stay runs from a move into the status
     * to the patient's next move).
     */
    async averageDays(scope: StaffScope, stage: PipelineStage, now: Date): Promise<PipelineAverageDaysRow[]> {
      const day = await programDay(db, scope, now);
      const cutoff = new Date(now.getTime() - COMPLETED_STAYS_DAYS * 86_400_000).toISOString();
      const at = now.toISOString();
      const [statuses, current, completed] = await Promise.all([
        statusesWithCounts(db, scope, stage),
        groupedCounts(db, and(...listConditions(scope, { stage })), day),
        queryRows<{ status_id: number; stays: number; average_days: number | null }>(
          db,
          // Only the moves into or out of the stage's statuses: a stay in one of them ends with the
          // patient's next move, which always leaves from it (whatever stage it goes to).
          sql`with stage_statuses as (
              select id from pipeline_statuses where program_id = ${scope.programId} and stage = ${stage} and deleted_at is null
            ), stays as (
              select m.to_status_id, m.moved_at,
                lead(m.moved_at) over (partition by m.patient_id order by m.moved_at, m.id) as left_at
              from pipeline_moves m
              where m.program_id = ${scope.programId}
                and (m.to_status_id in (select id from stage_statuses) or m.from_status_id in (select id from stage_statuses))
            )
            select stays.to_status_id as status_id, count(*)::int as stays,
              ${averageOf(sql`((stays.left_at at time zone ${day.zone}::text)::date - (stays.moved_at at time zone ${day.zone}::text)::date)`)} as average_days
            from stays
            where stays.to_status_id in (select id from stage_statuses)
              and stays.left_at > ${cutoff}::timestamptz and stays.left_at <= ${at}::timestamptz
            group by stays.to_status_id`,
        ),
      ]);
      const ended = new Map(completed.map((row) => [row.status_id, row]));
      return statuses.map((status) => {
        const present = current.get(status.id);
        const stays = ended.get(status.id);
        return {
          status_id: status.id,
          name: status.name,
          patients: present?.total ?? 0,
          current_average_days: present?.average ?? null,
          completed_stays: Number(stays?.stays ?? 0),
          completed_average_days: stays?.average_days == null ? null : Number(stays.average_days),
        };
      });
    },

    /** The ids of the board's cards matching the search, column by column in board order, longest waiting first. */
    async exportIds(scope: StaffScope, stage: PipelineStage, search: string | undefined): Promise<number[]> {
      const where = and(...listConditions(scope, { search, stage }));
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select patients.id from patients
            join pipeline_statuses s on s.id = patients.pipeline_status_id
          where ${where} and s.program_id = ${scope.programId} and s.stage = ${stage} and s.deleted_at is null
          order by s.position, s.id, patients.pipeline_status_since, patients.id`,
      );
      return rows.map((row) => row.id);
    },

    /** The export's rows of `ids` (the program's only), in the order of `ids`. */
    async exportRows(scope: StaffScope, ids: readonly number[], day: ProgramDay): Promise<PipelineExportRow[]> {
      if (ids.length === 0) return [];
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
      const rows = await queryRows<PipelineExportRow>(
        db,
        sql`select patients.id, s.name as status, patients.name,
            coalesce(${wholeDaysSince(sql`patients.pipeline_status_since`, day)}, 0) as days_in_status,
            patients.checklist_percent, patients.surgery_date::text as surgery_date,
            patients.email, patients.phone, patients.mrn_number
          from patients
            join pipeline_statuses s on s.id = patients.pipeline_status_id and s.program_id = patients.program_id
          where patients.program_id = ${scope.programId} and patients.id in (${list})`,
      );
      const position = new Map(ids.map((id, index) => [id, index]));
      return rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    },

    /**
     * A move by hand: the board showed the patient in `fromStatusId` (null: none); when they are
     * elsewhere now nothing changes (stale). Moving to the status they are in changes nothing either.
     */
    move(scope: StaffScope, body: { patient_id: number; to_status_id: number; from_status_id?: number | undefined }, now: Date) {
      const from = body.from_status_id ?? null;
      return moveByHand(scope, body.patient_id, body.to_status_id, now, (patient) =>
        patient.pipeline_status_id === from ? null : { outcome: 'stale', current: patient.pipeline_status_id },
      );
    },

    /** Gives a patient with no status one of their current stage's statuses. */
    addMissing(scope: StaffScope, body: { patient_id: number; status_id: number }, now: Date) {
      return moveByHand(scope, body.patient_id, body.status_id, now, (patient) =>
        patient.pipeline_status_id === null ? null : { outcome: 'already-in-pipeline', current: patient.pipeline_status_id },
      );
    },

    /** Whether the patient belongs to the caller's program. */
    async hasPatient(scope: StaffScope, patientId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.id, patientId), eq(patients.program_id, scope.programId)));
      return row !== undefined;
    },

    /** A patient's moves, newest first (up to HISTORY_LIMIT), with the names of statuses, movers and rules. */
    async history(scope: StaffScope, patientId: number): Promise<PipelineMoveRecord[]> {
      const rows = await queryRows<{
        id: string;
        stage: number;
        from_status_id: number | null;
        from_name: string | null;
        to_status_id: number | null;
        to_name: string | null;
        moved_at: string;
        moved_by: number | null;
        moved_by_name: string | null;
        rule_id: number | null;
        rule_type: number | null;
        current_type: number | null;
        days: number | null;
        percent: number | null;
        item_title: string | null;
        item_removed: boolean | null;
      }>(
        db,
        sql`select m.id::text as id, m.stage, m.from_status_id, fs.name as from_name, m.to_status_id, ts.name as to_name,
            ${isoTimestamp(sql`m.moved_at`)} as moved_at, m.moved_by, ${staffName(sql`m.moved_by`)} as moved_by_name,
            m.rule_id, m.rule_type, r.type as current_type, r.days, r.percent,
            i.title as item_title, (i.deleted_at is not null) as item_removed
          from pipeline_moves m
            left join pipeline_statuses fs on fs.id = m.from_status_id and fs.program_id = m.program_id
            left join pipeline_statuses ts on ts.id = m.to_status_id and ts.program_id = m.program_id
            left join pipeline_rules r on r.id = m.rule_id and r.program_id = m.program_id
            left join checklist_template_items i on i.id = r.checklist_item_id and i.program_id = m.program_id
          where m.program_id = ${scope.programId} and m.patient_id = ${patientId}
          order by m.moved_at desc, m.id desc
          limit ${HISTORY_LIMIT}`,
      );
      return rows.map((row) => {
        let rule: PipelineMoveRecord['rule'] = null;
        if (row.rule_type !== null) {
          // The rule as it is now describes the move only while it is the same type of rule.
          const settings =
            row.rule_id !== null && row.current_type === row.rule_type
              ? {
                  days: row.days,
                  percent: row.percent,
                  checklistItemTitle: row.item_title === null ? null : `${row.item_title}${row.item_removed ? ' (removed)' : ''}`,
                }
              : null;
          rule = { id: row.rule_id, type: row.rule_type, description: describeMoveRule(row.rule_type, settings) };
        }
        return {
          id: Number(row.id),
          stage: stageIdOf(row.stage),
          from_status: row.from_status_id === null ? null : { id: row.from_status_id, name: row.from_name ?? '' },
          to_status: row.to_status_id === null ? null : { id: row.to_status_id, name: row.to_name ?? '' },
          moved_at: row.moved_at,
          moved_by: row.moved_by === null ? null : { id: row.moved_by, name: row.moved_by_name ?? '' },
          rule,
        };
      });
    },

    /** The program's active patients with no pipeline status: a page, sorted and searched like the patient list. */
    async missing(scope: StaffScope, query: MissingPipelineQuery): Promise<Page<MissingPipelinePatient>> {
      const where = and(...listConditions(scope, { search: query.search, stage: query.stage, status: 1 }), isNull(patients.pipeline_status_id));
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: patients.id,
            name: patients.name,
            email: patients.email,
            current_stage: patients.current_stage,
            surgery_date: patients.surgery_date,
            created_at: patients.created_at,
          })
          .from(patients)
          .where(where)
          .orderBy(...listOrder({ sort: query.sort, direction: query.direction }))
          .limit(limit)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(patients).where(where),
      ]);
      const items = rows.map(
        (row): MissingPipelinePatient => ({
          ...row,
          current_stage: stageIdOf(row.current_stage),
          created_at: row.created_at.toISOString(),
        }),
      );
      return toPage(items, Number(total?.total ?? 0), query.page, query.perPage);
    },
  };
}

export type PipelinesRepository = ReturnType<typeof createPipelinesRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('pipelines', createPipelinesRepository(fastify.db));
  },
  { name: 'pipelines-repository', dependencies: ['database'] },
);
