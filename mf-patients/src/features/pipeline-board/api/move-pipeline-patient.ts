import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, notifyError, notifySuccess, postJson } from '@baridesk/api-client';
import type { PipelineBoardResponse, PipelineMoveBody, PipelineMoveResponse } from '@baridesk/contracts';
import { moveCard, placeCard } from '../utils/board-cache';
import { boardKey, pipelineKey, type BoardParams } from './get-pipeline-board';

/**
 * POST /api/pipeline-patients/move: a move by hand. `from_status_id` is the status the board showed;
 * the server answers 409 when the patient is elsewhere by now.
 */
export const movePipelinePatient = (body: PipelineMoveBody) => postJson<PipelineMoveResponse>('pipeline-patients/move', body);

type MoveContext = { previous: PipelineBoardResponse | undefined };

/**
 * Moves the card at once (optimistic) and tells the server. Refused, the card goes back; refused
 * because someone moved the patient meanwhile (409), the board is fetched again to show where the
 * patient is now. The board is not fetched again after a success: the moved card stays where it was
 * dropped (a fresh board would sort it after the patients longer in the status, often out of sight).
 */
export function useMovePipelinePatient(params: BoardParams) {
  const queryClient = useQueryClient();
  const key = boardKey(params);
  return useMutation<PipelineMoveResponse, unknown, PipelineMoveBody, MoveContext>({
    mutationFn: movePipelinePatient,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PipelineBoardResponse>(key);
      queryClient.setQueryData<PipelineBoardResponse>(
        key,
        (board) => board && moveCard(board, body.patient_id, body.from_status_id ?? null, body.to_status_id, new Date()),
      );
      return { previous };
    },
    onError: (error, _body, context) => {
      queryClient.setQueryData(key, context?.previous);
      notifyError(error);
      if (error instanceof ApiRequestError && error.status === 409) void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData<PipelineBoardResponse>(key, (board) => board && placeCard(board, answer.data));
      notifySuccess(answer.message);
    },
    // Counts changed: the average days and the patient's history are out of date (not the board itself).
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: pipelineKey, predicate: (query) => query.queryKey[1] !== 'board' }),
  });
}
