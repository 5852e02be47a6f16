/**
 * The pipeline automation rules at work: the I/O around the pure engine of packages/domain
 * (pipeline-engine.ts). `afterEvent` runs the rules an event watches for one patient, `enterStage` puts a
 * patient who enters a stage in its default status, and `sweepProgram` is the daily sweep of a program,
 * which also catches up missed events. Every automatic move is recorded with its rule and trigger key
 * (unique per patient, rule and key), so an occurrence moves a patient at most once however often the
 * engine runs.
 *
 * Days are the program's calendar days: "today" is the program-zone day of the clock, and the day a
 * patient entered the stage is the program-zone day of patients.stage_entered_at.
 *
 * Only patients who have a status are moved by rules: a patient with none ("missing pipeline patient")
 * is given one by hand first, on the events as in the sweep.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import {
  PIPELINE_TRIGGER_RULE_TYPES,
  describePipelineRuleTrigger,
  isPipelineRuleTypeId,
  settlePipeline,
  sweepPipeline,
  type PatientPipelineFacts,
  type PipelineMove,
  type PipelineRule,
  type PipelineRuleTypeId,
  type PipelineTrigger,
  type StageId,
} from '@baridesk/domain';
import { queryRows, type Tx } from '../../../db/client';
import { recordPipelineMove, recordRuleMoves } from '../pipeline-moves';
import { programDayOf, programToday, usableZone } from '../../../lib/program-day';

declare module 'fastify' {
  interface FastifyInstance {
    pipelineAutomation: PipelineAutomation;
  }
}

/** One status change a rule made, with the statuses' names (for the answer of the call that caused it). */
export interface AutoMove {
  ruleId: number;
  /** The rule's trigger in words ("Checklist % Complete reaches 100%"), as the rules list says it. */
  ruleDescription: string;
  fromStatus: { id: number; name: string } | null;
  toStatus: { id: number; name: string };
}

export interface AfterEventInput {
  programId: number;
  patientId: number;
  trigger: PipelineTrigger;
  now: Date;
}

export interface EnterStageInput {
  programId: number;
  patientId: number;
  stage: StageId;
  /** Who moved the patient into the stage (recorded as the mover of the default-status move); null for the system. */
  actorId: number | null;
  now: Date;
}

export interface SweepResult {
  /** The program's calendar day swept ('yyyy-MM-dd'). */
  day: string;
  /** Patients examined (those with a status, in stages with active rules). */
  patients: number;
  /** Moves this run recorded. */
  moves: number;
}

export interface SweepOptions {
  /** Patients read and written at once (default {@link SWEEP_BATCH}). */
  batchSize?: number;
  /**
   * Batches written at once while the next are read (default 2 on PostgreSQL, where each takes a pooled
   * connection; 1 on PGlite, which runs one statement at a time).
   */
  writers?: number;
  /** Stops the sweep between two batches (it can simply be run again later). */
  signal?: AbortSignal;
}

export interface DueSweep extends SweepResult {
  programId: number;
}

/** Patients per batch of the sweep: one read of their facts, one write of their moves. */
export const SWEEP_BATCH = 2000;
/** A program's sweep runs once its local time is past this (minutes after midnight). */
export const SWEEP_LOCAL_START_MINUTES = 30;
/** A sweep started this long ago and not finished is taken to have died, and is run again. */
const SWEEP_STALE_MS = 30 * 60_000;

const NO_KEYS: ReadonlySet<string> = new Set();


/** Whole numbers from the database, written into a statement as a literal list (never user text). */
function intList(values: readonly number[]): SQL {
  const safe = values.filter((value) => Number.isSafeInteger(value));
  return sql.raw(safe.length === 0 ? 'null' : safe.join(', '));
}

interface RuleRow {
  id: number;
  stage: number;
  type: number;
  from_status_id: number | null;
  to_status_id: number;
  days: number | null;
  checklist_item_id: number | null;
  percent: number | null;
  priority: number;
}

const toRule = (row: RuleRow): PipelineRule => ({
  id: row.id,
  stage: row.stage as StageId,
  type: row.type as PipelineRuleTypeId,
  active: true,
  priority: row.priority,
  fromStatusId: row.from_status_id,
  toStatusId: row.to_status_id,
  days: row.days ?? undefined,
  checklistItemId: row.checklist_item_id ?? undefined,
  percent: row.percent ?? undefined,
});

/** The program's ACTIVE rules (of one stage, or all), in the order they run. */
async function activeRules(tx: Tx, programId: number, stage?: number): Promise<PipelineRule[]> {
  const rows = await queryRows<RuleRow>(
    tx,
    sql`select id, stage, type, from_status_id, to_status_id, days, checklist_item_id, percent, priority
      from pipeline_rules
      where program_id = ${programId} and status = 1 ${stage === undefined ? sql`` : sql`and stage = ${stage}`}
      order by stage, priority, id`,
  );
  return rows.map(toRule);
}

interface FactsRow {
  id: number;
  status_id: number | null;
  entered_on: string;
  surgery_date: string | null;
  checklist_percent: number;
  checklist_deactivate: number;
  /** `${rule_id}|${trigger_key}` of the recorded moves of the rules asked about, comma-separated. */
  applied: string | null;
  /** Template item ids of the ticked items watched by the rules asked about, comma-separated. */
  done: string | null;
}

/**
 * The facts of the patients of one stage that `where` selects, in id order, with the keys of the moves
 * already recorded for `rules` and the ticked items those rules watch. One statement: the keys and items
 * come from correlated subqueries on (patient_id, …) indexes, so a batch costs one round trip.
 */
function factsQuery(programId: number, stage: number, zone: string, rules: readonly PipelineRule[], where: SQL, limit: number): SQL {
  const ruleIds = rules.map((rule) => rule.id);
  const itemIds = [...new Set(rules.flatMap((rule) => (rule.type === 2 && rule.checklistItemId !== undefined ? [rule.checklistItemId] : [])))];
  const done =
    itemIds.length === 0
      ? sql`null::text`
      : sql`(select string_agg(ci.template_item_id::text, ',') from patient_checklist_items ci
          where ci.patient_id = p.id and ci.template_item_id in (${intList(itemIds)})
            and ci.stage = ${stage} and ci.completed_at is not null)`;
  return sql`select p.id, p.pipeline_status_id as status_id,
      to_char(p.stage_entered_at at time zone ${zone}, 'YYYY-MM-DD') as entered_on,
      p.surgery_date::text as surgery_date, p.checklist_percent, p.checklist_deactivate,
      (select string_agg(m.rule_id::text || '|' || m.trigger_key, ',') from pipeline_moves m
        where m.patient_id = p.id and m.rule_id in (${intList(ruleIds)})) as applied,
      ${done} as done
    from patients p
    where p.program_id = ${programId} and p.current_stage = ${stage} and ${where}
    order by p.id
    limit ${limit}`;
}

const toFacts = (row: FactsRow, stage: StageId): PatientPipelineFacts => ({
  patientId: row.id,
  stage,
  statusId: row.status_id,
  stageEnteredOn: row.entered_on,
  surgeryDate: row.surgery_date,
  checklistPercent: Number(row.checklist_percent),
  completedItemIds: row.done ? row.done.split(',').map(Number) : [],
  checklistDeactivated: Number(row.checklist_deactivate) === 1,
});

const appliedKeys = (row: FactsRow): ReadonlySet<string> => (row.applied ? new Set(row.applied.split(',')) : NO_KEYS);

/**
 * Runs batch writes with at most `limit` at once: `add` waits for a free slot. The first failure is kept
 * and thrown by `throwIfFailed` / `settle`, after the writes already started have finished.
 */
class BatchWriters {
  #running = new Set<Promise<void>>();
  #failure: { error: unknown } | null = null;
  constructor(private readonly limit: number) {}

  async add(write: () => Promise<void>): Promise<void> {
    while (this.#running.size >= this.limit) await Promise.race(this.#running);
    this.throwIfFailed();
    const running: Promise<void> = write()
      .catch((error: unknown) => {
        this.#failure ??= { error };
      })
      .finally(() => this.#running.delete(running));
    this.#running.add(running);
  }

  throwIfFailed(): void {
    if (this.#failure) throw this.#failure.error;
  }

  async settle(): Promise<void> {
    await Promise.all(this.#running);
    this.throwIfFailed();
  }
}

export function createPipelineAutomation(fastify: FastifyInstance) {
  const db = fastify.db;

  /** The moves with their statuses' names. */
  async function named(tx: Tx, programId: number, moves: readonly PipelineMove[]): Promise<AutoMove[]> {
    if (moves.length === 0) return [];
    const ids = [...new Set(moves.flatMap((move) => (move.fromStatusId === null ? [move.toStatusId] : [move.fromStatusId, move.toStatusId])))];
    const rows = await queryRows<{ id: number; name: string }>(
      tx,
      sql`select id, name from pipeline_statuses where program_id = ${programId} and id in (${intList(ids)})`,
    );
    const names = new Map(rows.map((row) => [row.id, row.name]));
    const status = (id: number) => ({ id, name: names.get(id) ?? '' });
    const ruleRows = await queryRows<{ id: number; type: number; days: number | null; percent: number | null; title: string | null }>(
      tx,
      sql`select r.id, r.type, r.days, r.percent, i.title from pipeline_rules r
        left join checklist_template_items i on i.id = r.checklist_item_id and i.program_id = r.program_id
        where r.program_id = ${programId} and r.id in (${intList([...new Set(moves.map((move) => move.ruleId))])})`,
    );
    const described = new Map(
      ruleRows.map((rule) => [
        rule.id,
        isPipelineRuleTypeId(rule.type)
          ? describePipelineRuleTrigger({ type: rule.type, days: rule.days, percent: rule.percent, checklistItemTitle: rule.title })
          : '',
      ]),
    );
    return moves.map((move) => ({
      ruleId: move.ruleId,
      ruleDescription: described.get(move.ruleId) ?? '',
      fromStatus: move.fromStatusId === null ? null : status(move.fromStatusId),
      toStatus: status(move.toStatusId),
    }));
  }

  /**
   * Writes one batch of the sweep's moves: locks the batch's moved patients (id order), leaves out those
   * whose stage or status changed since their facts were read, then records the moves through the one
   * writer (recordRuleMoves: a recorded occurrence is skipped, a status deleted meanwhile refused) and
   * counts them on the day's sweep. Answers the moves recorded.
   */
  async function writeSweepBatch(programId: number, stage: number, day: string, moves: readonly PipelineMove[], now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      // The sweep can be run again: a crash losing its last commits costs nothing, so it does not wait for the disk.
      await tx.execute(sql`set local synchronous_commit to off`);
      const firstFrom = new Map<number, number | null>();
      for (const move of moves) if (!firstFrom.has(move.patientId)) firstFrom.set(move.patientId, move.fromStatusId);
      const ids = [...firstFrom.keys()].sort((a, b) => a - b);
      const locked = await queryRows<{ id: number; current_stage: number; pipeline_status_id: number | null }>(
        tx,
        sql`select id, current_stage, pipeline_status_id from patients
          where program_id = ${programId} and id in (${intList(ids)}) order by id for update`,
      );
      const unchanged = new Set(
        locked.filter((row) => Number(row.current_stage) === stage && row.pipeline_status_id === firstFrom.get(row.id)).map((row) => row.id),
      );
      const kept = moves.filter((move) => unchanged.has(move.patientId));
      if (kept.length === 0) return 0;
      const recorded = await recordRuleMoves(tx, { programId, stage, at: now, moves: kept });
      await tx.execute(sql`update pipeline_sweeps set moves = moves + ${recorded} where program_id = ${programId} and day = ${day}::date`);
      return recorded;
    });
  }

  const automation = {
    /**
     * Runs the rules `trigger` watches for one patient, in priority order, recording each move (a chain
     * A→B→C is settled at once). The caller holds the patient's row lock in `tx`.
     */
    async afterEvent(tx: Tx, { programId, patientId, trigger, now }: AfterEventInput): Promise<AutoMove[]> {
      const [patient] = await queryRows<{ current_stage: number; pipeline_status_id: number | null; timezone: string }>(
        tx,
        sql`select p.current_stage, p.pipeline_status_id, g.timezone from patients p join programs g on g.id = p.program_id
          where p.id = ${patientId} and p.program_id = ${programId}`,
      );
      if (!patient || patient.pipeline_status_id === null) return [];
      const stage = Number(patient.current_stage) as StageId;
      const watched = PIPELINE_TRIGGER_RULE_TYPES[trigger.kind];
      const rules = (await activeRules(tx, programId, stage)).filter((rule) => watched.includes(rule.type));
      if (rules.length === 0) return [];
      const zone = usableZone(patient.timezone);
      const [row] = await queryRows<FactsRow>(tx, factsQuery(programId, stage, zone, rules, sql`p.id = ${patientId}`, 1));
      if (!row) return [];
      const today = programToday(now, zone).toISODate()!;
      const moves = settlePipeline(rules, toFacts(row, stage), trigger, today, appliedKeys(row));
      const recorded: PipelineMove[] = [];
      for (const move of moves) {
        const rule = rules.find((candidate) => candidate.id === move.ruleId)!;
        const done = await recordPipelineMove(tx, {
          programId,
          patientId,
          stage,
          fromStatusId: move.fromStatusId,
          toStatusId: move.toStatusId,
          movedBy: null,
          rule: { id: rule.id, type: rule.type, triggerKey: move.triggerKey },
          at: now,
        });
        // Recorded already (only if the caller did not hold the lock), or its status deleted meanwhile: the chain stops here.
        if (done !== 'moved') break;
        recorded.push(move);
      }
      return named(tx, programId, recorded);
    },

    /**
     * A patient entered `stage` (created, or current_stage changed, already written by the caller):
     * stage_entered_at = now, the stage's default status (none: no status), the stage's default checklist,
     * then the rules of the checklist and, with a surgery date, of the surgery date. The caller holds the
     * patient's row lock in `tx`.
     */
    async enterStage(tx: Tx, { programId, patientId, stage, actorId, now }: EnterStageInput): Promise<void> {
      const at = now.toISOString();
      const [patient] = await queryRows<{ pipeline_status_id: number | null; surgery_date: string | null }>(
        tx,
        sql`update patients set stage_entered_at = ${at}::timestamptz
          where id = ${patientId} and program_id = ${programId}
          returning pipeline_status_id, surgery_date::text as surgery_date`,
      );
      if (!patient) return;
      // The stage's default status; one deleted between this read and the move's lock is refused by the
      // writer, and the default is read again (a deletion may leave another default, or none).
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const [status] = await queryRows<{ id: number }>(
          tx,
          sql`select id from pipeline_statuses
            where program_id = ${programId} and stage = ${stage} and is_default = 1 and deleted_at is null
            order by position, id limit 1`,
        );
        const target = status?.id ?? null;
        if (patient.pipeline_status_id === target) break;
        const outcome = await recordPipelineMove(tx, {
          programId,
          patientId,
          stage,
          fromStatusId: patient.pipeline_status_id,
          toStatusId: target,
          movedBy: actorId,
          at: now,
        });
        if (outcome !== 'status-deleted') break;
      }
      await fastify.checklists.applyStageDefaults(tx, { programId, patientId, stage, actorId, now });
      await automation.afterEvent(tx, { programId, patientId, trigger: { kind: 'checklist-changed' }, now });
      if (patient.surgery_date) await automation.afterEvent(tx, { programId, patientId, trigger: { kind: 'surgery-date-set' }, now });
    },

    /**
     * The daily sweep of one program for its calendar day at `now`: every rule type, for every patient
     * with a status in a stage with active rules, stage by stage in patient-id order, in batches (read
     * the facts, run the engine, write the moves in one transaction). Running it again gives no new
     * moves, so an interrupted sweep is simply run again. The pipeline_sweeps row of the day records
     * when it started and finished, the patients examined and the moves made that day.
     */
    async sweepProgram(programId: number, now: Date, options: SweepOptions = {}): Promise<SweepResult> {
      const batchSize = Math.max(1, Math.floor(options.batchSize ?? SWEEP_BATCH));
      const program = await programDayOf(db, programId, now);
      if (!program) throw new Error(`No program ${programId} to sweep.`);
      const { zone, today: day } = program;
      const started = fastify.clock.now().toISOString();
      await db.execute(sql`insert into pipeline_sweeps (program_id, day, started_at) values (${programId}, ${day}::date, ${started}::timestamptz)
        on conflict (program_id, day) do update set started_at = excluded.started_at, finished_at = null`);
      const rules = await activeRules(db, programId);
      const writes = new BatchWriters(Math.max(1, Math.floor(options.writers ?? (fastify.dbKind === 'postgres' ? 2 : 1))));
      let patients = 0;
      let moves = 0;
      try {
        for (const stage of [1, 2, 3] as const) {
          const stageRules = rules.filter((rule) => rule.stage === stage);
          if (stageRules.length === 0) continue;
          let last = 0;
          for (;;) {
            options.signal?.throwIfAborted();
            writes.throwIfFailed();
            const rows = await queryRows<FactsRow>(
              db,
              factsQuery(programId, stage, zone, stageRules, sql`p.pipeline_status_id is not null and p.id > ${last}`, batchSize),
            );
            if (rows.length === 0) break;
            const applied = new Map(rows.map((row) => [row.id, appliedKeys(row)]));
            const found = sweepPipeline(
              stageRules,
              rows.map((row) => toFacts(row, stage)),
              day,
              (patientId) => applied.get(patientId) ?? NO_KEYS,
            );
            if (found.length > 0) await writes.add(() => writeSweepBatch(programId, stage, day, found, now).then((n) => void (moves += n)));
            patients += rows.length;
            last = rows[rows.length - 1]!.id;
            if (rows.length < batchSize) break;
          }
        }
      } finally {
        // Every batch started is finished (or failed) before the sweep answers; the first failure is thrown.
        await writes.settle();
      }
      const finished = fastify.clock.now().toISOString();
      await db.execute(sql`update pipeline_sweeps set finished_at = ${finished}::timestamptz, patients = ${patients}
        where program_id = ${programId} and day = ${day}::date`);
      return { day, patients, moves };
    },

    /**
     * Sweeps, one after another, every active program with active rules whose local time is past 00:30
     * and whose calendar day has no finished sweep yet. A program another replica is sweeping (started
     * less than 30 minutes ago, not finished) is left to it.
     */
    async sweepDue(now: Date, options: SweepOptions = {}): Promise<DueSweep[]> {
      const programs = await queryRows<{ id: number; timezone: string }>(
        db,
        sql`select g.id, g.timezone from programs g
          where g.status = 1 and exists (select 1 from pipeline_rules r where r.program_id = g.id and r.status = 1)
          order by g.id`,
      );
      const recent = programToday(now, 'UTC').minus({ days: 2 }).toISODate()!;
      const finished = await queryRows<{ program_id: number; day: string }>(
        db,
        sql`select program_id, day::text as day from pipeline_sweeps where finished_at is not null and day >= ${recent}::date`,
      );
      const done = new Set(finished.map((row) => `${row.program_id}|${row.day}`));
      const swept: DueSweep[] = [];
      for (const program of programs) {
        options.signal?.throwIfAborted();
        const local = programToday(now, usableZone(program.timezone));
        const day = local.toISODate()!;
        if (local.hour * 60 + local.minute < SWEEP_LOCAL_START_MINUTES || done.has(`${program.id}|${day}`)) continue;
        const stale = new Date(now.getTime() - SWEEP_STALE_MS).toISOString();
        const claimed = await queryRows<{ program_id: number }>(
          db,
          sql`insert into pipeline_sweeps (program_id, day, started_at) values (${program.id}, ${day}::date, ${now.toISOString()}::timestamptz)
            on conflict (program_id, day) do update set started_at = excluded.started_at
              where pipeline_sweeps.finished_at is null and pipeline_sweeps.started_at < ${stale}::timestamptz
            returning program_id`,
        );
        if (claimed.length === 0) continue;
        swept.push({ programId: program.id, ...(await automation.sweepProgram(program.id, now, options)) });
      }
      return swept;
    },
  };
  return automation;
}

export type PipelineAutomation = ReturnType<typeof createPipelineAutomation>;

export default fp(
  async (fastify) => {
    // fastify.checklists is looked up at call time: the checklists plugin calls this one back after a
    // tick, so neither declares the other as a dependency.
    fastify.decorate('pipelineAutomation', createPipelineAutomation(fastify));
  },
  { name: 'pipeline-automation', dependencies: ['database'] },
);
