import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PreLoadFilters } from '@baridesk/contracts';

/** GET /api/pre-load-filters: the program's stages, tags, insurance coordinators and locations. */
export async function getPreLoadFilters(signal?: AbortSignal) {
  const answer = await getJson<{ data: PreLoadFilters }>('pre-load-filters', { signal });
  return answer.data;
}

export const preLoadFiltersQueryOptions = () =>
  queryOptions({
    queryKey: ['pre-load-filters'] as const,
    queryFn: ({ signal }) => getPreLoadFilters(signal),
    // The choices change rarely (a new tag, location or coordinator): a few minutes are fresh enough.
    staleTime: 5 * 60_000,
  });

export const usePreLoadFilters = () => useQuery(preLoadFiltersQueryOptions());
