import { DateTime } from 'luxon';
import { formatDate, formatDateTime, formatMonth, formatMonthDay, formatMonthKey, formatTime, parseDateTime } from './dates';
import { formatAmount, formatPercent, formatPhone, isAlphanumeric, phoneDigits } from './format';

const NY = 'America/New_York';

describe('phoneDigits', () => {
  it.each([
    ['5551234567', '5551234567'],
    ['555-123-4567', '5551234567'],
    ['(555) 123-4567', '5551234567'],
    ['555.123.4567', '5551234567'],
    ['+1 555 123 4567', '5551234567'],
    ['+1 (555) 123-4567', '5551234567'],
    ['1-555-123-4567', '5551234567'],
    ['15551234567', '5551234567'],
  ])('reads %s', (value, digits) => {
    expect(phoneDigits(value)).toBe(digits);
  });

  it.each(['555123456', '555123456789', '25551234567', '+44 20 7946 0958', '+5551234567', '555-123-456a', '555/123/4567', '1+5551234567'])(
    'rejects %s',
    (value) => {
      expect(phoneDigits(value)).toBeNull();
    },
  );
});

describe('formatPhone', () => {
  it('formats 3-3-4 with dashes after removing +1', () => {
    expect(formatPhone('+1 (555) 123 4567')).toBe('555-123-4567');
    expect(formatPhone('5551234567')).toBe('555-123-4567');
    expect(formatPhone('n/a')).toBe('n/a');
  });

  it('groups ten digits 3-3-4', () => {
    expect(formatPhone('(555) 123-4567')).toBe('555-123-4567');
    expect(formatPhone('5551234567')).toBe('555-123-4567');
    expect(formatPhone('555.123.4567')).toBe('555-123-4567');
    expect(formatPhone(5551234567)).toBe('555-123-4567');
  });

  it('drops a leading country code 1', () => {
    expect(formatPhone('+1 (555) 123-4567')).toBe('555-123-4567');
    expect(formatPhone('+15551234567')).toBe('555-123-4567');
    expect(formatPhone('1-555-123-4567')).toBe('555-123-4567');
    expect(formatPhone('15551234567')).toBe('555-123-4567');
  });

  it('keeps a ten-digit number that starts with 1', () => {
    expect(formatPhone('1234567890')).toBe('123-456-7890');
  });

  it('returns other inputs trimmed and unchanged', () => {
    expect(formatPhone('  555-1234  ')).toBe('555-1234');
    expect(formatPhone('+1 555 123 456')).toBe('+1 555 123 456'); // 9 digits after +1
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('25551234567')).toBe('25551234567'); // 11 digits, not starting with 1
    expect(formatPhone('+5551234567')).toBe('+5551234567'); // "+" without the country code 1
    expect(formatPhone(' 555/123/4567 ')).toBe('555/123/4567'); // not a phone number's punctuation
    expect(formatPhone('abc')).toBe('abc');
    expect(formatPhone('')).toBe('');
    expect(formatPhone('   ')).toBe('');
  });

  it('gives an empty string for null and undefined', () => {
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('isAlphanumeric', () => {
  it('accepts ASCII letters and digits only', () => {
    expect(isAlphanumeric('abc123')).toBe(true);
    expect(isAlphanumeric('ABC')).toBe(true);
    expect(isAlphanumeric('007')).toBe(true);
  });

  it('rejects empty text, spaces, punctuation and other letters', () => {
    for (const value of ['', ' ', 'abc 123', 'abc-123', 'a_b', 'café', '12.5', 'abc\n']) {
      expect(isAlphanumeric(value)).toBe(false);
    }
  });

  it('rejects non-strings', () => {
    expect(isAlphanumeric(123)).toBe(false);
    expect(isAlphanumeric(null)).toBe(false);
    expect(isAlphanumeric(undefined)).toBe(false);
  });
});

describe('parseDateTime', () => {
  it('reads ISO and SQL texts in the given zone', () => {
    expect(parseDateTime('2026-03-05', NY)?.toISO()).toBe('2026-03-05T00:00:00.000-05:00');
    expect(parseDateTime('2026-03-05 14:30:00', NY)?.toISO()).toBe('2026-03-05T14:30:00.000-05:00');
    expect(parseDateTime('2026-03-05T14:30:00Z', NY)?.toISO()).toBe('2026-03-05T09:30:00.000-05:00');
  });

  it('reads Date objects', () => {
    expect(parseDateTime(new Date('2026-03-05T14:30:00Z'), 'UTC')?.toISO()).toBe('2026-03-05T14:30:00.000Z');
  });

  it('gives null for empty or invalid input', () => {
    for (const value of [null, undefined, '', '  ', 'abc', '2026-02-30', '0000-00-00', new Date('nope')]) {
      expect(parseDateTime(value, NY)).toBeNull();
    }
    expect(parseDateTime('2026-03-05', 'Not/AZone')).toBeNull();
  });
});

describe('formatDate', () => {
  it('writes MMM DD, YYYY, the day always two digits', () => {
    expect(formatDate('2026-03-05', NY)).toBe('Mar 05, 2026');
    expect(formatDate('2026-11-01', NY)).toBe('Nov 01, 2026');
    expect(formatDate('2026-12-25', NY)).toBe('Dec 25, 2026');
  });

  it('handles leap days', () => {
    expect(formatDate('2024-02-29', NY)).toBe('Feb 29, 2024');
    expect(formatDate('2023-02-29', NY)).toBe('');
  });

  it('shows the calendar day of the zone for instants', () => {
    expect(formatDate('2026-03-06T03:00:00Z', NY)).toBe('Mar 05, 2026');
    expect(formatDate('2026-03-06T03:00:00Z', 'UTC')).toBe('Mar 06, 2026');
    expect(formatDate('2026-03-05 23:59:59', NY)).toBe('Mar 05, 2026');
  });

  it('keeps a date-only text on its day in any zone', () => {
    expect(formatDate('2026-03-05', 'Pacific/Kiritimati')).toBe('Mar 05, 2026');
    expect(formatDate('2026-03-05', 'Pacific/Pago_Pago')).toBe('Mar 05, 2026');
    expect(formatDate('2026-03-05')).toBe('Mar 05, 2026');
  });

  it('gives an empty string for empty or invalid input', () => {
    for (const value of ['', null, undefined, 'abc', '2026-13-01']) expect(formatDate(value, NY)).toBe('');
  });
});

describe('formatMonthDay, formatMonth, formatDateTime', () => {
  it('a chart day label is the date without its year', () => {
    expect(formatMonthDay('2026-08-31')).toBe('Aug 31');
    expect(formatMonthDay('2026-04-05')).toBe('Apr 05');
    expect(formatMonthDay('2026-03-06T03:00:00Z', NY)).toBe('Mar 05');
    expect(formatMonthDay('')).toBe('');
  });

  it('a month heading names the month in full', () => {
    expect(formatMonth(2026, 3)).toBe('March 2026');
    expect(formatMonth(2025, 12)).toBe('December 2025');
    expect(formatMonth(2026, 13)).toBe('');
    expect(formatMonthKey('2026-03')).toBe('March 2026');
    expect(formatMonthKey('2026-13')).toBe('');
    expect(formatMonthKey('2026-3')).toBe('');
  });

  it('a point in time is the date and the time, each in its one format', () => {
    expect(formatDateTime('2026-04-05T22:00:00Z', NY)).toBe('Apr 05, 2026 06:00PM');
    expect(formatDateTime('2026-11-01 09:05:00', NY)).toBe('Nov 01, 2026 09:05AM');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('abc')).toBe('');
  });
});

describe('formatTime', () => {
  it('formats hh:mma with upper-case AM/PM', () => {
    expect(formatTime('2026-03-05T09:05:00', NY)).toBe('09:05AM');
    expect(formatTime('2026-03-05 21:40:00', NY)).toBe('09:40PM');
    expect(formatTime('2026-03-05T00:00:00', NY)).toBe('12:00AM');
    expect(formatTime('2026-03-05T12:30:00', NY)).toBe('12:30PM');
  });

  it('converts instants into the zone', () => {
    expect(formatTime('2026-03-05T14:05:00Z', NY)).toBe('09:05AM'); // EST, UTC-5
    expect(formatTime('2026-07-05T14:05:00Z', NY)).toBe('10:05AM'); // EDT, UTC-4
    expect(formatTime('2026-03-05T14:05:00Z', 'UTC')).toBe('02:05PM');
  });

  it('handles the DST change', () => {
    // 2026-03-08 02:00 EST jumps to 03:00 EDT; 06:30Z is 01:30 EST, 07:30Z is 03:30 EDT.
    expect(formatTime('2026-03-08T06:30:00Z', NY)).toBe('01:30AM');
    expect(formatTime('2026-03-08T07:30:00Z', NY)).toBe('03:30AM');
    // 2026-11-01 01:30 happens twice: 05:30Z (EDT) and 06:30Z (EST).
    expect(formatTime('2026-11-01T05:30:00Z', NY)).toBe('01:30AM');
    expect(formatTime('2026-11-01T06:30:00Z', NY)).toBe('01:30AM');
  });

  it('reads time-only texts and Date objects', () => {
    expect(formatTime('14:30', NY)).toBe('02:30PM');
    expect(formatTime('07:05:59', NY)).toBe('07:05AM');
    expect(formatTime(new Date(Date.UTC(2026, 0, 1, 17, 0)), 'UTC')).toBe('05:00PM');
    expect(formatTime(DateTime.local(2026, 1, 1, 8, 15).toJSDate())).toBe('08:15AM');
  });

  it('gives an empty string for empty or invalid input', () => {
    expect(formatTime('', NY)).toBe('');
    expect(formatTime(null, NY)).toBe('');
    expect(formatTime('25:00', NY)).toBe('');
    expect(formatTime('abc', NY)).toBe('');
  });
});

describe('formatAmount', () => {
  it('adds thousands commas', () => {
    expect(formatAmount(1234567)).toBe('1,234,567');
    expect(formatAmount(1000)).toBe('1,000');
    expect(formatAmount(999)).toBe('999');
    expect(formatAmount(0)).toBe('0');
    expect(formatAmount(100000)).toBe('100,000');
  });

  it('keeps decimals as given', () => {
    expect(formatAmount(1234.5)).toBe('1,234.5');
    expect(formatAmount(1234567.891)).toBe('1,234,567.891');
    expect(formatAmount(0.25)).toBe('0.25');
  });

  it('handles negative numbers and -0', () => {
    expect(formatAmount(-1234567)).toBe('-1,234,567');
    expect(formatAmount(-12.5)).toBe('-12.5');
    expect(formatAmount(-0)).toBe('0');
  });

  it('reads numeric text', () => {
    expect(formatAmount('1234567')).toBe('1,234,567');
    expect(formatAmount(' 1234.50 ')).toBe('1,234.5');
  });

  it('handles numbers written in exponent form by String()', () => {
    expect(formatAmount(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(formatAmount(1e-7)).toBe('0.0000001');
  });

  it('gives "0" for non-finite, empty or non-numeric input', () => {
    for (const value of [NaN, Infinity, -Infinity, null, undefined, '', 'abc', '1,234', '12 kg']) {
      expect(formatAmount(value)).toBe('0');
    }
  });
});

describe('formatPercent', () => {
  it('shows one decimal, with thousands commas', () => {
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(12.35)).toBe('12.4%');
    expect(formatPercent(7)).toBe('7.0%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(1234.56)).toBe('1,234.6%');
  });

  it('keeps the sign of a loss below zero, not of one that rounds to zero', () => {
    expect(formatPercent(-3.25)).toBe('-3.3%');
    expect(formatPercent(-0.04)).toBe('0.0%');
  });

  it('shows a dash, or the text given, when there is no figure', () => {
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(undefined)).toBe('—');
    expect(formatPercent(Number.NaN)).toBe('—');
    expect(formatPercent(null, 'N/A')).toBe('N/A');
  });
});
