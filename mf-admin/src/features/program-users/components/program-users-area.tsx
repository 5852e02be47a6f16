import { Route, Routes } from 'react-router-dom';
import { AreaNotFound } from '@baridesk/ui';
import { ResourceFormScreen, ResourceShowScreen } from '@baridesk/ui/resources';
import { PROGRAM_USERS_PATH, programUserPaths, programUsersView } from '../program-users-view';
import ProgramUserListScreen from './program-user-list-screen';
import ProgramUserPasswordScreen from './program-user-password-screen';

/** An address below the area that names none of its screens. */
const unknownPage = <AreaNotFound area="program users" backTo={PROGRAM_USERS_PATH} backLabel="Back to the program users" />;

/**
 * /admin/program-user/* (the shell's one entry, permission program_users): the spec's list, store,
 * :id/edit, :id/show and :id/change-password, routed here below it.
 */
export default function ProgramUsersArea() {
  return (
    <Routes>
      <Route index element={<ProgramUserListScreen />} />
      <Route path="store" element={<ResourceFormScreen view={programUsersView} />} />
      <Route path=":id/edit" element={<ResourceFormScreen view={programUsersView} afterSave={(user) => programUserPaths.show(user.id)} cancelTo={programUserPaths.show} />} />
      <Route path=":id/show" element={<ResourceShowScreen view={programUsersView} />} />
      <Route path=":id/change-password" element={<ProgramUserPasswordScreen />} />
      <Route path="*" element={unknownPage} />
    </Routes>
  );
}
