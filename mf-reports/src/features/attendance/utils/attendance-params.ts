import {
  ATTENDANCE_DEFAULT_DAYS_AHEAD,
  ATTENDANCE_DEFAULT_DAYS_BACK,
  ATTENDANCE_EVENTS_SORTS,
  ATTENDANCE_PATIENTS_SORTS,
  type AttendanceEventsSort,
} from '@baridesk/contracts';
import { parseDateTime } from '@baridesk/domain';
import { listQueryParams, type ListParams } from '@baridesk/ui/lists';

/** A day "yyyy-MM-dd" `days` away from `today` (negative: before). */
const dayFrom = (today: Date, days: number) => parseDateTime(today)?.plus({ days }).toISODate() ?? '';

/**
 * The report's range when opened: the server's default (ATTENDANCE_DEFAULT_DAYS_BACK back to
 * ATTENDANCE_DEFAULT_DAYS_AHEAD ahead), written out so the date fields show it and can change it.
 */
export function defaultAttendanceRange(today: Date = new Date()) {
  return { from: dayFrom(today, -ATTENDANCE_DEFAULT_DAYS_BACK), to: dayFrom(today, ATTENDANCE_DEFAULT_DAYS_AHEAD) };
}

/** What GET /api/patient-events/events (and its Excel) asks for from the list's params. */
export function attendanceEventsParams(list: ListParams) {
  return {
    ...listQueryParams<AttendanceEventsSort>(list, ATTENDANCE_EVENTS_SORTS, 'date'),
    from: list.filters.from || undefined,
    to: list.filters.to || undefined,
  };
}
export type AttendanceEventsParams = ReturnType<typeof attendanceEventsParams>;

/** The occurrence a report is about, from its path: null when the path names no event and day. */
export function occurrenceOfPath(eventId: string | undefined, eventDate: string | undefined) {
  const id = Number(eventId);
  if (!Number.isSafeInteger(id) || id <= 0 || !eventDate || !/^\d{4}-\d{2}-\d{2}$/.test(eventDate) || !parseDateTime(eventDate)) return null;
  return { eventId: id, date: eventDate };
}

/** What GET /api/patient-events/patients (and its Excel) asks for: the occurrence and the list's params. */
export function attendancePatientsParams(occurrence: { eventId: number; date: string }, list: ListParams) {
  return {
    ...listQueryParams(list, ATTENDANCE_PATIENTS_SORTS, 'name'),
    event_id: occurrence.eventId,
    event_date: occurrence.date,
    response: list.filters.response || undefined,
    attended: list.filters.attended || undefined,
  };
}
export type AttendancePatientsParams = ReturnType<typeof attendancePatientsParams>;
