import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { Link, PageFrame, Text } from '@baridesk/ui';
import { ResourceFormScreen, ResourceShowScreen } from '@baridesk/ui/resources';
import { PROGRAMS_PATH, programPaths, programsView } from '../programs-view';
import ProgramListScreen from './program-list-screen';
import ProgramPasswordScreen from './program-password-screen';

/** An address below /admin/baritastic-program that names no screen. */
function UnknownPage() {
  return (
    <PageFrame title="Page not found">
      <Text role="alert">
        There is no such programs page.{' '}
        <Link asChild>
          <RouterLink to={PROGRAMS_PATH}>Back to the programs</RouterLink>
        </Link>
      </Text>
    </PageFrame>
  );
}

/**
 * /admin/baritastic-program/* (the shell's one entry, permission baritastic_programs): the spec's list,
 * store, :id/edit, :id/show and :id/change-password, routed here below it.
 */
export default function ProgramsArea() {
  return (
    <Routes>
      <Route index element={<ProgramListScreen />} />
      <Route path="store" element={<ResourceFormScreen view={programsView} afterSave={(program) => programPaths.show(program.id)} />} />
      <Route path=":id/edit" element={<ResourceFormScreen view={programsView} afterSave={(program) => programPaths.show(program.id)} cancelTo={programPaths.show} />} />
      <Route path=":id/show" element={<ResourceShowScreen view={programsView} />} />
      <Route path=":id/change-password" element={<ProgramPasswordScreen />} />
      <Route path="*" element={<UnknownPage />} />
    </Routes>
  );
}
