import { screen, waitFor, within } from '@testing-library/react';
import { RECIPE_MESSAGES } from '@baridesk/contracts';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import RecipesArea from './recipes-area';

const LIST = 'GET /admin/manage-recipes' as const;
const SHOW = 'GET /admin/manage-recipes/7' as const;
const STORE = 'POST /admin/manage-recipes/store' as const;
const UPDATE = 'POST /admin/manage-recipes/update' as const;
const CATEGORIES = 'GET /admin/manage-recipes/category/all' as const;

const nutrition = {
  nf_serving_size_qty: 1,
  nf_serving_size_unit: 'cup',
  nf_serving_weight_grams: 250,
  nf_calories: 240,
  nf_total_fat: 7,
  nf_saturated_fat: 2,
  nf_trans_fatty_acid: null,
  nf_polyunsaturated_fat: null,
  nf_monounsaturated_fat: null,
  nf_cholesterol: 60,
  nf_sodium: 420,
  nf_total_carbohydrate: 18,
  nf_dietary_fiber: 6,
  nf_sugars: 5,
  nf_protein: 24,
  nf_calcium: null,
  nf_totalItem: 6,
  nf_type: null,
  nf_remote_db_key: null,
};

const chili = {
  id: 7,
  name: 'Turkey chili',
  category_ids: [2, 9],
  category_names: ['Lunch and dinner', 'Old favourites'],
  picture: null,
  ingredient: '<ul><li>500 g lean ground turkey</li></ul>',
  recipe: '<p>Brown the turkey.</p>',
  recipes_flag: 0,
  ...nutrition,
  nt_check: 0,
  item_id: null,
  item_name: null,
  brand_id: null,
  brand_name: null,
  user_id: 48,
  user_name: 'Avery Collins',
  status: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
};

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, { status: 200, json: pageOf([chili]) });
  api.on(SHOW, { status: 200, json: { data: chili } });
  // Category 9 is switched off: not among the choices, but the chili stays filed under it.
  api.on(CATEGORIES, { status: 200, json: { data: [{ id: 1, name: 'Breakfast' }, { id: 2, name: 'Lunch and dinner' }] } });
});
afterEach(() => api.close());

const renderArea = (path: string) => renderScreen(<RecipesArea />, { route: '/admin/manage-recipe/*', path });

test('the list: categories named, filtered by one category, the ways to Add and to the categories', async () => {
  const { user } = await renderArea('/admin/manage-recipe');
  const row = await screen.findByRole('row', { name: /Turkey chili/ });
  expect(within(row).getByText('Lunch and dinner, Old favourites')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'Turkey chili' })).toHaveAttribute('href', '/admin/manage-recipe/7/show');
  expect(screen.getByRole('link', { name: 'Add Recipe' })).toHaveAttribute('href', '/admin/manage-recipe/store');
  expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/admin/manage-recipe/categories');
  const filter = screen.getByRole('combobox', { name: 'Category' });
  await waitFor(() => expect(within(filter).getByRole('option', { name: 'Breakfast' })).toBeInTheDocument());
  await chooseOption(user, filter, 'Breakfast');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('category_id')).toBe('1'));
});

test('adding: no category is refused on the form; the chosen categories, the method and the nutrition facts are sent', async () => {
  api.on(STORE, { status: 201, json: { data: { ...chili, id: 8, name: 'Overnight oats', category_ids: [1] }, message: RECIPE_MESSAGES.created } });
  api.on('GET /admin/manage-recipes/8', { status: 200, json: { data: { ...chili, id: 8, name: 'Overnight oats' } } });
  const { user } = await renderArea('/admin/manage-recipe/store');
  expect(await screen.findByRole('heading', { level: 1, name: 'Add Recipe' })).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Overnight oats');
  const facts = screen.getByRole('group', { name: 'Nutrition facts' });
  await user.type(within(facts).getByRole('spinbutton', { name: 'Calories' }), '310');
  await user.type(within(facts).getByRole('spinbutton', { name: 'Protein (g)' }), '21.5');
  await user.click(screen.getByRole('button', { name: 'Add Recipe' }));
  expect(await screen.findByText(RECIPE_MESSAGES.categoriesRequired)).toBeInTheDocument();
  expect(api.calls(STORE)).toHaveLength(0);

  const categories = screen.getByRole('group', { name: /Categories/ });
  await user.click(within(categories).getByRole('checkbox', { name: 'Breakfast' }));
  await user.click(screen.getByRole('button', { name: 'Add Recipe' }));
  await waitFor(() => expect(api.calls(STORE)).toHaveLength(1));
  expect(api.calls(STORE)[0]!.body).toMatchObject({ name: 'Overnight oats', category_ids: [1], nf_calories: 310, nf_protein: 21.5, status: 0 });
});

test('editing keeps a switched-off category the recipe is filed under, and a category can be taken out', async () => {
  api.on(UPDATE, { status: 200, json: { data: chili, message: RECIPE_MESSAGES.updated } });
  const { user } = await renderArea('/admin/manage-recipe/7/edit');
  const categories = await screen.findByRole('group', { name: /Categories/ });
  expect(await within(categories).findByRole('checkbox', { name: 'Old favourites (switched off)' })).toBeChecked();
  expect(within(categories).getByRole('checkbox', { name: 'Lunch and dinner' })).toBeChecked();
  expect(within(categories).getByRole('checkbox', { name: 'Breakfast' })).not.toBeChecked();
  await user.click(within(categories).getByRole('checkbox', { name: 'Lunch and dinner' }));
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  await waitFor(() => expect(api.calls(UPDATE)).toHaveLength(1));
  expect(api.calls(UPDATE)[0]!.body).toMatchObject({ id: 7, category_ids: [9] });
});

test('the show page: the categories, the nutrition facts in their group, the author', async () => {
  await renderArea('/admin/manage-recipe/7/show');
  const facts = await screen.findByRole('region', { name: 'Nutrition facts' });
  expect(within(facts).getByText('Calories', { selector: 'dt' }).nextElementSibling).toHaveTextContent('240');
  expect(within(facts).getByText('Protein (g)', { selector: 'dt' }).nextElementSibling).toHaveTextContent('24');
  expect(screen.getByText('Categories', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Lunch and dinner, Old favourites');
  expect(screen.getByText('Written by', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Avery Collins');
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/manage-recipe/7/edit');
});
