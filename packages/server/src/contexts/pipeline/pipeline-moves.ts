/**
 * The one way a patient's pipeline status changes: the patient row gets the new status and the time it
 * was entered, and pipeline_moves gets the record (who, or which rule and trigger key, and when).
 * Callers hold the patient's row lock (select … for update) inside `tx`.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
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

/**
 * Records the move and sets the patient's status. A rule's move whose (patient, rule, trigger key) is
 * already recorded changes nothing and gives false; anything else gives true.
 */
export async function recordPipelineMove(tx: Tx, move: PipelineMoveInput): Promise<boolean> {
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
  if (inserted.length === 0) return false;
  await tx
    .update(patients)
    .set({ pipeline_status_id: move.toStatusId, pipeline_status_since: move.toStatusId === null ? null : move.at })
    .where(and(eq(patients.id, move.patientId), eq(patients.program_id, move.programId)));
  return true;
}
