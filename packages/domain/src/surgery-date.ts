/** How long ago (or how far ahead) a patient's surgery date is, in words. */
import { DateTime } from 'luxon';
import { type DateInput, parseDateTime } from './dates';

export const DAYS_PER_YEAR = 365;
export const DAYS_PER_MONTH = 30;

export interface YearsMonthsDays {
  years: number;
  months: number;
  days: number;
}

/**
 * Splits a whole number of days into years of 365 days, then months of 30 days, then days.
 * Negative input is taken by its magnitude; fractions are rounded to the nearest day.
 * Example: 428 days = 1 year (365) + 2 months (60) + 3 days.
 */
export function splitDays(totalDays: number): YearsMonthsDays {
  const whole = Number.isFinite(totalDays) ? Math.round(Math.abs(totalDays)) : 0;
  const years = Math.floor(whole / DAYS_PER_YEAR);
  const afterYears = whole % DAYS_PER_YEAR;
  return { years, months: Math.floor(afterYears / DAYS_PER_MONTH), days: afterYears % DAYS_PER_MONTH };
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * Distance between the surgery date and today, by calendar day:
 * - "Today" when both fall on the same calendar day;
 * - otherwise the whole number of days between them, split by {@link splitDays} and written as
 *   "1 year 2 months 3 days": singular for 1, plural otherwise, zero parts left out, single spaces;
 * - "N/A" when the surgery date is missing or not a valid date (or `today` is invalid).
 *
 * Past and future dates read the same: only the size of the gap is shown, with no "ago" or "in".
 * Calendar days are taken in the zone of `today` (a luxon DateTime keeps its own zone; a Date and
 * the default "now" use the machine's zone), so DST changes never make a day count as 23 or 25 hours.
 */
export function surgeryDateDifference(surgeryDate: DateInput, today?: DateTime | Date): string {
  const reference =
    today === undefined ? DateTime.now() : today instanceof Date ? DateTime.fromJSDate(today) : today;
  if (!reference.isValid) return 'N/A';
  const surgery = parseDateTime(surgeryDate, reference.zone);
  if (!surgery) return 'N/A';

  const days = Math.round(Math.abs(reference.startOf('day').diff(surgery.startOf('day'), 'days').days));
  if (days === 0) return 'Today';

  const { years, months, days: rest } = splitDays(days);
  const words: string[] = [];
  if (years > 0) words.push(plural(years, 'year'));
  if (months > 0) words.push(plural(months, 'month'));
  if (rest > 0) words.push(plural(rest, 'day'));
  return words.join(' ');
}
