import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { configureApi } from '@baridesk/api-client';
import { FakeXhr, installFakeXhr, testFile } from '@baridesk/api-client/fake-xhr';
import { startTestServer, type FakeHandler, type FakeRequest, type TestServer } from '@baridesk/api-client/test-server';
import { defineResource, field, flagField, imageField, isoDate, requiredId, requiredString } from '@baridesk/contracts';
import { chooseOption, chooseRowDelete, renderUi } from '../test/render-ui';
import { isRequired } from './resource-fields';
import { ResourceFormScreen } from './resource-form';
import { ResourceListScreen } from './resource-list';
import { ResourceShowScreen } from './resource-show';
import { defineResourceView } from './resource-view';

/** A category resource and an ordered resource in its categories, with a PUT update and a DELETE destroy, like the spec's content areas. */
const topics = defineResource({
  name: 'topic',
  entity: 'topic',
  labels: { singular: 'Topic', plural: 'Topics' },
  fields: { name: field('text', 'Name', requiredString('name')) },
  labelField: 'name',
  sorts: ['name'],
  defaultSort: 'name',
  scope: 'global',
  permission: { who: 'super-admin' },
  status: false,
  ordering: false,
  messages: { created: 'Topic created.', updated: 'Topic updated.', deleted: 'Topic deleted.', notFound: 'Topic not found.' },
  paths: { base: '/api/admin/topics', options: '/all' },
});

const guides = defineResource({
  name: 'guide',
  entity: 'guide',
  labels: { singular: 'Guide', plural: 'Guides' },
  fields: {
    title: field('text', 'Title', requiredString('title')),
    summary: field('textarea', 'Summary', requiredString('summary', { max: 300 })),
    published_on: field('date', 'Published', isoDate('published_on', { label: 'Published' })),
  },
  labelField: 'title',
  sorts: ['order_index', 'title', 'status', 'published_on'],
  defaultSort: 'order_index',
  scope: 'global',
  permission: { who: 'super-admin' },
  status: true,
  ordering: true,
  categories: { category: { field: 'topic_id', label: 'Topic', required: true } },
  messages: {
    created: 'Guide created.',
    updated: 'Guide updated.',
    deleted: 'Guide deleted.',
    notFound: 'Guide not found.',
    statusUpdated: 'Guide status updated.',
    indexesUpdated: 'Order saved.',
  },
  paths: { base: '/api/admin/guides', update: { method: 'PUT', path: '/update/:id' }, delete: { method: 'DELETE', path: '/destroy' } },
});

const guide = (id: number, title: string, more: object = {}) => ({
  id,
  title,
  summary: `All about ${title.toLowerCase()}. `.repeat(8).trim(),
  published_on: '2026-03-05',
  topic_id: 1,
  topic_name: 'Nutrition',
  status: 1,
  order_index: id,
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-03-05T10:00:00.000Z',
  ...more,
});
const protein = guide(1, 'Protein first');
const water = guide(2, 'Water', { status: 0 });
const vitamins = guide(3, 'Vitamins');

const modalView = defineResourceView({ resource: guides, categorySources: { category: topics } });
const pageView = defineResourceView({
  resource: guides,
  categorySources: { category: topics },
  form: { mode: 'page', path: (id) => (id ? `/guide-form?id=${id}` : '/guide-form') },
  listPath: '/guides',
  showPath: (id) => `/guides/${id}`,
});

let server: TestServer;
let routes: Record<string, FakeHandler>;
const routeOf = (request: FakeRequest) => `${request.method} ${request.path.replace(/^\/api/, '')}`;
const calls = (route: string) => server.received.filter((request) => routeOf(request) === route);
const answer = (route: string, handler: FakeHandler) => {
  routes[route] = handler;
};

beforeEach(async () => {
  server = await startTestServer();
  routes = {
    'GET /admin/guides': () => ({ status: 200, json: { data: { data: [protein, water, vitamins], total: 23, page: 1, perPage: 10 } } }),
    'GET /admin/topics/all': () => ({ status: 200, json: { data: [{ id: 1, name: 'Nutrition' }, { id: 2, name: 'Exercise' }] } }),
  };
  server.respondWith((request) => routes[routeOf(request)]?.(request) ?? { status: 404, json: { message: `No fake for ${routeOf(request)}.` } });
  configureApi({ baseUrl: server.baseUrl });
});
afterEach(() => server.close());

function Where() {
  return <p>Now at {useLocation().pathname + useLocation().search}</p>;
}

async function render(element: ReactNode, { route = '/guides', path = route }: { route?: string; path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = await renderUi(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return view;
}

const table = () => screen.getByRole('table', { name: 'Guides' });
const rowOf = (title: string) => within(table()).getByRole('row', { name: new RegExp(title) });

async function renderList(view = modalView) {
  const rendered = await render(<ResourceListScreen view={view} />);
  await screen.findByRole('cell', { name: 'Protein first' });
  return rendered;
}

describe('the list screen', () => {
  test('shows the definition\'s columns, its category, a status switch and paging; asks in the definition\'s order', async () => {
    await renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Guides' })).toBeInTheDocument();
    const row = rowOf('Protein first');
    // Shown cut between words; read (and pointed at) whole.
    const long = within(row).getByRole('cell', { name: /^All about protein first\. All about/ });
    expect(long.querySelector('[aria-hidden]')).toHaveTextContent(/^(All about protein first\. ){3}All…$/);
    expect(within(row).getByRole('cell', { name: 'Mar 05, 2026' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Nutrition' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Protein first active' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Water active' })).not.toBeChecked();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(Object.fromEntries(calls('GET /admin/guides')[0]!.query)).toEqual({ page: '1', perPage: '10', sort: 'order_index', direction: 'asc' });
  });

  test('searches, filters by status and category, sorts and pages on the server; says when nothing matches', async () => {
    const { user } = await renderList();
    const last = () => Object.fromEntries(calls('GET /admin/guides').at(-1)!.query);
    await user.type(screen.getByRole('searchbox', { name: 'Search guides' }), 'water');
    await waitFor(() => expect(last().search).toBe('water'));
    await chooseOption(user, screen.getByRole('combobox', { name: 'Status' }), '0');
    await waitFor(() => expect(last().status).toBe('0'));
    await chooseOption(user, screen.findByRole('combobox', { name: 'Topic' }), 'Exercise');
    await waitFor(() => expect(last().topic_id).toBe('2'));
    await user.click(within(table()).getByRole('button', { name: /^Published/ }));
    await waitFor(() => expect(last().sort).toBe('published_on'));
    await chooseOption(user, screen.getByRole('combobox', { name: 'Items per page' }), 'All');
    await waitFor(() => expect(last().perPage).toBe('All'));
    expect(last()).toMatchObject({ search: 'water', status: '0', topic_id: '2', direction: 'asc', page: '1' });

    answer('GET /admin/guides', () => ({ status: 200, json: { data: { data: [], total: 0, page: 1, perPage: 10 } } }));
    await user.click(within(table()).getByRole('button', { name: /^Title/ }));
    expect(await screen.findByText('No guides match your search.')).toBeInTheDocument();
  });

  test('shows an empty list and a failed load with Try again', async () => {
    answer('GET /admin/guides', () => ({ status: 200, json: { data: { data: [], total: 0, page: 1, perPage: 10 } } }));
    const first = await render(<ResourceListScreen view={modalView} />);
    expect(await screen.findByText('No guides yet. Add the first one.')).toBeInTheDocument();
    first.unmount();

    answer('GET /admin/guides', () => ({ status: 500, json: { message: 'The guides are unavailable.' } }));
    const { user } = await render(<ResourceListScreen view={modalView} />);
    expect(await screen.findByText('The guides could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('The guides are unavailable.')).toBeInTheDocument();
    const before = calls('GET /admin/guides').length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls('GET /admin/guides').length).toBeGreaterThan(before));
  });

  test('switches a status at once, and back with the notice when the server refuses', async () => {
    answer('POST /admin/guides/toggle-status', ({ body }) => ({ status: 200, delayMs: 200, json: { data: body, message: 'Guide status updated.' } }));
    const { user } = await renderList();
    await user.click(screen.getByRole('switch', { name: 'Protein first active' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Protein first active' })).not.toBeChecked(), { timeout: 150 });
    expect(await screen.findByText('Guide status updated.')).toBeInTheDocument();
    expect(calls('POST /admin/guides/toggle-status')[0]!.body).toEqual({ id: 1, status: 0 });

    answer('POST /admin/guides/toggle-status', () => ({ status: 500, delayMs: 200, json: { message: 'The status could not be saved.' } }));
    await user.click(screen.getByRole('switch', { name: 'Water active' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Water active' })).toBeChecked(), { timeout: 150 });
    expect(await screen.findByText('The status could not be saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Water active' })).not.toBeChecked());
  });

  test('deletes only after confirmation, through the definition\'s DELETE ?id=', async () => {
    answer('DELETE /admin/guides/destroy', () => ({ status: 200, json: { message: 'Guide deleted.' } }));
    const { user } = await renderList();
    await chooseRowDelete(user, 'Water');
    let question = await screen.findByRole('alertdialog', { name: 'Delete guide' });
    expect(question).toHaveTextContent('Delete "Water"? It is removed for good: this cannot be undone.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls('DELETE /admin/guides/destroy')).toHaveLength(0);

    const listCalls = calls('GET /admin/guides').length;
    await chooseRowDelete(user, 'Water');
    question = await screen.findByRole('alertdialog', { name: 'Delete guide' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Guide deleted.')).toBeInTheDocument();
    expect(calls('DELETE /admin/guides/destroy')[0]!.query.get('id')).toBe('2');
    await waitFor(() => expect(calls('GET /admin/guides').length).toBeGreaterThan(listCalls));
  });

  test('offers only the calls the definition has: no Add without store, no Edit without update, no Delete without delete', async () => {
    const readOnly = defineResource({ ...guides, paths: { ...guides.paths, store: false, update: false, delete: false } });
    await renderList(defineResourceView({ resource: readOnly, categorySources: { category: topics } }));
    expect(screen.queryByRole('button', { name: 'Add Guide' })).not.toBeInTheDocument();
    expect(within(rowOf('Protein first')).queryByRole('button', { name: 'Edit Protein first' })).not.toBeInTheDocument();
    expect(within(rowOf('Protein first')).queryByRole('button', { name: 'More actions for Protein first' })).not.toBeInTheDocument();
    // What it does offer stays.
    expect(screen.getByRole('switch', { name: 'Protein first active' })).toBeInTheDocument();

    cleanup();
    // A view whose form is a page of its own (saved by routes of the area's own) still adds and edits there.
    await renderList(defineResourceView({ resource: readOnly, categorySources: { category: topics }, form: { mode: 'page', path: (id) => (id ? `/guide-form?id=${id}` : '/guide-form') } }));
    expect(screen.getByRole('link', { name: 'Add Guide' })).toHaveAttribute('href', '/guide-form');
    expect(within(rowOf('Protein first')).getByRole('button', { name: 'Edit Protein first' })).toBeInTheDocument();
    expect(within(rowOf('Protein first')).queryByRole('button', { name: 'More actions for Protein first' })).not.toBeInTheDocument();

    cleanup();
    await renderList();
    expect(screen.getByRole('button', { name: 'Add Guide' })).toBeInTheDocument();
    expect(within(rowOf('Protein first')).getByRole('button', { name: 'Edit Protein first' })).toBeInTheDocument();
    expect(within(rowOf('Protein first')).getByRole('button', { name: 'More actions for Protein first' })).toBeInTheDocument();
  });

  test('asks for the view\'s first page size', async () => {
    await renderList(defineResourceView({ resource: guides, categorySources: { category: topics }, defaultPerPage: 'All' }));
    expect(calls('GET /admin/guides')[0]!.query.get('perPage')).toBe('All');
    expect(screen.getByRole('combobox', { name: 'Items per page' })).toHaveValue('All');
  });

  test('re-orders with Move down, saving the shown ids through update-indexes, and puts the order back on a refusal', async () => {
    answer('POST /admin/guides/update-indexes', () => ({ status: 200, json: { data: [], message: 'Order saved.' } }));
    const { user } = await renderList();
    await user.click(screen.getByRole('button', { name: 'Change order' }));
    const list = await screen.findByRole('list', { name: 'Guides' });
    await user.click(within(list).getByRole('button', { name: 'Move down Protein first' }));
    expect(await screen.findByText('Order saved.')).toBeInTheDocument();
    expect(calls('POST /admin/guides/update-indexes')[0]!.body).toEqual({ ids: [2, 1, 3] });
    expect(Object.fromEntries(calls('GET /admin/guides').at(-1)!.query)).toMatchObject({ sort: 'order_index', direction: 'asc' });

    answer('POST /admin/guides/update-indexes', () => ({ status: 422, json: { message: 'The ids may not repeat.', errors: { ids: ['The ids may not repeat.'] } } }));
    await waitFor(() => expect(within(list).getByRole('button', { name: 'Move up Vitamins' })).toBeEnabled());
    await user.click(within(list).getByRole('button', { name: 'Move up Vitamins' }));
    expect(await screen.findByText('The ids may not repeat.', { selector: 'p, div, span' })).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('Vitamins'));

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('table', { name: 'Guides' })).toBeVisible();
  });
});

describe('bulk actions (destroyMultiple, toggleStatusMultiple)', () => {
  const bulkGuides = defineResource({
    ...guides,
    paths: { ...guides.paths, destroyMultiple: '/destroy-multiple', toggleStatusMultiple: '/toggle-status-multiple' },
  });
  const bulkView = defineResourceView({ resource: bulkGuides, categorySources: { category: topics } });
  const tick = async (user: Awaited<ReturnType<typeof renderList>>['user'], title: string) =>
    user.click(within(table()).getByRole('checkbox', { name: `Select ${title}` }));

  test('ticks rows, says how many, and switches them on or off at once through toggle-status-multiple', async () => {
    answer('POST /admin/guides/toggle-status-multiple', ({ body }) => ({ status: 200, json: { data: [], message: `${(body as { ids: number[] }).ids.length} guides deactivated.` } }));
    const { user } = await renderList(bulkView);
    expect(screen.queryByRole('region', { name: 'Selected guides' })).not.toBeInTheDocument();
    await tick(user, 'Protein first');
    await tick(user, 'Water');
    const bar = screen.getByRole('region', { name: 'Selected guides' });
    expect(bar).toHaveTextContent('2 selected');
    // Said to screen readers as it changes.
    expect(screen.getAllByText('2 selected').some((node) => node.getAttribute('aria-live') === 'polite')).toBe(true);
    await user.click(within(bar).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('2 guides deactivated.')).toBeInTheDocument();
    expect(calls('POST /admin/guides/toggle-status-multiple')[0]!.body).toEqual({ ids: [1, 2], status: 0 });
    // The selection stays for the next action.
    expect(screen.getByRole('region', { name: 'Selected guides' })).toHaveTextContent('2 selected');
    await user.click(within(table()).getByRole('checkbox', { name: 'Select all guides on this page' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected guides' })).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(calls('POST /admin/guides/toggle-status-multiple')[1]!.body).toEqual({ ids: [1, 2, 3], status: 1 }));
  });

  test('deletes the selection only after a question naming how many; a refusal keeps it', async () => {
    answer('POST /admin/guides/destroy-multiple', () => ({ status: 409, json: { message: '1 guide of the selection is in use and cannot be deleted. Nothing was deleted.' } }));
    const { user } = await renderList(bulkView);
    await tick(user, 'Water');
    await tick(user, 'Vitamins');
    const bar = () => screen.getByRole('region', { name: 'Selected guides' });
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    let question = await screen.findByRole('alertdialog', { name: 'Delete guides' });
    expect(question).toHaveTextContent('Delete 2 guides? They are removed for good: this cannot be undone.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls('POST /admin/guides/destroy-multiple')).toHaveLength(0);

    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    question = await screen.findByRole('alertdialog', { name: 'Delete guides' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/is in use and cannot be deleted/)).toBeInTheDocument();
    expect(bar()).toHaveTextContent('2 selected');

    answer('POST /admin/guides/destroy-multiple', () => ({ status: 200, json: { message: '2 guides deleted.' } }));
    await user.click(within(bar()).getByRole('button', { name: 'Delete' }));
    question = await screen.findByRole('alertdialog', { name: 'Delete guides' });
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('2 guides deleted.')).toBeInTheDocument();
    expect(calls('POST /admin/guides/destroy-multiple').at(-1)!.body).toEqual({ ids: [2, 3] });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected guides' })).not.toBeInTheDocument());
  });

  test('switches one row through toggle-status-multiple where the definition offers no toggle-status', async () => {
    const onlyBulk = defineResource({ ...guides, paths: { ...guides.paths, toggleStatus: false, toggleStatusMultiple: '/toggle-status-multiple' } });
    answer('POST /admin/guides/toggle-status-multiple', () => ({ status: 200, json: { data: [{ id: 1, status: 0 }], message: '1 guide deactivated.' } }));
    const { user } = await renderList(defineResourceView({ resource: onlyBulk, categorySources: { category: topics } }));
    await user.click(screen.getByRole('switch', { name: 'Protein first active' }));
    expect(await screen.findByText('1 guide deactivated.')).toBeInTheDocument();
    expect(calls('POST /admin/guides/toggle-status-multiple')[0]!.body).toEqual({ ids: [1], status: 0 });
  });

  test('starts an empty selection on a new search, and has no selection without a bulk call', async () => {
    const first = await renderList(bulkView);
    await tick(first.user, 'Water');
    await first.user.type(screen.getByRole('searchbox', { name: 'Search guides' }), 'w');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected guides' })).not.toBeInTheDocument());
    first.unmount();
    await renderList(modalView);
    expect(within(table()).queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('the form', () => {
  test('adds in a dialog: the schema\'s messages, the server\'s field errors, the category picker, then saved', async () => {
    let attempts = 0;
    answer('POST /admin/guides/store', ({ body }) => {
      attempts += 1;
      if (attempts === 1) return { status: 422, json: { message: 'Invalid.', errors: { title: ['A guide with this title already exists.'] } } };
      return { status: 201, json: { data: guide(9, 'New', body as object), message: 'Guide created.' } };
    });
    const { user } = await renderList();
    const listCalls = calls('GET /admin/guides').length;
    await user.click(screen.getByRole('button', { name: 'Add Guide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Guide' });
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add Guide' }));
    expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
    expect(calls('POST /admin/guides/store')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Sleep');
    await user.type(within(dialog).getByRole('textbox', { name: 'Summary' }), 'Rest well.');
    expect(within(dialog).getByText('10 / 300 characters')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Published' }), '03/05/2026');
    await chooseOption(user, within(dialog).findByRole('combobox', { name: 'Topic' }), 'Exercise');
    await user.click(within(dialog).getByRole('button', { name: 'Add Guide' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('A guide with this title already exists.'));
    expect(calls('POST /admin/guides/store')[0]!.body).toEqual({ title: 'Sleep', summary: 'Rest well.', published_on: '2026-03-05', topic_id: 2, status: 1 });

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), ' tips');
    await user.click(within(dialog).getByRole('button', { name: 'Add Guide' }));
    expect(await screen.findByText('Guide created.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(calls('GET /admin/guides').length).toBeGreaterThan(listCalls));
  });

  test('edits in a dialog through the definition\'s PUT update/:id; a failure without field errors is a notice', async () => {
    answer('PUT /admin/guides/update/2', () => ({ status: 500, json: { message: 'Saving failed.' } }));
    const { user } = await renderList();
    await user.click(screen.getByRole('button', { name: 'Edit Water' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Guide' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Water');
    expect(within(dialog).getByRole('textbox', { name: 'Published' })).toHaveValue('03/05/2026');
    expect(within(dialog).getByRole('switch', { name: 'Active' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Saving failed.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Guide' })).toBeInTheDocument();
    expect(calls('PUT /admin/guides/update/2')[0]!.body).toEqual({
      title: 'Water',
      summary: water.summary,
      published_on: '2026-03-05',
      topic_id: 1,
      status: 1,
    });
  });

  test('on its own page: Add links there, Edit goes to ?id=, saving goes back to the list; a wrong or unknown id says so', async () => {
    const list = await renderList(pageView);
    expect(screen.getByRole('link', { name: 'Add Guide' })).toHaveAttribute('href', '/guide-form');
    await list.user.click(screen.getByRole('button', { name: 'Edit Vitamins' }));
    expect(await screen.findByText('Now at /guide-form?id=3')).toBeInTheDocument();
    list.unmount();

    answer('GET /admin/guides/3', () => ({ status: 200, json: { data: vitamins } }));
    answer('PUT /admin/guides/update/3', ({ body }) => ({ status: 200, json: { data: { ...vitamins, ...(body as object) }, message: 'Guide updated.' } }));
    const { user } = await render(<ResourceFormScreen view={pageView} />, { route: '/guide-form', path: '/guide-form?id=3' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Guide' })).toBeInTheDocument();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Vitamins and minerals');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Guide updated.')).toBeInTheDocument();
    expect(await screen.findByText('Now at /guides')).toBeInTheDocument();
    expect(calls('PUT /admin/guides/update/3')[0]!.body).toMatchObject({ title: 'Vitamins and minerals' });

    const wrong = await render(<ResourceFormScreen view={pageView} />, { route: '/guide-form', path: '/guide-form?id=abc' });
    expect(screen.getByRole('alert')).toHaveTextContent('This address does not name a guide.');
    expect(screen.getByRole('link', { name: 'Back to the guides' })).toHaveAttribute('href', '/guides');
    wrong.unmount();

    answer('GET /admin/guides/8', () => ({ status: 404, json: { message: 'Guide not found.' } }));
    await render(<ResourceFormScreen view={pageView} />, { route: '/guide-form', path: '/guide-form?id=8' });
    expect(await screen.findByText('The guide could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Guide not found.')).toBeInTheDocument();
  });
});

test('the show page: the record\'s values, its category and status, the way back, and Edit', async () => {
  answer('GET /admin/guides/2', () => ({ status: 200, json: { data: water } }));
  const { user } = await render(<ResourceShowScreen view={pageView} />, { route: '/guides/:id', path: '/guides/2' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Water' })).toBeInTheDocument();
  const term = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling;
  expect(term('Summary')).toHaveTextContent(water.summary);
  expect(term('Published')).toHaveTextContent('Mar 05, 2026');
  expect(term('Topic')).toHaveTextContent('Nutrition');
  expect(term('Status')).toHaveTextContent('Inactive');
  expect(screen.getByRole('link', { name: 'All Guides' })).toHaveAttribute('href', '/guides');
  await user.click(screen.getByRole('link', { name: 'Edit' }));
  expect(await screen.findByText('Now at /guide-form?id=2')).toBeInTheDocument();
});

describe('a partitioned resource', () => {
  const sectionMessages = { created: 'Item created.', updated: 'Item updated.', deleted: 'Item deleted.', notFound: 'Item not found.' };
  const section = { field: 'section_id', label: 'Section', input: requiredId('section') } as const;
  const sectionCategories = defineResource({
    name: 'section-category',
    entity: 'section_category',
    labels: { singular: 'Category', plural: 'Categories' },
    fields: { name: field('text', 'Name', requiredString('name')) },
    labelField: 'name',
    sorts: ['name'],
    defaultSort: 'name',
    scope: 'program',
    permission: { who: 'staff' },
    status: false,
    ordering: false,
    partition: section,
    messages: sectionMessages,
    paths: { base: '/api/sections/categories', options: '/all' },
  });
  const sectionItems = defineResource({
    name: 'section-item',
    entity: 'section_item',
    labels: { singular: 'Item', plural: 'Items' },
    fields: { title: field('text', 'Title', requiredString('title')) },
    labelField: 'title',
    sorts: ['order_index', 'title'],
    defaultSort: 'order_index',
    scope: 'program',
    permission: { who: 'staff' },
    status: false,
    ordering: true,
    partition: section,
    categories: { category: { field: 'category_id', label: 'Category' } },
    messages: { ...sectionMessages, indexesUpdated: 'Order saved.' },
    paths: { base: '/api/sections/items' },
  });
  const itemsView = defineResourceView({ resource: sectionItems, categorySources: { category: sectionCategories } });
  const item = (id: number, title: string) => ({
    id,
    section_id: 3,
    title,
    category_id: null,
    category_name: null,
    order_index: id,
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
  });
  const query = (request: FakeRequest) => Object.fromEntries(request.query);

  beforeEach(() => {
    answer('GET /sections/items', () => ({ status: 200, json: { data: { data: [item(1, 'Soup'), item(2, 'Salad')], total: 2, page: 1, perPage: 10 } } }));
    answer('GET /sections/categories/all', () => ({ status: 200, json: { data: [{ id: 7, name: 'Recipes' }] } }));
  });

  test('sends the screen\'s partition on the list, the category filter\'s and picker\'s options, the store body and update-indexes', async () => {
    answer('POST /sections/items/store', ({ body }) => ({ status: 201, json: { data: { ...item(9, 'Stew'), ...(body as object) }, message: 'Item created.' } }));
    answer('POST /sections/items/update-indexes', () => ({ status: 200, json: { data: [], message: 'Order saved.' } }));
    const { user } = await render(<ResourceListScreen view={itemsView} partition={{ section_id: 3 }} />);
    await screen.findByRole('cell', { name: 'Soup' });
    expect(query(calls('GET /sections/items')[0]!)).toMatchObject({ section_id: '3', sort: 'order_index' });
    await waitFor(() => expect(calls('GET /sections/categories/all').length).toBeGreaterThan(0));
    expect(calls('GET /sections/categories/all').every((request) => query(request).section_id === '3')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Item' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Stew');
    await chooseOption(user, within(dialog).findByRole('combobox', { name: 'Category' }), 'Recipes');
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Item created.')).toBeInTheDocument();
    expect(calls('POST /sections/items/store')[0]!.body).toEqual({ section_id: 3, title: 'Stew', category_id: 7 });

    await user.click(screen.getByRole('button', { name: 'Change order' }));
    const list = await screen.findByRole('list', { name: 'Items' });
    await user.click(within(list).getByRole('button', { name: 'Move down Soup' }));
    expect(await screen.findByText('Order saved.')).toBeInTheDocument();
    const reorder = calls('POST /sections/items/update-indexes')[0]!;
    expect([query(reorder), reorder.body]).toEqual([{ section_id: '3' }, { ids: [2, 1] }]);
  });

  test('an edited record stays in its own partition; the pickers ask for the screen\'s', async () => {
    answer('GET /sections/items/2', () => ({ status: 200, json: { data: item(2, 'Salad') } }));
    answer('POST /sections/items/update', ({ body }) => ({ status: 200, json: { data: { ...item(2, 'Salad'), ...(body as object) }, message: 'Item updated.' } }));
    const view = defineResourceView({ ...itemsView, form: { mode: 'page', path: (id) => `/items/form?id=${id ?? ''}` }, listPath: '/items' });
    // Another section's screen: the record's own section is what the form holds, and update does not send a partition to move it.
    const { user } = await render(<ResourceFormScreen view={view} partition={{ section_id: 4 }} />, { route: '/items/form', path: '/items/form?id=2' });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await user.type(title, ' bowl');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Item updated.')).toBeInTheDocument();
    expect(calls('POST /sections/items/update')[0]!.body).toMatchObject({ id: 2, title: 'Salad bowl', section_id: 3 });
    await waitFor(() => expect(calls('GET /sections/categories/all').length).toBeGreaterThan(0));
    expect(query(calls('GET /sections/categories/all')[0]!)).toEqual({ section_id: '4' });
  });

  test('a partition in the path (/:section_id) goes there on every call, not in the query or body', async () => {
    const inPath = defineResource({
      ...sectionItems,
      status: true,
      messages: { ...sectionItems.messages, statusUpdated: 'Status saved.' },
      paths: {
        base: '/api/sections/items',
        list: '/:section_id',
        store: { method: 'POST', path: '/:section_id' },
        show: '/:id/:section_id',
        update: { method: 'POST', path: '/:id/:section_id', as: 'PUT' },
        delete: { method: 'DELETE', path: '/:id/:section_id' },
        toggleStatus: { method: 'PATCH', path: '/toggle-status/:id/:section_id' },
      },
    });
    const row = (id: number, title: string) => ({ ...item(id, title), status: 1 });
    answer('GET /sections/items/3', () => ({ status: 200, json: { data: { data: [row(1, 'Soup'), row(2, 'Salad')], total: 2, page: 1, perPage: 10 } } }));
    answer('POST /sections/items/3', ({ body }) => ({ status: 201, json: { data: { ...row(9, 'Stew'), ...(body as object) }, message: 'Item created.' } }));
    answer('PATCH /sections/items/toggle-status/2/3', () => ({ status: 200, json: { data: { id: 2, status: 0 }, message: 'Status saved.' } }));
    answer('DELETE /sections/items/1/3', () => ({ status: 200, json: { message: 'Item deleted.' } }));
    const view = defineResourceView({ resource: inPath, categorySources: { category: sectionCategories } });
    const { user } = await render(<ResourceListScreen view={view} partition={{ section_id: 3 }} />);
    await screen.findByRole('cell', { name: 'Soup' });
    expect(query(calls('GET /sections/items/3')[0]!)).not.toHaveProperty('section_id');

    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Item' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Stew');
    await user.click(within(dialog).getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Item created.')).toBeInTheDocument();
    expect(calls('POST /sections/items/3')[0]!.body).toEqual({ title: 'Stew', category_id: null, status: 1 });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('switch', { name: 'Salad active' }));
    expect(await screen.findByText('Status saved.')).toBeInTheDocument();
    expect(calls('PATCH /sections/items/toggle-status/2/3')[0]!.body).toEqual({ status: 0 });
    await chooseRowDelete(user, 'Soup');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Item deleted.')).toBeInTheDocument();
  });
});

describe('image and rich-text fields', () => {
  const banners = defineResource({
    name: 'banner',
    entity: 'banner',
    labels: { singular: 'Banner', plural: 'Banners' },
    fields: {
      heading: field('text', 'Heading', requiredString('heading')),
      body: field('richText', 'Body', requiredString('body', { max: 20_000 })),
      picture: imageField('picture', 'Picture', { minWidth: 400, minHeight: 300 }),
    },
    labelField: 'heading',
    sorts: ['heading'],
    defaultSort: 'heading',
    scope: 'global',
    permission: { who: 'super-admin' },
    status: false,
    ordering: false,
    messages: { created: 'Banner created.', updated: 'Banner updated.', deleted: 'Banner deleted.', notFound: 'Banner not found.' },
    paths: { base: '/api/admin/banners' },
  });
  const spring = {
    id: 4,
    heading: 'Spring',
    body: '<p>Hello <strong>there</strong></p>',
    picture: '/api/files/global/spring.png',
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
  };
  const bannersView = defineResourceView({ resource: banners, fields: { body: { editorHeight: 'small' } } });
  let restoreXhr: () => void;
  beforeEach(() => {
    restoreXhr = installFakeXhr();
    answer('GET /admin/banners', () => ({ status: 200, json: { data: { data: [spring], total: 1, page: 1, perPage: 10 } } }));
  });
  afterEach(() => restoreXhr());

  test('the list shows rich text as its words; the form draws the editor and the upload widget, and sends a removed image as null', async () => {
    answer('POST /admin/banners/update', ({ body }) => ({ status: 200, json: { data: { ...spring, ...(body as object) }, message: 'Banner updated.' } }));
    const { user } = await render(<ResourceListScreen view={bannersView} />);
    expect(await screen.findByRole('cell', { name: 'Hello there' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Spring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Banner' });
    const editor = await within(dialog).findByRole('textbox', { name: 'Body' });
    expect(editor).toHaveTextContent('Hello there');
    expect(within(dialog).getByRole('img', { name: 'Current picture' })).toHaveAttribute('src', spring.picture);

    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Banner updated.')).toBeInTheDocument();
    expect(calls('POST /admin/banners/update')[0]!.body).toMatchObject({ id: 4, heading: 'Spring', picture: null });
  });

  test('a new image goes to the super admins\' upload route and the record takes its key', async () => {
    answer('POST /admin/banners/store', ({ body }) => ({ status: 201, json: { data: { ...spring, id: 5, ...(body as object) }, message: 'Banner created.' } }));
    const { user } = await render(<ResourceListScreen view={bannersView} />);
    await user.click(await screen.findByRole('button', { name: 'Add Banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Banner' });
    await within(dialog).findByRole('textbox', { name: 'Body' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Heading' }), 'Summer');

    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files: [testFile(['PNG'], 'summer.png', 'image/png')] } });
    });
    const xhr = FakeXhr.last();
    expect(xhr.url).toMatch(/\/api\/admin\/uploads$/);
    await act(async () =>
      xhr.answer(200, {
        data: { key: 'global/summer.png', url: '/api/files/global/summer.png', previewUrl: null, width: 800, height: 600, contentType: 'image/png', size: 3 },
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add Banner' }));
    // The body is required: the editor's field shows the schema's message, and nothing is sent.
    expect(await within(dialog).findByText('Body is required.')).toBeInTheDocument();
    expect(calls('POST /admin/banners/store')).toHaveLength(0);

    await user.click(within(dialog).getByRole('textbox', { name: 'Body' }));
    // One key per call: ProseMirror reads typed text from jsdom's mutations (see rich-text-editor.test.tsx).
    for (const key of 'Hot') await user.keyboard(key);
    await user.click(within(dialog).getByRole('button', { name: 'Add Banner' }));
    expect(await screen.findByText('Banner created.')).toBeInTheDocument();
    expect(calls('POST /admin/banners/store')[0]!.body).toEqual({ heading: 'Summer', body: '<p>Hot</p>', picture: 'global/summer.png' });
  });
});

test('a sub-category picker offers the chosen category\'s records, and another category clears it', async () => {
  const chapters = defineResource({
    name: 'chapter',
    entity: 'chapter',
    labels: { singular: 'Chapter', plural: 'Chapters' },
    fields: { name: field('text', 'Name', requiredString('name')) },
    labelField: 'name',
    sorts: ['name'],
    defaultSort: 'name',
    scope: 'global',
    permission: { who: 'super-admin' },
    status: false,
    ordering: false,
    categories: { category: { field: 'topic_id', label: 'Topic', required: true } },
    messages: { created: 'Chapter created.', updated: 'Chapter updated.', deleted: 'Chapter deleted.', notFound: 'Chapter not found.' },
    paths: { base: '/api/admin/chapters' },
  });
  const lessons = defineResource({
    name: 'lesson',
    entity: 'lesson',
    labels: { singular: 'Lesson', plural: 'Lessons' },
    fields: { title: field('text', 'Title', requiredString('title')) },
    labelField: 'title',
    sorts: ['title'],
    defaultSort: 'title',
    scope: 'global',
    permission: { who: 'super-admin' },
    status: false,
    ordering: false,
    categories: { category: { field: 'topic_id', label: 'Topic', required: true }, subCategory: { field: 'chapter_id', label: 'Chapter' } },
    messages: { created: 'Lesson created.', updated: 'Lesson updated.', deleted: 'Lesson deleted.', notFound: 'Lesson not found.' },
    paths: { base: '/api/admin/lessons' },
  });
  answer('GET /admin/lessons', () => ({ status: 200, json: { data: { data: [], total: 0, page: 1, perPage: 10 } } }));
  answer('GET /admin/chapters/by-category-id', ({ query }) => ({
    status: 200,
    json: { data: query.get('categoryId') === '2' ? [{ id: 7, name: 'Walking' }, { id: 8, name: 'Swimming' }] : [{ id: 5, name: 'Protein' }] },
  }));
  answer('POST /admin/lessons/store', ({ body }) => ({ status: 201, json: { data: { id: 1, ...(body as object) }, message: 'Lesson created.' } }));
  const view = defineResourceView({ resource: lessons, categorySources: { category: topics, subCategory: chapters } });
  const { user } = await render(<ResourceListScreen view={view} />);

  await user.click(await screen.findByRole('button', { name: 'Add Lesson' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Lesson' });
  const chapter = within(dialog).getByRole('combobox', { name: 'Chapter' });
  // No category yet, so no sub-categories asked for.
  expect(within(chapter).getAllByRole('option')).toHaveLength(1);
  expect(calls('GET /admin/chapters/by-category-id')).toHaveLength(0);

  await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Laps');
  await chooseOption(user, within(dialog).findByRole('combobox', { name: 'Topic' }), 'Exercise');
  await within(chapter).findByRole('option', { name: 'Swimming' });
  expect(calls('GET /admin/chapters/by-category-id')[0]!.query.get('categoryId')).toBe('2');
  await chooseOption(user, chapter, 'Swimming');

  await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Topic' }), 'Nutrition');
  await within(chapter).findByRole('option', { name: 'Protein' });
  expect(chapter).toHaveValue('');
  await chooseOption(user, chapter, 'Protein');
  await user.click(within(dialog).getByRole('button', { name: 'Add Lesson' }));
  expect(await screen.findByText('Lesson created.')).toBeInTheDocument();
  expect(calls('POST /admin/lessons/store')[0]!.body).toEqual({ title: 'Laps', topic_id: 1, chapter_id: 5 });
});

describe('flag fields and groups', () => {
  const members = defineResource({
    name: 'member',
    entity: 'member',
    labels: { singular: 'Member', plural: 'Members' },
    fields: {
      name: field('text', 'Name', requiredString('name')),
      reports: flagField('Reports', { group: 'Menus' }),
      note: field('text', 'Note', requiredString('note'), { column: false }),
      patients: flagField('Patients', { group: 'Menus', initial: 1, column: true }),
      faq: flagField('FAQ', { group: 'Content' }),
    },
    labelField: 'name',
    sorts: ['name'],
    defaultSort: 'name',
    scope: 'global',
    permission: { who: 'super-admin' },
    status: false,
    ordering: false,
    messages: { created: 'Member created.', updated: 'Member updated.', deleted: 'Member deleted.', notFound: 'Member not found.' },
    paths: { base: '/api/admin/members' },
  });
  const ann = {
    id: 6,
    name: 'Ann',
    reports: 1,
    note: 'Front desk',
    patients: 0,
    faq: 1,
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-03-05T10:00:00.000Z',
  };
  const membersView = defineResourceView({ resource: members, listPath: '/members', form: { mode: 'page', path: (id) => (id ? `/members/${id}/edit` : '/members/store') } });
  const legends = (form: HTMLElement) => [...form.querySelectorAll('legend')].map((legend) => legend.textContent);

  test('the form draws a group\'s switches together under its heading; a new record starts at each flag\'s initial value and sends 0/1', async () => {
    answer('POST /admin/members/store', ({ body }) => ({ status: 201, json: { data: { ...ann, id: 7, ...(body as object) }, message: 'Member created.' } }));
    const { user } = await render(<ResourceFormScreen view={membersView} />, { route: '/members/store' });
    const menus = await screen.findByRole('group', { name: 'Menus' });
    // Fields of a group in their order, where its first field stands: Name, then Menus, then Note, then Content.
    const inputs = [...document.querySelectorAll('input[name]')].map((input) => input.getAttribute('name'));
    expect(inputs).toEqual(['name', 'reports', 'patients', 'note', 'faq']);
    expect(legends(document.body)).toEqual(['Menus', 'Content']);
    expect(within(menus).getByRole('switch', { name: 'Reports' })).not.toBeChecked();
    expect(within(menus).getByRole('switch', { name: 'Patients' })).toBeChecked();
    expect(within(screen.getByRole('group', { name: 'Content' })).getByRole('switch', { name: 'FAQ' })).not.toBeChecked();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Bo');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Nurse');
    // The keyboard turns a switch on (Space), as a pointer does.
    within(menus).getByRole('switch', { name: 'Reports' }).focus();
    await user.keyboard(' ');
    await user.click(within(menus).getByRole('switch', { name: 'Patients' }));
    await user.click(screen.getByRole('button', { name: 'Add Member' }));
    expect(await screen.findByText('Now at /members')).toBeInTheDocument();
    expect(calls('POST /admin/members/store')[0]!.body).toEqual({ name: 'Bo', reports: 1, note: 'Nurse', patients: 0, faq: 0 });
  });

  test('editing starts from the record\'s flags', async () => {
    answer('GET /admin/members/6', () => ({ status: 200, json: { data: ann } }));
    answer('POST /admin/members/update', ({ body }) => ({ status: 200, json: { data: { ...ann, ...(body as object) }, message: 'Member updated.' } }));
    const { user } = await render(<ResourceFormScreen view={membersView} />, { route: '/members/:id/edit', path: '/members/6/edit' });
    const faq = await screen.findByRole('switch', { name: 'FAQ' });
    expect(faq).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Reports' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Patients' })).not.toBeChecked();
    await user.click(faq);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Member updated.')).toBeInTheDocument();
    expect(calls('POST /admin/members/update')[0]!.body).toEqual({ id: 6, name: 'Ann', reports: 1, note: 'Front desk', patients: 0, faq: 0 });
  });

  test('the show page groups the values under the same headings, a flag as Yes or No; the list shows a flag column as words', async () => {
    answer('GET /admin/members/6', () => ({ status: 200, json: { data: ann } }));
    await render(<ResourceShowScreen view={membersView} />, { route: '/members/:id/show', path: '/members/6/show' });
    const menus = await screen.findByRole('region', { name: 'Menus' });
    expect(within(menus).getByRole('heading', { level: 2, name: 'Menus' })).toBeInTheDocument();
    const value = (region: HTMLElement, term: string) => within(region).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(value(menus, 'Reports')).toHaveTextContent('Yes');
    expect(value(menus, 'Patients')).toHaveTextContent('No');
    expect(value(screen.getByRole('region', { name: 'Content' }), 'FAQ')).toHaveTextContent('Yes');
    expect(within(menus).queryByText('Note')).not.toBeInTheDocument();
    expect(screen.getByText('Note', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Front desk');

    answer('GET /admin/members', () => ({ status: 200, json: { data: { data: [ann], total: 1, page: 1, perPage: 10 } } }));
    cleanup();
    await render(<ResourceListScreen view={membersView} />, { route: '/members' });
    const row = await screen.findByRole('row', { name: /Ann/ });
    expect(within(screen.getByRole('table', { name: 'Members' })).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(
      expect.arrayContaining(['Name', 'Patients']),
    );
    expect(within(row).getByRole('cell', { name: 'No' })).toBeInTheDocument();
  });
});

test('a category source of the view\'s own fills the picker and the filter; categoriesFirst asks it before the fields; a view\'s select filter', async () => {
  const seats = defineResource({
    name: 'seat',
    entity: 'seat',
    labels: { singular: 'Seat', plural: 'Seats' },
    fields: { label: field('text', 'Label', requiredString('label')) },
    labelField: 'label',
    sorts: ['label'],
    defaultSort: 'label',
    scope: 'global',
    permission: { who: 'super-admin' },
    status: false,
    ordering: false,
    categories: { category: { field: 'room_id', label: 'Room', required: true }, subCategory: { field: 'row_id', label: 'Row' } },
    messages: { created: 'Seat created.', updated: 'Seat updated.', deleted: 'Seat deleted.', notFound: 'Seat not found.' },
    paths: { base: '/api/admin/seats', byCategory: false },
  });
  const asked: (number | undefined)[] = [];
  const view = defineResourceView({
    resource: seats,
    categoriesFirst: true,
    listFilters: [{ field: 'side', label: 'Side', options: [{ value: 'left', label: 'Left' }, { value: 'right', label: 'Right' }] }],
    categorySources: {
      category: { name: 'rooms', choices: async () => [{ id: 4, name: 'Hall' }] },
      subCategory: {
        name: 'rows',
        choices: async (roomId) => {
          asked.push(roomId);
          return [{ id: 9, name: `Row A of ${roomId}` }];
        },
      },
    },
  });
  answer('GET /admin/seats', () => ({ status: 200, json: { data: { data: [], total: 0, page: 1, perPage: 10 } } }));
  answer('POST /admin/seats/store', ({ body }) => ({ status: 201, json: { data: { id: 1, ...(body as object) }, message: 'Seat created.' } }));
  const { user } = await render(<ResourceListScreen view={view} />);
  expect(await screen.findByRole('option', { name: 'Hall' })).toBeInTheDocument();
  // The row filter waits for a room, then offers that room's rows.
  expect(screen.queryByRole('combobox', { name: 'Row' })).not.toBeInTheDocument();
  await chooseOption(user, screen.getByRole('combobox', { name: 'Room' }), 'Hall');
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Row' }), await screen.findByRole('option', { name: 'Row A of 4' }));
  await waitFor(() => expect(calls('GET /admin/seats').at(-1)!.query.get('row_id')).toBe('9'));
  expect(calls('GET /admin/seats').at(-1)!.query.get('room_id')).toBe('4');
  // A view's own select filter sends its field.
  expect(calls('GET /admin/seats').at(-1)!.query.get('side')).toBeNull();
  await chooseOption(user, screen.getByRole('combobox', { name: 'Side' }), 'Right');
  await waitFor(() => expect(calls('GET /admin/seats').at(-1)!.query.get('side')).toBe('right'));
  await user.click(screen.getByRole('button', { name: 'Add Seat' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Seat' });
  const names = [...dialog.querySelectorAll('input[name], select[name]')].map((input) => input.getAttribute('name'));
  expect(names).toEqual(['room_id', 'row_id', 'label']);
  await within(dialog).findByRole('option', { name: 'Hall' });
  await chooseOption(user, within(dialog).getByRole('combobox', { name: /Room/ }), 'Hall');
  await user.selectOptions(await within(dialog).findByRole('combobox', { name: /Row/ }), await within(dialog).findByRole('option', { name: 'Row A of 4' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'A1');
  await user.click(within(dialog).getByRole('button', { name: 'Add Seat' }));
  expect(await screen.findByText('Seat created.')).toBeInTheDocument();
  expect(calls('POST /admin/seats/store')[0]!.body).toEqual({ room_id: 4, row_id: 9, label: 'A1' });
  // Rows are only ever asked for with a room.
  expect(asked.every((room) => room === 4)).toBe(true);
});

describe('required marks', () => {
  it('marks a field whose schema takes neither a blank nor a missing value, and not an optional image', () => {
    expect(isRequired(requiredString('title'))).toBe(true);
    expect(isRequired(requiredId('topic'))).toBe(true);
    // An image key may not be blank, but a form without one keeps the image or has none.
    expect(isRequired(imageField('picture', 'Picture', { minWidth: 10, minHeight: 10 }).input)).toBe(false);
    expect(isRequired(flagField('Visible').input)).toBe(false);
  });
});
