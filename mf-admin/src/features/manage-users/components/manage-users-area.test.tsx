import { screen, waitFor, within } from '@testing-library/react';
import { MANAGE_USERS_MESSAGES, type ManageUserListItem, type ManageUserRecord } from '@baridesk/contracts';
import { appStore } from '@baridesk/store';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import ManageUsersArea from './manage-users-area';

const LIST = 'GET /admin/manage-users' as const;
const PROGRAMS = 'GET /admin/manage-users/programs' as const;
const SHOW = 'GET /admin/manage-users/7' as const;
const UPDATE = 'PUT /admin/manage-users/7' as const;
const DELETE = 'DELETE /admin/manage-users/7' as const;

const row: ManageUserListItem = {
  id: 7,
  first_name: 'Dana',
  last_name: 'Price',
  name: 'Dana Price',
  email: 'dana@example.test',
  phone: '3125550142',
  mrn_number: 'MRN-77',
  current_stage: 2,
  status: 1,
  program_id: 102,
  program_name: 'Lakeview Weight Center',
  created_at: '2026-02-01T10:00:00.000Z',
};

const record = {
  ...row,
  nick_name: null,
  dob: '1980-05-04',
  age: 45,
  sex: 'Female',
  city: 'Evanston',
  state_id: null,
  hight: 66,
  starting_weight: 280,
  current_weight: 240,
  target_weight: 180,
  inital_stage: 1,
  surgery_date: '2026-01-10',
  non_surgery_date: null,
  consult_date: null,
  type_of_surgery: 'Gastric Sleeve',
  due_date_auto_cal: 0,
  timezone: 'America/Chicago',
  location_id: null,
  location_name: null,
  insurance_coordinator_id: null,
  insurance_coordinator_name: null,
  user_cat_id: null,
  user_cat_name: null,
  user_cat_id2: null,
  user_cat_name2: null,
  snooze_status: 0,
  snooze_date: null,
  checklist_deactivate: 0,
  checklist_deactivate_reason: null,
  nutrition: null,
  protien: null,
  fiber: null,
  water: null,
  calories: null,
  weight_loss_gain: null,
  is_invited: 0,
  has_app_password: false,
  chat_status: 0,
  last_app_activity_at: null,
  matrix_system: null,
  created_by: null,
  updated_at: '2026-02-02T10:00:00.000Z',
  version: 3,
  bmi: 38.7,
  weight_lost: 40,
  surgery_date_difference: '1 month',
} as ManageUserRecord;

let api: FakeApi;
beforeEach(async () => {
  appStore.getState().clearSavedSearches();
  api = await startFakeApi();
  api.on(LIST, { status: 200, json: pageOf([row]) });
  api.on(PROGRAMS, { status: 200, json: { data: [{ id: 101, name: 'Northside Bariatrics' }, { id: 102, name: 'Lakeview Weight Center' }] } });
  api.on(SHOW, { status: 200, json: { data: record } });
});
afterEach(() => api.close());

const renderArea = (path: string) => renderScreen(<ManageUsersArea />, { route: '/admin/manage-users/*', path });

test('the search across programs shows each patient’s program and is kept for the next visit', async () => {
  const { user, unmount } = await renderArea('/admin/manage-users');
  const found = await screen.findByRole('row', { name: /Dana Price/ });
  expect(within(found).getByText('Lakeview Weight Center')).toBeInTheDocument();
  expect(within(found).getByRole('link', { name: 'Dana Price' })).toHaveAttribute('href', '/admin/manage-users/show/7');
  await user.type(screen.getByRole('searchbox'), 'price');
  await chooseOption(user, screen.findByRole('combobox', { name: 'Program' }), '102');
  await waitFor(() => {
    const query = api.calls(LIST).at(-1)!.query;
    expect([query.get('search'), query.get('program')]).toEqual(['price', '102']);
  });
  unmount();
  await renderArea('/admin/manage-users');
  await screen.findByRole('row', { name: /Dana Price/ });
  expect(screen.getByRole('searchbox')).toHaveValue('price');
  expect(api.calls(LIST).at(-1)!.query.get('program')).toBe('102');
});

test('the show page: the patient with its program; Delete asks first, says the record is kept, and goes back to the list', async () => {
  api.on(DELETE, { status: 200, json: { message: MANAGE_USERS_MESSAGES.deleted } });
  const { user } = await renderArea('/admin/manage-users/show/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Dana Price' })).toBeInTheDocument();
  expect(screen.getByText('Program', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Lakeview Weight Center');
  await user.click(screen.getByRole('button', { name: 'Delete' }));
  const question = await screen.findByRole('alertdialog', { name: 'Delete patient' });
  expect(question).toHaveTextContent('kept as inactive');
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(MANAGE_USERS_MESSAGES.deleted)).toBeInTheDocument();
  expect(api.calls(DELETE)).toHaveLength(1);
});

test('editing sends every field of the staff body, the unshown ones unchanged, with the version read', async () => {
  api.on(UPDATE, { status: 200, json: { data: { ...record, city: 'Skokie' }, message: MANAGE_USERS_MESSAGES.updated } });
  const { user } = await renderArea('/admin/manage-users/edit/7');
  const city = await screen.findByRole('textbox', { name: 'City' });
  await user.clear(city);
  await user.type(city, 'Skokie');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByText(MANAGE_USERS_MESSAGES.updated)).toBeInTheDocument();
  expect(api.calls(UPDATE)[0]!.body).toMatchObject({ id: 7, version: 3, city: 'Skokie', type_of_surgery: 'Gastric Sleeve', starting_weight: '280', current_stage: '2', status: '1' });
});
