import { DateTime } from 'luxon';
import { DAYS_PER_MONTH, DAYS_PER_YEAR, splitDays, surgeryDateDifference } from './surgery-date';

const NY = 'America/New_York';
/** A fixed "today" in New York, at the given local time. */
const on = (iso: string): DateTime => DateTime.fromISO(iso, { zone: NY });
const today = on('2026-03-05T10:00:00');

describe('splitDays', () => {
  it('uses 365-day years and 30-day months', () => {
    expect(DAYS_PER_YEAR).toBe(365);
    expect(DAYS_PER_MONTH).toBe(30);
    expect(splitDays(428)).toEqual({ years: 1, months: 2, days: 3 }); // 365 + 60 + 3
    expect(splitDays(0)).toEqual({ years: 0, months: 0, days: 0 });
    expect(splitDays(29)).toEqual({ years: 0, months: 0, days: 29 });
    expect(splitDays(30)).toEqual({ years: 0, months: 1, days: 0 });
    expect(splitDays(364)).toEqual({ years: 0, months: 12, days: 4 }); // 12 * 30 + 4
    expect(splitDays(730)).toEqual({ years: 2, months: 0, days: 0 });
  });

  it('takes the magnitude of negative input and rounds fractions', () => {
    expect(splitDays(-428)).toEqual({ years: 1, months: 2, days: 3 });
    expect(splitDays(2.6)).toEqual({ years: 0, months: 0, days: 3 });
    expect(splitDays(NaN)).toEqual({ years: 0, months: 0, days: 0 });
  });
});

describe('surgeryDateDifference', () => {
  it('says Today on the same calendar day, whatever the time', () => {
    expect(surgeryDateDifference('2026-03-05', today)).toBe('Today');
    expect(surgeryDateDifference('2026-03-05 23:59:00', on('2026-03-05T00:01:00'))).toBe('Today');
    expect(surgeryDateDifference('2026-03-05T00:00:00', on('2026-03-05T23:59:59'))).toBe('Today');
  });

  it('writes years, months and days with singular and plural', () => {
    expect(surgeryDateDifference('2026-03-04', today)).toBe('1 day');
    expect(surgeryDateDifference('2026-03-03', today)).toBe('2 days');
    expect(surgeryDateDifference('2026-02-03', today)).toBe('1 month'); // 28 (to Mar 3) + 2 = 30 days
    expect(surgeryDateDifference('2026-02-01', today)).toBe('1 month 2 days'); // 28 + 4 = 32 days
    expect(surgeryDateDifference('2026-01-04', today)).toBe('2 months'); // 31 (to Feb 4) + 28 (to Mar 4) + 1 = 60 days
    expect(surgeryDateDifference('2025-03-05', today)).toBe('1 year'); // 365 days
    // 2024-12-30 -> 2026-03-05: 2 (to Jan 1 2025) + 365 (2025) + 31 + 28 + 4 = 430 = 365 + 60 + 5
    expect(surgeryDateDifference('2024-12-30', today)).toBe('1 year 2 months 5 days');
    // 2024-03-05 -> 2026-03-05 starts after Feb 29 2024, so 365 + 365 = 730 days.
    expect(surgeryDateDifference('2024-03-05', today)).toBe('2 years');
    expect(surgeryDateDifference('2024-02-05', today)).toBe('2 years 29 days'); // 29 (leap Feb 2024) + 730 = 759
    expect(surgeryDateDifference('2024-02-04', today)).toBe('2 years 1 month'); // 30 + 730 = 760
    expect(surgeryDateDifference('2024-02-03', today)).toBe('2 years 1 month 1 day'); // 31 + 730 = 761
  });

  it('shows the same magnitude for future dates', () => {
    expect(surgeryDateDifference('2026-03-06', today)).toBe('1 day');
    expect(surgeryDateDifference('2026-04-06', today)).toBe('1 month 2 days'); // 26 + 6 = 32 days
    expect(surgeryDateDifference('2027-03-05', today)).toBe('1 year');
  });

  it('counts leap days', () => {
    expect(surgeryDateDifference('2024-02-28', on('2024-03-01T09:00:00'))).toBe('2 days'); // via Feb 29
    expect(surgeryDateDifference('2023-02-28', on('2023-03-01T09:00:00'))).toBe('1 day');
    expect(surgeryDateDifference('2020-01-01', on('2021-01-01T09:00:00'))).toBe('1 year 1 day'); // 366 days
    expect(surgeryDateDifference('2024-02-29', on('2025-02-28T09:00:00'))).toBe('1 year'); // 365 days
  });

  it('counts whole calendar days across DST changes', () => {
    // Clocks go forward on 2026-03-08 and back on 2026-11-01 in New York.
    expect(surgeryDateDifference('2026-03-07', on('2026-03-09T00:30:00'))).toBe('2 days');
    expect(surgeryDateDifference('2026-03-08', on('2026-03-09T23:30:00'))).toBe('1 day');
    expect(surgeryDateDifference('2026-10-31', on('2026-11-02T23:30:00'))).toBe('2 days');
    expect(surgeryDateDifference('2026-11-01', on('2026-11-01T23:30:00'))).toBe('Today');
    // 2026-01-01 -> 2026-07-01 spans the spring change: 31 + 28 + 31 + 30 + 31 + 30 = 181 = 6 * 30 + 1
    expect(surgeryDateDifference('2026-01-01', on('2026-07-01T12:00:00'))).toBe('6 months 1 day');
  });

  it('reads instants in the zone of today', () => {
    // 03:00Z on Mar 6 is still Mar 5 in New York.
    expect(surgeryDateDifference('2026-03-06T03:00:00Z', today)).toBe('Today');
    expect(surgeryDateDifference('2026-03-06T03:00:00Z', today.setZone('UTC'))).toBe('1 day');
  });

  it('accepts a Date for today, read in the machine zone', () => {
    expect(surgeryDateDifference('2026-03-05', new Date(2026, 2, 5, 12))).toBe('Today');
    expect(surgeryDateDifference('2026-03-01', new Date(2026, 2, 5, 12))).toBe('4 days');
  });

  it('defaults today to now', () => {
    expect(surgeryDateDifference(DateTime.now().toISODate())).toBe('Today');
    expect(surgeryDateDifference(DateTime.now().minus({ days: 3 }).toISODate())).toBe('3 days');
  });

  it('gives N/A for missing or invalid dates', () => {
    for (const value of [null, undefined, '', '   ', 'abc', '2026-02-30', '0000-00-00', '05/03/2026']) {
      expect(surgeryDateDifference(value, today)).toBe('N/A');
    }
    expect(surgeryDateDifference('2026-03-05', DateTime.invalid('test'))).toBe('N/A');
    expect(surgeryDateDifference('2026-03-05', new Date('nope'))).toBe('N/A');
  });
});
