import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { Link, PageFrame, Text } from '@baridesk/ui';
import { MANAGE_USERS_PATH } from '../manage-users-paths';
import ManageUsersListScreen from './manage-users-list-screen';
import { ManageUserEditScreen, ManageUserShowScreen } from './manage-user-screens';

/** An address below /admin/manage-users that names no screen. */
function UnknownPage() {
  return (
    <PageFrame title="Page not found">
      <Text role="alert">
        There is no such page.{' '}
        <Link asChild>
          <RouterLink to={MANAGE_USERS_PATH}>Back to the patients</RouterLink>
        </Link>
      </Text>
    </PageFrame>
  );
}

/**
 * /admin/manage-users/* (the shell's one entry, permission manage_users): the spec's index, show/:id and
 * edit/:id, routed here below it.
 */
export default function ManageUsersArea() {
  return (
    <Routes>
      <Route index element={<ManageUsersListScreen />} />
      <Route path="show/:id" element={<ManageUserShowScreen />} />
      <Route path="edit/:id" element={<ManageUserEditScreen />} />
      <Route path="*" element={<UnknownPage />} />
    </Routes>
  );
}
