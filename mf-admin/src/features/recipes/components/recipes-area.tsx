import { useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import { recipeCategoryResource } from '@baridesk/contracts';
import { AreaNotFound } from '@baridesk/ui';
import { ResourceFormScreen, ResourceListScreen, ResourceShowScreen, useResourceOptions, type ResourceView } from '@baridesk/ui/resources';
import { RECIPES_PATH, recipeCategoriesView, recipePaths, recipesView } from '../recipes-view';

/** /admin/manage-recipe: the recipe book, searched, filtered by status and by one category, with the way to the categories. */
function RecipeListScreen() {
  const categories = useResourceOptions(recipeCategoryResource);
  const view = useMemo<ResourceView>(
    () => ({
      ...recipesView,
      listFilters: [
        {
          field: 'category_id',
          label: 'Category',
          anyLabel: 'All categories',
          options: (categories.data ?? []).map((category) => ({ value: String(category.id), label: category.name })),
        },
      ],
    }),
    [categories.data],
  );
  return <ResourceListScreen view={view} links={[{ label: 'Categories', to: recipePaths.categories }]} />;
}

/** An address below the area that names none of its screens. */
const unknownPage = <AreaNotFound area="recipes" backTo={RECIPES_PATH} backLabel="Back to the recipes" />;

/**
 * /admin/manage-recipe/* (the shell's one entry, permission manage_recipe): the spec's list, store,
 * :id/show and :id/edit, and the categories, routed here below it.
 */
export default function RecipesArea() {
  return (
    <Routes>
      <Route index element={<RecipeListScreen />} />
      <Route path="store" element={<ResourceFormScreen view={recipesView} afterSave={(recipe) => recipePaths.show(recipe.id)} />} />
      <Route path=":id/edit" element={<ResourceFormScreen view={recipesView} afterSave={(recipe) => recipePaths.show(recipe.id)} cancelTo={recipePaths.show} />} />
      <Route path=":id/show" element={<ResourceShowScreen view={recipesView} />} />
      <Route
        path="categories"
        element={<ResourceListScreen view={recipeCategoriesView} breadcrumbs={[{ label: 'Recipes', to: RECIPES_PATH }, { label: 'Categories' }]} />}
      />
      <Route path="*" element={unknownPage} />
    </Routes>
  );
}
