import * as v from 'valibot';
import { RECURRENCE_MESSAGES, describeRecurrence, formatRecurrence, parseRecurrence } from './message-recurrence';
import { scheduledMessageBody } from './staff-messages';

const parsed = (text: string) => {
  const result = parseRecurrence(text);
  if (!result.ok) throw new Error(result.message);
  return result.value;
};

describe('the recurrence of a scheduled message', () => {
  it('reads the rules the product runs and writes them back the same', () => {
    for (const text of ['FREQ=DAILY', 'FREQ=WEEKLY;BYDAY=MO,WE', 'FREQ=MONTHLY;BYMONTHDAY=15;COUNT=6', 'FREQ=DAILY;INTERVAL=2;UNTIL=20270131T235959']) {
      expect(formatRecurrence(parsed(text))).toBe(text);
    }
    expect(parsed('RRULE:freq=weekly;byday=we,mo')).toMatchObject({ frequency: 'weekly', weekdays: ['MO', 'WE'] });
  });

  it('refuses what it does not run, saying why', () => {
    expect(parseRecurrence('FREQ=HOURLY')).toEqual({ ok: false, message: RECURRENCE_MESSAGES.frequency });
    expect(parseRecurrence('FREQ=DAILY;BYDAY=MO')).toEqual({ ok: false, message: RECURRENCE_MESSAGES.part('BYDAY') });
    expect(parseRecurrence('FREQ=WEEKLY;BYDAY=MO,XX')).toEqual({ ok: false, message: RECURRENCE_MESSAGES.byDay });
    expect(parseRecurrence('FREQ=MONTHLY;BYMONTHDAY=32')).toEqual({ ok: false, message: RECURRENCE_MESSAGES.byMonthDay });
    expect(parseRecurrence('FREQ=DAILY;COUNT=2;UNTIL=20270101')).toEqual({ ok: false, message: RECURRENCE_MESSAGES.countAndUntil });
    expect(parseRecurrence('FREQ=DAILY;UNTIL=20270230')).toEqual({ ok: false, message: RECURRENCE_MESSAGES.until });
    expect(parseRecurrence('nonsense')).toEqual({ ok: false, message: RECURRENCE_MESSAGES.invalid });
  });

  it('says the rule in plain words', () => {
    expect(describeRecurrence(null)).toBe('Once');
    expect(describeRecurrence(parsed('FREQ=DAILY'))).toBe('Every day');
    expect(describeRecurrence(parsed('FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=10'))).toBe('Every week on Monday, Wednesday and Friday, 10 times');
    // Without BYDAY, the first run's day (1 December 2026 is a Tuesday).
    expect(describeRecurrence(parsed('FREQ=WEEKLY;INTERVAL=2'), '2026-12-01T09:00')).toBe('Every 2 weeks on Tuesday');
    expect(describeRecurrence(parsed('FREQ=MONTHLY'), '2026-12-31T09:00')).toBe('Every month on the 31st (months without that day are skipped)');
    expect(describeRecurrence(parsed('FREQ=MONTHLY;BYMONTHDAY=2;UNTIL=20270601'))).toBe('Every month on the 2nd, until 2027-06-01');
  });

  it('is checked in the body of a scheduled message, on the rrule field', () => {
    const body = { title: 'T', message: 'M', patient_ids: [1], send_at: '2026-12-01T09:00' };
    expect(v.safeParse(scheduledMessageBody, { ...body, rrule: 'FREQ=WEEKLY;BYDAY=MO' }).output).toMatchObject({ rrule: 'FREQ=WEEKLY;BYDAY=MO' });
    const bad = v.safeParse(scheduledMessageBody, { ...body, rrule: 'FREQ=YEARLY' });
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0]?.message).toBe(RECURRENCE_MESSAGES.frequency);
  });
});
