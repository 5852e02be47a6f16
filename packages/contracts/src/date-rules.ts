/**
 * Date and time rules of BariDesk forms and API payloads ("yyyy-MM-dd", naive date-times, 12-hour
 * times, and the order of two of them). Apart from ./rules so a form without dates never loads the
 * date library (luxon) they parse with.
 */
import * as v from 'valibot';
import { forwardedCheck } from './forwarded-check';
import {
  parseDateTime,
} from '@baridesk/domain';
import {
  type CompareOp,
  FLIPPED_OP,
  dateComparison,
  dateTimeComparison,
  invalidValue,
  pickerRequired,
  timeComparison,
  titleLabel,
} from './messages';
// ---------------------------------------------------------------------------------------------
// Dates and times
// ---------------------------------------------------------------------------------------------

/** "yyyy-MM-dd", optionally followed (after a space or "T") by "HH:mm" or "HH:mm:ss" with hours 00-23. */
const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}(?:[T ](?:[01]\d|2[0-3]):\d{2}(?::\d{2})?)?$/;

/**
 * The instant of a calendar date "yyyy-MM-dd" or a naive date-time "yyyy-MM-dd HH:mm[:ss]" (or with
 * "T"), read as UTC, in milliseconds; null when it is not a real date and time. A Date gives its time.
 */
export function toTimestamp(value: string | Date): number | null {
  // The pattern narrows the formats parseDateTime reads to these two (and keeps out "24:00",
  // which it would read as the next midnight); parseDateTime rejects dates and times that do not exist.
  if (typeof value === 'string' && !DATE_TIME_PATTERN.test(value.trim())) return null;
  return parseDateTime(value, 'UTC')?.toMillis() ?? null;
}

/**
 * Whether `value` is a real calendar date written "yyyy-MM-dd" (2026-02-29 is not, 2028-02-29 is).
 * Year 0000 is refused: PostgreSQL has no such date.
 */
export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= '0001-01-01' && toTimestamp(value) !== null;
}

function compareNumbers(a: number, op: CompareOp, b: number): boolean {
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '=':
      return a === b;
  }
}

/**
 * Whether `a op b` holds for two dates ("yyyy-MM-dd"), date-times ("yyyy-MM-dd HH:mm[:ss]") or Date
 * objects. False when either side is not a valid date. Compare like with like: strings are read as UTC.
 */
export function compareDates(a: string | Date, op: CompareOp, b: string | Date): boolean {
  const left = toTimestamp(a);
  const right = toTimestamp(b);
  if (left === null || right === null) return false;
  return compareNumbers(left, op, right);
}

/**
 * Minutes after midnight of a time written "hh:mm AM/PM" (12-hour, as the time picker shows it; the
 * space is optional and AM/PM may be lower case) or "HH:mm" / "HH:mm:ss" (24-hour, as a database
 * returns it); null otherwise.
 */
export function timeToMinutes(value: string): number | null {
  const text = value.trim();
  const twelve = /^(0?[1-9]|1[0-2]):([0-5]\d)\s?([AaPp])[Mm]$/.exec(text);
  if (twelve) {
    const hour = Number(twelve[1]) % 12;
    const pm = twelve[3]?.toUpperCase() === 'P';
    return (hour + (pm ? 12 : 0)) * 60 + Number(twelve[2]);
  }
  const twentyFour = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/.exec(text);
  if (twentyFour) return Number(twentyFour[1]) * 60 + Number(twentyFour[2]);
  return null;
}

/** Whether `a op b` holds for two times (see timeToMinutes); false when either is not a time. */
export function compareTimes(a: string, op: CompareOp, b: string): boolean {
  const left = timeToMinutes(a);
  const right = timeToMinutes(b);
  if (left === null || right === null) return false;
  return compareNumbers(left, op, right);
}

export interface PickerRuleOptions {
  /** The label in the messages; the field name in title case unless told ("start_date" gives "Start Date"). */
  label?: string;
}

/**
 * A required date "yyyy-MM-dd" (the date picker's value), trimmed. Missing: "{Label} is required"
 * (no period, title-case label, as the spec writes "Start Date is required"). Not a real date:
 * "Please enter valid {field}." (not in the spec).
 */
export function isoDate(field: string, { label = titleLabel(field) }: PickerRuleOptions = {}) {
  return v.optional(
    v.pipe(
      v.string(pickerRequired(label)),
      v.trim(),
      v.nonEmpty(pickerRequired(label)),
      v.check(isIsoDate, invalidValue(label)),
    ),
    '',
  );
}

/**
 * A required time, trimmed: "hh:mm AM/PM" (12-hour picker) or "HH:mm" / "HH:mm:ss" (24-hour); the
 * value is kept as written (use timeToMinutes to read it). Missing: "{Label} is required" (as the spec
 * writes "Start Time is required"). Malformed: "Please enter valid {field}." (not in the spec).
 */
export function time12h(field: string, { label = titleLabel(field) }: PickerRuleOptions = {}) {
  return v.optional(
    v.pipe(
      v.string(pickerRequired(label)),
      v.trim(),
      v.nonEmpty(pickerRequired(label)),
      v.check((value) => timeToMinutes(value) !== null, invalidValue(label)),
    ),
    '',
  );
}

export interface OrderOptions {
  /** Key of the start field. */
  start?: string;
  /** Key of the end field. */
  end?: string;
  /** The relation that must hold: start `op` end. '<' unless told. */
  op?: CompareOp;
  startLabel?: string;
  endLabel?: string;
  /**
   * The field that carries the error; 'end' unless told. On the end field the message is written
   * from the end's side with the operator flipped ("End Time must be greater than Start Time"); on
   * the start field from the start's side ("Start Time must be less than End Time").
   */
  reportOn?: 'start' | 'end';
}

function orderCheck<TInput extends Record<string, unknown>>(
  options: OrderOptions,
  defaults: { start: string; end: string; startLabel: string; endLabel: string },
  compare: (a: string, op: CompareOp, b: string) => boolean | null,
  sentence: (left: string, op: CompareOp, right: string) => string,
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  const start = options.start ?? defaults.start;
  const end = options.end ?? defaults.end;
  const op = options.op ?? '<';
  const startLabel = options.startLabel ?? (start === defaults.start ? defaults.startLabel : titleLabel(start));
  const endLabel = options.endLabel ?? (end === defaults.end ? defaults.endLabel : titleLabel(end));
  const onEnd = (options.reportOn ?? 'end') === 'end';
  const message = onEnd ? sentence(endLabel, FLIPPED_OP[op], startLabel) : sentence(startLabel, op, endLabel);
  return forwardedCheck<TInput>(
    [start, end],
    onEnd ? end : start,
    (input) => {
      const a = input[start];
      const b = input[end];
      // Missing or malformed values are the business of the fields' own rules.
      if (typeof a !== 'string' || typeof b !== 'string' || a.trim() === '' || b.trim() === '') return true;
      return compare(a, op, b) ?? true;
    },
    message,
  );
}

function compareParsedDates(a: string, op: CompareOp, b: string): boolean | null {
  if (toTimestamp(a) === null || toTimestamp(b) === null) return null;
  return compareDates(a, op, b);
}

function compareParsedTimes(a: string, op: CompareOp, b: string): boolean | null {
  if (timeToMinutes(a) === null || timeToMinutes(b) === null) return null;
  return compareTimes(a, op, b);
}

/**
 * Object-level check (for the pipe of an object schema) that `start op end` holds for two dates,
 * the error going to the end field by default: with the defaults (start_date, end_date, '<') it is
 * END_DATE_GREATER, "End Date must be greater than Start Date". Skipped while either date is empty.
 */
export function dateOrder<TInput extends Record<string, unknown>>(
  options: OrderOptions = {},
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  return orderCheck<TInput>(
    options,
    { start: 'start_date', end: 'end_date', startLabel: 'Start Date', endLabel: 'End Date' },
    compareParsedDates,
    dateComparison,
  );
}

/**
 * Like dateOrder for date-times (start_date_time, end_date_time), with the spec's sentence-case
 * labels: "End date time must be greater than Start date time".
 */
export function dateTimeOrder<TInput extends Record<string, unknown>>(
  options: OrderOptions = {},
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  return orderCheck<TInput>(
    options,
    { start: 'start_date_time', end: 'end_date_time', startLabel: 'Start date time', endLabel: 'End date time' },
    compareParsedDates,
    dateTimeComparison,
  );
}

/**
 * Like dateOrder for times (start_time, end_time): with the defaults the error on the end field is
 * "End Time must be greater than Start Time"; with reportOn 'start', "Start Time must be less than End Time".
 */
export function timeOrder<TInput extends Record<string, unknown>>(
  options: OrderOptions = {},
): v.BaseValidation<TInput, TInput, v.BaseIssue<unknown>> {
  return orderCheck<TInput>(
    options,
    { start: 'start_time', end: 'end_time', startLabel: 'Start Time', endLabel: 'End Time' },
    compareParsedTimes,
    timeComparison,
  );
}

