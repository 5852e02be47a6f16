import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteJson } from '@baridesk/api-client';
import type { PipelineRuleDeleteQuery } from '@baridesk/contracts';
import { pipelineSettingsKey } from './get-pipeline-statuses';

/** DELETE /api/pipeline-automation-rule/delete?id: the moves it made stay recorded. */
export const deletePipelineRule = ({ id }: PipelineRuleDeleteQuery) =>
  deleteJson<{ message: string }>('pipeline-automation-rule/delete', { searchParams: { id } });

export function useDeletePipelineRule() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePipelineRule, onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelineSettingsKey }) });
}
