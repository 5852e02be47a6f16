import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { ChecklistTemplateListQuery, ChecklistTemplateListResponse } from '@baridesk/contracts';

/** The list's query as the screen sends it: the stage, paging and sorting, and the optional search and status. */
export type ChecklistTemplatesParams = Pick<ChecklistTemplateListQuery, 'stage' | 'page' | 'perPage' | 'sort' | 'direction'> &
  Partial<Pick<ChecklistTemplateListQuery, 'search' | 'status'>>;

/** Every query of this feature's templates starts with it, so one invalidation refreshes the lists and the form. */
export const checklistTemplatesKey = ['checklist-templates'] as const;
export const checklistTemplateListsKey = [...checklistTemplatesKey, 'list'] as const;

/** GET /api/checklist/templates: one page of a stage's templates. */
export function getChecklistTemplates(params: ChecklistTemplatesParams, signal?: AbortSignal) {
  return getJson<ChecklistTemplateListResponse>('checklist/templates', { searchParams: queryOf(params), signal });
}

export const checklistTemplatesQueryOptions = (params: ChecklistTemplatesParams) =>
  queryOptions({
    queryKey: [...checklistTemplateListsKey, params],
    queryFn: ({ signal }) => getChecklistTemplates(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useChecklistTemplates = (params: ChecklistTemplatesParams) => useQuery(checklistTemplatesQueryOptions(params));
