import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { PipelineRuleSavedResponse, PipelineRuleStoreBody } from '@baridesk/contracts';
import { pipelineSettingsKey } from './get-pipeline-statuses';

/** POST /api/pipeline-automation-rule/store: a rule, last in priority, on. */
export const createPipelineRule = (body: PipelineRuleStoreBody) =>
  postJson<PipelineRuleSavedResponse>('pipeline-automation-rule/store', body);

export function useCreatePipelineRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPipelineRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelineSettingsKey }) });
}
