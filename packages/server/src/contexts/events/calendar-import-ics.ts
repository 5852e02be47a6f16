/**
 * Reads an iCalendar file into what the import writes: each VEVENT (grouped by UID with the overrides
 * RECURRENCE-ID gives it) becomes a plan — a series (its RRULE when the product's subset can say it, its
 * EXDATEs and its overrides), a single event, the dates of a series whose rule the product cannot keep
 * (expanded one by one), or a skip with its reason. Nothing here touches the database: the job
 * (plugins/calendar-import.ts) turns plans into rows. ical.js parses; luxon moves times between zones.
 *
 * Times: an event keeps the zone its DTSTART names when that is an IANA zone (the wall clock as written,
 * so a 6 PM group stays at 6 PM across daylight saving); a UTC time, a zone only the file defines
 * (Outlook's "Eastern Standard Time" with its VTIMEZONE) or a floating time is placed in the program's
 * zone. An all-day event (VALUE=DATE) has no start or end time (null), as the feed writes it back.
 */
import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import type ICALModule from 'ical.js';
import {
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_TYPES,
  email as emailRule,
  formatRecurrence,
  isTimeZone,
  isUrl,
  parseRecurrence,
  type EventType,
  type VenueType,
} from '@baridesk/contracts';
import * as v from 'valibot';
import { importEsm } from '../../lib/esm';

type Ical = typeof ICALModule;
type Component = InstanceType<Ical['Component']>;
type IcalTime = InstanceType<Ical['Time']>;

let loaded: Promise<Ical> | undefined;
/** ical.js is an ES module only; this package is CommonJS (see lib/esm.ts). */
export const loadIcal = (): Promise<Ical> => (loaded ??= importEsm<{ default: Ical }>('ical.js').then((module) => module.default));

/** Longest texts stored (the columns' widths). */
const TITLE_MAX = 254;
const TEXT_MAX = 254;
const UID_MAX = 512;
/** A series the product cannot repeat is written as dates, up to a year ahead and this many at most. */
export const EXPANSION_MAX_DATES = 500;
const EXPANSION_DAYS_AHEAD = 366;
const UNTITLED = 'Untitled event';

/** The event's columns that come from the file (the rest are the product's defaults or staff's later choices). */
export interface ImportedColumns {
  event_title: string;
  event_description: string | null;
  type: EventType;
  date: string;
  /** "HH:mm"; null for an all-day event. */
  time: string | null;
  end_time: string | null;
  timezone: string;
  venue_type: VenueType;
  /** LOCATION as written (matched to a location by name when the job writes it). */
  location: string | null;
  meeting_url: string | null;
  hosted_by: string | null;
  email: string | null;
}

export interface OverridePlan {
  /** The series' day it replaces. */
  recurrence_date: string;
  /** null: the day is cancelled (only taken out of the series). */
  columns: ImportedColumns | null;
}

export type ImportPlan =
  | { kind: 'series'; uid: string; columns: ImportedColumns; rrule: string; exdates: string[]; overrides: OverridePlan[]; components: number }
  | { kind: 'single'; uid: string; columns: ImportedColumns; components: number }
  /** An override whose series is not in this file: attached to the series a previous import made, else a single event. */
  | { kind: 'orphan'; uid: string; override: OverridePlan; components: number }
  | { kind: 'dates'; uid: string; dates: { key: string; columns: ImportedColumns }[]; components: number; note: string }
  | { kind: 'skip'; components: number; reason: string };

export interface ReadCalendar {
  plans: ImportPlan[];
  /** VEVENTs in the file. */
  total: number;
}

export interface ReadOptions {
  /** The program's zone: where UTC, floating and file-defined times are placed. */
  zone: string;
  /** The import's day in that zone, "yyyy-MM-dd": open-ended expansions stop a year after it. */
  today: string;
}

/** A file that is not iCalendar: the reason, for the import's `error`. */
export class UnreadableCalendar extends Error {}

const clean = (text: unknown, max: number): string | null => {
  if (typeof text !== 'string') return null;
  // PostgreSQL cannot store NUL; other control characters but line breaks and tabs are noise.
  // eslint-disable-next-line no-control-regex
  const value = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
  return value === '' ? null : value.slice(0, max);
};

/** An IANA zone named by a TZID: as written, or the tail of a path some producers prefix ("/mozilla.org/…/America/New_York"). */
export function ianaZone(tzid: string | undefined | null): string | null {
  if (!tzid) return null;
  if (isTimeZone(tzid) && tzid.includes('/')) return tzid;
  const parts = tzid.split('/').filter(Boolean);
  for (let i = Math.max(0, parts.length - 3); i < parts.length - 1; i += 1) {
    const candidate = parts.slice(i).join('/');
    if (isTimeZone(candidate)) return candidate;
  }
  return tzid === 'UTC' || tzid === 'Etc/UTC' ? 'UTC' : null;
}

/** Where a time is anchored: an instant (UTC, or a zone the file defines, which ical.js resolves), or a wall clock in a zone (null: the event's). */
function anchorOf(time: IcalTime): { instant: true } | { instant: false; zone: string | null } {
  const tzid = time.zone?.tzid;
  if (tzid === 'UTC' || (tzid && tzid !== 'floating')) return { instant: true };
  return { instant: false, zone: ianaZone((time as IcalTime & { timezone?: string }).timezone) };
}

/** The time as a wall clock in `zone`. */
function wallIn(time: IcalTime, zone: string): DateTime {
  const anchor = anchorOf(time);
  if (anchor.instant) return DateTime.fromSeconds(time.toUnixTime(), { zone });
  const wall = { year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second };
  const written = DateTime.fromObject(wall, { zone: anchor.zone ?? zone });
  return anchor.zone && anchor.zone !== zone ? written.setZone(zone) : written;
}

const dayOf = (time: IcalTime, zone: string): string => (time.isDate ? time.toString().slice(0, 10) : wallIn(time, zone).toISODate()!);
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const LAST_MINUTE = 23 * 60 + 59;

/** The zone of an event: its DTSTART's IANA zone, else the program's. */
function zoneOfEvent(start: IcalTime, programZone: string): string {
  const anchor = anchorOf(start);
  return !anchor.instant && anchor.zone ? anchor.zone : programZone;
}

/** A type the product knows among CATEGORIES ("Support Group"), else Other. */
function typeOf(component: Component): EventType {
  const categories = component
    .getAllProperties('categories')
    .flatMap((property) => property.getValues())
    .map((value) => String(value).trim().toLowerCase());
  return EVENT_TYPES.find((type) => categories.includes(type.toLowerCase())) ?? 'Other';
}

/** The columns of one VEVENT starting at `start` (the component's DTSTART, or one date of an expansion) and lasting `durationSeconds`. */
function columnsOf(ICAL: Ical, component: Component, zone: string, start: IcalTime, durationSeconds: number | null): ImportedColumns {
  const event = new ICAL.Event(component);
  let time: string | null = null;
  let endTime: string | null = null;
  const date = dayOf(start, zone);
  if (!start.isDate) {
    const begins = wallIn(start, zone);
    const minutes = begins.hour * 60 + begins.minute;
    time = hhmm(minutes);
    // Without an end, an hour; an end on a later day stops at the day's last minute (an event here is within one day).
    const seconds = durationSeconds ?? event.duration.toSeconds();
    const ends = seconds > 0 ? begins.plus({ seconds }) : begins.plus({ hours: 1 });
    const endMinutes = ends.toISODate() === date ? ends.hour * 60 + ends.minute : LAST_MINUTE;
    endTime = endMinutes > minutes ? hhmm(endMinutes) : null;
  }
  const where = clean(component.getFirstPropertyValue('location'), 1000);
  const link = clean(component.getFirstPropertyValue('url'), 2048);
  const online = (where !== null && isUrl(where)) || (where === null && link !== null && isUrl(link));
  const organizer = component.getFirstProperty('organizer');
  const mail = clean(String(organizer?.getFirstValue() ?? '').replace(/^mailto:/i, ''), TEXT_MAX);
  const checkedMail = mail ? v.safeParse(emailRule('email'), mail) : null;
  return {
    event_title: clean(event.summary, TITLE_MAX) ?? UNTITLED,
    event_description: clean(event.description, EVENT_DESCRIPTION_MAX_LENGTH),
    type: typeOf(component),
    date,
    time,
    end_time: endTime,
    timezone: zone,
    venue_type: online ? 'online' : 'in_person',
    location: online ? null : where,
    meeting_url: online ? (where !== null && isUrl(where) ? where : link) : null,
    hosted_by: clean(organizer?.getParameter('cn'), TEXT_MAX),
    email: checkedMail?.success ? (checkedMail.output as string) : null,
  };
}

/**
 * The RRULE as the product's subset says it, or null. UNTIL is read as the day it falls on in the event's
 * zone; WKST is dropped where it changes nothing (one day a week, or every week).
 */
function productRule(component: Component, zone: string): string | null {
  const rules = component.getAllProperties('rrule');
  if (rules.length !== 1 || component.getAllProperties('rdate').length > 0) return null;
  const recur = rules[0]!.getFirstValue() as InstanceType<Ical['Recur']>;
  const json = recur.toJSON() as Record<string, unknown>;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(json)) {
    const name = key.toUpperCase();
    if (name === 'UNTIL') {
      const until = recur.until!;
      parts.push(`UNTIL=${dayOf(until, zone).replaceAll('-', '')}`);
      continue;
    }
    if (name === 'WKST') {
      const days = Array.isArray(json.byday) ? json.byday.length : 1;
      if (value === 'MO' || Number(json.interval ?? 1) === 1 || days <= 1) continue;
    }
    parts.push(`${name}=${Array.isArray(value) ? value.join(',') : String(value)}`);
  }
  const parsed = parseRecurrence(parts.join(';'));
  return parsed.ok ? formatRecurrence(parsed.value) : null;
}

/** EXDATE days of a series, in its zone. */
function exdatesOf(component: Component, zone: string): string[] {
  return component
    .getAllProperties('exdate')
    .flatMap((property) => property.getValues() as IcalTime[])
    .map((time) => dayOf(time, zone));
}

/**
 * An override's columns: what it leaves out it has from its series (producers differ in how much of the
 * event an override repeats; most repeat everything, some only what changed).
 */
function inherit(own: ImportedColumns, series: ImportedColumns, component: Component): ImportedColumns {
  const has = (name: string) => component.hasProperty(name);
  return {
    ...own,
    event_description: has('description') ? own.event_description : series.event_description,
    type: has('categories') ? own.type : series.type,
    ...(has('location') || has('url') ? {} : { venue_type: series.venue_type, location: series.location, meeting_url: series.meeting_url }),
    ...(has('organizer') ? {} : { hosted_by: series.hosted_by, email: series.email }),
  };
}

const isCancelled = (component: Component) => String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
const uidKey = (uid: string, day: string) => `${uid.slice(0, UID_MAX - 11)}#${day}`;

/** The dates of a series whose rule the product cannot keep, each with its own columns; the days `taken` (overrides) are left to them. */
function expand(ICAL: Ical, master: Component, zone: string, taken: Set<string>, today: string) {
  const event = new ICAL.Event(master);
  const iterator = event.iterator();
  const last = DateTime.fromISO(today).plus({ days: EXPANSION_DAYS_AHEAD }).toISODate()!;
  const seconds = event.duration.toSeconds();
  const dates: { key: string; columns: ImportedColumns }[] = [];
  let truncated = false;
  for (let next = iterator.next(); next; next = iterator.next()) {
    const day = dayOf(next, zone);
    if (day > last) {
      truncated = true;
      break;
    }
    if (taken.has(day)) continue;
    if (dates.length >= EXPANSION_MAX_DATES) {
      truncated = true;
      break;
    }
    dates.push({ key: uidKey(String(event.uid), day), columns: columnsOf(ICAL, master, zone, next, seconds) });
  }
  return { dates, truncated };
}

/** Reads `text` (the whole file). Throws UnreadableCalendar for a file that is not iCalendar. */
export async function readCalendar(text: string, { zone: programZone, today }: ReadOptions): Promise<ReadCalendar> {
  const ICAL = await loadIcal();
  let root: Component;
  try {
    const parsed = ICAL.parse(text);
    const first = Array.isArray(parsed[0]) ? parsed[0] : parsed;
    root = new ICAL.Component(first as unknown as [string, unknown[], unknown[]]);
  } catch (error) {
    throw new UnreadableCalendar(error instanceof Error ? error.message : String(error));
  }
  if (root.name !== 'vcalendar') throw new UnreadableCalendar('it does not start with BEGIN:VCALENDAR');
  // Zones the file defines (Outlook names its own), so their times resolve to instants.
  for (const zone of root.getAllSubcomponents('vtimezone')) {
    try {
      ICAL.TimezoneService.register(zone);
    } catch {
      // A broken VTIMEZONE leaves its times floating: placed in the program's zone.
    }
  }

  const components = root.getAllSubcomponents('vevent');
  const groups = new Map<string, { master: Component | null; overrides: Component[] }>();
  const plans: ImportPlan[] = [];
  for (const component of components) {
    let uid = clean(component.getFirstPropertyValue('uid'), UID_MAX - 11);
    if (!uid) {
      // RFC 5545 requires a UID; without one, the event's own text keys it, so a re-import still finds it.
      uid = `no-uid-${createHash('sha256').update(component.toString()).digest('hex').slice(0, 32)}`;
    }
    const group = groups.get(uid) ?? { master: null, overrides: [] };
    if (component.hasProperty('recurrence-id')) group.overrides.push(component);
    else if (group.master) plans.push({ kind: 'skip', components: 1, reason: `"${uid}" appears twice; the second was left out` });
    else group.master = component;
    groups.set(uid, group);
  }

  for (const [uid, { master, overrides }] of groups) {
    const describe = (component: Component) => `"${clean(component.getFirstPropertyValue('summary'), 80) ?? UNTITLED}"`;
    try {
      if (!master) {
        for (const override of overrides) {
          const start = override.getFirstPropertyValue('dtstart') as IcalTime | null;
          if (!start) {
            plans.push({ kind: 'skip', components: 1, reason: `${describe(override)} has no start (DTSTART)` });
            continue;
          }
          const zone = zoneOfEvent(start, programZone);
          const day = dayOf(override.getFirstPropertyValue('recurrence-id') as IcalTime, zone);
          plans.push({ kind: 'orphan', uid, components: 1, override: { recurrence_date: day, columns: isCancelled(override) ? null : columnsOf(ICAL, override, zone, start, null) } });
        }
        continue;
      }
      const count = 1 + overrides.length;
      const start = master.getFirstPropertyValue('dtstart') as IcalTime | null;
      if (!start) {
        plans.push({ kind: 'skip', components: count, reason: `${describe(master)} has no start (DTSTART)` });
        continue;
      }
      if (isCancelled(master)) {
        plans.push({ kind: 'skip', components: count, reason: `${describe(master)} is cancelled` });
        continue;
      }
      const zone = zoneOfEvent(start, programZone);
      const columns = columnsOf(ICAL, master, zone, start, null);
      const repeats = master.hasProperty('rrule') || master.hasProperty('rdate');
      const overridePlans: OverridePlan[] = overrides.map((override) => {
        const own = override.getFirstPropertyValue('dtstart') as IcalTime | null;
        const day = dayOf(override.getFirstPropertyValue('recurrence-id') as IcalTime, zone);
        const ownColumns = isCancelled(override) || !own ? null : columnsOf(ICAL, override, zoneOfEvent(own, zone), own, null);
        return { recurrence_date: day, columns: ownColumns && inherit(ownColumns, columns, override) };
      });
      if (!repeats) {
        plans.push({ kind: 'single', uid, columns, components: 1 });
        if (overrides.length > 0) plans.push({ kind: 'skip', components: overrides.length, reason: `${describe(master)} does not repeat, so its changed dates were left out` });
        continue;
      }
      const rrule = productRule(master, zone);
      if (rrule) {
        const exdates = [...new Set([...exdatesOf(master, zone), ...overridePlans.map((o) => o.recurrence_date)])].sort();
        plans.push({ kind: 'series', uid, columns, rrule, exdates, overrides: overridePlans, components: count });
        continue;
      }
      // A rule the product cannot repeat (the 2nd Tuesday, several rules, RDATE…): its dates one by one.
      const taken = new Set(overridePlans.map((o) => o.recurrence_date));
      const { dates, truncated } = expand(ICAL, master, zone, taken, today);
      for (const override of overridePlans) {
        if (override.columns) dates.push({ key: uidKey(uid, override.recurrence_date), columns: override.columns });
      }
      if (dates.length === 0) {
        plans.push({ kind: 'skip', components: count, reason: `${describe(master)} repeats by a rule the calendar cannot keep and has no date to import` });
        continue;
      }
      const until = truncated ? ` (up to ${EXPANSION_MAX_DATES} dates, no later than a year ahead)` : '';
      plans.push({
        kind: 'dates',
        uid,
        dates,
        components: count,
        note: `${describe(master)} repeats by a rule the calendar cannot keep: imported as ${dates.length} separate dates${until}`,
      });
    } catch (error) {
      plans.push({ kind: 'skip', components: 1 + overrides.length, reason: `${master ? describe(master) : `"${uid}"`} could not be read (${error instanceof Error ? error.message : String(error)})` });
    }
  }
  return { plans, total: components.length };
}
