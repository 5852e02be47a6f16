import type { AttendanceOccurrence } from '@baridesk/contracts';
import { formatAmount, formatDate, formatTime } from '@baridesk/domain';

/** "06:00PM–07:30PM": the occurrence's start and end, in the event's own zone (as the calendar shows them). */
export const occurrenceTimes = (o: Pick<AttendanceOccurrence, 'date' | 'time' | 'end_time'>) =>
  [formatTime(`${o.date}T${o.time}`), formatTime(`${o.date}T${o.end_time}`)].filter(Boolean).join('–');

/** "Mar 05, 2026, 06:00PM–07:30PM": names an occurrence in sentences and for screen readers. */
export const occurrenceWhen = (o: Pick<AttendanceOccurrence, 'date' | 'time' | 'end_time'>) =>
  [formatDate(o.date), occurrenceTimes(o)].filter(Boolean).join(', ');

/** The counts in one sentence, announced when they change: "4 going, 1 not going, 3 attended (5 marked)." */
export const countsSentence = (o: Pick<AttendanceOccurrence, 'going_count' | 'not_going_count' | 'attended_count' | 'marked_count'>) =>
  `${formatAmount(o.going_count)} going, ${formatAmount(o.not_going_count)} not going, ${formatAmount(o.attended_count)} attended (${formatAmount(o.marked_count)} marked).`;
