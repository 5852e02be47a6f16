import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { Link, PageFrame, Text } from '@baridesk/ui';
import { ResourceFormScreen } from '@baridesk/ui/resources';
import { DYNAMIC_NOTIFICATIONS_PATH, dynamicNotificationsView } from '../dynamic-notifications-view';
import DynamicNotificationListScreen from './dynamic-notification-list-screen';

/** An address below /admin/dynamic-notifications that names no screen. */
function UnknownPage() {
  return (
    <PageFrame title="Page not found">
      <Text role="alert">
        There is no such notifications page.{' '}
        <Link asChild>
          <RouterLink to={DYNAMIC_NOTIFICATIONS_PATH}>Back to the notifications</RouterLink>
        </Link>
      </Text>
    </PageFrame>
  );
}

/**
 * /admin/dynamic-notifications/* (the shell's one entry, permission manage_dynamic_notifications): the
 * spec's list, create and :id/edit, routed here below it.
 */
export default function DynamicNotificationsArea() {
  return (
    <Routes>
      <Route index element={<DynamicNotificationListScreen />} />
      <Route path="create" element={<ResourceFormScreen view={dynamicNotificationsView} />} />
      <Route path=":id/edit" element={<ResourceFormScreen view={dynamicNotificationsView} cancelTo={() => DYNAMIC_NOTIFICATIONS_PATH} />} />
      <Route path="*" element={<UnknownPage />} />
    </Routes>
  );
}
