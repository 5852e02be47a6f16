import {
  describePipelineRule,
  describePipelineRuleTrigger,
  isPipelineRuleTypeId,
  PIPELINE_RULE_TYPES,
  pipelineRuleTypeLabel,
} from './pipeline-rules';

describe('pipeline rule types', () => {
  it('lists the five types in screen order', () => {
    expect(PIPELINE_RULE_TYPES).toEqual([
      { id: 1, label: 'Surgery Date passed x days' },
      { id: 6, label: 'Surgery Date added' },
      { id: 2, label: 'Checklist Item completed' },
      { id: 4, label: 'Checklist % Complete' },
      { id: 5, label: 'Days in Stage' },
    ]);
  });

  it('accepts exactly the ids 1, 2, 4, 5 and 6', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].filter(isPipelineRuleTypeId)).toEqual([1, 2, 4, 5, 6]);
    expect(isPipelineRuleTypeId('1')).toBe(false);
    expect(isPipelineRuleTypeId(null)).toBe(false);
  });

  it('labels known ids and returns undefined for others', () => {
    expect(pipelineRuleTypeLabel(6)).toBe('Surgery Date added');
    expect(pipelineRuleTypeLabel(4)).toBe('Checklist % Complete');
    expect(pipelineRuleTypeLabel(3)).toBeUndefined();
    expect(pipelineRuleTypeLabel('5')).toBeUndefined();
  });
});

describe('describePipelineRule', () => {
  it('says each type in one line, with the statuses', () => {
    expect(describePipelineRule({ type: 4, percent: 100, toStatusName: 'Ready for Surgery' })).toBe(
      'Checklist % Complete reaches 100% → Ready for Surgery',
    );
    expect(describePipelineRule({ type: 5, days: 30, fromStatusName: 'Consult', toStatusName: 'Follow-up' })).toBe(
      'Days in Stage: 30 days (from Consult) → Follow-up',
    );
    expect(describePipelineRule({ type: 1, days: 30, fromStatusName: 'Recovering', toStatusName: '30-Day Follow-up' })).toBe(
      'Surgery Date passed 30 days (from Recovering) → 30-Day Follow-up',
    );
    expect(describePipelineRule({ type: 6, toStatusName: 'Surgery Scheduled' })).toBe('Surgery Date added → Surgery Scheduled');
    expect(describePipelineRule({ type: 2, checklistItemTitle: 'Sleep study', fromStatusName: null, toStatusName: 'Insurance Review' })).toBe(
      'Checklist Item completed: “Sleep study” → Insurance Review',
    );
  });

  it('counts one day in the singular and zero in the plural', () => {
    expect(describePipelineRule({ type: 1, days: 1, toStatusName: 'X' })).toBe('Surgery Date passed 1 day → X');
    expect(describePipelineRule({ type: 5, days: 0, toStatusName: 'X' })).toBe('Days in Stage: 0 days → X');
  });

  it('ignores settings the type does not use and blank names', () => {
    expect(describePipelineRule({ type: 6, days: 5, percent: 40, checklistItemTitle: 'A', fromStatusName: '  ', toStatusName: 'B' })).toBe(
      'Surgery Date added → B',
    );
    expect(describePipelineRule({ type: 4, percent: 80 })).toBe('Checklist % Complete reaches 80%');
  });

  it('still reads when a setting is missing', () => {
    expect(describePipelineRule({ type: 1, toStatusName: 'X' })).toBe('Surgery Date passed ? days → X');
    expect(describePipelineRule({ type: 4, percent: null, toStatusName: 'X' })).toBe('Checklist % Complete reaches ?% → X');
    expect(describePipelineRule({ type: 2, checklistItemTitle: null, toStatusName: 'X' })).toBe('Checklist Item completed → X');
  });

  it('gives the trigger half alone', () => {
    expect(describePipelineRuleTrigger({ type: 5, days: 90 })).toBe('Days in Stage: 90 days');
  });
});
