import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { formatPhone } from '@baridesk/domain';
import { Link, PageFrame, Text } from '@baridesk/ui';
import { ResourceShowScreen, defineResourceView, type ResourceRecord } from '@baridesk/ui/resources';
import { superAdminResource } from '@baridesk/contracts';
import { SUPER_ADMINS_PATH, superAdminPaths, superAdminsView } from '../super-admins-view';
import { PermissionNames } from './permission-names';
import SuperAdminFormScreen from './super-admin-form-screen';
import SuperAdminListScreen from './super-admin-list-screen';
import SuperAdminPasswordScreen from './super-admin-password-screen';

/** An address below /admin/super-admin that names no screen. */
function UnknownPage() {
  return (
    <PageFrame title="Page not found">
      <Text role="alert">
        There is no such super admins page.{' '}
        <Link asChild>
          <RouterLink to={SUPER_ADMINS_PATH}>Back to the super admins</RouterLink>
        </Link>
      </Text>
    </PageFrame>
  );
}

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
      <Route path="*" element={<UnknownPage />} />
    </Routes>
  );
}
