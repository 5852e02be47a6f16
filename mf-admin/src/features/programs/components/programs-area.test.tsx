import { screen, waitFor, within } from '@testing-library/react';
import { PROGRAM_MESSAGES, TWO_FACTOR_RESET_MESSAGES } from '@baridesk/contracts';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import ProgramsArea from './programs-area';

const LIST = 'GET /admin/baritastic-program' as const;
const SHOW = 'GET /admin/baritastic-program/101' as const;
const STORE = 'POST /admin/baritastic-program/store' as const;
const DELETE = 'POST /admin/baritastic-program/delete' as const;
const PASSWORD = 'POST /admin/baritastic-program/update-password' as const;
const EXPORT = 'GET /admin/baritastic-program/export' as const;
const RESET_TWO_FACTOR = 'POST /admin/baritastic-program/reset-two-factor' as const;

const northside = {
  id: 101,
  title: 'Northside Bariatrics',
  email: 'subuser@northside.test',
  programmer_code: 'NORTH-1',
  username: null,
  program_type: 'Surgical',
  tier: 'Premium',
  account_number: 'AC-1',
  owner_name: 'Avery Hart',
  first_name: 'Avery',
  last_name: 'Hart',
  phone: '(312) 555-0100',
  event_email: null,
  address: '1 Lake St',
  city: 'Chicago',
  pin_code: '60601',
  map_address: null,
  latitude: 41.88,
  longitude: -87.63,
  timezone: 'America/Chicago',
  practice: 'Northside Surgical',
  about: null,
  total_p: null,
  year_p: null,
  estimated_surgery: null,
  profile_image: null,
  third_checklist_name: 'Weight Management',
  show_name: 1,
  popup_check: 0,
  popup_msg: null,
  popup_check2: 0,
  popup_msg2: null,
  security_status: 0,
  mfa_required: 1,
  retries: null,
  time_out: null,
  password_set: 1,
  users_count: 5,
  status: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
};

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, { status: 200, json: pageOf([northside]) });
  api.on(SHOW, { status: 200, json: { data: northside } });
});
afterEach(() => api.close());

const renderArea = (path: string) => renderScreen(<ProgramsArea />, { route: '/admin/baritastic-program/*', path });

test('the list: search, type and tier filters, Excel, Add, the password state; Delete asks first and says what it keeps', async () => {
  const { user } = await renderArea('/admin/baritastic-program');
  const row = await screen.findByRole('row', { name: /Northside Bariatrics/ });
  expect(within(row).getByRole('link', { name: 'Northside Bariatrics' })).toHaveAttribute('href', '/admin/baritastic-program/101/show');
  expect(within(row).getByText('NORTH-1')).toBeInTheDocument();
  expect(within(row).getByText('Set')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'Change password of Northside Bariatrics' })).toHaveAttribute('href', '/admin/baritastic-program/101/change-password');
  expect(screen.getByRole('link', { name: 'Add Program' })).toHaveAttribute('href', '/admin/baritastic-program/store');
  expect(screen.getByRole('button', { name: 'Excel' })).toBeInTheDocument();

  await user.type(screen.getByRole('searchbox'), 'north');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('search')).toBe('north'));
  await chooseOption(user, screen.getByRole('combobox', { name: 'Program type' }), 'Hospital');
  await chooseOption(user, screen.getByRole('combobox', { name: 'Tier' }), 'Premium');
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('tier')).toBe('Premium'));
  expect(api.calls(LIST).at(-1)!.query.get('program_type')).toBe('Hospital');

  // Excel writes what the list shows: its search, filters and order, without the page.
  URL.createObjectURL = jest.fn(() => 'blob:programs');
  URL.revokeObjectURL = jest.fn();
  const saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  api.on(EXPORT, {
    status: 200,
    text: 'PK',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    headers: { 'content-disposition': 'attachment; filename="programs.xlsx"' },
  });
  await user.click(screen.getByRole('button', { name: 'Excel' }));
  await waitFor(() => expect(saved).toHaveBeenCalled());
  saved.mockRestore();
  expect(Object.fromEntries(api.calls(EXPORT)[0]!.query)).toEqual({
    search: 'north',
    program_type: 'Hospital',
    tier: 'Premium',
    sort: 'title',
    direction: 'asc',
  });

  api.on(DELETE, { status: 200, json: { message: PROGRAM_MESSAGES.deleted } });
  await user.click(within(row).getByRole('button', { name: 'More actions for Northside Bariatrics' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
  const question = await screen.findByRole('alertdialog', { name: 'Delete program' });
  expect(question).toHaveTextContent('their history is kept');
  expect(api.calls(DELETE)).toHaveLength(0);
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(PROGRAM_MESSAGES.deleted)).toBeInTheDocument();
  expect(api.calls(DELETE)[0]!.body).toEqual({ id: 101 });
});

test('adding: the fields in their groups, the choices as selects, the staff two-step switch; the server\'s field errors show', async () => {
  api.on(STORE, { status: 422, json: { message: 'The given data was invalid.', errors: { email: ['This e-mail address is already in use.'] } } });
  const { user } = await renderArea('/admin/baritastic-program/store');
  expect(await screen.findByRole('heading', { level: 1, name: 'Add Program' })).toBeInTheDocument();
  const account = screen.getByRole('group', { name: 'Account' });
  await user.type(within(account).getByRole('textbox', { name: /Program name/ }), 'Riverbend Bariatrics');
  await user.type(within(account).getByRole('textbox', { name: /Email/ }), 'owner@riverbend.test');
  await user.type(within(account).getByRole('textbox', { name: /Programmer code/ }), 'RIVER-01');
  await chooseOption(user, within(account).getByRole('combobox', { name: 'Program type' }), 'Hospital');
  await chooseOption(user, screen.getByRole('combobox', { name: /Time zone/ }), 'America/Chicago');
  const signIn = screen.getByRole('group', { name: 'Sign-in' });
  const mfa = within(signIn).getByRole('switch', { name: 'Require two-step sign-in for staff' });
  expect(mfa).not.toBeChecked();
  await user.click(mfa);
  await user.click(screen.getByRole('button', { name: 'Add Program' }));

  expect(await screen.findByText('This e-mail address is already in use.')).toBeInTheDocument();
  expect(api.calls(STORE)[0]!.body).toMatchObject({
    title: 'Riverbend Bariatrics',
    email: 'owner@riverbend.test',
    programmer_code: 'RIVER-01',
    program_type: 'Hospital',
    timezone: 'America/Chicago',
    mfa_required: 1,
  });
});

test('the show page: the groups, the switches as Yes/No, the way to Edit', async () => {
  await renderArea('/admin/baritastic-program/101/show');
  const signIn = await screen.findByRole('region', { name: 'Sign-in' });
  expect(within(signIn).getByText('Require two-step sign-in for staff', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Yes');
  expect(screen.getByText('Programmer code', { selector: 'dt' }).nextElementSibling).toHaveTextContent('NORTH-1');
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/baritastic-program/101/edit');
});

test('change password: the rules on the form, then the new password is sent for the program', async () => {
  api.on(PASSWORD, { status: 200, json: { message: PROGRAM_MESSAGES.passwordUpdated } });
  const { user } = await renderArea('/admin/baritastic-program/101/change-password');
  expect(await screen.findByText(/A new password for the account of Northside Bariatrics/)).toBeInTheDocument();
  await user.type(screen.getByLabelText(/^New password/), 'Sunrise2026');
  await user.type(screen.getByLabelText(/^Confirm new password/), 'Sunrise2027');
  await user.click(screen.getByRole('button', { name: 'Save Password' }));
  expect(await screen.findByText(/match/)).toBeInTheDocument();
  expect(api.calls(PASSWORD)).toHaveLength(0);
  await user.clear(screen.getByLabelText(/^Confirm new password/));
  await user.type(screen.getByLabelText(/^Confirm new password/), 'Sunrise2026');
  await user.click(screen.getByRole('button', { name: 'Save Password' }));
  expect(await screen.findByText(PROGRAM_MESSAGES.passwordUpdated)).toBeInTheDocument();
  expect(api.calls(PASSWORD)[0]!.body).toEqual({ id: 101, password: 'Sunrise2026', password_confirmation: 'Sunrise2026' });
});

test("Reset two-step sign-in asks first, says what happens, and shows the server's answer: a refusal too", async () => {
  const { user } = await renderArea('/admin/baritastic-program');
  const row = await screen.findByRole('row', { name: /Northside Bariatrics/ });
  api.on(RESET_TWO_FACTOR, { status: 422, json: { message: TWO_FACTOR_RESET_MESSAGES.noFactor, errors: { id: [TWO_FACTOR_RESET_MESSAGES.noFactor] } } });
  await user.click(within(row).getByRole('button', { name: 'Reset two-step sign-in of Northside Bariatrics' }));
  const question = await screen.findByRole('alertdialog', { name: 'Reset two-step sign-in' });
  expect(question).toHaveTextContent('recovery codes stop working, they are signed out everywhere and told by e-mail');
  expect(api.calls(RESET_TWO_FACTOR)).toHaveLength(0);
  await user.click(within(question).getByRole('button', { name: 'Reset' }));
  // The notice: the message, with the field's error listed under it (as every 422 notice shows it).
  expect(await screen.findAllByText(TWO_FACTOR_RESET_MESSAGES.noFactor)).not.toHaveLength(0);
  expect(api.calls(RESET_TWO_FACTOR)[0]!.body).toEqual({ id: 101 });
});
