import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PreLoadFilters } from '@baridesk/contracts';

/**
 * The program's active locations, from GET /api/pre-load-filters (the only call that lists them for
 * staff so far). Same key and answer as the patient list's filters, so the two share one cache entry.
 */
export async function getPreLoadFilters(signal?: AbortSignal) {
  const answer = await getJson<{ data: PreLoadFilters }>('pre-load-filters', { signal });
  return answer.data;
}

export const locationOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['pre-load-filters'] as const,
    queryFn: ({ signal }) => getPreLoadFilters(signal),
    staleTime: 5 * 60_000,
    select: (filters: PreLoadFilters) => filters.locations,
  });

export const useLocationOptions = () => useQuery(locationOptionsQueryOptions());
