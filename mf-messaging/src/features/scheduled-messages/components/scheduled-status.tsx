import type { ScheduledMessage, ScheduledMessageStatus } from '@baridesk/contracts';
import { describeRecurrence, parseRecurrence } from '@baridesk/contracts';
import { formatDateTime } from '@baridesk/domain';
import { Badge } from '@baridesk/ui';

const LABELS: Readonly<Record<ScheduledMessageStatus, string>> = { active: 'Active', paused: 'Paused', cancelled: 'Cancelled', completed: 'Completed' };
const PALETTES: Readonly<Record<ScheduledMessageStatus, string>> = { active: 'green', paused: 'orange', cancelled: 'gray', completed: 'blue' };

export const SCHEDULED_STATUS_OPTIONS = (Object.keys(LABELS) as ScheduledMessageStatus[]).map((status) => ({ value: status, label: LABELS[status] }));

export function ScheduledStatusBadge({ status }: { status: ScheduledMessageStatus }) {
  return <Badge colorPalette={PALETTES[status]}>{LABELS[status]}</Badge>;
}

/** When it runs, in words: "Dec 01, 2026 09:00 AM (America/Chicago), every week on Monday". */
export function describeSchedule(message: Pick<ScheduledMessage, 'send_at' | 'local_send_at' | 'timezone' | 'patient_timezone' | 'rrule'>): string {
  const parsed = message.rrule ? parseRecurrence(message.rrule) : null;
  const rule = parsed?.ok ? parsed.value : null;
  const zone = message.patient_timezone ? 'each patient’s time zone' : message.timezone;
  return `${formatDateTime(message.send_at, message.timezone)} (${zone}), ${describeRecurrence(rule, message.local_send_at).toLowerCase()}`;
}
