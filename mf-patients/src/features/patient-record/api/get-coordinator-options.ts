import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { InsuranceCoordinatorListResponse } from '@baridesk/contracts';

/** GET /api/insurance-coordinators?status=1&perPage=All: the program's active coordinators, by name. */
export async function getCoordinatorOptions(signal?: AbortSignal) {
  const answer = await getJson<InsuranceCoordinatorListResponse>('insurance-coordinators', {
    searchParams: queryOf({ status: 1, perPage: 'All', sort: 'name', direction: 'asc' }),
    signal,
  });
  return answer.data.data.map(({ id, name }) => ({ id, name }));
}

export const coordinatorOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['insurance-coordinators', 'options'] as const,
    queryFn: ({ signal }) => getCoordinatorOptions(signal),
    staleTime: 60_000,
  });

export const useCoordinatorOptions = () => useQuery(coordinatorOptionsQueryOptions());
