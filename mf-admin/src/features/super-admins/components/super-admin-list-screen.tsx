import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, HStack, PageFrame } from '@baridesk/ui';
import { useDownloadTask } from '@baridesk/ui/overlays';
import { ResourceList, type ResourceRecord } from '@baridesk/ui/resources';
import { exportSuperAdmins } from '../api/super-admin-calls';
import { superAdminName, superAdminPaths, superAdminsView } from '../super-admins-view';

/** /admin/super-admin: every live super admin, with search, status filter, Excel, Add and each row's password change. */
export default function SuperAdminListScreen() {
  const excel = useDownloadTask();
  const view = useMemo(
    () => ({
      ...superAdminsView,
      rowActions: (admin: ResourceRecord) => (
        <Button asChild size="xs" variant="outline">
          <RouterLink to={superAdminPaths.changePassword(admin.id)} aria-label={`Change password of ${superAdminName(admin)}`}>
            Password
          </RouterLink>
        </Button>
      ),
    }),
    [],
  );
  return (
    <PageFrame
      title="Super Admins"
      actions={
        <HStack gap="2" wrap="wrap">
          <Button
            variant="outline"
            loading={excel.running}
            onClick={() => void excel.download('Super admins (Excel)', (signal, onProgress) => exportSuperAdmins({}, signal, onProgress))}
          >
            Excel
          </Button>
          <Button asChild>
            <RouterLink to={superAdminPaths.create}>Add Super Admin</RouterLink>
          </Button>
        </HStack>
      }
    >
      <ResourceList view={view} />
      {excel.banner}
    </PageFrame>
  );
}
