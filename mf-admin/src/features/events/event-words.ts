import { describeRecurrence, parseRecurrence } from '@baridesk/contracts';
import { formatDate } from '@baridesk/domain';
import { toDisplayTime } from '@baridesk/ui/dates';

/** "6:00 PM – 7:30 PM" */
export const timeRange = (event: { time: string; end_time: string }) => `${toDisplayTime(event.time)} – ${toDisplayTime(event.end_time)}`;

/** A series' rule in words ("Every week on Tuesday, until …"); "Once" for a single event. */
export function repeatWords(event: { rrule: string | null; date: string }): string {
  if (!event.rrule) return 'Once';
  const parsed = parseRecurrence(event.rrule);
  return parsed.ok ? describeRecurrence(parsed.value, event.date) : event.rrule;
}

/** "Mar 05, 2026" */
export const eventDay = (event: { date: string }) => formatDate(event.date);
