import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import { DEFAULT_CARDS_PER_COLUMN, type PipelineBoardResponse, type PipelineStage } from '@baridesk/contracts';
import { mergeColumnPage } from '../utils/board-cache';

/** What the board shows: one stage, narrowed by a search. */
export type BoardParams = { stage: PipelineStage; search: string };

/** Every query of the board starts with it (the board, the average days, a patient's history). */
export const pipelineKey = ['pipeline'] as const;
export const boardKey = ({ stage, search }: BoardParams) => [...pipelineKey, 'board', stage, search.trim()] as const;

type ColumnPage = { statusId: number; page: number };

/**
 * GET /api/pipeline-patients-by-stage: every column of the stage with its first cards, or with
 * `column` only that column's cards at that page ("Show more").
 */
export function getPipelineBoard({ stage, search }: BoardParams, column?: ColumnPage, signal?: AbortSignal) {
  const searchParams = queryOf({
    stage,
    search: search.trim(),
    per_column: DEFAULT_CARDS_PER_COLUMN,
    status_id: column?.statusId,
    page: column?.page,
  });
  return getJson<PipelineBoardResponse>('pipeline-patients-by-stage', { searchParams, signal });
}

/**
 * The board afresh. A column the user had opened further with "Show more" is fetched again to the
 * same page, so a refresh (after a refused move, say) does not fold the columns back.
 */
async function fetchBoard(client: QueryClient, params: BoardParams, signal: AbortSignal) {
  const previous = client.getQueryData<PipelineBoardResponse>(boardKey(params));
  let board = await getPipelineBoard(params, undefined, signal);
  const opened = (previous?.data.columns ?? []).filter((column) => column.page > 1);
  const pages = opened.flatMap((column) =>
    Array.from({ length: column.page - 1 }, (_, index) => ({ statusId: column.status.id, page: index + 2 })),
  );
  const answers = await Promise.all(pages.map((page) => getPipelineBoard(params, page, signal)));
  for (const answer of answers) board = mergeColumnPage(board, answer);
  return board;
}

export const pipelineBoardQueryOptions = (params: BoardParams) =>
  queryOptions({
    queryKey: boardKey(params),
    queryFn: ({ client, signal }) => fetchBoard(client, params, signal),
  });

export const usePipelineBoard = (params: BoardParams) => useQuery(pipelineBoardQueryOptions(params));
