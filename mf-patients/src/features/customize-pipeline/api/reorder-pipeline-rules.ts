import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess, postJson } from '@baridesk/api-client';
import type { PipelineRuleListResponse, PipelineRulePriorityBody, PipelineRulePriorityResponse } from '@baridesk/contracts';
import { inOrder } from '@baridesk/ui/resources';
import { pipelineRulesKey } from './get-pipeline-rules';

/** POST /api/pipeline-automation-rule/update-priority: every rule of the stage once, first to run first. */
export const reorderPipelineRules = (body: PipelineRulePriorityBody) =>
  postJson<PipelineRulePriorityResponse>('pipeline-automation-rule/update-priority', body);

/** Shows the new order at once (optimistic); a refusal puts the old one back with a notice. */
export function useReorderPipelineRules() {
  const queryClient = useQueryClient();
  return useMutation<PipelineRulePriorityResponse, unknown, PipelineRulePriorityBody, { previous: PipelineRuleListResponse | undefined }>({
    mutationFn: reorderPipelineRules,
    onMutate: async ({ stage, ids }) => {
      const key = pipelineRulesKey(stage);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PipelineRuleListResponse>(key);
      queryClient.setQueryData<PipelineRuleListResponse>(key, (list) => list && { ...list, data: inOrder(list.data, ids) });
      return { previous };
    },
    onError: (error, { stage }, context) => {
      queryClient.setQueryData(pipelineRulesKey(stage), context?.previous);
      notifyError(error);
    },
    onSuccess: (answer, { stage }) => {
      queryClient.setQueryData<PipelineRuleListResponse>(pipelineRulesKey(stage), (list) => list && { ...list, data: answer.data });
      notifySuccess(answer.message);
    },
    onSettled: (_answer, _error, { stage }) => queryClient.invalidateQueries({ queryKey: pipelineRulesKey(stage) }),
  });
}
