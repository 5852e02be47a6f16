import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { QuoteListQuery, QuoteListResponse } from '@baridesk/contracts';

/** The list's query as the screen sends it: paging and sorting always, search and status when set. */
export type QuotesParams = Pick<QuoteListQuery, 'page' | 'perPage' | 'sort' | 'direction'> &
  Partial<Pick<QuoteListQuery, 'search' | 'status'>>;

export const quotesKey = ['admin-quotes'] as const;

export function getQuotes(params: QuotesParams, signal?: AbortSignal) {
  return getJson<QuoteListResponse>('admin/quotes', { searchParams: queryOf(params), signal });
}

export const quotesQueryOptions = (params: QuotesParams) =>
  queryOptions({
    queryKey: [...quotesKey, params],
    queryFn: ({ signal }) => getQuotes(params, signal),
    placeholderData: keepPreviousData,
  });

export const useQuotes = (params: QuotesParams) => useQuery(quotesQueryOptions(params));
