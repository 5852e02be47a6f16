/**
 * Reading and displaying dates and times (luxon). Apart from ./format so code that only formats
 * phones or amounts does not load the date library.
 */
import { DateTime, type Zone } from 'luxon';
import { DISPLAY_LOCALE } from './format';

/** Value accepted by the date helpers: an ISO 8601 or SQL ("2026-03-05 14:30:00") text, or a Date. */
export type DateInput = string | Date | null | undefined;

/**
 * Reads `value` as a point in time in `zone` (an IANA name such as 'America/New_York' or a luxon
 * Zone; the machine's zone when omitted). Date-only and offset-less texts are taken as local to `zone`;
 * texts with an offset or "Z" are converted into it. Returns `null` for empty or invalid input.
 */
export function parseDateTime(value: DateInput, zone?: string | Zone): DateTime | null {
  if (value === null || value === undefined) return null;
  const options = zone === undefined ? {} : { zone };
  let parsed: DateTime;
  if (value instanceof Date) {
    parsed = DateTime.fromJSDate(value, options);
  } else {
    const text = value.trim();
    if (text === '') return null;
    parsed = DateTime.fromISO(text, options);
    if (!parsed.isValid) parsed = DateTime.fromSQL(text, options);
  }
  return parsed.isValid ? parsed : null;
}

export const DATE_STYLES = ['MMM DD, YYYY', 'MMM D, YYYY'] as const;
export type DateStyle = (typeof DATE_STYLES)[number];

const LUXON_DATE_FORMATS: Record<DateStyle, string> = {
  'MMM DD, YYYY': 'LLL dd, yyyy',
  'MMM D, YYYY': 'LLL d, yyyy',
};

/**
 * Calendar date for display: 'MMM DD, YYYY' gives "Mar 05, 2026", 'MMM D, YYYY' gives "Mar 5, 2026".
 * Empty or invalid input gives ''. See {@link parseDateTime} for `zone`.
 */
export function formatDate(value: DateInput, style: DateStyle = 'MMM DD, YYYY', zone?: string): string {
  const parsed = parseDateTime(value, zone);
  return parsed ? parsed.setLocale(DISPLAY_LOCALE).toFormat(LUXON_DATE_FORMATS[style]) : '';
}

/**
 * Time of day for display as hh:mma with an upper-case meridiem and no space: "09:05AM", "12:30PM".
 * Accepts date-times and time-only texts ("14:30", "14:30:00"). Empty or invalid input gives ''.
 * See {@link parseDateTime} for `zone`.
 */
export function formatTime(value: DateInput, zone?: string): string {
  const parsed = parseDateTime(value, zone);
  return parsed ? parsed.setLocale(DISPLAY_LOCALE).toFormat('hh:mma') : '';
}
