/**
 * The recurrence of a scheduled message: the small part of RFC 5545 (RRULE) the product offers — daily,
 * weekly on chosen days, monthly on a day of the month, every N of them, ending after a number of runs
 * or on a date. The API stores the rule text; the server computes its occurrences with `rrule`, the
 * screens build the text from their choices and describe it in words with the functions here.
 */
import * as v from 'valibot';

export const RECURRENCE_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** RFC 5545's two-letter days, Monday first. */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

/** Most runs a rule may ask for with COUNT, and the largest INTERVAL. */
export const MAX_RECURRENCE_COUNT = 1000;
export const MAX_RECURRENCE_INTERVAL = 99;

/** A rule as the product understands it. `until` is a calendar date ("yyyy-MM-dd", the last day a run may fall on). */
export interface Recurrence {
  frequency: RecurrenceFrequency;
  interval: number;
  /** weekly: the days it runs on (none: the first run's day). */
  weekdays: Weekday[];
  /** monthly: the day of the month (1–31; a month without it is skipped); none: the first run's day. */
  monthDay: number | null;
  count: number | null;
  until: string | null;
}

export const RECURRENCE_MESSAGES = {
  invalid: 'The repeat rule must be an RFC 5545 RRULE such as FREQ=WEEKLY;BYDAY=MO,WE.',
  frequency: 'The repeat rule must be daily (FREQ=DAILY), weekly (FREQ=WEEKLY) or monthly (FREQ=MONTHLY).',
  part: (name: string) => `The repeat rule may not use ${name}: only FREQ, INTERVAL, BYDAY (weekly), BYMONTHDAY (monthly), COUNT and UNTIL.`,
  interval: `INTERVAL must be a whole number from 1 to ${MAX_RECURRENCE_INTERVAL}.`,
  byDay: 'BYDAY must list days of the week (MO, TU, WE, TH, FR, SA, SU), each once.',
  byMonthDay: 'BYMONTHDAY must be one day of the month from 1 to 31.',
  count: `COUNT must be a whole number from 1 to ${MAX_RECURRENCE_COUNT}.`,
  until: 'UNTIL must be a date such as 20270131 or 20270131T235959Z.',
  countAndUntil: 'The repeat rule may have COUNT or UNTIL, not both.',
  repeated: (name: string) => `The repeat rule names ${name} twice.`,
} as const;

const FREQ_OF: Readonly<Record<string, RecurrenceFrequency>> = { DAILY: 'daily', WEEKLY: 'weekly', MONTHLY: 'monthly' };
const WHOLE = /^[1-9]\d{0,3}$/;
const UNTIL = /^(\d{4})(\d{2})(\d{2})(?:T\d{6}Z?)?$/;

/**
 * Reads a rule ("FREQ=WEEKLY;BYDAY=MO,WE", with or without "RRULE:"): the rule, or the reason it is not
 * one the product runs.
 */
export function parseRecurrence(text: string): { ok: true; value: Recurrence } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  const body = text.trim().replace(/^RRULE:/i, '');
  if (body === '') return fail(RECURRENCE_MESSAGES.invalid);
  const parts = new Map<string, string>();
  for (const part of body.split(';')) {
    const match = /^([A-Za-z]+)=([^=;]+)$/.exec(part.trim());
    if (!match) return fail(RECURRENCE_MESSAGES.invalid);
    const name = match[1]!.toUpperCase();
    if (parts.has(name)) return fail(RECURRENCE_MESSAGES.repeated(name));
    parts.set(name, match[2]!.trim().toUpperCase());
  }
  const frequency = FREQ_OF[parts.get('FREQ') ?? ''];
  if (!frequency) return fail(RECURRENCE_MESSAGES.frequency);
  const allowed = new Set(['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', ...(frequency === 'weekly' ? ['BYDAY'] : []), ...(frequency === 'monthly' ? ['BYMONTHDAY'] : [])]);
  for (const name of parts.keys()) if (!allowed.has(name)) return fail(RECURRENCE_MESSAGES.part(name));

  const interval = parts.get('INTERVAL') ?? '1';
  if (!WHOLE.test(interval) || Number(interval) > MAX_RECURRENCE_INTERVAL) return fail(RECURRENCE_MESSAGES.interval);

  let weekdays: Weekday[] = [];
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    const days = byDay.split(',').map((day) => day.trim());
    if (!days.every((day): day is Weekday => (WEEKDAYS as readonly string[]).includes(day)) || new Set(days).size !== days.length) {
      return fail(RECURRENCE_MESSAGES.byDay);
    }
    weekdays = [...days].sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
  }

  let monthDay: number | null = null;
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    if (!WHOLE.test(byMonthDay) || Number(byMonthDay) > 31) return fail(RECURRENCE_MESSAGES.byMonthDay);
    monthDay = Number(byMonthDay);
  }

  const countText = parts.get('COUNT');
  if (countText !== undefined && (!WHOLE.test(countText) || Number(countText) > MAX_RECURRENCE_COUNT)) return fail(RECURRENCE_MESSAGES.count);
  const untilText = parts.get('UNTIL');
  let until: string | null = null;
  if (untilText !== undefined) {
    const match = UNTIL.exec(untilText);
    const date = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
    if (!match || !isCalendarDate(date)) return fail(RECURRENCE_MESSAGES.until);
    until = date;
  }
  if (countText !== undefined && until !== null) return fail(RECURRENCE_MESSAGES.countAndUntil);

  return {
    ok: true,
    value: { frequency, interval: Number(interval), weekdays, monthDay, count: countText === undefined ? null : Number(countText), until },
  };
}

function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/** The rule's text, in the order RFC 5545's examples use. `until` is the end of that day (floating local time). */
export function formatRecurrence(rule: Recurrence): string {
  const parts = [`FREQ=${rule.frequency.toUpperCase()}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.frequency === 'weekly' && rule.weekdays.length) parts.push(`BYDAY=${rule.weekdays.join(',')}`);
  if (rule.frequency === 'monthly' && rule.monthDay !== null) parts.push(`BYMONTHDAY=${rule.monthDay}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  else if (rule.until !== null) parts.push(`UNTIL=${rule.until.replaceAll('-', '')}T235959`);
  return parts.join(';');
}

const ordinal = (n: number) => {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
};

const listed = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/**
 * The rule in plain words, for the screens: "Every week on Monday and Wednesday, 10 times". `firstRun`
 * (a local "yyyy-MM-ddTHH:mm") names the day a rule without BYDAY or BYMONTHDAY falls on.
 */
export function describeRecurrence(rule: Recurrence | null, firstRun?: string): string {
  if (rule === null) return 'Once';
  const first = firstRun && isCalendarDate(firstRun.slice(0, 10)) ? new Date(`${firstRun.slice(0, 10)}T00:00:00Z`) : null;
  const unit = { daily: 'day', weekly: 'week', monthly: 'month' }[rule.frequency];
  let words = rule.interval === 1 ? `Every ${unit}` : `Every ${rule.interval} ${unit}s`;
  if (rule.frequency === 'weekly') {
    const days = rule.weekdays.length ? rule.weekdays : first ? [WEEKDAYS[(first.getUTCDay() + 6) % 7]!] : [];
    if (days.length === 7) words += ' on every day';
    else if (days.length) words += ` on ${listed(days.map((day) => WEEKDAY_NAMES[day]))}`;
  }
  if (rule.frequency === 'monthly') {
    const day = rule.monthDay ?? first?.getUTCDate() ?? null;
    if (day !== null) words += ` on the ${ordinal(day)}${day > 28 ? ' (months without that day are skipped)' : ''}`;
  }
  if (rule.count !== null) words += rule.count === 1 ? ', once' : `, ${rule.count} times`;
  else if (rule.until !== null) words += `, until ${rule.until}`;
  return words;
}

/**
 * The `rrule` field of a payload (a scheduled message, an event series): optional; a blank gives null;
 * otherwise a rule parseRecurrence accepts (its reason is the message), written back upper case
 * without the "RRULE:" prefix.
 */
export const recurrenceRuleField = v.nullish(
  v.pipe(
    v.string(RECURRENCE_MESSAGES.invalid),
    v.trim(),
    v.maxLength(254, 'The repeat rule may not be greater than 254 characters.'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value === '') return;
      const parsed = parseRecurrence(dataset.value);
      if (!parsed.ok) addIssue({ message: parsed.message });
    }),
    v.transform((rule) => (rule === '' ? null : rule.replace(/^RRULE:/i, '').toUpperCase())),
  ),
);
