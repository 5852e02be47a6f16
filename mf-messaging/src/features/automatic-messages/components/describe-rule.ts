import { AUTOMATIC_TRIGGER_LABELS, type AutomaticRule } from '@baridesk/contracts';
import { stageLabel } from '@baridesk/domain';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** When the rule sends, in words: "3 days before surgery", "No weight logged for 7 days". */
export function describeRule(rule: Pick<AutomaticRule, 'trigger' | 'days' | 'stage' | 'checklist_item_title'>): string {
  switch (rule.trigger) {
    case 'days_after_signup':
      return rule.days === 0 ? 'On the day of signup' : `${days(rule.days)} after signup`;
    case 'days_before_surgery':
      return rule.days === 0 ? 'On the surgery date' : `${days(rule.days)} before surgery`;
    case 'days_after_surgery':
      return rule.days === 0 ? 'On the surgery date' : `${days(rule.days)} after surgery`;
    case 'days_in_stage':
      return `${days(rule.days)} in ${stageLabel(rule.stage) ?? 'the stage'}`;
    case 'no_weight_logged':
      return `No weight logged for ${days(rule.days)}`;
    case 'checklist_item_due': {
      const item = rule.checklist_item_title ? `“${rule.checklist_item_title}”` : 'the checklist item';
      return rule.days === 0 ? `When ${item} is due` : `${days(rule.days)} before ${item} is due`;
    }
    default:
      return AUTOMATIC_TRIGGER_LABELS[rule.trigger as keyof typeof AUTOMATIC_TRIGGER_LABELS]?.label ?? rule.trigger;
  }
}
