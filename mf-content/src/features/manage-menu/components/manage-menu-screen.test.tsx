import { screen, waitFor, within } from '@testing-library/react';
import { MANAGE_MENU_MESSAGES, type ManageMenuEntry } from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';
import { renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import ManageMenuScreen from './manage-menu-screen';

const LIST = 'GET /content/manage-menu' as const;
const TOGGLE = 'POST /content/manage-menu/toggle-status' as const;

const entry = (id: number, title: string, status: 0 | 1): ManageMenuEntry => ({ id, status, sub_menu: { id: 100 + id, title } });
const ENTRIES = [entry(1, 'Calendar', 1), entry(2, 'Videos', 0), entry(3, 'Our Blog', 1)];

let api: FakeApi;
let sidebarChanges: number;
let stopListening: () => void;

beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, ({ query }) => {
    const search = query.get('search')?.toLowerCase();
    const data = search ? ENTRIES.filter((e) => e.sub_menu.title.toLowerCase().includes(search)) : ENTRIES;
    return { status: 200, json: { data } };
  });
  sidebarChanges = 0;
  stopListening = bus.on('sidebar:changed', () => void (sidebarChanges += 1));
});

afterEach(async () => {
  stopListening();
  await api.close();
});

async function renderMenu() {
  const view = await renderScreen(<ManageMenuScreen />);
  await screen.findByRole('switch', { name: 'Calendar' });
  return view;
}

test('shows one switch per section, on or off as the server says', async () => {
  await renderMenu();
  expect(screen.getByRole('heading', { level: 1, name: 'Manage Menu' })).toBeInTheDocument();
  expect(screen.getByText(/Switch the sections of your patients' app on or off/)).toBeInTheDocument();
  const list = screen.getByRole('list', { name: 'App sections' });
  expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  expect(screen.getByRole('switch', { name: 'Calendar' })).toBeChecked();
  expect(screen.getByRole('switch', { name: 'Videos' })).not.toBeChecked();
  expect(screen.getByRole('switch', { name: 'Our Blog' })).toBeChecked();
});

test('searches the section titles on the server', async () => {
  const { user } = await renderMenu();
  await user.type(screen.getByRole('searchbox', { name: 'Search sections' }), 'vid');
  await waitFor(() => expect(screen.queryByRole('switch', { name: 'Calendar' })).not.toBeInTheDocument());
  expect(screen.getByRole('switch', { name: 'Videos' })).toBeInTheDocument();
  expect(api.calls(LIST).at(-1)!.query.get('search')).toBe('vid');

  await user.clear(screen.getByRole('searchbox', { name: 'Search sections' }));
  await user.type(screen.getByRole('searchbox', { name: 'Search sections' }), 'nothing like it');
  expect(await screen.findByText('No section matches your search.')).toBeInTheDocument();
});

test('switches a section on at once, saves it and asks the shell to reload the sidebar', async () => {
  api.on(TOGGLE, ({ body }) => ({
    status: 200,
    delayMs: 300,
    json: { data: body, message: MANAGE_MENU_MESSAGES.updated },
  }));
  // After the save, the list answers with the new status.
  const { user } = await renderMenu();
  api.on(LIST, () => ({ status: 200, json: { data: ENTRIES.map((e) => (e.id === 2 ? { ...e, status: 1 } : e)) } }));

  await user.click(screen.getByRole('switch', { name: 'Videos' }));
  // Optimistic: on before the server has answered (it waits 300 ms).
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Videos' })).toBeChecked(), { timeout: 250 });
  expect(sidebarChanges).toBe(0);

  expect(await screen.findByText(MANAGE_MENU_MESSAGES.updated)).toBeInTheDocument();
  expect(api.calls(TOGGLE)[0]!.body).toEqual({ id: 2, status: 1 });
  expect(sidebarChanges).toBe(1);
  await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(1));
  expect(screen.getByRole('switch', { name: 'Videos' })).toBeChecked();
});

test('puts the switch back and shows the error when the server refuses', async () => {
  api.on(TOGGLE, () => ({ status: 500, delayMs: 300, json: { message: 'The menu could not be saved.' } }));
  const { user } = await renderMenu();

  await user.click(screen.getByRole('switch', { name: 'Calendar' }));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Calendar' })).not.toBeChecked(), { timeout: 250 });

  expect(await screen.findByText('The menu could not be saved.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Calendar' })).toBeChecked());
  expect(api.calls(TOGGLE)[0]!.body).toEqual({ id: 1, status: 0 });
  expect(sidebarChanges).toBe(0);
});

test('says so when the menu cannot be loaded', async () => {
  api.on(LIST, () => ({ status: 403, json: { message: 'Only the program account can manage the menu.' } }));
  await renderScreen(<ManageMenuScreen />);
  expect(await screen.findByText('The menu could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('Only the program account can manage the menu.')).toBeInTheDocument();
});
