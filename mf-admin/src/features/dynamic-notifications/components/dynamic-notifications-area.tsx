import { Route, Routes } from 'react-router-dom';
import { AreaNotFound } from '@baridesk/ui';
import { ResourceFormScreen } from '@baridesk/ui/resources';
import { DYNAMIC_NOTIFICATIONS_PATH, dynamicNotificationsView } from '../dynamic-notifications-view';
import DynamicNotificationListScreen from './dynamic-notification-list-screen';

/** An address below the area that names none of its screens. */
const unknownPage = <AreaNotFound area="notifications" backTo={DYNAMIC_NOTIFICATIONS_PATH} backLabel="Back to the notifications" />;

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
      <Route path="*" element={unknownPage} />
    </Routes>
  );
}
