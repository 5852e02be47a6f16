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

/**
 * The one display pattern of a calendar date (spec: "MMM DD, YYYY"), as luxon writes it. Every screen,
 * the PDFs and the e-mails show dates through the helpers below, so no two places differ ("Apr 05, 2026"
 * on one screen, "Apr 5, 2026" or "5 Apr" on another); eslint.config.js refuses the browser's own
 * date formatting (toLocaleDateString, Intl.DateTimeFormat, …) outside this package.
 */
const DATE_FORMAT = 'LLL dd, yyyy';
/** The one display pattern of a time of day (spec: "hh:mma", local time). */
const TIME_FORMAT = 'hh:mma';

/**
 * Calendar date for display as MMM DD, YYYY: "Mar 05, 2026". Empty or invalid input gives ''.
 * See {@link parseDateTime} for `zone`.
 */
export function formatDate(value: DateInput, zone?: string): string {
  const parsed = parseDateTime(value, zone);
  return parsed ? parsed.setLocale(DISPLAY_LOCALE).toFormat(DATE_FORMAT) : '';
}

/**
 * Month and day without the year, for the labels of a chart's day axis where the year is the same
 * throughout: "Mar 05" (the first part of {@link formatDate}). Empty or invalid input gives ''.
 */
export function formatMonthDay(value: DateInput, zone?: string): string {
  const parsed = parseDateTime(value, zone);
  return parsed ? parsed.setLocale(DISPLAY_LOCALE).toFormat('LLL dd') : '';
}

/** A month as a heading: "March 2026" (month 1..12); '' for a month that does not exist. */
export function formatMonth(year: number, month: number): string {
  const parsed = DateTime.fromObject({ year, month, day: 1 });
  return parsed.isValid ? parsed.setLocale(DISPLAY_LOCALE).toFormat('LLLL yyyy') : '';
}

/** A month as the API writes it ("yyyy-MM", a report's series) as a heading: "2026-03" gives "March 2026"; anything else ''. */
export function formatMonthKey(key: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(key);
  return match ? formatMonth(Number(match[1]), Number(match[2])) : '';
}

/**
 * Time of day for display as hh:mma with an upper-case meridiem and no space: "09:05AM", "12:30PM".
 * Accepts date-times and time-only texts ("14:30", "14:30:00"). Empty or invalid input gives ''.
 * See {@link parseDateTime} for `zone`.
 */
export function formatTime(value: DateInput, zone?: string): string {
  const parsed = parseDateTime(value, zone);
  return parsed ? parsed.setLocale(DISPLAY_LOCALE).toFormat(TIME_FORMAT) : '';
}

/**
 * A point in time for display: {@link formatDate} then {@link formatTime}, "Mar 05, 2026 09:05AM".
 * Empty or invalid input gives ''.
 */
export function formatDateTime(value: DateInput, zone?: string): string {
  const parsed = parseDateTime(value, zone);
  return parsed ? parsed.setLocale(DISPLAY_LOCALE).toFormat(`${DATE_FORMAT} ${TIME_FORMAT}`) : '';
}
