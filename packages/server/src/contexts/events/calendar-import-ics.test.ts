import { UnreadableCalendar, ianaZone, readCalendar } from './calendar-import-ics';

const options = { zone: 'America/Chicago', today: '2026-11-26' };
const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20261101T000000Z', ...lines, 'END:VEVENT'];

describe('ianaZone', () => {
  it('takes IANA names as they are, the zone at the end of a prefixed TZID, and nothing else', () => {
    expect(ianaZone('America/Chicago')).toBe('America/Chicago');
    expect(ianaZone('/mozilla.org/20050126_1/America/New_York')).toBe('America/New_York');
    expect(ianaZone('Eastern Standard Time')).toBeNull();
    expect(ianaZone(undefined)).toBeNull();
  });
});

describe('readCalendar', () => {
  it('places a UTC time in the program zone, and a TZID time on its own wall clock', async () => {
    const { plans } = await readCalendar(
      calendar(...event('UID:a', 'SUMMARY:A', 'DTSTART:20260701T230000Z', 'DTEND:20260702T000000Z'), ...event('UID:b', 'SUMMARY:B', 'DTSTART;TZID=Europe/London:20260701T090000')),
      options,
    );
    expect(plans).toEqual([
      { kind: 'single', uid: 'a', components: 1, columns: expect.objectContaining({ date: '2026-07-01', time: '18:00', end_time: '19:00', timezone: 'America/Chicago' }) },
      // No end: an hour.
      { kind: 'single', uid: 'b', components: 1, columns: expect.objectContaining({ date: '2026-07-01', time: '09:00', end_time: '10:00', timezone: 'Europe/London' }) },
    ]);
  });

  it('keys an event without a UID by its text, so a second read gives the same key', async () => {
    const text = calendar(...event('SUMMARY:No uid', 'DTSTART;VALUE=DATE:20261201'));
    const [first] = (await readCalendar(text, options)).plans;
    const [second] = (await readCalendar(text, options)).plans;
    expect(first).toMatchObject({ kind: 'single', uid: expect.stringMatching(/^no-uid-[0-9a-f]{32}$/) });
    expect(second).toEqual(first);
  });

  it('expands an open-ended rule the product cannot keep no further than a year ahead, and says so', async () => {
    const { plans } = await readCalendar(calendar(...event('UID:c', 'SUMMARY:Monthly', 'DTSTART;TZID=America/Chicago:20261208T190000', 'RRULE:FREQ=MONTHLY;BYDAY=2TU')), options);
    expect(plans[0]).toMatchObject({ kind: 'dates', note: expect.stringContaining('no later than a year ahead') });
    const dates = plans[0]!.kind === 'dates' ? plans[0]!.dates.map((d) => d.columns.date) : [];
    expect(dates[0]).toBe('2026-12-08');
    expect(dates.at(-1)! <= '2027-11-27').toBe(true);
    expect(dates).toHaveLength(12);
  });

  it('refuses text that is not iCalendar', async () => {
    await expect(readCalendar('hello', options)).rejects.toBeInstanceOf(UnreadableCalendar);
    await expect(readCalendar('BEGIN:VCARD\r\nEND:VCARD\r\n', options)).rejects.toBeInstanceOf(UnreadableCalendar);
  });
});
