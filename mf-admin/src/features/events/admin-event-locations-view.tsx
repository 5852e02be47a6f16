import { EVENT_LOCATION_TIMEZONE_URLS, adminEventLocationResource } from '@baridesk/contracts';
import { defineResourceView, longitudeWithTimeZone } from '@baridesk/ui/resources';
import { ADMIN_EVENT_LOCATIONS_PATH } from './admin-event-paths';

const zoneOf = (location: { timezone: string | null }) => location.timezone ?? '';

/**
 * The shared event locations (every program may pick them): the form in a dialog over the list, the
 * time zone found from the coordinates and shown read-only, as on the staff's Locations screen.
 */
export const adminEventLocationsView = defineResourceView({
  resource: adminEventLocationResource,
  words: { one: 'location', many: 'shared locations' },
  texts: { title: 'Shared Event Locations', caption: 'Shared event locations', searchPlaceholder: 'Name or address…' },
  listPath: ADMIN_EVENT_LOCATIONS_PATH,
  fields: {
    latitude: { placeholder: 'e.g. 41.8781', helperText: 'Decimal degrees, −90 to 90.' },
    longitude: { placeholder: 'e.g. -87.6298', helperText: 'Decimal degrees, −180 to 180.', render: longitudeWithTimeZone(EVENT_LOCATION_TIMEZONE_URLS.admin) },
  },
  columns: ['name', 'address', { key: 'timezone', header: 'Time zone', sortable: true, render: zoneOf }, 'status', 'actions'],
  deleteQuestion: (location) => ({
    title: 'Delete location',
    message: `Delete ${location.name}? Every program loses it; a location that events use cannot be deleted, switch it off instead.`,
  }),
});
