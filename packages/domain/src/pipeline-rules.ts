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

/** What {@link describePipelineRule} needs to know about a rule (settings a type does not use are ignored). */
export interface PipelineRuleDescriptionInput {
  type: PipelineRuleTypeId;
  /** Types 1 and 5. */
  days?: number | null;
  /** Type 4. */
  percent?: number | null;
  /** Type 2: the watched item's title. */
  checklistItemTitle?: string | null;
  /** The status the rule moves patients from; null or left out: any status of the stage. */
  fromStatusName?: string | null;
  /** The status it moves them to; null or left out: the line ends with the trigger. */
  toStatusName?: string | null;
}

const dayCount = (days: number | null | undefined) =>
  typeof days === 'number' && Number.isFinite(days) ? `${days} ${days === 1 ? 'day' : 'days'}` : '? days';

/** The trigger half of a rule's description, e.g. "Checklist % Complete reaches 100%". */
export function describePipelineRuleTrigger(rule: Pick<PipelineRuleDescriptionInput, 'type' | 'days' | 'percent' | 'checklistItemTitle'>): string {
  switch (rule.type) {
    case 1:
      return `Surgery Date passed ${dayCount(rule.days)}`;
    case 6:
      return 'Surgery Date added';
    case 2: {
      const title = rule.checklistItemTitle?.trim();
      return title ? `Checklist Item completed: “${title}”` : 'Checklist Item completed';
    }
    case 4:
      return `Checklist % Complete reaches ${typeof rule.percent === 'number' ? rule.percent : '?'}%`;
    case 5:
      return `Days in Stage: ${dayCount(rule.days)}`;
  }
}

/**
 * One readable line for a rule, the same on the server and the screens:
 * "Checklist % Complete reaches 100% → Ready for Surgery",
 * "Days in Stage: 30 days (from Consult) → Follow-up".
 */
export function describePipelineRule(rule: PipelineRuleDescriptionInput): string {
  const from = rule.fromStatusName?.trim();
  const to = rule.toStatusName?.trim();
  return `${describePipelineRuleTrigger(rule)}${from ? ` (from ${from})` : ''}${to ? ` → ${to}` : ''}`;
}
