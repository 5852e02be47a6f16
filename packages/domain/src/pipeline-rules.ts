/** Kinds of trigger a pipeline automation rule can use. */

/** Rule types in the order the screens list them (ids are not sequential: 3 is unused). */
export const PIPELINE_RULE_TYPES = [
  { id: 1, label: 'Surgery Date passed x days' },
  { id: 6, label: 'Surgery Date added' },
  { id: 2, label: 'Checklist Item completed' },
  { id: 4, label: 'Checklist % Complete' },
  { id: 5, label: 'Days in Stage' },
] as const;

export type PipelineRuleType = (typeof PIPELINE_RULE_TYPES)[number];
export type PipelineRuleTypeId = PipelineRuleType['id'];
export type PipelineRuleTypeLabel = PipelineRuleType['label'];

/** True for the numbers 1, 2, 4, 5 and 6 only. */
export function isPipelineRuleTypeId(value: unknown): value is PipelineRuleTypeId {
  return PIPELINE_RULE_TYPES.some((type) => type.id === value);
}

/** Label of a rule type: always defined for a {@link PipelineRuleTypeId}, `undefined` otherwise. */
export function pipelineRuleTypeLabel(id: PipelineRuleTypeId): PipelineRuleTypeLabel;
export function pipelineRuleTypeLabel(id: unknown): PipelineRuleTypeLabel | undefined;
export function pipelineRuleTypeLabel(id: unknown): PipelineRuleTypeLabel | undefined {
  return PIPELINE_RULE_TYPES.find((type) => type.id === id)?.label;
}
