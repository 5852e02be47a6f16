import type { CalendarMonth } from '../api/event-calendar';

const two = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as "yyyy-MM-dd" (FullCalendar hands local dates: events are shown in their own zone's clock). */
export const isoDay = (date: Date) => `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;

/** The saved-search form of a month, "yyyy-MM". */
export const monthKeyOf = (date: Date) => `${date.getFullYear()}-${two(date.getMonth() + 1)}`;

/** "yyyy-MM" as a month, or null when it is not one. */
export function parseMonthKey(key: string): CalendarMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  if (!match) return null;
  const month = Number(match[2]);
  return month >= 1 && month <= 12 ? { year: Number(match[1]), month } : null;
}

/** The months a range [start, end) touches: one for a month, two for a week across a month's end. */
export function monthsBetween(start: Date, end: Date): CalendarMonth[] {
  const months: CalendarMonth[] = [];
  const last = new Date(end.getTime() - 1);
  for (let cursor = new Date(start.getFullYear(), start.getMonth(), 1); cursor <= last; cursor = new Date(cursor.getFullYear(), cursor.getMonth() + 1, 1)) {
    months.push({ year: cursor.getFullYear(), month: cursor.getMonth() + 1 });
  }
  return months;
}

/** The view of an occurrence: the row to open (a changed day's own row) and the day. */
export const eventViewPath = (id: number, date: string) => `/event-calender/view/${id}?date=${date}`;

/** The form of an event; with a day, that day of a series. */
export const eventFormPath = (id: number, date?: string | null) => `/event-calender/form/${id}${date ? `?date=${date}` : ''}`;
