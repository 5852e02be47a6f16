import { useMutation, useQueryClient } from '@tanstack/react-query';
import { putJson } from '@baridesk/api-client';
import type { PipelineRuleSavedResponse, PipelineRuleUpdateBody } from '@baridesk/contracts';
import { pipelineSettingsKey } from './get-pipeline-statuses';

/** PUT /api/pipeline-automation-rule/update: its stage, priority and on/off stay. */
export const updatePipelineRule = (body: PipelineRuleUpdateBody) =>
  putJson<PipelineRuleSavedResponse>('pipeline-automation-rule/update', body);

export function useUpdatePipelineRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePipelineRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelineSettingsKey }) });
}
