import { LOG_YEAR_MAX, LOG_YEAR_MIN } from '@baridesk/contracts';
import { formatMonth } from '@baridesk/domain';

export type Month = { month: number; year: number };

/** "March 2026". */
export const monthLabel = ({ month, year }: Month) => formatMonth(year, month);

/** The month `delta` months away. */
export function shiftMonth({ month, year }: Month, delta: number): Month {
  const index = year * 12 + (month - 1) + delta;
  return { month: (index % 12) + 1, year: Math.floor(index / 12) };
}

const order = ({ month, year }: Month) => year * 12 + month;
export const isBefore = (a: Month, b: Month) => order(a) < order(b);

/** The month the reports take, read from the address (?month=3&year=2026); null when absent or out of range. */
export function monthFromParams(params: URLSearchParams): Month | null {
  const month = Number(params.get('month'));
  const year = Number(params.get('year'));
  const valid = Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year >= LOG_YEAR_MIN && year <= LOG_YEAR_MAX;
  return valid ? { month, year } : null;
}

/** The browser's current month: the reports do not go past it. */
export function currentMonth(now = new Date()): Month {
  return { month: now.getMonth() + 1, year: now.getFullYear() };
}

/** The earliest month the API takes. */
export const FIRST_MONTH: Month = { month: 1, year: LOG_YEAR_MIN };

/** The days of the month, "yyyy-MM-dd", from the first to the last. */
export function daysOf({ month, year }: Month): string[] {
  const count = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return Array.from({ length: count }, (_, i) => `${year}-${pad(month)}-${pad(i + 1)}`);
}

/** Today in the browser, "yyyy-MM-dd". */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
