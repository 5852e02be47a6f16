import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { PipelineStatusDeleteBody, PipelineStatusDeletedResponse } from '@baridesk/contracts';
import { pipelineSettingsKey } from './get-pipeline-statuses';

/**
 * POST /api/pipelines/delete: its patients go to `move_to_status_id` (422 without one while it has
 * patients); 409 while automation rules name it.
 */
export const deletePipelineStatus = (body: PipelineStatusDeleteBody) => postJson<PipelineStatusDeletedResponse>('pipelines/delete', body);

export function useDeletePipelineStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePipelineStatus,
    // Refused or not, the counts may have changed meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pipelineSettingsKey }),
  });
}
