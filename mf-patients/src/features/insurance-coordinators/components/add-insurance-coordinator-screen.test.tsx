import { screen, waitFor, within } from '@testing-library/react';
import { INSURANCE_COORDINATOR_MESSAGES as MESSAGES } from '@baridesk/contracts';
import { chooseOption, chooseRowDelete, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createInsuranceCoordinator } from '../../../test/factories';
import AddInsuranceCoordinatorScreen from './add-insurance-coordinator-screen';

const LIST = 'GET /insurance-coordinators' as const;
const STORE = 'POST /insurance-coordinators/store' as const;
const TOGGLE = 'POST /insurance-coordinators/toggle-status' as const;
const DELETE = 'POST /insurance-coordinators/delete' as const;

const grace = createInsuranceCoordinator({ id: 3, name: 'Grace Liu', email: 'grace@example.test', phone: '+13125550113', patients_count: 4 });
const luis = createInsuranceCoordinator({ id: 4, name: 'Luis Ortega', email: null, phone: null, status: 0, patients_count: 0 });

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, () => ({ status: 200, json: pageOf([grace, luis], { total: 12 }) }));
});
afterEach(() => api.close());

const table = () => screen.getByRole('table', { name: 'Insurance coordinators' });
const rowOf = (name: string) => within(table()).getByRole('row', { name: new RegExp(name) });

async function renderAdd() {
  const view = await renderScreen(<AddInsuranceCoordinatorScreen />, { route: '/add-insurance-coordinator' });
  await screen.findByRole('link', { name: 'Grace Liu' });
  return view;
}

test('shows the add form above the list of coordinators', async () => {
  await renderAdd();
  expect(screen.getByRole('heading', { level: 1, name: 'Insurance Coordinators' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 2, name: 'Add Insurance Coordinator' })).toBeInTheDocument();
  expect(within(rowOf('Grace Liu')).getByText('312-555-0113')).toBeInTheDocument();
  expect(within(rowOf('Grace Liu')).getByRole('cell', { name: '4' })).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Grace Liu active' })).toBeChecked();
  expect(screen.getByRole('switch', { name: 'Luis Ortega active' })).not.toBeChecked();
  expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  expect(Object.fromEntries(api.calls(LIST)[0]!.query)).toEqual({ page: '1', perPage: '10', sort: 'name', direction: 'asc' });
});

test('searches, filters, sorts and pages on the server', async () => {
  const { user } = await renderAdd();
  await user.type(screen.getByRole('searchbox', { name: 'Search coordinators' }), '555');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('search')).toBe('555'));
  await chooseOption(user, screen.getByRole('combobox', { name: 'Status' }), '1');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('status')).toBe('1'));
  await user.click(within(table()).getByRole('button', { name: /^Patients/ }));
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('sort')).toBe('patients_count'));
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('page')).toBe('2'));
});

test('adds a coordinator: field errors from the form and the server, then an empty form and a fresh list', async () => {
  let attempts = 0;
  api.on(STORE, ({ body }) => {
    attempts += 1;
    if (attempts === 1) return { status: 422, json: { message: MESSAGES.nameTaken, errors: { name: [MESSAGES.nameTaken] } } };
    return { status: 201, json: { data: createInsuranceCoordinator(body as object), message: MESSAGES.created } };
  });
  const { user } = await renderAdd();
  const add = () => user.click(screen.getByRole('button', { name: 'Add Coordinator' }));

  await add();
  expect(await screen.findByText('Name is required.')).toBeInTheDocument();
  const name = screen.getByRole('textbox', { name: /Name/ });
  const email = screen.getByRole('textbox', { name: 'E-mail' });
  const phone = screen.getByRole('textbox', { name: 'Phone' });
  await user.type(name, 'Grace Liu');
  await user.type(email, 'grace@');
  await user.type(phone, '555');
  await add();
  await waitFor(() => expect(email).toHaveAccessibleDescription('The email field must have a valid email address.'));
  expect(phone).toHaveAccessibleDescription('Please enter valid phone.');
  expect(api.calls(STORE)).toHaveLength(0);

  await user.clear(email);
  await user.type(email, 'Maria@Example.test');
  await user.clear(phone);
  await user.type(phone, '(312) 555-0144');
  await add();
  await waitFor(() => expect(name).toHaveAccessibleDescription(MESSAGES.nameTaken));
  expect(api.calls(STORE)[0]!.body).toEqual({ name: 'Grace Liu', email: 'maria@example.test', phone: '(312) 555-0144', status: 1 });

  const listCalls = api.calls(LIST).length;
  await user.clear(name);
  await user.type(name, 'Maria Santos');
  await add();
  expect(await screen.findByText(MESSAGES.created)).toBeInTheDocument();
  expect(api.calls(STORE)[1]!.body).toMatchObject({ name: 'Maria Santos' });
  await waitFor(() => expect(name).toHaveValue(''));
  expect(email).toHaveValue('');
  await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(listCalls));
});

test('switches a coordinator on, and shows a failure', async () => {
  api.on(TOGGLE, ({ body }) => ({ status: 200, json: { data: body, message: MESSAGES.statusUpdated } }));
  const { user } = await renderAdd();
  await user.click(screen.getByRole('switch', { name: 'Luis Ortega active' }));
  expect(await screen.findByText(MESSAGES.statusUpdated)).toBeInTheDocument();
  expect(api.calls(TOGGLE)[0]!.body).toEqual({ id: 4, status: 1 });

  api.on(TOGGLE, { status: 500, json: { message: 'The status could not be saved.' } });
  await user.click(screen.getByRole('switch', { name: 'Grace Liu active' }));
  expect(await screen.findByText('The status could not be saved.')).toBeInTheDocument();
});

test('Edit opens the edit screen', async () => {
  const { user, path } = await renderAdd();
  await user.click(screen.getByRole('button', { name: 'Edit Grace Liu' }));
  await waitFor(() => expect(path()).toBe('/insurance-coordinator/3/edit'));
});

test('the name opens the details', async () => {
  const { user, path } = await renderAdd();
  await user.click(screen.getByRole('link', { name: 'Luis Ortega' }));
  await waitFor(() => expect(path()).toBe('/insurance-coordinator/4/show'));
});

test('deletes only after confirmation, warning when patients have the coordinator', async () => {
  api.on(DELETE, ({ body }) =>
    (body as { id: number }).id === 3
      ? { status: 409, json: { message: MESSAGES.inUse(4) } }
      : { status: 200, json: { message: MESSAGES.deleted } },
  );
  const { user } = await renderAdd();

  await chooseRowDelete(user, 'Grace Liu');
  let question = await screen.findByRole('alertdialog', { name: 'Delete insurance coordinator' });
  expect(question).toHaveTextContent('4 patients have this coordinator, so it cannot be deleted until they are given another.');
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(api.calls(DELETE)).toHaveLength(0);

  await chooseRowDelete(user, 'Grace Liu');
  question = await screen.findByRole('alertdialog', { name: 'Delete insurance coordinator' });
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(MESSAGES.inUse(4))).toBeInTheDocument();

  await chooseRowDelete(user, 'Luis Ortega');
  question = await screen.findByRole('alertdialog', { name: 'Delete insurance coordinator' });
  expect(question).toHaveTextContent('Delete Luis Ortega?');
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(MESSAGES.deleted)).toBeInTheDocument();
  expect(api.calls(DELETE).map((c) => c.body)).toEqual([{ id: 3 }, { id: 4 }]);
});

test('shows an empty list and a failed load', async () => {
  api.on(LIST, { status: 200, json: pageOf([]) });
  const first = await renderScreen(<AddInsuranceCoordinatorScreen />);
  expect(await screen.findByText('No coordinators yet. Add the first one above.')).toBeInTheDocument();
  first.unmount();

  api.on(LIST, { status: 500, json: { message: 'The coordinators are unavailable.' } });
  await renderScreen(<AddInsuranceCoordinatorScreen />);
  expect(await screen.findByText('The coordinators could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The coordinators are unavailable.')).toBeInTheDocument();
});
