import { RECIPE_NUTRITION_FIELDS, recipeCategoryResource, recipeResource } from '@baridesk/contracts';
import { Fieldset, Skeleton, Stack, Text } from '@baridesk/ui';
import { Checkbox } from '@baridesk/ui/controls';
import { defineResourceView, useResourceOptions, type FieldRenderProps, type ResourceRecord } from '@baridesk/ui/resources';

export const RECIPES_PATH = '/admin/manage-recipe';
export const recipePaths = {
  list: RECIPES_PATH,
  store: `${RECIPES_PATH}/store`,
  edit: (id: number) => `${RECIPES_PATH}/${id}/edit`,
  show: (id: number) => `${RECIPES_PATH}/${id}/show`,
  categories: `${RECIPES_PATH}/categories`,
};

const idsOf = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((id) => Number.isInteger(id)) : []);
const namesOf = (recipe: ResourceRecord) => (Array.isArray(recipe.category_names) && recipe.category_names.length > 0 ? recipe.category_names.join(', ') : 'None');

/**
 * The recipe's categories: a checkbox per active recipe category (and any switched-off one the recipe
 * is already filed under, so saving keeps it), named as a group by its legend. The kit draws one
 * category per record; a recipe has several, so the view draws this field itself.
 */
function CategoryChecklist({ form, name, label, record }: FieldRenderProps) {
  const options = useResourceOptions(recipeCategoryResource);
  const chosen = idsOf(form.watch(name));
  const filed = idsOf(record?.category_ids);
  const filedNames = Array.isArray(record?.category_names) ? (record.category_names as string[]) : [];
  const choices = [...(options.data ?? [])];
  // A switched-off category is not among the options: keep it on the list while the recipe is in it.
  filed.forEach((id, index) => {
    if (!choices.some((choice) => choice.id === id)) choices.push({ id, name: `${filedNames[index] ?? `Category ${id}`} (switched off)` });
  });
  const error = form.formState.errors[name]?.message;
  const toggle = (id: number, on: boolean) =>
    form.setValue(name, on ? [...chosen, id] : chosen.filter((value) => value !== id), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>
        {label} <Text as="span" color="fg.error" aria-hidden="true">*</Text>
      </Fieldset.Legend>
      <Fieldset.HelperText>Choose every category the recipe belongs to.</Fieldset.HelperText>
      {options.isLoading ? (
        <Skeleton height="6" aria-label="Loading the categories" />
      ) : (
        <Stack gap="2" direction={{ base: 'column', md: 'row' }} wrap="wrap">
          {choices.map((choice) => (
            <Checkbox.Root key={choice.id} checked={chosen.includes(choice.id)} onCheckedChange={(details) => toggle(choice.id, details.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{choice.name}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      )}
      {options.isError ? <Text color="fg.error">The categories could not be loaded.</Text> : null}
      {typeof error === 'string' ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}

const nutritionKeys = Object.keys(RECIPE_NUTRITION_FIELDS);

/**
 * The recipes' screens (/admin/manage-recipe): the list (filtered by category, see the list screen),
 * the form on its own page (the categories as checkboxes, the ingredients and method in the rich-text
 * editor, the nutrition facts and the food database item in their groups, two columns on wide
 * screens), and the show page with the same groups.
 */
export const recipesView = defineResourceView({
  resource: recipeResource,
  words: { one: 'recipe', many: 'recipes' },
  texts: { title: 'Recipes', add: 'Add Recipe', addTitle: 'Add Recipe', editTitle: 'Edit Recipe' },
  form: { mode: 'page', path: (id) => (id ? recipePaths.edit(id) : recipePaths.store) },
  listPath: RECIPES_PATH,
  showPath: recipePaths.show,
  formColumns: 2,
  columns: [
    'picture',
    'name',
    { key: 'category_names', header: 'Categories', render: namesOf },
    { key: 'nf_calories', header: 'Calories', render: (recipe) => (typeof recipe.nf_calories === 'number' ? recipe.nf_calories : '–') },
    'status',
    'actions',
  ],
  details: [
    'name',
    { term: 'Categories', render: namesOf },
    'picture',
    'ingredient',
    'recipe',
    'recipes_flag',
    ...nutritionKeys,
    'nt_check',
    'item_id',
    'item_name',
    'brand_id',
    'brand_name',
    'status',
    { term: 'Written by', render: (recipe) => String(recipe.user_name ?? 'Not given') },
    'created_at',
    'updated_at',
  ],
  fields: {
    category_ids: { render: (props) => <CategoryChecklist {...props} /> },
    picture: { helperText: 'At least 400 × 225 pixels; shown as a wide tile in the app.' },
    ingredient: { editorHeight: 'small' },
    recipe: { editorHeight: 'large' },
    recipes_flag: { helperText: 'Shown first in the app’s recipe book.' },
    nf_serving_size_qty: { helperText: 'The amounts below are per serving.' },
  },
  deleteQuestion: (_recipe, name) => ({ title: 'Delete recipe', message: `Delete "${name}"? Patients no longer see it in the app. This cannot be undone.` }),
});

/** The recipe categories: a dialog form over the list. */
export const recipeCategoriesView = defineResourceView({
  resource: recipeCategoryResource,
  words: { one: 'category', many: 'categories' },
  texts: { title: 'Recipe Categories' },
  listPath: recipePaths.categories,
  columns: ['name', 'status', 'updated_at', 'actions'],
  deleteQuestion: (_category, name) => ({
    title: 'Delete category',
    message: `Delete "${name}"? A category that recipes are filed under is not deleted: take them out of it first, or switch it off.`,
  }),
});
