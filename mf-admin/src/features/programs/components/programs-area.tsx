import { Route, Routes } from 'react-router-dom';
import { AreaNotFound } from '@baridesk/ui';
import { ResourceFormScreen, ResourceShowScreen } from '@baridesk/ui/resources';
import { PROGRAMS_PATH, programPaths, programsView } from '../programs-view';
import ProgramListScreen from './program-list-screen';
import ProgramPasswordScreen from './program-password-screen';

/** An address below the area that names none of its screens. */
const unknownPage = <AreaNotFound area="programs" backTo={PROGRAMS_PATH} backLabel="Back to the programs" />;

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
      <Route path="*" element={unknownPage} />
    </Routes>
  );
}
