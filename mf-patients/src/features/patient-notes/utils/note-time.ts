import { formatDateTime } from '@baridesk/domain';

/** When a note was written: "Mar 05, 2026 09:05AM" in the browser's time zone (spec section 9). */
export const noteTime = (iso: string) => formatDateTime(iso);
