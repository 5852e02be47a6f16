import { Route, Routes } from 'react-router-dom';
import { AreaNotFound } from '@baridesk/ui';
import { ResourceFormScreen, ResourceListScreen, ResourceShowScreen } from '@baridesk/ui/resources';
import { HOW_TO_PATH, howToCategoriesView, howToPaths, howToView } from '../how-to-view';

/** An address below the area that names none of its screens. */
const unknownPage = <AreaNotFound area="how-to" backTo={HOW_TO_PATH} backLabel="Back to the guides" />;

/** The guides' list, with the way to their categories beside Add. */
function HowToListScreen() {
  return <ResourceListScreen view={howToView} links={[{ label: 'Categories', to: howToPaths.categories }]} />;
}

/**
 * /admin/how-to-use-app/* (the shell's one entry, permission how_to_use_app): the guides' list, create,
 * :id/edit and :id/show, and the categories' list, routed here below it.
 */
export default function HowToArea() {
  return (
    <Routes>
      <Route index element={<HowToListScreen />} />
      <Route path="create" element={<ResourceFormScreen view={howToView} />} />
      <Route path=":id/edit" element={<ResourceFormScreen view={howToView} cancelTo={howToPaths.show} />} />
      <Route path=":id/show" element={<ResourceShowScreen view={howToView} />} />
      <Route
        path="categories"
        element={<ResourceListScreen view={howToCategoriesView} breadcrumbs={[{ label: 'How to Use the App', to: HOW_TO_PATH }, { label: 'Categories' }]} />}
      />
      <Route path="*" element={unknownPage} />
    </Routes>
  );
}
