import { screen, waitFor, within } from '@testing-library/react';
import { DYNAMIC_SECTION_MESSAGES } from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';
import { createAuthUser, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import SectionScreen from './section-screen';

const SHOW = 'GET /content/dynamic-content-section/show/7' as const;
const ITEMS = 'GET /content/dynamic-content-section/section' as const;
const TOGGLE = 'POST /content/dynamic-content-section/toggle-status' as const;
const DELETE = 'DELETE /content/dynamic-content-section/delete' as const;

const stamp = '2026-11-20T10:00:00.000Z';
const section = (status: 0 | 1 = 1) => ({ id: 7, name: 'Recipes', status, order_index: 1, created_at: stamp, updated_at: stamp });
const item = (id: number, title: string) => ({
  id,
  section_id: 7,
  title,
  body: '<p>Blend.</p>',
  image: null,
  link: null,
  video_url: null,
  category_id: null,
  category_name: null,
  sub_category_id: null,
  sub_category_name: null,
  status: 1,
  order_index: id,
  created_at: stamp,
  updated_at: stamp,
});

let api: FakeApi;
let sidebarChanges: number;
let stopListening: () => void;

beforeEach(async () => {
  api = await startFakeApi({
    [SHOW]: { status: 200, json: { data: section() } },
    [ITEMS]: { status: 200, json: pageOf([item(1, 'Protein smoothie'), item(2, 'Overnight oats')]) },
  });
  sidebarChanges = 0;
  stopListening = bus.on('sidebar:changed', () => void (sidebarChanges += 1));
});

afterEach(async () => {
  stopListening();
  await api.close();
});

const renderSection = async (type: 'sub_user' | 'program_user') => {
  appStore.getState().signIn({ token: 'token-abc', user: createAuthUser({ type }) });
  const view = await renderScreen(<SectionScreen />, { route: '/dynamic-content-section/:id', path: '/dynamic-content-section/7' });
  await screen.findByRole('heading', { level: 1, name: 'Recipes' });
  return view;
};

test("shows the section's name and its items, asked for by the section", async () => {
  await renderSection('program_user');
  expect(await screen.findByRole('link', { name: 'Protein smoothie' })).toHaveAttribute('href', '/dynamic-section-item/1/show');
  expect(api.calls(ITEMS)[0]!.query.get('section_id')).toBe('7');
  expect(screen.getByRole('link', { name: 'Add Item' })).toHaveAttribute('href', '/dynamic-section-item/store/7');
  expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/dynamic-section-category/7');
  expect(screen.getByRole('link', { name: 'Sub-categories' })).toHaveAttribute('href', '/dynamic-section-sub-category/7');
  // The section itself is the sub user's.
  expect(screen.queryByRole('button', { name: 'Delete section' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
});

test('the sub user switches the section off, and the sidebar is told to reload', async () => {
  api.on(TOGGLE, ({ body }) => ({ status: 200, json: { data: body, message: DYNAMIC_SECTION_MESSAGES.statusUpdated } }));
  const { user } = await renderSection('sub_user');
  const controls = screen.getByRole('group', { name: 'Dynamic Content Sections: Recipes' });
  api.on(SHOW, { status: 200, json: { data: section(0) } });
  await user.click(within(controls).getByRole('switch', { name: 'Section active' }));
  expect(await screen.findByText(DYNAMIC_SECTION_MESSAGES.statusUpdated)).toBeInTheDocument();
  expect(api.calls(TOGGLE)[0]!.body).toEqual({ id: 7, status: 0 });
  expect(sidebarChanges).toBe(1);
  expect(await screen.findByText('Inactive: hidden from the sidebar and the app')).toBeInTheDocument();
});

test('the sub user deletes the section after a question that says what goes with it, then lands on the dashboard', async () => {
  api.on(DELETE, { status: 200, json: { message: DYNAMIC_SECTION_MESSAGES.deleted } });
  const { user, path } = await renderSection('sub_user');
  await user.click(screen.getByRole('button', { name: 'Delete section' }));
  const question = await screen.findByRole('alertdialog', { name: 'Delete section' });
  expect(question).toHaveTextContent('Delete "Recipes" with all its items, categories and sub-categories?');
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  expect(api.calls(DELETE)).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Delete section' }));
  await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete section' })).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(path()).toBe('/dashboard'));
  expect(api.calls(DELETE)[0]!.query.get('id')).toBe('7');
  expect(sidebarChanges).toBe(1);
});

test('an address that names no section says so', async () => {
  appStore.getState().signIn({ token: 'token-abc', user: createAuthUser() });
  await renderScreen(<SectionScreen />, { route: '/dynamic-content-section/:id', path: '/dynamic-content-section/abc' });
  expect(await screen.findByText('This address does not name a section.')).toBeInTheDocument();
});
