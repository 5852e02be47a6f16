/**
 * Writes a program's events as an iCalendar file for its private feed: each series with its RRULE
 * (UNTIL in UTC, as RFC 5545 asks beside a zoned DTSTART) and EXDATEs, each changed day as an override
 * (same UID, RECURRENCE-ID), each single event; times as wall clocks in the event's IANA zone (TZID), an
 * all-day event (no times) with VALUE=DATE. Titles, descriptions, places and links only: an event holds
 * no patient data, and who answered or came is never read here.
 */
import { DateTime } from 'luxon';
import { parseRecurrence } from '@baridesk/contracts';
import { loadIcal } from './calendar-import-ics';

export interface FeedEvent {
  id: number;
  ical_uid: string | null;
  series_id: number | null;
  recurrence_date: string | null;
  event_title: string;
  event_description: string | null;
  type: string | null;
  date: string;
  /** "HH:mm" or null (all day). */
  time: string | null;
  end_time: string | null;
  timezone: string;
  venue_type: string | null;
  /** Where: the location's name and address, or the event's own text. */
  place: string | null;
  meeting_url: string | null;
  rrule: string | null;
  exdates: string[];
  updated_at: Date;
}

/** A series' UID, shared by its overrides: the file's own for an imported event, else one of ours. */
export const feedUid = (event: Pick<FeedEvent, 'id' | 'ical_uid'>) => event.ical_uid ?? `event-${event.id}@baridesk`;

const parts = (day: string, clock: string | null) => {
  const [year, month, dayOfMonth] = day.split('-').map(Number) as [number, number, number];
  if (clock === null) return { year, month, day: dayOfMonth, isDate: true };
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  return { year, month, day: dayOfMonth, hour, minute, second: 0, isDate: false };
};

export async function writeFeed(calendarName: string, zone: string, rows: readonly FeedEvent[]): Promise<string> {
  const ICAL = await loadIcal();
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('prodid', '-//BariDesk//Event calendar//EN');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('x-wr-calname', calendarName);
  calendar.updatePropertyWithValue('x-wr-timezone', zone);

  const seriesOf = new Map(rows.filter((row) => row.rrule !== null).map((row) => [row.id, row]));
  const at = (component: InstanceType<typeof ICAL.Component>, name: string, day: string, clock: string | null, tz: string) => {
    const property = component.addPropertyWithValue(name, ICAL.Time.fromData(parts(day, clock)));
    if (clock !== null) property.setParameter('tzid', tz);
    return property;
  };

  for (const row of rows) {
    const series = row.series_id === null ? null : seriesOf.get(row.series_id);
    // A changed day of a series the feed leaves out (switched off) is left out with it.
    if (row.series_id !== null && !series) continue;
    const event = new ICAL.Component('vevent');
    event.updatePropertyWithValue('uid', feedUid(series ?? row));
    event.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(row.updated_at, true));
    event.updatePropertyWithValue('last-modified', ICAL.Time.fromJSDate(row.updated_at, true));
    if (series && row.recurrence_date) at(event, 'recurrence-id', row.recurrence_date, series.time, series.timezone);
    at(event, 'dtstart', row.date, row.time, row.timezone);
    if (row.time === null) {
      event.addPropertyWithValue('dtend', ICAL.Time.fromData(parts(DateTime.fromISO(row.date).plus({ days: 1 }).toISODate()!, null)));
    } else if (row.end_time !== null) {
      at(event, 'dtend', row.date, row.end_time, row.timezone);
    }
    event.updatePropertyWithValue('summary', row.event_title);
    if (row.event_description) event.updatePropertyWithValue('description', row.event_description);
    if (row.type) event.updatePropertyWithValue('categories', row.type);
    const online = row.venue_type === 'online';
    if (online && row.meeting_url) {
      event.updatePropertyWithValue('location', row.meeting_url);
      event.updatePropertyWithValue('url', row.meeting_url);
    } else if (row.place) {
      event.updatePropertyWithValue('location', row.place);
    }
    if (row.rrule) {
      const rule = parseRecurrence(row.rrule);
      let text = row.rrule.replace(/^RRULE:/i, '');
      if (rule.ok && rule.value.until) {
        // UNTIL is the last day in the event's zone; beside a zoned DTSTART RFC 5545 wants it as a UTC instant.
        const until =
          row.time === null
            ? rule.value.until.replaceAll('-', '')
            : DateTime.fromISO(`${rule.value.until}T23:59:59`, { zone: row.timezone }).toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'");
        text = text.replace(/UNTIL=[^;]*/i, `UNTIL=${until}`);
      }
      event.updatePropertyWithValue('rrule', ICAL.Recur.fromString(text));
      for (const day of row.exdates) at(event, 'exdate', day, row.time, row.timezone);
    }
    calendar.addSubcomponent(event);
  }
  return calendar.toString();
}
