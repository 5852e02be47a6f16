import { isPipelineRuleTypeId, PIPELINE_RULE_TYPES, pipelineRuleTypeLabel } from './pipeline-rules';

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
