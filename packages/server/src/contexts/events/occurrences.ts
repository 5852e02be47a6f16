/**
 * The days of an event series. A series' rule is read with the contracts' parseRecurrence (the one
 * reader of the product's RRULE subset) and expanded by `rrule` on floating dates: each day is a calendar
 * day at midnight written as if it were UTC, so the event's zone never moves a day (a 6 PM group on
 * Tuesdays is on Tuesdays in its own zone, across daylight-saving changes too). Days only: the time of
 * day is the event's `time`, the same on every day.
 */
// The server runs as CommonJS (tsx, ts-jest), where rrule's UMD build gives its names directly.
import { RRule, type Options, type Weekday as RRuleWeekday } from 'rrule';
import { WEEKDAYS, parseRecurrence, type Recurrence } from '@baridesk/contracts';

const DAY_MS = 86_400_000;
const RRULE_DAYS: Readonly<Record<(typeof WEEKDAYS)[number], RRuleWeekday>> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};
const FREQUENCIES = { daily: RRule.DAILY, weekly: RRule.WEEKLY, monthly: RRule.MONTHLY } as const;

/** "yyyy-MM-dd" as a floating midnight. */
const floating = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

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
 * The rule's options with a DTSTART moved forward by whole periods to just before `from`, when the rule
 * has no COUNT (a COUNT counts from the real start): a weekly group that began years ago is expanded
 * from this month, not from its first week. Moving by whole periods (INTERVAL days, weeks or months)
 * keeps every day the rule gives; a monthly rule names its day of the month so the move cannot change it.
 */
function optionsFrom(rule: Recurrence, start: string, from: string | null): Partial<Options> {
  const first = floating(start);
  const options: Partial<Options> = {
    freq: FREQUENCIES[rule.frequency],
    interval: rule.interval,
    dtstart: first,
    wkst: RRule.MO,
    count: rule.count,
    until: rule.until === null ? null : floating(rule.until),
  };
  if (rule.frequency === 'weekly' && rule.weekdays.length) options.byweekday = rule.weekdays.map((day) => RRULE_DAYS[day]);
  if (rule.frequency === 'monthly') options.bymonthday = rule.monthDay ?? first.getUTCDate();
  if (from === null || rule.count !== null || from <= start) return options;

  const target = floating(from);
  if (rule.frequency === 'monthly') {
    const months = (target.getUTCFullYear() - first.getUTCFullYear()) * 12 + target.getUTCMonth() - first.getUTCMonth();
    const periods = Math.floor(months / rule.interval) - 1;
    if (periods > 0) options.dtstart = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + periods * rule.interval, 1));
    return options;
  }
  const step = rule.frequency === 'weekly' ? 7 * rule.interval : rule.interval;
  const periods = Math.floor((target.getTime() - first.getTime()) / DAY_MS / step);
  if (periods > 0) options.dtstart = new Date(first.getTime() + periods * step * DAY_MS);
  return options;
}

/** The days ("yyyy-MM-dd", in order) from `from` to `to` inclusive on which a series starting `start` falls; none for a rule the product does not read. */
export function ruleDays(rrule: string, start: string, from: string, to: string): string[] {
  const rule = recurrenceOf(rrule);
  if (!rule || to < from || to < start) return [];
  return new RRule(optionsFrom(rule, start, from)).between(floating(from), floating(to), true).map(dayOf);
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
  if (rule.count === null && rule.until === null) return { end: null, hasDays: true };
  // COUNT is at most 1000 and UNTIL bounds the rest: the whole list is small.
  const days = new RRule(optionsFrom(rule, start, null)).all();
  const last = days.at(-1);
  return last ? { end: dayOf(last), hasDays: true } : { end: null, hasDays: false };
}
