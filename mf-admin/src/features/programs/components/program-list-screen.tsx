import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, HStack, PageFrame } from '@baridesk/ui';
import { useDownloadTask } from '@baridesk/ui/overlays';
import { ResourceList, resourceListCriteria, useResourceListParams, type ResourceRecord } from '@baridesk/ui/resources';
import { ResetTwoFactorButton, useResetTwoFactor } from '../../two-factor-reset/reset-two-factor';
import { exportPrograms } from '../api/program-calls';
import { programPaths, programsView } from '../programs-view';

/** /admin/baritastic-program: every live program, with search and filters, Excel of what is shown, Add and each row's password change and two-step sign-in reset. */
export default function ProgramListScreen() {
  const excel = useDownloadTask();
  const { askReset, dialog: resetDialog } = useResetTwoFactor('admin/baritastic-program');
  const list = useResourceListParams(programsView);
  const view = useMemo(
    () => ({
      ...programsView,
      rowActions: (program: ResourceRecord) => (
        <HStack gap="2" wrap="wrap" justify="flex-end">
          <Button asChild size="xs" variant="outline">
            <RouterLink to={programPaths.changePassword(program.id)} aria-label={`Change password of ${String(program.title)}`}>
              Password
            </RouterLink>
          </Button>
          <ResetTwoFactorButton name={String(program.title)} onClick={() => void askReset(program.id, String(program.title))} />
        </HStack>
      ),
    }),
    [askReset],
  );
  return (
    <PageFrame
      title="Programs"
      actions={
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" loading={excel.running} onClick={() => void excel.download('Programs (Excel)', (signal, onProgress) => exportPrograms(resourceListCriteria(programsView, list), signal, onProgress))}>
            Excel
          </Button>
          <Button asChild>
            <RouterLink to={programPaths.store}>Add Program</RouterLink>
          </Button>
        </HStack>
      }
    >
      <ResourceList view={view} list={list} />
      {resetDialog}
      {excel.banner}
    </PageFrame>
  );
}
