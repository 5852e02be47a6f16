/** Patient stages along the surgery journey. */

export const STAGES = [
  { id: 1, label: 'Pre-Op' },
  { id: 2, label: 'Post-Op' },
  { id: 3, label: 'Weight-Management' },
] as const;

export type Stage = (typeof STAGES)[number];
export type StageId = Stage['id'];
export type StageLabel = Stage['label'];

/** Default name of a program's third checklist (programs may rename it). */
export const DEFAULT_THIRD_CHECKLIST_NAME = 'Weight Management';

/** True for the numbers 1, 2 and 3 only (strings such as "1" are not stage ids). */
export function isStageId(value: unknown): value is StageId {
  return STAGES.some((stage) => stage.id === value);
}

/** Label of a stage: always defined for a {@link StageId}, `undefined` for anything else. */
export function stageLabel(id: StageId): StageLabel;
export function stageLabel(id: unknown): StageLabel | undefined;
export function stageLabel(id: unknown): StageLabel | undefined {
  return STAGES.find((stage) => stage.id === id)?.label;
}

/**
 * A stage read back from the database (a smallint the schema checks to be 1..3), as a {@link StageId}:
 * 2 and 3 stay, anything else is Pre-Op (1).
 */
export const stageIdOf = (value: number): StageId => (value === 2 || value === 3 ? value : 1);
