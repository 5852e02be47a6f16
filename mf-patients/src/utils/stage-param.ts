import { isStageId, type StageId } from '@baridesk/domain';

/**
 * A stage id from an address ("1", "2", "3" in a path or `?stage=`); null for anything else. Shared by
 * the pipeline and checklist screens, which each pick their own fallback.
 */
export const stageParamOf = (raw: string | null | undefined): StageId | null => {
  const stage = raw && /^\d$/.test(raw) ? Number(raw) : null;
  return isStageId(stage) ? stage : null;
};
