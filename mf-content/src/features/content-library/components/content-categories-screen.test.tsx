import { screen, waitFor, within } from '@testing-library/react';
import { CONTENT_CATEGORY_MESSAGES as CATEGORY, CONTENT_SUB_CATEGORY_MESSAGES as SUB } from '@baridesk/contracts';
import { chooseOption, chooseRowDelete, createAuthUser, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createContentCategory } from '../test/content-items';
import { contentScreen, coordinatorCategoriesScreen, GenericCategories, GenericSubCategories } from './content-library-screens';

const breakfast = createContentCategory({ id: 5, name: 'Breakfast', menu: 'diet' });
const snacks = createContentCategory({ id: 6, name: 'Snacks', menu: 'diet', status: 0 });
const eggs = createContentCategory({ id: 8, name: 'Eggs', menu: 'diet', category_id: 5, category_name: 'Breakfast' });

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on('GET /content/content-categories', ({ query }) => ({ status: 200, json: pageOf(query.get('menu') === 'diet' ? [breakfast, snacks] : []) }));
  api.on('GET /content/content-categories/all', () => ({ status: 200, json: { data: [{ id: 5, name: 'Breakfast' }] } }));
  api.on('GET /content/content-sub-categories', () => ({ status: 200, json: pageOf([eggs]) }));
});
afterEach(() => api.close());

const northside = { user: createAuthUser({ program_id: 101 }) };

describe('a type’s categories at its own path (/diet-categories)', () => {
  const DietCategories = contentScreen('diet', 'categories');

  test('lists the type’s categories, with the ways to its items and its sub-categories', async () => {
    const { user, path } = await renderScreen(<DietCategories />, { route: '/diet-categories', store: northside });
    expect(await screen.findByRole('cell', { name: 'Breakfast' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Nutrition Guidelines Categories' })).toBeInTheDocument();
    expect(api.calls('GET /content/content-categories')[0]!.query.get('menu')).toBe('diet');
    expect(screen.getByRole('switch', { name: 'Snacks active' })).not.toBeChecked();
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Nutrition Guidelines' })).toHaveAttribute('href', '/diet');
    await user.click(screen.getByRole('link', { name: 'Sub-categories' }));
    expect(path()).toBe('/diet-sub-categories');
  });

  test('adds a category of the type in a dialog', async () => {
    api.on('POST /content/content-categories/store', ({ body }) => ({ status: 201, json: { data: createContentCategory(body as object), message: CATEGORY.created } }));
    const { user } = await renderScreen(<DietCategories />, { route: '/diet-categories', store: northside });
    await screen.findByRole('cell', { name: 'Breakfast' });
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Lunch');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(await screen.findByText(CATEGORY.created)).toBeInTheDocument();
    expect(api.calls('POST /content/content-categories/store')[0]!.body).toMatchObject({ menu: 'diet', name: 'Lunch', status: 1 });
  });

  test('a category still in use is not deleted: the server’s reason is the notice', async () => {
    api.on('DELETE /content/content-categories/destroy', { status: 409, json: { message: CATEGORY.inUse(3) } });
    const { user } = await renderScreen(<DietCategories />, { route: '/diet-categories', store: northside });
    await screen.findByRole('cell', { name: 'Breakfast' });
    await chooseRowDelete(user, 'Breakfast');
    const question = await screen.findByRole('alertdialog', { name: 'Delete category' });
    expect(question).toHaveTextContent('Delete "Breakfast"?');
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(CATEGORY.inUse(3))).toBeInTheDocument();
    expect(api.calls('DELETE /content/content-categories/destroy')[0]!.query.get('id')).toBe('5');
  });
});

describe('a type’s sub-categories (/diet-sub-categories)', () => {
  const DietSubCategories = contentScreen('diet', 'subCategories');

  test('adds a sub-category under one of the type’s categories', async () => {
    api.on('POST /content/content-sub-categories/store', ({ body }) => ({ status: 201, json: { data: createContentCategory(body as object), message: SUB.created } }));
    const { user } = await renderScreen(<DietSubCategories />, { route: '/diet-sub-categories', store: northside });
    const row = await screen.findByRole('row', { name: /Eggs/ });
    expect(within(row).getByRole('cell', { name: 'Breakfast' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Nutrition Guidelines Sub-categories' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/diet-categories');

    await user.click(screen.getByRole('button', { name: 'Add Sub-category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Sub-category' });
    const category = within(dialog).getByRole('combobox', { name: /Category/ });
    await within(category).findByRole('option', { name: 'Breakfast' });
    await chooseOption(user, category, '5');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Smoothies');
    await user.click(within(dialog).getByRole('button', { name: 'Add Sub-category' }));
    expect(await screen.findByText(SUB.created)).toBeInTheDocument();
    expect(api.calls('POST /content/content-sub-categories/store')[0]!.body).toMatchObject({ menu: 'diet', name: 'Smoothies', category_id: 5 });
    expect(api.calls('GET /content/content-categories/all')[0]!.query.get('menu')).toBe('diet');
  });
});

test('the support service’s categories use its own calls', async () => {
  api.on('GET /content/support-service-category', () => ({ status: 200, json: pageOf([createContentCategory({ id: 9, name: 'Counselling' })]) }));
  const Categories = contentScreen('support-service', 'categories');
  await renderScreen(<Categories />, { route: '/support-service/category', store: northside });
  expect(await screen.findByRole('cell', { name: 'Counselling' })).toBeInTheDocument();
  expect(api.calls('GET /content/support-service-category')[0]!.query.has('menu')).toBe(false);
});

describe('the generic /:menuTitle/categories and /:menuTitle/sub-categories', () => {
  test('a type’s key lists its categories', async () => {
    await renderScreen(<GenericCategories />, { route: '/:menuTitle/categories', path: '/videos/categories', store: northside });
    expect(screen.getByRole('heading', { level: 1, name: 'Videos Categories' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /content/content-categories')[0]!.query.get('menu')).toBe('videos'));
  });

  test.each([
    ['/no-such-menu/categories', GenericCategories, '/:menuTitle/categories'],
    ['/doctors/categories', GenericCategories, '/:menuTitle/categories'],
    ['/videos/sub-categories', GenericSubCategories, '/:menuTitle/sub-categories'],
  ])('%s is not found', async (path, Screen, route) => {
    await renderScreen(<Screen />, { route, path, store: northside });
    expect(screen.getByRole('heading', { level: 1, name: 'Ooops! Page not found.' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(api.routesCalled()).toEqual([]);
  });
});

test('/coordinator-categories-1: the contacts’ categories reached from program 302’s Weight Management', async () => {
  const Coordinators = coordinatorCategoriesScreen(1);
  await renderScreen(<Coordinators />, { route: '/coordinator-categories-1', store: { user: createAuthUser({ program_id: 302 }) } });
  expect(screen.getByRole('heading', { level: 1, name: 'Coordinator Categories: Weight Management' })).toBeInTheDocument();
  const back = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Weight Management Contacts' });
  expect(back).toHaveAttribute('href', '/contact-us?weightLossType=1');
  await waitFor(() => expect(api.calls('GET /content/content-categories')[0]!.query.get('menu')).toBe('contacts'));
});
