import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { ChecklistItemListQuery, ChecklistItemListResponse } from '@baridesk/contracts';

/** The list's query as the screen sends it. */
export type ChecklistItemsParams = Pick<ChecklistItemListQuery, 'stage' | 'status' | 'page' | 'perPage' | 'sort' | 'direction'> &
  Partial<Pick<ChecklistItemListQuery, 'search'>>;

/**
 * Under 'checklists', like every checklist query of the staff screens: a tick anywhere (this list, a
 * patient's checklist) refreshes it.
 */
export const checklistItemsKey = ['checklists', 'items'] as const;

/** GET /api/checklist-items: one page of the stage's items across the program's patients. */
export function getChecklistItems(params: ChecklistItemsParams, signal?: AbortSignal) {
  return getJson<ChecklistItemListResponse>('checklist-items', { searchParams: queryOf(params), signal });
}

export const checklistItemsQueryOptions = (params: ChecklistItemsParams) =>
  queryOptions({
    queryKey: [...checklistItemsKey, params],
    queryFn: ({ signal }) => getChecklistItems(params, signal),
    placeholderData: keepPreviousData,
  });

export const useChecklistItems = (params: ChecklistItemsParams) => useQuery(checklistItemsQueryOptions(params));
