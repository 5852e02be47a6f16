import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { Dashboard } from '@baridesk/contracts';

/** GET /api/dashboard: the program's figures, its next events and its newest patients. */
export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  const answer = await getJson<{ data: Dashboard }>('dashboard', { signal });
  return answer.data;
}

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard'] as const,
    queryFn: ({ signal }) => getDashboard(signal),
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
