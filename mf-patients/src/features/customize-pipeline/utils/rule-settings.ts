import type { PipelineRuleStoreBody } from '@baridesk/contracts';

/** The one setting a rule type needs, besides its statuses: days (1, 5), a checklist item (2), a percentage (4); none for 6. */
export type RuleSetting = 'days' | 'checklist_item' | 'percent' | null;

export function settingOf(type: number): RuleSetting {
  if (type === 1 || type === 5) return 'days';
  if (type === 2) return 'checklist_item';
  if (type === 4) return 'percent';
  return null;
}

type RuleValues = Omit<PipelineRuleStoreBody, 'stage'>;

/**
 * What is sent for the form's (validated) values: the type, the statuses and only the setting the type
 * needs; no from status means any status.
 */
export function ruleBody(values: RuleValues): RuleValues {
  const setting = settingOf(values.type);
  const body: RuleValues = { type: values.type, to_status_id: values.to_status_id };
  if (values.from_status_id !== undefined) body.from_status_id = values.from_status_id;
  if (setting === 'days') body.days = values.days;
  if (setting === 'checklist_item') body.checklist_item_id = values.checklist_item_id;
  if (setting === 'percent') body.percent = values.percent;
  return body;
}
