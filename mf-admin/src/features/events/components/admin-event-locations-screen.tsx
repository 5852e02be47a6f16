import { ResourceListScreen } from '@baridesk/ui/resources';
import { ADMIN_EVENTS_PATH } from '../admin-event-paths';
import { adminEventLocationsView } from '../admin-event-locations-view';

/** /admin/event/location: the shared event locations, below the events. */
export default function AdminEventLocationsScreen() {
  return <ResourceListScreen view={adminEventLocationsView} breadcrumbs={[{ label: 'Events', to: ADMIN_EVENTS_PATH }, { label: 'Shared Event Locations' }]} />;
}
