/**
 * The days of an event series. A series' rule is read with the contracts' parseRecurrence (the one
 * reader of the product's RRULE subset: daily, weekly on days, monthly on a day of the month, each every
 * N, ending by COUNT or UNTIL) and its days are computed on floating dates: calendar days in the event's
 * own zone, so the zone never moves a day (a 6 PM group on Tuesdays is on Tuesdays, across daylight-saving
 * changes too). Days only: the time of day is the event's `time`, the same on every day.
 *
 * Why not `rrule` here, as scheduled messages use it: a month's list expands hundreds of series per
 * request, and rrule's iterator cost about 60 µs a rule (30–60 ms for 500 series, the whole budget of the
 * list). The subset is plain arithmetic over periods (a day, a week from Monday, a month), which RFC 5545
 * defines the same way; occurrences.test.ts checks it against `rrule` itself on every kind of rule.
 */
import { WEEKDAYS, parseRecurrence, type Recurrence } from '@baridesk/contracts';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of "yyyy-MM-dd", and back. */
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00.000Z`) / DAY_MS;
const dayTexts = new Map<number, string>();
/** Day numbers are written again and again (every series on every day of a month): kept once written. */
function dayText(n: number): string {
  let text = dayTexts.get(n);
  if (text === undefined) {
    text = new Date(n * DAY_MS).toISOString().slice(0, 10);
    if (dayTexts.size > 100_000) dayTexts.clear();
    dayTexts.set(n, text);
  }
  return text;
}
/** Monday 0 … Sunday 6, as WEEKDAYS orders them (1970-01-01 was a Thursday). */
const weekdayOf = (n: number): number => (((n + 3) % 7) + 7) % 7;

/** Parsed rules by text: a month's list reads the same few hundred rules again and again. */
const parsedRules = new Map<string, Recurrence | null>();
function recurrenceOf(rrule: string): Recurrence | null {
  let rule = parsedRules.get(rrule);
  if (rule === undefined) {
    const parsed = parseRecurrence(rrule);
    rule = parsed.ok ? parsed.value : null;
    if (parsedRules.size > 10_000) parsedRules.clear();
    parsedRules.set(rrule, rule);
  }
  return rule;
}

/**
 * The days (day numbers, in order) a rule starting on `start` gives in period `p` (0 is the start's own):
 * daily, the day p·N after the start; weekly, the chosen weekdays of the week (Monday first, the
 * default WKST) p·N weeks after the start's; monthly, the chosen day of the month p·N months after the
 * start's (none when that month is too short).
 */
function daysOfPeriod(rule: Recurrence, start: number, startDate: Date, weekdays: readonly number[], p: number): number[] {
  if (rule.frequency === 'daily') return [start + p * rule.interval];
  if (rule.frequency === 'weekly') {
    const monday = start - weekdayOf(start) + p * 7 * rule.interval;
    return weekdays.map((weekday) => monday + weekday);
  }
  const monthDay = rule.monthDay ?? startDate.getUTCDate();
  const at = new Date(Date.UTC(startDate.getUTCFullYear(), startDate.getUTCMonth() + p * rule.interval, monthDay));
  // Date.UTC rolls the 31st of a 30-day month into the next one: such a month has no day.
  if (at.getUTCDate() !== monthDay) return [];
  return [at.getTime() / DAY_MS];
}

/** The period holding day number `day` (or the one before it), for a rule without COUNT to start from. */
function periodNear(rule: Recurrence, start: number, startDate: Date, day: number): number {
  if (day <= start) return 0;
  if (rule.frequency === 'daily') return Math.floor((day - start) / rule.interval);
  if (rule.frequency === 'weekly') return Math.floor((day - (start - weekdayOf(start))) / (7 * rule.interval));
  const target = new Date(day * DAY_MS);
  const months = (target.getUTCFullYear() - startDate.getUTCFullYear()) * 12 + target.getUTCMonth() - startDate.getUTCMonth();
  return Math.max(0, Math.floor(months / rule.interval) - 1);
}

/**
 * The rule's days from `from` to `to` (day numbers, inclusive), in order. A rule with COUNT is counted
 * from its start (at most 1000 days); one without starts at the period of `from`.
 */
function expand(rule: Recurrence, startDay: string, from: number, to: number): number[] {
  const start = dayNumber(startDay);
  const startDate = new Date(start * DAY_MS);
  const weekdays = rule.weekdays.length ? rule.weekdays.map((day) => WEEKDAYS.indexOf(day)) : [weekdayOf(start)];
  const last = Math.min(to, rule.until === null ? Number.POSITIVE_INFINITY : dayNumber(rule.until));
  const days: number[] = [];
  let counted = 0;
  for (let p = rule.count === null ? periodNear(rule, start, startDate, from) : 0; ; p += 1) {
    const period = daysOfPeriod(rule, start, startDate, weekdays, p);
    // A monthly period may be empty (a short month); the next one is later still.
    const firstOfPeriod =
      rule.frequency === 'monthly' ? Date.UTC(startDate.getUTCFullYear(), startDate.getUTCMonth() + p * rule.interval, 1) / DAY_MS : period[0]!;
    if (firstOfPeriod > last) return days;
    for (const day of period) {
      if (day < start) continue;
      if (day > last) return days;
      counted += 1;
      if (day >= from) days.push(day);
      if (rule.count !== null && counted >= rule.count) return days;
    }
  }
}

/** The days ("yyyy-MM-dd", in order) from `from` to `to` inclusive on which a series starting `start` falls; none for a rule the product does not read. */
export function ruleDays(rrule: string, start: string, from: string, to: string): string[] {
  const rule = recurrenceOf(rrule);
  if (!rule || to < from || to < start) return [];
  return expand(rule, start, dayNumber(from), dayNumber(to)).map(dayText);
}

/** Whether the series falls on `day` (its rule, before exdates). */
export const isRuleDay = (rrule: string, start: string, day: string): boolean => ruleDays(rrule, start, day, day).length > 0;

/**
 * What the repository stores with a series: its last day (from UNTIL or COUNT; null: no end) and whether
 * it falls on any day at all (a rule whose UNTIL comes before its start gives none).
 */
export function recurrenceEndOf(rrule: string, start: string): { end: string | null; hasDays: boolean } {
  const rule = recurrenceOf(rrule);
  if (!rule) return { end: null, hasDays: false };
  const first = expand({ ...rule, count: 1 }, start, dayNumber(start), Number.POSITIVE_INFINITY);
  if (!first.length) return { end: null, hasDays: false };
  if (rule.count === null && rule.until === null) return { end: null, hasDays: true };
  // COUNT is at most 1000 and UNTIL bounds the rest: the whole list is small.
  const days = expand(rule, start, dayNumber(start), Number.POSITIVE_INFINITY);
  return { end: dayText(days.at(-1)!), hasDays: true };
}
