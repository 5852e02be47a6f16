import { parseDateTime } from '@baridesk/domain';

/** A report's date range as the date fields hold it: days "yyyy-MM-dd", both ends included. */
export type DateRange = { from: string; to: string };

const today = (now: Date) => parseDateTime(now)!.startOf('day');
const day = (value: ReturnType<typeof today>) => value.toISODate() ?? '';

/**
 * Each report's range when opened, the server's default written out (docs/reports.md) so the date
 * fields show it and can change it. The server counts days in the program's time zone, the browser in
 * its own: they differ for a few hours around midnight at most.
 */
export const REPORT_RANGES = {
  /** Lost patients: the day lost, the current month and the 11 before it. */
  lost: (now: Date = new Date()): DateRange => ({ from: day(today(now).startOf('month').minus({ months: 11 })), to: day(today(now)) }),
  /** Pre-Op: surgery dates from today to 90 days ahead. */
  preOp: (now: Date = new Date()): DateRange => ({ from: day(today(now)), to: day(today(now).plus({ days: 90 })) }),
  /** Post-Op: surgery dates of the last 2 years (730 days). */
  postOp: (now: Date = new Date()): DateRange => ({ from: day(today(now).minus({ days: 730 })), to: day(today(now)) }),
  /** Surgery volume: the current month and the 11 before it. */
  surgeryVolume: (now: Date = new Date()): DateRange => ({ from: day(today(now).startOf('month').minus({ months: 11 })), to: day(today(now)) }),
} as const;

/** A day "yyyy-MM-dd" that exists, else null. */
export const validDay = (value: string | null | undefined): string | null =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDateTime(value) ? value : null;
