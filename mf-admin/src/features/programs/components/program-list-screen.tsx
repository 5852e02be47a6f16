import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, HStack, PageFrame } from '@baridesk/ui';
import { useDownloadTask } from '@baridesk/ui/overlays';
import { ResourceList, resourceListCriteria, useResourceListParams, type ResourceRecord } from '@baridesk/ui/resources';
import { exportPrograms } from '../api/program-calls';
import { programPaths, programsView } from '../programs-view';

/** /admin/baritastic-program: every live program, with search and filters, Excel of what is shown, Add and each row's password change. */
export default function ProgramListScreen() {
  const excel = useDownloadTask();
  const list = useResourceListParams(programsView);
  const view = useMemo(
    () => ({
      ...programsView,
      rowActions: (program: ResourceRecord) => (
        <Button asChild size="xs" variant="outline">
          <RouterLink to={programPaths.changePassword(program.id)} aria-label={`Change password of ${String(program.title)}`}>
            Password
          </RouterLink>
        </Button>
      ),
    }),
    [],
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
      {excel.banner}
    </PageFrame>
  );
}
