import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess, postJson } from '@baridesk/api-client';
import type { PipelineRuleListResponse, PipelineRuleToggleBody, PipelineRuleToggleResponse, PipelineStage } from '@baridesk/contracts';
import { pipelineRulesKey } from './get-pipeline-rules';

/** POST /api/pipeline-automation-rule/toggle-active: turns the rule on or off; answers it with its new status. */
export const togglePipelineRule = (body: PipelineRuleToggleBody) =>
  postJson<PipelineRuleToggleResponse>('pipeline-automation-rule/toggle-active', body);

/** Flips the switch at once (optimistic) and back, with a notice, if the server refuses. */
export function useTogglePipelineRule(stage: PipelineStage) {
  const queryClient = useQueryClient();
  const key = pipelineRulesKey(stage);
  return useMutation<PipelineRuleToggleResponse, unknown, PipelineRuleToggleBody, { previous: PipelineRuleListResponse | undefined }>({
    mutationFn: togglePipelineRule,
    onMutate: async ({ id }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PipelineRuleListResponse>(key);
      queryClient.setQueryData<PipelineRuleListResponse>(
        key,
        (list) => list && { ...list, data: list.data.map((rule) => (rule.id === id ? { ...rule, status: rule.status === 1 ? 0 : 1 } : rule)) },
      );
      return { previous };
    },
    onError: (error, _body, context) => {
      queryClient.setQueryData(key, context?.previous);
      notifyError(error);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<PipelineRuleListResponse>(
        key,
        (list) => list && { ...list, data: list.data.map((rule) => (rule.id === answer.data.id ? answer.data : rule)) },
      );
      notifySuccess(answer.message);
    },
  });
}
