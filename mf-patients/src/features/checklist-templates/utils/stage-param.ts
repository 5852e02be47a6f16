import { isStageId, type StageId } from '@baridesk/domain';

/** A stage id from an address ("1", "2", "3"); null for anything else. */
export const stageParamOf = (raw: string | null | undefined): StageId | null => {
  const stage = raw && /^\d$/.test(raw) ? Number(raw) : null;
  return isStageId(stage) ? stage : null;
};

/** The list of a stage's templates, on the tab of that stage. */
export const templatesPathOf = (stage: StageId) => `/checklist-templates?stage=${stage}`;
