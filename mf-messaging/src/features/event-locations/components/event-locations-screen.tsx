import { ResourceListScreen } from '@baridesk/ui/resources';
import { EVENT_CALENDAR_PATH, eventLocationsView } from '../event-locations-view';

/** /event-calender/locations: the program's event locations, below the calendar. */
export default function EventLocationsScreen() {
  return <ResourceListScreen view={eventLocationsView} breadcrumbs={[{ label: 'Event Calendar', to: EVENT_CALENDAR_PATH }, { label: 'Event Locations' }]} />;
}
