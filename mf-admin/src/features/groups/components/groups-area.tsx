import { Route, Routes } from 'react-router-dom';
import { AreaNotFound } from '@baridesk/ui';
import { ResourceListScreen } from '@baridesk/ui/resources';
import { GROUPS_PATH, groupsView } from '../groups-view';
import GroupFormScreen from './group-form-screen';
import GroupShowScreen from './group-show-screen';

/** An address below the area that names none of its screens. */
const unknownPage = <AreaNotFound area="groups" backTo={GROUPS_PATH} backLabel="Back to the groups" />;

/** /admin/groups/* (permission groups): the list, create, :id/edit and the spec's :id/show. */
export default function GroupsArea() {
  return (
    <Routes>
      <Route index element={<ResourceListScreen view={groupsView} />} />
      <Route path="create" element={<GroupFormScreen />} />
      <Route path=":id/edit" element={<GroupFormScreen />} />
      <Route path=":id/show" element={<GroupShowScreen />} />
      <Route path="*" element={unknownPage} />
    </Routes>
  );
}
