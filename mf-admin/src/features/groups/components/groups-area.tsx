import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { Link, PageFrame, Text } from '@baridesk/ui';
import { ResourceListScreen } from '@baridesk/ui/resources';
import { GROUPS_PATH, groupsView } from '../groups-view';
import GroupFormScreen from './group-form-screen';
import GroupShowScreen from './group-show-screen';

function UnknownPage() {
  return (
    <PageFrame title="Page not found">
      <Text role="alert">
        There is no such groups page.{' '}
        <Link asChild>
          <RouterLink to={GROUPS_PATH}>Back to the groups</RouterLink>
        </Link>
      </Text>
    </PageFrame>
  );
}

/** /admin/groups/* (permission groups): the list, create, :id/edit and the spec's :id/show. */
export default function GroupsArea() {
  return (
    <Routes>
      <Route index element={<ResourceListScreen view={groupsView} />} />
      <Route path="create" element={<GroupFormScreen />} />
      <Route path=":id/edit" element={<GroupFormScreen />} />
      <Route path=":id/show" element={<GroupShowScreen />} />
      <Route path="*" element={<UnknownPage />} />
    </Routes>
  );
}
