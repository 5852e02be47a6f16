import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { AttendanceOccurrence, AttendancePatient, Page } from '@baridesk/contracts';

/** Every attendance query starts with it, here and in the reports: marking attendance refreshes them all. */
export const patientEventsKey = ['patient-events'] as const;

export type EventAttendanceParams = {
  event_id: number;
  event_date: string;
  page: number;
  perPage: number | 'All';
  sort: string;
  direction: 'asc' | 'desc';
  search?: string;
  response?: string;
};

export type EventAttendancePage = Page<AttendancePatient> & { occurrence: AttendanceOccurrence };

export const eventAttendanceKey = (params?: EventAttendanceParams) =>
  params ? ([...patientEventsKey, 'attendance', params] as const) : ([...patientEventsKey, 'attendance'] as const);

/** GET /api/patient-events/attendance (calendar area): one page of an occurrence's patients, and its counts. */
export const getEventAttendance = (params: EventAttendanceParams, signal?: AbortSignal) =>
  getJson<{ data: EventAttendancePage }>('patient-events/attendance', { searchParams: queryOf(params), signal }).then((answer) => answer.data);

export const useEventAttendance = (params: EventAttendanceParams) =>
  useQuery({
    queryKey: eventAttendanceKey(params),
    queryFn: ({ signal }) => getEventAttendance(params, signal),
    placeholderData: keepPreviousData,
  });
