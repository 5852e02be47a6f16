import { EVENT_LOCATION_TIMEZONE_URLS, eventLocationResource } from '@baridesk/contracts';
import { defineResourceView, longitudeWithTimeZone } from '@baridesk/ui/resources';

export const EVENT_CALENDAR_PATH = '/event-calender';
export const EVENT_LOCATIONS_PATH = '/event-calender/locations';

const zoneOf = (location: { timezone: string | null }) => location.timezone ?? '';

/**
 * The program's event locations (the spec's /event-calender/locations): the form in a dialog over the
 * list, its time zone found from the coordinates as they are typed and shown read-only.
 */
export const eventLocationsView = defineResourceView({
  resource: eventLocationResource,
  words: { one: 'location', many: 'locations' },
  texts: { title: 'Event Locations', searchPlaceholder: 'Name or address…' },
  listPath: EVENT_LOCATIONS_PATH,
  fields: {
    latitude: { placeholder: 'e.g. 41.8781', helperText: 'Decimal degrees, −90 to 90.' },
    longitude: { placeholder: 'e.g. -87.6298', helperText: 'Decimal degrees, −180 to 180.', render: longitudeWithTimeZone(EVENT_LOCATION_TIMEZONE_URLS.staff) },
  },
  columns: ['name', 'address', { key: 'timezone', header: 'Time zone', sortable: true, render: zoneOf }, 'status', 'actions'],
  deleteQuestion: (location) => ({
    title: 'Delete location',
    message: `Delete ${location.name}? A location that events use cannot be deleted; switch it off instead.`,
  }),
});
