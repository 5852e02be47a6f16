/**
 * The one writer of a patient's pipeline status: the patient row gets the new status and the time it was
 * entered, and pipeline_moves gets the record (who, or which rule and trigger key, and when). Every change
 * of pipeline_status_id goes through here — a move by hand, a rule's move after an event, a stage's
 * default status (enterStage) and the daily sweep's batches — so each locks its target status first
 * (FOR SHARE: a status being deleted waits for the move, or the move sees it deleted) and refuses one
 * that is deleted: no patient is left in a status that no longer exists. (A status's deletion moves its
 * own patients set-based, holding that status's row FOR UPDATE.) Callers hold the patients' row locks
 * (select … for update, in id order) inside `tx`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client';
import { patients, pipelineMoves } from '../../db/schema';

export interface PipelineMoveInput {
  programId: number;
  patientId: number;
  stage: number;
  fromStatusId: number | null;
  toStatusId: number | null;
  /** The staff account that moved the patient by hand; null for a rule's move. */
  movedBy: number | null;
  /** The rule's move: its id, type and the trigger key of the occurrence (see domain pipeline-engine). */
  rule?: { id: number; type: number; triggerKey: string };
  at: Date;
}

/** moved; already recorded (a rule's occurrence seen before: nothing changes); or refused, its target status deleted. */
export type PipelineMoveOutcome = 'moved' | 'duplicate' | 'status-deleted';

/** A move of the sweep's batches: a rule's, with its trigger key. */
export interface RuleMove {
  patientId: number;
  fromStatusId: number | null;
  toStatusId: number;
  ruleId: number;
  triggerKey: string;
}

const intList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}::int`), sql`, `);

/** Locks (FOR SHARE, id order) the live statuses of `stage` among `ids` and answers their ids. */
async function lockLiveStatuses(tx: Tx, programId: number, stage: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from pipeline_statuses
      where program_id = ${programId} and stage = ${stage} and deleted_at is null and id in (${intList([...new Set(ids)])})
      order by id for share`,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/**
 * Records one move and sets the patient's status. A rule's move whose (patient, rule, trigger key) is
 * already recorded changes nothing ('duplicate'); a target status deleted (or not the stage's) is refused.
 */
export async function recordPipelineMove(tx: Tx, move: PipelineMoveInput): Promise<PipelineMoveOutcome> {
  if (move.toStatusId !== null && !(await lockLiveStatuses(tx, move.programId, move.stage, [move.toStatusId])).has(move.toStatusId)) {
    return 'status-deleted';
  }
  const inserted = await tx
    .insert(pipelineMoves)
    .values({
      program_id: move.programId,
      patient_id: move.patientId,
      stage: move.stage,
      from_status_id: move.fromStatusId,
      to_status_id: move.toStatusId,
      moved_by: move.movedBy,
      rule_id: move.rule?.id ?? null,
      rule_type: move.rule?.type ?? null,
      trigger_key: move.rule?.triggerKey ?? null,
      moved_at: move.at,
    })
    .onConflictDoNothing({
      target: [pipelineMoves.patient_id, pipelineMoves.rule_id, pipelineMoves.trigger_key],
      where: sql`${pipelineMoves.rule_id} is not null`,
    })
    .returning({ id: pipelineMoves.id });
  if (inserted.length === 0) return 'duplicate';
  await tx
    .update(patients)
    .set({ pipeline_status_id: move.toStatusId, pipeline_status_since: move.toStatusId === null ? null : move.at })
    .where(and(eq(patients.id, move.patientId), eq(patients.program_id, move.programId)));
  return 'moved';
}

/**
 * Records a batch of rules' moves within one stage (the daily sweep's; moves of a patient in the order
 * given, a chain A→B→C) in one statement: each moved patient ends in their last recorded move's status.
 * A move into a deleted status is refused, and with it the rest of that patient's chain. Answers the
 * moves recorded.
 */
export async function recordRuleMoves(
  tx: Tx,
  { programId, stage, at, moves }: { programId: number; stage: number; at: Date; moves: readonly RuleMove[] },
): Promise<number> {
  const live = await lockLiveStatuses(tx, programId, stage, moves.map((move) => move.toStatusId));
  const cut = new Set<number>();
  const kept = moves.filter((move) => {
    if (cut.has(move.patientId)) return false;
    if (live.has(move.toStatusId)) return true;
    cut.add(move.patientId);
    return false;
  });
  if (kept.length === 0) return 0;
  const batch = JSON.stringify(
    kept.map((move, seq) => ({
      seq,
      patient_id: move.patientId,
      from_id: move.fromStatusId,
      to_id: move.toStatusId,
      rule_id: move.ruleId,
      trigger_key: move.triggerKey,
    })),
  );
  const when = at.toISOString();
  const [written] = await queryRows<{ moves: number }>(
    tx,
    sql`with batch as (
        select * from json_to_recordset(${batch}::json)
          as b(seq int, patient_id int, from_id int, to_id int, rule_id int, trigger_key text)
      ), inserted as (
        insert into pipeline_moves (program_id, patient_id, stage, from_status_id, to_status_id, moved_by, rule_id, rule_type, trigger_key, moved_at)
        select ${programId}::int, b.patient_id, ${stage}::smallint, b.from_id, b.to_id, null::int, b.rule_id, r.type, b.trigger_key, ${when}::timestamptz
        from batch b join pipeline_rules r on r.id = b.rule_id and r.program_id = ${programId}
        order by b.seq
        on conflict (patient_id, rule_id, trigger_key) where rule_id is not null do nothing
        returning id, patient_id, to_status_id
      ), moved as (
        update patients p set pipeline_status_id = last.to_status_id, pipeline_status_since = ${when}::timestamptz
        from (select distinct on (patient_id) patient_id, to_status_id from inserted order by patient_id, id desc) last
        where p.id = last.patient_id and p.program_id = ${programId}
        returning p.id
      )
      select (select count(*)::int from inserted) as moves, (select count(*)::int from moved) as patients`,
  );
  return Number(written?.moves ?? 0);
}
