import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, postJson, queryOf } from '@baridesk/api-client';
import type {
  AdminEvent,
  AdminEventListQuery,
  AdminEventRow,
  AdminEventStoreBody,
  EventDeleteBody,
  EventToggleStatusBody,
  EventUpdateBody,
  Page,
} from '@baridesk/contracts';

/** Every query of these screens starts with this key, so a change refreshes the list and the event. */
export const adminEventsKey = ['admin-events'] as const;

export type AdminEventListParams = Pick<AdminEventListQuery, 'page' | 'perPage' | 'sort' | 'direction'> & {
  search?: string;
  status?: 0 | 1;
  program_id?: number;
};

/** GET /api/admin/event: one page of every program's events (a series is one row). */
export const useAdminEvents = (params: AdminEventListParams) =>
  useQuery({
    queryKey: [...adminEventsKey, 'list', params],
    queryFn: ({ signal }) => getJson<{ data: Page<AdminEventRow> }>('admin/event', { searchParams: queryOf(params), signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/event/{id}: the event with its program's name. */
export const useAdminEvent = (id: number | null) =>
  useQuery({
    queryKey: [...adminEventsKey, 'one', id],
    queryFn: ({ signal }) => getJson<{ data: AdminEvent }>(`admin/event/${id}`, { signal }),
    enabled: id !== null,
  });

type Saved = { data: AdminEvent; message: string };

/** POST /api/admin/event/store (for the program named) or /update (the event's own program). */
export function useSaveAdminEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { store: AdminEventStoreBody } | { update: EventUpdateBody }) =>
      'store' in body ? postJson<Saved>('admin/event/store', body.store) : postJson<Saved>('admin/event/update', body.update),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminEventsKey }),
  });
}

/** POST /api/admin/event/toggle-status. */
export function useToggleAdminEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventToggleStatusBody) => postJson<Saved>('admin/event/toggle-status', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminEventsKey }),
  });
}

/** POST /api/admin/event/delete: the event, a series with all its days. */
export function useDeleteAdminEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<EventDeleteBody, 'id'>) => postJson<{ message: string }>('admin/event/delete', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminEventsKey }),
  });
}
