import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { PipelineStatusSavedResponse, PipelineStatusStoreBody } from '@baridesk/contracts';
import { pipelineSettingsKey } from './get-pipeline-statuses';

/** POST /api/pipelines/store: a status, last in the stage's order. */
export const createPipelineStatus = (body: PipelineStatusStoreBody) => postJson<PipelineStatusSavedResponse>('pipelines/store', body);

export function useCreatePipelineStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPipelineStatus,
    // The rule form offers the statuses too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelineSettingsKey }),
  });
}
