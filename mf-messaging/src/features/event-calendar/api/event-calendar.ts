import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, notifyError, notifySuccess, onScheduler, postJson } from '@baridesk/api-client';
import {
  EVENT_LOCATION_OPTIONS_URL,
  type CalendarEvent,
  type EventDeleteBody,
  type EventLocationOptionsResponse,
  type EventMonth,
  type EventStoreBody,
  type EventToggleStatusBody,
  type EventUpdateBody,
} from '@baridesk/contracts';
import { EVENT_CALENDAR_QUERY_KEY } from '../../event-calendar-import/index';

/**
 * Every query of the calendar starts with this key, so a save (or a finished import, which refreshes the
 * same key) refreshes the month, the event and its days.
 */
export const eventCalendarKey = EVENT_CALENDAR_QUERY_KEY;

/** A month of the calendar, as the list takes it: month 1–12. */
export type CalendarMonth = { year: number; month: number };

const monthQuery = ({ year, month }: CalendarMonth) => ({
  queryKey: [...eventCalendarKey, 'month', year, month],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    getJson<{ data: EventMonth }>('event-calendar', onScheduler({ searchParams: { month, year }, signal })),
});

/**
 * GET /scheduler/api/event-calendar?month=&year= for each month shown (a week can straddle two):
 * the occurrences with recurrences expanded, each with its day.
 */
export function useEventMonths(months: CalendarMonth[]) {
  const results = useQueries({ queries: months.map(monthQuery) });
  const failed = results.find((result) => result.isError);
  return {
    occurrences: results.flatMap((result) => result.data?.data.data ?? []),
    isLoading: results.some((result) => result.isPending),
    error: failed?.error ?? null,
    refetch: () => Promise.all(results.map((result) => result.refetch())),
  };
}

/** GET /scheduler/api/event-calendar/{id}: the event (a single event, a series or a changed day of one). */
export const useCalendarEvent = (id: number | null) =>
  useQuery({
    queryKey: [...eventCalendarKey, 'event', id],
    queryFn: ({ signal }) => getJson<{ data: CalendarEvent }>(`event-calendar/${id}`, onScheduler({ signal })),
    enabled: id !== null,
  });

/** GET /api/event-calendar/location/all: the program's active locations and the shared ones. */
export const useEventLocationOptions = (enabled = true) =>
  useQuery({
    queryKey: ['event-locations', 'options'],
    queryFn: ({ signal }) => getJson<EventLocationOptionsResponse>(EVENT_LOCATION_OPTIONS_URL.replace(/^\/api\//, ''), { signal }),
    enabled,
    staleTime: 60_000,
  });

type Saved = { data: CalendarEvent; message: string };

/** POST …/store (no id) or …/update (with id, scope and the day). */
export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventStoreBody | EventUpdateBody) =>
      'id' in body ? postJson<Saved>('event-calendar/update', body, onScheduler()) : postJson<Saved>('event-calendar/store', body, onScheduler()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventCalendarKey }),
  });
}

/** POST …/toggle-status, with the server's notice either way. */
export function useToggleEventStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventToggleStatusBody) => postJson<Saved>('event-calendar/toggle-status', body, onScheduler()),
    onSuccess: (response) => notifySuccess(response.message),
    onError: (error) => notifyError(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventCalendarKey }),
  });
}

/** POST …/delete: the event (a series with its changed days), or one day of a series. */
export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EventDeleteBody) => postJson<{ message: string }>('event-calendar/delete', body, onScheduler()),
    onSuccess: (response) => {
      notifySuccess(response.message);
      return queryClient.invalidateQueries({ queryKey: eventCalendarKey });
    },
    onError: (error) => notifyError(error),
  });
}
