import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { Link, PageFrame, Text } from '@baridesk/ui';
import { ADMIN_EVENTS_PATH } from '../admin-event-paths';
import AdminEventFormScreen from './admin-event-form-screen';
import AdminEventListScreen from './admin-event-list-screen';
import AdminEventLocationsScreen from './admin-event-locations-screen';
import AdminEventShowScreen from './admin-event-show-screen';

/** An address below /admin/event that names no screen. */
function UnknownEventPage() {
  return (
    <PageFrame title="Page not found">
      <Text role="alert">
        There is no such events page.{' '}
        <Link asChild>
          <RouterLink to={ADMIN_EVENTS_PATH}>Back to the events</RouterLink>
        </Link>
      </Text>
    </PageFrame>
  );
}

/**
 * /admin/event/* (the shell's one entry for the area, permission manage_events): the spec's list,
 * :id/show, store, :id/edit and location screens, routed here below it.
 */
export default function AdminEventsArea() {
  return (
    <Routes>
      <Route index element={<AdminEventListScreen />} />
      <Route path="store" element={<AdminEventFormScreen />} />
      <Route path=":id/show" element={<AdminEventShowScreen />} />
      <Route path=":id/edit" element={<AdminEventFormScreen />} />
      <Route path="location" element={<AdminEventLocationsScreen />} />
      <Route path="*" element={<UnknownEventPage />} />
    </Routes>
  );
}
