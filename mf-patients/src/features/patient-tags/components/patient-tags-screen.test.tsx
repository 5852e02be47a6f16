import { screen, waitFor, within } from '@testing-library/react';
import { PATIENT_TAG_MESSAGES } from '@baridesk/contracts';
import { chooseOption, chooseRowDelete, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { createPatientTag } from '../../../test/factories';
import PatientTagsScreen from './patient-tags-screen';

const LIST = 'GET /user-category' as const;
const TOGGLE = 'POST /user-category/toggle-status' as const;
const DELETE = 'POST /user-category/delete' as const;

const selfPay = createPatientTag({ id: 5, name: 'Self Pay', status: 1, patients_count: 12 });
const unused = createPatientTag({ id: 6, name: 'Old Campaign', status: 0, patients_count: 0 });

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, () => ({ status: 200, json: pageOf([selfPay, unused], { total: 23 }) }));
});
afterEach(() => api.close());

const table = () => screen.getByRole('table', { name: 'Patient tags' });
const rowOf = (name: string) => within(table()).getByRole('row', { name: new RegExp(name) });

async function renderList() {
  const view = await renderScreen(<PatientTagsScreen />, { route: '/user-category' });
  await screen.findByRole('cell', { name: 'Self Pay' });
  return view;
}

test('lists the tags by name with their patients and status switch', async () => {
  await renderList();
  expect(screen.getByRole('heading', { level: 1, name: 'Patient Tags' })).toBeInTheDocument();
  expect(within(rowOf('Self Pay')).getByRole('cell', { name: '12' })).toBeInTheDocument();
  expect(screen.getByRole('switch', { name: 'Self Pay active' })).toBeChecked();
  expect(screen.getByRole('switch', { name: 'Old Campaign active' })).not.toBeChecked();
  expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  expect(Object.fromEntries(api.calls(LIST)[0]!.query)).toEqual({ page: '1', perPage: '10', sort: 'name', direction: 'asc' });
});

test('searches, filters, sorts and pages on the server', async () => {
  const { user } = await renderList();
  await user.type(screen.getByRole('searchbox', { name: 'Search tags' }), 'pay');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('search')).toBe('pay'));

  await chooseOption(user, screen.getByRole('combobox', { name: 'Status' }), '0');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('status')).toBe('0'));

  await user.click(within(table()).getByRole('button', { name: /^Patients/ }));
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('sort')).toBe('patients_count'));

  await chooseOption(user, screen.getByRole('combobox', { name: 'Items per page' }), '5');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('perPage')).toBe('5'));
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('page')).toBe('2'));
  expect(Object.fromEntries(api.calls(LIST).at(-1)!.query)).toMatchObject({ search: 'pay', status: '0', direction: 'asc' });
});

test('shows an empty list and a failed load', async () => {
  api.on(LIST, () => ({ status: 200, json: pageOf([]) }));
  const { unmount } = await renderScreen(<PatientTagsScreen />);
  expect(await screen.findByText('No tags yet. Add the first one.')).toBeInTheDocument();
  unmount();

  api.on(LIST, () => ({ status: 500, json: { message: 'The tags are unavailable.' } }));
  await renderScreen(<PatientTagsScreen />);
  expect(await screen.findByText('The tags could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('The tags are unavailable.')).toBeInTheDocument();
});

test('switches a tag off, and back on when the server refuses', async () => {
  api.on(TOGGLE, ({ body }) => ({ status: 200, delayMs: 200, json: { data: body, message: PATIENT_TAG_MESSAGES.statusUpdated } }));
  const { user } = await renderList();

  await user.click(screen.getByRole('switch', { name: 'Self Pay active' }));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Self Pay active' })).not.toBeChecked(), { timeout: 150 });
  expect(await screen.findByText(PATIENT_TAG_MESSAGES.statusUpdated)).toBeInTheDocument();
  expect(api.calls(TOGGLE)[0]!.body).toEqual({ id: 5, status: 0 });

  api.on(TOGGLE, () => ({ status: 500, delayMs: 200, json: { message: 'The status could not be saved.' } }));
  await user.click(screen.getByRole('switch', { name: 'Old Campaign active' }));
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Old Campaign active' })).toBeChecked(), { timeout: 150 });
  expect(await screen.findByText('The status could not be saved.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Old Campaign active' })).not.toBeChecked());
});

test('edits a tag on its form', async () => {
  const { user, path } = await renderList();
  await user.click(screen.getByRole('button', { name: 'Edit Self Pay' }));
  await waitFor(() => expect(path()).toBe('/category-form'));
});

test('deletes a tag only after confirmation', async () => {
  api.on(DELETE, () => ({ status: 200, json: { message: PATIENT_TAG_MESSAGES.deleted } }));
  const { user } = await renderList();
  const listCalls = api.calls(LIST).length;

  await chooseRowDelete(user, 'Old Campaign');
  let question = await screen.findByRole('alertdialog', { name: 'Delete tag' });
  expect(question).toHaveTextContent('Delete the tag "Old Campaign"?');
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(api.calls(DELETE)).toHaveLength(0);

  await chooseRowDelete(user, 'Old Campaign');
  question = await screen.findByRole('alertdialog', { name: 'Delete tag' });
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(PATIENT_TAG_MESSAGES.deleted)).toBeInTheDocument();
  expect(api.calls(DELETE)[0]!.body).toEqual({ id: 6 });
  await waitFor(() => expect(api.calls(LIST).length).toBeGreaterThan(listCalls));
});

test('warns that a tag in use cannot go, and shows the server’s refusal', async () => {
  api.on(DELETE, () => ({ status: 409, json: { message: PATIENT_TAG_MESSAGES.inUse(12) } }));
  const { user } = await renderList();
  await chooseRowDelete(user, 'Self Pay');
  const question = await screen.findByRole('alertdialog', { name: 'Delete tag' });
  expect(question).toHaveTextContent('It is on 12 patients, so it cannot be deleted until it is removed from them.');
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(PATIENT_TAG_MESSAGES.inUse(12))).toBeInTheDocument();
});
