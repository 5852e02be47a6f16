import { formatDate, formatTime } from '@baridesk/domain';

/** When a note was written: "Mar 5, 2026 09:05AM" in the browser's time zone (spec section 9). */
export const noteTime = (iso: string) => `${formatDate(iso, 'MMM D, YYYY')} ${formatTime(iso)}`;
