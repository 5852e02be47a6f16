import { useQuery } from '@tanstack/react-query';
import { backgroundCall, getJson } from '@baridesk/api-client';
import type { AlertCounts } from '@baridesk/contracts';

/** The server keeps the counts a minute per program: asking more often would only read its copy. */
const REFRESH_MS = 60_000;

/**
 * GET /api/alerts/counts for the sidebar's Alerts entry, while the menu shows it: the failed deliveries,
 * patients who stopped logging and unanswered replies together. Undefined while unknown (or refused).
 */
export function useAlertCount(enabled: boolean): number | undefined {
  const { data } = useQuery({
    queryKey: ['alerts', 'counts'],
    // A background call: a tab left open on any screen must still reach the idle logout.
    queryFn: ({ signal }) => getJson<{ data: AlertCounts }>('alerts/counts', { signal, ...backgroundCall }),
    enabled,
    refetchInterval: REFRESH_MS,
    // The sidebar never shows an error for a figure: without it, Alerts is a plain link.
    retry: false,
  });
  const counts = data?.data;
  return counts ? counts.failed_deliveries + counts.inactive_patients + counts.replies : undefined;
}
