import { Route, Routes } from 'react-router-dom';
import { AreaNotFound } from '@baridesk/ui';
import { ResourceFormScreen, ResourceListScreen } from '@baridesk/ui/resources';
import {
  BARI_RESOURCES_PATH,
  bariCategoriesCrumbs,
  bariCategoriesView,
  bariResourcePaths,
  bariResourcesView,
  bariSubCategoriesCrumbs,
  bariSubCategoriesView,
} from '../bari-resources-view';

/** /admin/bari-resources: the resources in their order, with the ways to their categories and sub-categories. */
function BariResourceListScreen() {
  return (
    <ResourceListScreen
      view={bariResourcesView}
      links={[
        { label: 'Categories', to: bariResourcePaths.categories },
        { label: 'Sub-categories', to: bariResourcePaths.subCategories },
      ]}
    />
  );
}

/** An address below the area that names none of its screens. */
const unknownPage = <AreaNotFound area="Bari resources" backTo={BARI_RESOURCES_PATH} backLabel="Back to the Bari resources" />;

/**
 * /admin/bari-resources/* (the shell's one entry, permission manage_resources): the spec's list, store,
 * :id/edit, categories and sub-categories, routed here below it.
 */
export default function BariResourcesArea() {
  return (
    <Routes>
      <Route index element={<BariResourceListScreen />} />
      <Route path="store" element={<ResourceFormScreen view={bariResourcesView} />} />
      <Route path=":id/edit" element={<ResourceFormScreen view={bariResourcesView} />} />
      <Route path="categories" element={<ResourceListScreen view={bariCategoriesView} breadcrumbs={bariCategoriesCrumbs} />} />
      <Route path="sub-categories" element={<ResourceListScreen view={bariSubCategoriesView} breadcrumbs={bariSubCategoriesCrumbs} />} />
      <Route path="*" element={unknownPage} />
    </Routes>
  );
}
