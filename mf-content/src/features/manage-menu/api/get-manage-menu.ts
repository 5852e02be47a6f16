import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { ManageMenuListQuery, ManageMenuListResponse } from '@baridesk/contracts';

export const manageMenuKey = ['manage-menu'] as const;

export function getManageMenu(query: ManageMenuListQuery, signal?: AbortSignal) {
  const searchParams: Record<string, string> = {};
  if (query.search) searchParams.search = query.search;
  return getJson<ManageMenuListResponse>('content/manage-menu', { searchParams, signal });
}

export const manageMenuQueryOptions = (query: ManageMenuListQuery) =>
  queryOptions({
    queryKey: [...manageMenuKey, query],
    queryFn: ({ signal }) => getManageMenu(query, signal),
    placeholderData: keepPreviousData,
  });

export const useManageMenu = (query: ManageMenuListQuery) => useQuery(manageMenuQueryOptions(query));
