import { RRule } from 'rrule';
import { isRuleDay, recurrenceEndOf, ruleDays } from './occurrences';

/** The same rule expanded from its real start, without the shortcut ruleDays takes. */
function fromTheStart(rrule: string, start: string, from: string, to: string): string[] {
  const rule = new RRule({ ...RRule.parseString(rrule), dtstart: new Date(`${start}T00:00:00Z`) });
  return rule.between(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`), true).map((d) => d.toISOString().slice(0, 10));
}

describe('the days of a series', () => {
  it('gives a weekly group each week of the month, in the days of its own calendar', () => {
    expect(ruleDays('FREQ=WEEKLY;BYDAY=TU', '2026-01-06', '2026-12-01', '2026-12-31')).toEqual(['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22', '2026-12-29']);
    // Across the March daylight-saving change: still every Tuesday.
    expect(ruleDays('FREQ=WEEKLY;BYDAY=TU', '2026-01-06', '2026-03-01', '2026-03-17')).toEqual(['2026-03-03', '2026-03-10', '2026-03-17']);
    expect(ruleDays('FREQ=WEEKLY;BYDAY=TU;UNTIL=20261208', '2026-01-06', '2026-12-01', '2026-12-31')).toEqual(['2026-12-01', '2026-12-08']);
    expect(ruleDays('FREQ=WEEKLY;BYDAY=TU', '2027-01-05', '2026-12-01', '2026-12-31')).toEqual([]);
  });

  it('finds the days rrule finds, for every kind of rule, start and month', () => {
    const rules = [
      'FREQ=DAILY',
      'FREQ=DAILY;INTERVAL=5',
      'FREQ=DAILY;COUNT=40',
      'FREQ=WEEKLY',
      'FREQ=WEEKLY;INTERVAL=3',
      'FREQ=WEEKLY;BYDAY=SU',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
      'FREQ=WEEKLY;BYDAY=MO,WE,FR,SA,SU;COUNT=130',
      'FREQ=WEEKLY;INTERVAL=4;BYDAY=TU;UNTIL=20270405T235959',
      'FREQ=MONTHLY',
      'FREQ=MONTHLY;BYMONTHDAY=31',
      'FREQ=MONTHLY;INTERVAL=2',
      'FREQ=MONTHLY;BYMONTHDAY=3;COUNT=9',
      'FREQ=MONTHLY;INTERVAL=5;UNTIL=20300101',
    ];
    const starts = ['2022-08-31', '2024-02-29', '2026-03-01', '2026-12-20'];
    const ranges = [['2026-12-01', '2026-12-31'], ['2027-02-01', '2027-02-28'], ['2023-03-29', '2023-05-02'], ['2024-02-26', '2024-03-10'], ['2026-03-01', '2026-03-01']] as const;
    for (const rule of rules) {
      for (const start of starts) {
        for (const [from, to] of ranges) {
          expect([rule, start, from, ruleDays(rule, start, from, to)]).toEqual([rule, start, from, fromTheStart(rule, start, from, to)]);
        }
      }
    }
  });

  it('knows whether a day is one of the series', () => {
    expect(isRuleDay('FREQ=MONTHLY;BYMONTHDAY=15', '2026-01-15', '2026-06-15')).toBe(true);
    expect(isRuleDay('FREQ=MONTHLY;BYMONTHDAY=15', '2026-01-15', '2026-06-16')).toBe(false);
    expect(isRuleDay('FREQ=MONTHLY;BYMONTHDAY=15', '2026-01-15', '2025-12-15')).toBe(false);
  });

  it('stores the last day from UNTIL or COUNT, none without an end', () => {
    expect(recurrenceEndOf('FREQ=WEEKLY;BYDAY=TU', '2026-01-06')).toEqual({ end: null, hasDays: true });
    expect(recurrenceEndOf('FREQ=WEEKLY;BYDAY=TU;COUNT=3', '2026-01-06')).toEqual({ end: '2026-01-20', hasDays: true });
    expect(recurrenceEndOf('FREQ=WEEKLY;BYDAY=TU;UNTIL=20260131T235959', '2026-01-06')).toEqual({ end: '2026-01-27', hasDays: true });
    expect(recurrenceEndOf('FREQ=DAILY;UNTIL=20251231', '2026-01-06')).toEqual({ end: null, hasDays: false });
  });
});
