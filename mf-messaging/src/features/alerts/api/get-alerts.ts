import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, notifyError, notifySuccess, postJson, queryOf } from '@baridesk/api-client';
import type { AlertCounts, FailedDelivery, InactivePatient, Page, PatientReply } from '@baridesk/contracts';

/** Every query of the alerts screen starts with it: an action refreshes the lists and the counts. */
export const alertsKey = ['alerts'] as const;

type PageParams = { page: number; perPage: number | 'All' };

const pagedQuery = <T>(path: string, params: Record<string, string | number | undefined>) => ({
  queryKey: [...alertsKey, path, params],
  queryFn: ({ signal }: { signal: AbortSignal }) => getJson<{ data: Page<T> }>(path, { searchParams: queryOf(params), signal }),
  placeholderData: keepPreviousData,
});

/** GET /api/alerts/failed-deliveries */
export const useFailedDeliveries = (params: PageParams) => useQuery(pagedQuery<FailedDelivery>('alerts/failed-deliveries', params));

/** GET /api/alerts/inactive-patients */
export const useInactivePatients = (params: PageParams & { days: number }) =>
  useQuery(pagedQuery<InactivePatient>('alerts/inactive-patients', params));

/** GET /api/alerts/replies */
export const useReplies = (params: PageParams & { handled: 0 | 1 }) => useQuery(pagedQuery<PatientReply>('alerts/replies', params));

/** GET /api/alerts/counts: the figures on the tabs (and in the sidebar). */
export const useAlertCounts = () =>
  useQuery({ queryKey: [...alertsKey, 'counts'], queryFn: ({ signal }) => getJson<{ data: AlertCounts }>('alerts/counts', { signal }) });

function useAlertAction<TArgs>(call: (args: TArgs) => Promise<{ message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (response) => {
      notifySuccess(response.message);
      return queryClient.invalidateQueries({ queryKey: alertsKey });
    },
    onError: (error) => notifyError(error),
  });
}

/** POST /api/alerts/failed-deliveries/retry */
export const useRetryDeliveries = () =>
  useAlertAction((ids: number[]) => postJson<{ data: { retried: number }; message: string }>('alerts/failed-deliveries/retry', { ids }));

/** POST /api/alerts/replies/{id}/handled */
export const useMarkReplyHandled = () =>
  useAlertAction((id: number) => postJson<{ data: PatientReply; message: string }>(`alerts/replies/${id}/handled`, {}));
