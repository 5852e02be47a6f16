import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess, postJson } from '@baridesk/api-client';
import type { PipelinesResponse, PipelineStatusListResponse, PipelineStatusReorderBody } from '@baridesk/contracts';
import { inOrder } from '@baridesk/ui/resources';
import { pipelineSettingsKey, pipelineStatusesKey } from './get-pipeline-statuses';

/** POST /api/pipelines/reorder: every status of the stage, once each, in the new order. */
export const reorderPipelineStatuses = (body: PipelineStatusReorderBody) =>
  postJson<PipelineStatusListResponse>('pipelines/reorder', body);

/** Shows the new order at once (optimistic); a refusal puts the old one back with a notice. */
export function useReorderPipelineStatuses() {
  const queryClient = useQueryClient();
  return useMutation<PipelineStatusListResponse, unknown, PipelineStatusReorderBody, { previous: PipelinesResponse | undefined }>({
    mutationFn: reorderPipelineStatuses,
    onMutate: async ({ stage, ids }) => {
      const key = pipelineStatusesKey(stage);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PipelinesResponse>(key);
      queryClient.setQueryData<PipelinesResponse>(key, (list) => list && { ...list, data: { ...list.data, data: inOrder(list.data.data, ids) } });
      return { previous };
    },
    onError: (error, { stage }, context) => {
      queryClient.setQueryData(pipelineStatusesKey(stage), context?.previous);
      notifyError(error);
    },
    onSuccess: (answer, { stage }) => {
      queryClient.setQueryData<PipelinesResponse>(pipelineStatusesKey(stage), (list) => list && { ...list, data: { ...list.data, data: answer.data } });
      notifySuccess(answer.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pipelineSettingsKey }),
  });
}
