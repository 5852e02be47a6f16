import * as v from 'valibot';
import { pipelineRuleStoreBody, pipelineRuleUpdateBody, pipelineBoardQuery, pipelineStatusReorderBody, PIPELINE_MESSAGES } from './pipelines';

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input);
  return result.success ? {} : v.flatten(result.issues).nested ?? {};
};

describe('pipeline contracts', () => {
  it('takes a rule with the setting its type needs and drops nothing else', () => {
    const result = v.safeParse(pipelineRuleStoreBody, { stage: '1', type: 4, to_status_id: 7, percent: '100', from_status_id: '' });
    expect(result.success && result.output).toEqual({ stage: 1, type: 4, to_status_id: 7, percent: 100, from_status_id: undefined, days: undefined, checklist_item_id: undefined });
  });

  it('names the missing setting of each type under its field', () => {
    expect(issuesOf(pipelineRuleStoreBody, { stage: 1, type: 5, to_status_id: 2 })).toEqual({ days: ['Days is required.'] });
    expect(issuesOf(pipelineRuleStoreBody, { stage: 1, type: 2, to_status_id: 2 })).toEqual({ checklist_item_id: [PIPELINE_MESSAGES.chooseItem] });
    expect(issuesOf(pipelineRuleUpdateBody, { id: 3, type: 4, to_status_id: 2 })).toEqual({ percent: ['Percent is required.'] });
    expect(issuesOf(pipelineRuleUpdateBody, { id: 3, type: 6, from_status_id: 2, to_status_id: 2 })).toEqual({ to_status_id: [PIPELINE_MESSAGES.sameFromAndTo] });
    expect(issuesOf(pipelineRuleStoreBody, { stage: 4, type: 3, to_status_id: 2 })).toEqual({ stage: ['Please enter valid stage.'], type: ['Please enter valid type.'] });
    expect(issuesOf(pipelineRuleStoreBody, { stage: 1, type: 1, to_status_id: 2, days: 3651 })).toEqual({ days: [PIPELINE_MESSAGES.days] });
  });

  it('reads the board query from a query string, with the column size bounded', () => {
    expect(v.parse(pipelineBoardQuery, { stage: '2' })).toEqual({ stage: 2, search: undefined, per_column: 20, status_id: undefined, page: 1 });
    expect(v.safeParse(pipelineBoardQuery, { stage: '2', per_column: '101' }).success).toBe(false);
  });

  it('refuses an order that names a status twice', () => {
    expect(issuesOf(pipelineStatusReorderBody, { stage: 1, ids: [3, 3] })).toEqual({ ids: [PIPELINE_MESSAGES.reorderMismatch] });
  });
});
