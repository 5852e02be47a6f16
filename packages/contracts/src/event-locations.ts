/**
 * Event locations: where in-person events take place. A program's own locations (staff, the calendar's
 * Locations screen, /api/event-calendar/location) and the shared ones every program may pick (rows
 * without a program, managed by super admins at /api/admin/event/location). Both are resource-kit
 * resources on the one `locations` table; the item adds the IANA time zone the server computes from the
 * coordinates when a location is saved (offline, geo-tz), which the event form offers as the event's zone.
 */
import * as v from 'valibot';
import { envelope } from './common';
import { required } from './messages';
import { defineResource, field, type ResourceItem } from './resource-kit';
import { optionalString, requiredString } from './rules';

/** Status of a new location when the form sends none: Active. */
export const DEFAULT_EVENT_LOCATION_STATUS = 1;
/** Longest address as written. */
export const EVENT_LOCATION_ADDRESS_MAX_LENGTH = 1000;

export const LATITUDE_RANGE = { min: -90, max: 90 } as const;
export const LONGITUDE_RANGE = { min: -180, max: 180 } as const;

const usersWord = (count: number) => (count === 1 ? '1 event or patient' : `${count} events and patients`);

/** Not in the spec: the notices of the locations screens (staff and super admin). */
export const EVENT_LOCATION_MESSAGES = {
  created: 'Location created successfully.',
  updated: 'Location updated successfully.',
  statusUpdated: 'Location status updated successfully.',
  deleted: 'Location deleted successfully.',
  notFound: 'Location not found.',
  /**
   * 409: a location that events or patients use is not deleted. Deleting it would leave in-person
   * events without the location they require (and patients without theirs); switching it off keeps
   * their history and hides it from new choices.
   */
  inUse: (count: number) =>
    `This location is used by ${usersWord(count)}. Switch it off instead to hide it from new choices.`,
} as const;

/**
 * A required coordinate within [min, max]. A form's number input sends text, so a numeric string is
 * read as a number; anything else, or a value out of range, is "{Label} must be between min and max.".
 */
export function coordinate(name: string, label: string, { min, max }: { readonly min: number; readonly max: number }) {
  const range = `${label} must be between ${min} and ${max}.`;
  return v.pipe(
    // The default makes a missing coordinate run the pipe (and be "required") instead of being skipped.
    v.optional(v.nullable(v.union([v.number(range), v.string(range)], range)), null),
    v.check((value) => value !== undefined && value !== null && String(value).trim() !== '', required(name)),
    v.transform((value) => (typeof value === 'number' ? value : Number(String(value).trim()))),
    v.check((value) => Number.isFinite(value) && value >= min && value <= max, range),
  );
}

const latitude = coordinate('latitude', 'Latitude', LATITUDE_RANGE);
const longitude = coordinate('longitude', 'Longitude', LONGITUDE_RANGE);
const optionalText = v.nullable(v.string());
const optionalNumber = v.nullable(v.number());

export const EVENT_LOCATION_SORTS = ['name', 'address', 'timezone', 'status', 'created_at', 'updated_at'] as const;

/** The fields both resources share: a location is the same record whoever manages it. */
const locationFields = {
  name: field('text', 'Name', requiredString('name')),
  address: field('textarea', 'Address', optionalString('address', { max: EVENT_LOCATION_ADDRESS_MAX_LENGTH }), { output: optionalText }),
  /** Decimal degrees, −90..90. */
  latitude: field('number', 'Latitude', latitude, { output: optionalNumber }),
  /** Decimal degrees, −180..180. */
  longitude: field('number', 'Longitude', longitude, { output: optionalNumber }),
};
/** The IANA zone of the coordinates (e.g. America/Chicago), computed by the server on every save; null for a location saved without coordinates. */
const locationExtra = { timezone: optionalText };

/**
 * Staff: GET /api/event-calendar/location (page, perPage, search in name and address, sort, direction,
 * status), GET /{id}, POST store, update, toggle-status, delete: the program's own locations. The event
 * form's choices are GET /all (eventLocationOptionsResponse), which adds the shared ones.
 */
export const eventLocationResource = defineResource({
  name: 'event-location',
  entity: 'location',
  labels: { singular: 'Location', plural: 'Locations' },
  fields: locationFields,
  labelField: 'name',
  extra: locationExtra,
  sorts: EVENT_LOCATION_SORTS,
  defaultSort: 'name',
  scope: 'program',
  // The calendar is open to self-service staff (the menu area decides).
  permission: { who: 'staff' },
  status: true,
  defaultStatus: DEFAULT_EVENT_LOCATION_STATUS,
  ordering: false,
  messages: EVENT_LOCATION_MESSAGES,
  paths: { base: '/api/event-calendar/location' },
});

/**
 * Super admin (permission manage_events): the same calls at /api/admin/event/location over the shared
 * locations, the rows without a program.
 */
export const adminEventLocationResource = defineResource({
  name: 'admin-event-location',
  entity: 'location',
  labels: { singular: 'Location', plural: 'Locations' },
  fields: locationFields,
  labelField: 'name',
  extra: locationExtra,
  sorts: EVENT_LOCATION_SORTS,
  defaultSort: 'name',
  scope: 'global',
  permission: { who: 'super-admin', slug: 'manage_events' },
  status: true,
  defaultStatus: DEFAULT_EVENT_LOCATION_STATUS,
  ordering: false,
  messages: EVENT_LOCATION_MESSAGES,
  paths: { base: '/api/admin/event/location' },
});

export type EventLocation = ResourceItem<typeof eventLocationResource>;
export type AdminEventLocation = ResourceItem<typeof adminEventLocationResource>;

/** GET /api/event-calendar/location/all: the picker's choices. */
export const EVENT_LOCATION_OPTIONS_URL = '/api/event-calendar/location/all';

/** One choice of the event form's location picker: `shared` when it is a location of every program (managed by super admins). */
export const eventLocationOptionSchema = v.object({
  id: v.number(),
  name: v.string(),
  address: optionalText,
  timezone: optionalText,
  shared: v.boolean(),
});
export type EventLocationOption = v.InferOutput<typeof eventLocationOptionSchema>;

/** The program's active locations and the active shared ones, by name. */
export const eventLocationOptionsResponse = envelope(v.array(eventLocationOptionSchema));
export type EventLocationOptionsResponse = v.InferOutput<typeof eventLocationOptionsResponse>;

/** POST /api/event-calendar/location/timezone and POST /api/admin/event/location/timezone. */
export const EVENT_LOCATION_TIMEZONE_URLS = {
  staff: '/api/event-calendar/location/timezone',
  admin: '/api/admin/event/location/timezone',
} as const;

/** The coordinates whose zone is asked (the form asks while it is being filled in). */
export const locationTimezoneBody = v.object({ latitude, longitude });
export type LocationTimezoneBody = v.InferOutput<typeof locationTimezoneBody>;

/** `{ data: { timezone } }`: the IANA zone of the coordinates (over the sea, an Etc/GMT±n zone). */
export const locationTimezoneResponse = envelope(v.object({ timezone: v.string() }));
export type LocationTimezoneResponse = v.InferOutput<typeof locationTimezoneResponse>;
