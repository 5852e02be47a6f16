import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchJson } from '@baridesk/api-client';
import type { AdStatsResetResponse, AnyResource } from '@baridesk/contracts';
import { refreshResource } from '@baridesk/ui/resources';

/** The api-client takes paths below /api. */
const belowApi = (url: string) => url.replace(/^\/api\//, '');

/** PATCH <ads>/reset-stats/{id}: the ad's counters start again from 0. */
export const resetAdStats = (resource: AnyResource, id: number) =>
  patchJson<AdStatsResetResponse>(`${belowApi(resource.paths.base)}/reset-stats/${id}`, {});

/** Resets an ad's counters and refreshes its lists (and, for a banner ad, the sets' totals: `shownIn`). */
export function useResetAdStats(resource: AnyResource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => resetAdStats(resource, id),
    onSuccess: () => refreshResource(queryClient, resource),
  });
}
