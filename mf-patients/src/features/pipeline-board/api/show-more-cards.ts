import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '@baridesk/api-client';
import type { PipelineBoardResponse } from '@baridesk/contracts';
import { mergeColumnPage } from '../utils/board-cache';
import { boardKey, getPipelineBoard, type BoardParams } from './get-pipeline-board';

/**
 * "Show more" of one column: its next page (GET /api/pipeline-patients-by-stage with status_id and
 * page), added under the cards already shown.
 */
export function useShowMoreCards(params: BoardParams) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ statusId, page }: { statusId: number; page: number }) => getPipelineBoard(params, { statusId, page }),
    onSuccess: (answer) =>
      queryClient.setQueryData<PipelineBoardResponse>(boardKey(params), (board) => board && mergeColumnPage(board, answer)),
    onError: (error) => notifyError(error),
  });
}
