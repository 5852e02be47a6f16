import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { StaffCalendarEntry } from '@baridesk/contracts';

/** The days asked for: from and to, both "yyyy-MM-dd" and both included. */
export type StaffCalendarRange = { from: string; to: string };

/**
 * GET /api/calendar?from&to: the program's surgeries, consults and events of the days shown (surgeries and
 * consults only for staff who may open patients).
 */
export const useStaffCalendar = (range: StaffCalendarRange) =>
  useQuery({
    queryKey: ['staff-calendar', range.from, range.to],
    queryFn: ({ signal }) => getJson<{ data: StaffCalendarEntry[] }>('calendar', { searchParams: range, signal }),
    // The shown month stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
