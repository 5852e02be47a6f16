import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { AutomaticChecklistItems, AutomaticRuleListQuery, AutomaticRuleListResponse } from '@baridesk/contracts';

export type AutomaticMessagesParams = Pick<AutomaticRuleListQuery, 'page' | 'perPage' | 'sort' | 'direction'> &
  Partial<Pick<AutomaticRuleListQuery, 'search' | 'status'>>;

/** Every query of this feature starts with it, so one invalidation refreshes the list and the form's choices. */
export const automaticMessagesKey = ['automatic-messages'] as const;

/** GET /api/automatic-messages: one page of the program's rules. */
export const getAutomaticMessages = (params: AutomaticMessagesParams, signal?: AbortSignal) =>
  getJson<AutomaticRuleListResponse>('automatic-messages', { searchParams: queryOf(params), signal });

export const automaticMessagesQueryOptions = (params: AutomaticMessagesParams) =>
  queryOptions({
    queryKey: [...automaticMessagesKey, 'list', params],
    queryFn: ({ signal }) => getAutomaticMessages(params, signal),
    placeholderData: keepPreviousData,
  });

export const useAutomaticMessages = (params: AutomaticMessagesParams) => useQuery(automaticMessagesQueryOptions(params));

/** GET /api/automatic-messages/checklist-items: the checklist template items a rule can wait for. */
export const getAutomaticChecklistItems = (signal?: AbortSignal) =>
  getJson<{ data: AutomaticChecklistItems }>('automatic-messages/checklist-items', { signal });

export const useAutomaticChecklistItems = (enabled: boolean) =>
  useQuery({ queryKey: [...automaticMessagesKey, 'checklist-items'], queryFn: ({ signal }) => getAutomaticChecklistItems(signal), enabled });
