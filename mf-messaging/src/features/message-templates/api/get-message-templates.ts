import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { MessageTemplateListQuery, MessageTemplateListResponse } from '@baridesk/contracts';

/** The list's query: everything optional but paging and sorting, as the screen sends it. */
export type MessageTemplatesParams = Pick<MessageTemplateListQuery, 'page' | 'perPage' | 'sort' | 'direction'> &
  Partial<Pick<MessageTemplateListQuery, 'search' | 'status'>>;

export const messageTemplatesKey = ['message-templates'] as const;

export function getMessageTemplates(params: MessageTemplatesParams, signal?: AbortSignal) {
  return getJson<MessageTemplateListResponse>('alerts/message-templates', { searchParams: queryOf(params), signal });
}

export const messageTemplatesQueryOptions = (params: MessageTemplatesParams) =>
  queryOptions({
    queryKey: [...messageTemplatesKey, params],
    queryFn: ({ signal }) => getMessageTemplates(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useMessageTemplates = (params: MessageTemplatesParams) => useQuery(messageTemplatesQueryOptions(params));
