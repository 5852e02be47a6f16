/**
 * Test support of the pipeline suites (pipelines-*.test.ts): the demo seed gives every program a
 * pipeline; the suites start from none, so their expectations can be exact.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { patients, pipelineMoves, pipelineRules, pipelineStatuses } from '../../../db/schema';

/** Removes the programs' statuses, rules and moves; their patients are left with no status. */
export async function clearPipelines(db: Db, programIds: number[]): Promise<void> {
  await db.delete(pipelineMoves).where(inArray(pipelineMoves.program_id, programIds));
  await db.delete(pipelineRules).where(inArray(pipelineRules.program_id, programIds));
  await db.update(patients).set({ pipeline_status_id: null, pipeline_status_since: null }).where(inArray(patients.program_id, programIds));
  await db.delete(pipelineStatuses).where(inArray(pipelineStatuses.program_id, programIds));
}
