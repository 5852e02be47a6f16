import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { PipelineStatusSavedResponse, PipelineStatusUpdateBody } from '@baridesk/contracts';
import { pipelineSettingsKey } from './get-pipeline-statuses';

/** POST /api/pipelines/update: renames a status, or makes it the stage's default. */
export const updatePipelineStatus = (body: PipelineStatusUpdateBody) => postJson<PipelineStatusSavedResponse>('pipelines/update', body);

export function useUpdatePipelineStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePipelineStatus,
    // Names show in the rules' descriptions too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pipelineSettingsKey }),
  });
}
