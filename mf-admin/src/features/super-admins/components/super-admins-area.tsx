import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { formatPhone } from '@baridesk/domain';
import { AreaNotFound, Link } from '@baridesk/ui';
import { ResourceShowScreen, defineResourceView, type ResourceRecord } from '@baridesk/ui/resources';
import { superAdminResource } from '@baridesk/contracts';
import { SUPER_ADMINS_PATH, superAdminPaths, superAdminsView } from '../super-admins-view';
import { PermissionNames } from './permission-names';
import SuperAdminFormScreen from './super-admin-form-screen';
import SuperAdminListScreen from './super-admin-list-screen';
import SuperAdminPasswordScreen from './super-admin-password-screen';

/** An address below the area that names none of its screens. */
const unknownPage = <AreaNotFound area="super admins" backTo={SUPER_ADMINS_PATH} backLabel="Back to the super admins" />;

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** The show page: the details, the permissions by name, and the way to a new password. */
const showView = defineResourceView({
  ...(superAdminsView as unknown as Parameters<typeof defineResourceView<typeof superAdminResource>>[0]),
  details: [
    'first_name',
    'last_name',
    'email',
    { term: 'Phone', render: (admin) => (admin.phone ? formatPhone(admin.phone) : '—') },
    { term: 'Title', render: (admin) => text(admin.title) },
    { term: 'Username', render: (admin) => text(admin.username) },
    'status',
    { term: 'Permissions', render: (admin) => <PermissionNames ids={admin.permission_ids} /> },
    {
      term: 'Password',
      render: (admin) => (
        <Link asChild>
          <RouterLink to={superAdminPaths.changePassword((admin as ResourceRecord).id)}>Change password</RouterLink>
        </Link>
      ),
    },
  ],
});

/**
 * /admin/super-admin/* (the shell's one entry, permission manage_super_admin): the spec's list, create,
 * show/:id, edit/:id and change-password/:id, routed here below it.
 */
export default function SuperAdminsArea() {
  return (
    <Routes>
      <Route index element={<SuperAdminListScreen />} />
      <Route path="create" element={<SuperAdminFormScreen />} />
      <Route path="show/:id" element={<ResourceShowScreen view={showView} />} />
      <Route path="edit/:id" element={<SuperAdminFormScreen />} />
      <Route path="change-password/:id" element={<SuperAdminPasswordScreen />} />
      <Route path="*" element={unknownPage} />
    </Routes>
  );
}
