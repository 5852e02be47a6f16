import { Route, Routes } from 'react-router-dom';
import { AreaNotFound } from '@baridesk/ui';
import { MANAGE_USERS_PATH } from '../manage-users-paths';
import ManageUsersListScreen from './manage-users-list-screen';
import { ManageUserEditScreen, ManageUserShowScreen } from './manage-user-screens';

/** An address below the area that names none of its screens. */
const unknownPage = <AreaNotFound backTo={MANAGE_USERS_PATH} backLabel="Back to the patients" />;

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
      <Route path="*" element={unknownPage} />
    </Routes>
  );
}
