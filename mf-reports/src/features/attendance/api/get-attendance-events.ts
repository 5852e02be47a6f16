import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { downloadFile, getJson, queryOf, type DownloadOptions } from '@baridesk/api-client';
import type { AttendanceOccurrence, Page } from '@baridesk/contracts';
import type { AttendanceEventsParams } from '../utils/attendance-params';

/** Every attendance query starts with it, here and in the calendar's panel: marking attendance refreshes them all. */
export const patientEventsKey = ['patient-events'] as const;

/** GET /api/patient-events/events: one page of the occurrences in the range, with their counts. */
export const useAttendanceEvents = (params: AttendanceEventsParams) =>
  useQuery({
    queryKey: [...patientEventsKey, 'events', params],
    queryFn: ({ signal }) => getJson<{ data: Page<AttendanceOccurrence> }>('patient-events/events', { searchParams: queryOf(params), signal }),
    // The last page stays on screen while the next one loads: paging and sorting do not flash.
    placeholderData: keepPreviousData,
  });

/** GET /api/patient-events/events/excel: every occurrence the search and range give, in the list's order. */
export const exportAttendanceEvents = (params: AttendanceEventsParams, signal: AbortSignal, onProgress?: DownloadOptions['onProgress']) => {
  const { page: _page, perPage: _perPage, ...rest } = params;
  return downloadFile('patient-events/events/excel', { searchParams: queryOf(rest), signal, onProgress, fallbackName: 'support-group-attendance.xlsx' });
};
