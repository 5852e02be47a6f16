import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { DashboardWidgets } from '@baridesk/contracts';

/**
 * GET /api/dashboard/widgets: patients by stage, new patients and surgeries per month, app use and weight
 * lost in total (the program's active patients). /charts and /widgets share the one answer.
 */
export const dashboardWidgetsQueryOptions = () =>
  queryOptions({
    queryKey: ['dashboard', 'widgets'] as const,
    queryFn: async ({ signal }) => (await getJson<{ data: DashboardWidgets }>('dashboard/widgets', { signal })).data,
  });

export const useDashboardWidgets = (enabled = true) => useQuery({ ...dashboardWidgetsQueryOptions(), enabled });
