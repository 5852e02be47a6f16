import { screen, waitFor, within } from '@testing-library/react';
import { BARI_RESOURCE_MESSAGES } from '@baridesk/contracts';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import BariResourcesArea from './bari-resources-area';

const LIST = 'GET /admin/bari-resources' as const;
const STORE = 'POST /admin/bari-resources/store' as const;
const CATEGORIES = 'GET /admin/bari-resource-categories/all-active' as const;
const SUBS = 'GET /admin/bari-resource-sub-categories/by-category' as const;
const CATEGORY_LIST = 'GET /admin/bari-resource-categories/index' as const;

const protein = {
  id: 3,
  title: 'Why protein comes first',
  link: 'https://resources.example.com/protein-first',
  link_type: 'article',
  engagement_time: 6,
  preview_image: null,
  bari_resource_category_id: 1,
  bari_resource_category_name: 'Nutrition',
  bari_resource_sub_category_id: 4,
  bari_resource_sub_category_name: 'Protein',
  status: 1,
  order_index: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
};

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, { status: 200, json: pageOf([protein]) });
  api.on(CATEGORIES, { status: 200, json: { data: [{ id: 1, name: 'Nutrition' }, { id: 2, name: 'Exercise' }] } });
  api.on(SUBS, { status: 200, json: { data: [{ id: 4, name: 'Protein' }] } });
});
afterEach(() => api.close());

const renderArea = (path: string) => renderScreen(<BariResourcesArea />, { route: '/admin/bari-resources/*', path });

test('the list: category, sub-category, link type and minutes; the link type filter; the ways to the categories', async () => {
  const { user } = await renderArea('/admin/bari-resources');
  const row = await screen.findByRole('row', { name: /Why protein comes first/ });
  for (const text of ['Nutrition', 'Protein', 'Article', '6 min']) expect(within(row).getByText(text)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/admin/bari-resources/categories');
  expect(screen.getByRole('link', { name: 'Sub-categories' })).toHaveAttribute('href', '/admin/bari-resources/sub-categories');
  await chooseOption(user, screen.getByRole('combobox', { name: 'Link type' }), 'Podcast');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('link_type')).toBe('podcast'));
});

test('adding: the category first, its sub-categories following it, the link type from the list', async () => {
  api.on(STORE, { status: 201, json: { data: protein, message: BARI_RESOURCE_MESSAGES.created } });
  const { user } = await renderArea('/admin/bari-resources/store');
  expect(await screen.findByRole('heading', { level: 1, name: 'Add Resource' })).toBeInTheDocument();
  const category = screen.getByRole('combobox', { name: /^Category/ });
  await waitFor(() => expect(within(category).getByRole('option', { name: 'Nutrition' })).toBeInTheDocument());
  await chooseOption(user, category, 'Nutrition');
  await waitFor(() => expect(api.calls(SUBS).at(-1)!.query.get('categoryId')).toBe('1'));
  await chooseOption(user, screen.findByRole('combobox', { name: /^Sub-category/ }), 'Protein');
  await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Protein at every meal');
  await user.type(screen.getByRole('textbox', { name: /^Link$|^Link\b/ }), 'https://resources.example.com/meals');
  await chooseOption(user, screen.getByRole('combobox', { name: /^Link type/ }), 'Video');
  await user.type(screen.getByRole('spinbutton', { name: /^Engagement time/ }), '8');
  await user.click(screen.getByRole('button', { name: 'Add Resource' }));
  await waitFor(() => expect(api.calls(STORE)).toHaveLength(1));
  expect(api.calls(STORE)[0]!.body).toMatchObject({
    title: 'Protein at every meal',
    link: 'https://resources.example.com/meals',
    link_type: 'video',
    engagement_time: 8,
    bari_resource_category_id: 1,
    bari_resource_sub_category_id: 4,
    status: 1,
  });
});

test('the categories screen lists them under the way back to the resources', async () => {
  api.on(CATEGORY_LIST, { status: 200, json: pageOf([{ id: 1, name: 'Nutrition', status: 1, created_at: protein.created_at, updated_at: protein.updated_at }]) });
  await renderArea('/admin/bari-resources/categories');
  expect(await screen.findByRole('row', { name: /Nutrition/ })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Bari Resource Categories' })).toBeInTheDocument();
  expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByRole('link', { name: 'Bari Resources' })).toHaveAttribute('href', '/admin/bari-resources');
});
