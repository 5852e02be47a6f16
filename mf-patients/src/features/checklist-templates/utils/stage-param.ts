import type { StageId } from '@baridesk/domain';

/** The list of a stage's templates, on the tab of that stage. */
export const templatesPathOf = (stage: StageId) => `/checklist-templates?stage=${stage}`;
