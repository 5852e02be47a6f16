import { screen, waitFor, within } from '@testing-library/react';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import HowToArea from './how-to-area';

const guide = (id: number, title: string, more: object = {}) => ({
  id,
  title,
  description: '<p>Tap <strong>Add</strong>.</p>',
  video_url: null,
  image: null,
  category_id: 1,
  category_name: 'Logging',
  status: 1,
  order_index: id,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
  ...more,
});
const category = (id: number, name: string) => ({ id, name, status: 1, created_at: '2026-03-01T10:00:00.000Z', updated_at: '2026-03-02T10:00:00.000Z' });

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on('GET /admin/how-to-use-app/list', { status: 200, json: pageOf([guide(1, 'Logging a meal'), guide(2, 'Logging water', { status: 0 })]) });
  api.on('GET /admin/how-to-use-app-category/select', { status: 200, json: { data: [{ id: 1, name: 'Logging' }, { id: 2, name: 'Messages' }] } });
  api.on('GET /admin/how-to-use-app-category/list', { status: 200, json: pageOf([category(1, 'Logging'), category(2, 'Messages')]) });
});
afterEach(() => api.close());

const renderArea = (path: string) => renderScreen(<HowToArea />, { route: '/admin/how-to-use-app/*', path });

test('the guides: their categories, switches through toggle-status-multiple, the bulk bar, and the way to the categories', async () => {
  api.on('POST /admin/how-to-use-app/toggle-status-multiple', { status: 200, json: { data: [{ id: 2, status: 1 }], message: '1 guide activated successfully.' } });
  const { user } = await renderArea('/admin/how-to-use-app');
  const row = await screen.findByRole('row', { name: /Logging a meal/ });
  expect(within(row).getByRole('cell', { name: 'Logging' })).toBeInTheDocument();
  await user.click(screen.getByRole('switch', { name: 'Logging water active' }));
  expect(await screen.findByText('1 guide activated successfully.')).toBeInTheDocument();
  expect(api.calls('POST /admin/how-to-use-app/toggle-status-multiple')[0]!.body).toEqual({ ids: [2], status: 1 });
  await user.click(within(screen.getByRole('table', { name: 'How to use the app' })).getByRole('checkbox', { name: 'Select all guides on this page' }));
  expect(screen.getByRole('region', { name: 'Selected guides' })).toHaveTextContent('2 selected');
  // The question names them in the view's words, not the definition's plural label.
  await user.click(within(screen.getByRole('region', { name: 'Selected guides' })).getByRole('button', { name: 'Delete' }));
  const question = await screen.findByRole('alertdialog', { name: 'Delete guides' });
  expect(question).toHaveTextContent('Delete 2 guides? They are removed for good: this cannot be undone.');
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('link', { name: 'Categories' })).toHaveAttribute('href', '/admin/how-to-use-app/categories');
});

test('the form page asks the category first from the categories’ select call and stores through store', async () => {
  api.on('POST /admin/how-to-use-app/store', ({ body }) => ({ status: 201, json: { data: guide(9, String((body as { title: string }).title)), message: 'Guide created successfully.' } }));
  const { user } = await renderArea('/admin/how-to-use-app/create');
  expect(await screen.findByRole('heading', { name: 'Add Guide' })).toBeInTheDocument();
  await chooseOption(user, screen.findByRole('combobox', { name: /Category/ }), 'Messages');
  await user.type(screen.getByRole('textbox', { name: /Title/ }), 'Reading messages');
  await user.click(screen.getByRole('button', { name: 'Add Guide' }));
  expect(await screen.findByText('Guide created successfully.')).toBeInTheDocument();
  expect(api.calls('POST /admin/how-to-use-app/store')[0]!.body).toMatchObject({ title: 'Reading messages', category_id: 2 });
});

test('the categories: listed through list, added in a dialog through store', async () => {
  api.on('POST /admin/how-to-use-app-category/store', { status: 201, json: { data: category(3, 'Events'), message: 'Category created successfully.' } });
  const { user } = await renderArea('/admin/how-to-use-app/categories');
  expect(await screen.findByRole('row', { name: /Messages/ })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'How to Use the App' })).toHaveAttribute('href', '/admin/how-to-use-app');
  await user.click(screen.getByRole('button', { name: 'Add Category' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
  await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Events');
  await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
  await waitFor(() => expect(api.calls('POST /admin/how-to-use-app-category/store')[0]?.body).toEqual({ name: 'Events', status: 1 }));
});
