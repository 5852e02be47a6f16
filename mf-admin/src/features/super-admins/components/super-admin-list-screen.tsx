import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { SUPER_ADMIN_ID } from '@baridesk/domain';
import { Button, HStack, PageFrame } from '@baridesk/ui';
import { useDownloadTask } from '@baridesk/ui/overlays';
import { ResourceList, type ResourceRecord } from '@baridesk/ui/resources';
import { ResetTwoFactorButton, useResetTwoFactor } from '../../two-factor-reset/reset-two-factor';
import { exportSuperAdmins } from '../api/super-admin-calls';
import { superAdminName, superAdminPaths, superAdminsView } from '../super-admins-view';

/** /admin/super-admin: every live super admin, with search, status filter, Excel, Add and each row's password change and two-step sign-in reset. */
export default function SuperAdminListScreen() {
  const excel = useDownloadTask();
  const { askReset, dialog: resetDialog } = useResetTwoFactor('admin/super-admin');
  const view = useMemo(
    () => ({
      ...superAdminsView,
      rowActions: (admin: ResourceRecord) => (
        <HStack gap="2" wrap="wrap" justify="flex-end">
          <Button asChild size="xs" variant="outline">
            <RouterLink to={superAdminPaths.changePassword(admin.id)} aria-label={`Change password of ${superAdminName(admin)}`}>
              Password
            </RouterLink>
          </Button>
          {/* 48's factor is reset by nobody else, and nobody resets their own here (the server refuses both). */}
          {admin.id !== SUPER_ADMIN_ID && (
            <ResetTwoFactorButton name={superAdminName(admin)} onClick={() => void askReset(admin.id, superAdminName(admin))} />
          )}
        </HStack>
      ),
    }),
    [askReset],
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
      {resetDialog}
      {excel.banner}
    </PageFrame>
  );
}
