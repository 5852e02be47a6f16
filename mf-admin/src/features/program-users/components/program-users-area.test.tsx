import { screen, waitFor, within } from '@testing-library/react';
import { PROGRAM_USER_FLAGS, PROGRAM_USER_MESSAGES, TWO_FACTOR_RESET_MESSAGES } from '@baridesk/contracts';
import { chooseOption, pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import ProgramUsersArea from './program-users-area';

const LIST = 'GET /admin/program-user' as const;
const SHOW = 'GET /admin/program-user/31' as const;
const STORE = 'POST /admin/program-user/store' as const;
const RESEND = 'POST /admin/program-user/resend-invite' as const;
const RESET = 'POST /admin/program-user/reset-security' as const;
const PASSWORD = 'POST /admin/program-user/update-password' as const;
const RESET_TWO_FACTOR = 'POST /admin/program-user/reset-two-factor' as const;
const PROGRAMS = 'GET /admin/baritastic-program/with-patient-tags' as const;
const NORTHSIDE_TAGS = 'GET /admin/baritastic-program/with-patient-tags/101' as const;

const northside = { id: 101, title: 'Northside Bariatrics', status: 1, tags: [{ id: 5, name: 'Self Pay' }] };
const lakeview = { id: 102, title: 'Lakeview Weight Center', status: 1, tags: [{ id: 8, name: 'Medicare' }] };
const flags = Object.fromEntries(PROGRAM_USER_FLAGS.map((name) => [name, 0]));
const dana = {
  id: 31,
  name: 'Dana Reyes',
  email: 'dana@northside.test',
  username: 'dreyes',
  ...flags,
  manage_user: 1,
  faq: 1,
  retries: null,
  time_out: 30,
  deactivation_date: null,
  default_stage: 2,
  program_id: 101,
  program_name: 'Northside Bariatrics',
  default_category1_id: 5,
  default_category1_name: 'Self Pay',
  password_set: 0,
  status: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
};

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, { status: 200, json: pageOf([dana]) });
  api.on(SHOW, { status: 200, json: { data: dana } });
  api.on(PROGRAMS, { status: 200, json: { data: [lakeview, northside] } });
  api.on(NORTHSIDE_TAGS, { status: 200, json: { data: northside } });
});
afterEach(() => api.close());

const renderArea = (path: string) => renderScreen(<ProgramUsersArea />, { route: '/admin/program-user/*', path });

test('the list: every program\'s users, a program filter, the invitation state; Resend invite asks first', async () => {
  const { user } = await renderArea('/admin/program-user');
  const row = await screen.findByRole('row', { name: /Dana Reyes/ });
  expect(within(row).getByRole('link', { name: 'Dana Reyes' })).toHaveAttribute('href', '/admin/program-user/31/show');
  expect(within(row).getByText('Northside Bariatrics')).toBeInTheDocument();
  expect(within(row).getByText('Pending')).toBeInTheDocument();

  await user.selectOptions(screen.getByRole('combobox', { name: 'Program' }), await screen.findByRole('option', { name: 'Lakeview Weight Center' }));
  await waitFor(() => expect(api.calls(LIST).at(-1)!.query.get('program_id')).toBe('102'));

  api.on(RESEND, { status: 200, json: { message: PROGRAM_USER_MESSAGES.inviteSent } });
  await user.click(within(row).getByRole('button', { name: 'Account actions for Dana Reyes' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Resend invite…' }));
  const question = await screen.findByRole('alertdialog', { name: 'Resend invite' });
  expect(api.calls(RESEND)).toHaveLength(0);
  await user.click(within(question).getByRole('button', { name: 'Send' }));
  expect(await screen.findByText(PROGRAM_USER_MESSAGES.inviteSent)).toBeInTheDocument();
  expect(api.calls(RESEND)[0]!.body).toEqual({ id: 31 });

  // Reset security question: cancelling sends nothing.
  await user.click(within(row).getByRole('button', { name: 'Account actions for Dana Reyes' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Reset security question…' }));
  await user.click(within(await screen.findByRole('alertdialog', { name: 'Reset security question' })).getByRole('button', { name: 'Cancel' }));
  expect(api.calls(RESET)).toHaveLength(0);
});

test('adding: the program first, its tags as the default tag, the switches in their groups; saved as 0/1', async () => {
  api.on(STORE, ({ body }) => ({ status: 201, json: { data: { ...dana, id: 40, ...(body as object) }, message: PROGRAM_USER_MESSAGES.created } }));
  const { user } = await renderArea('/admin/program-user/store');
  expect(await screen.findByRole('heading', { level: 1, name: 'Add Program User' })).toBeInTheDocument();
  const program = screen.getByRole('combobox', { name: /Program/ });
  await user.selectOptions(program, await within(program).findByRole('option', { name: 'Northside Bariatrics' }));
  const tag = screen.getByRole('combobox', { name: /Default tag/ });
  await user.selectOptions(tag, await within(tag).findByRole('option', { name: 'Self Pay' }));

  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Sam Ortiz');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'sam@northside.test');
  const areas = screen.getByRole('group', { name: 'Staff areas' });
  await user.click(within(areas).getByRole('switch', { name: 'Patients' }));
  await user.click(within(screen.getByRole('group', { name: 'Content menus' })).getByRole('switch', { name: 'FAQ’s' }));
  expect(within(areas).getByRole('switch', { name: 'Reports' })).not.toBeChecked();
  await chooseOption(user, screen.getByRole('combobox', { name: 'Default stage' }), 'Post-Op');
  await user.click(screen.getByRole('button', { name: 'Add Program User' }));

  expect(await screen.findByText(PROGRAM_USER_MESSAGES.created)).toBeInTheDocument();
  const sent = api.calls(STORE)[0]!.body as Record<string, unknown>;
  expect(sent).toMatchObject({ program_id: 101, default_category1_id: 5, name: 'Sam Ortiz', email: 'sam@northside.test', manage_user: 1, faq: 1, seminar_to_surgery: 0, default_stage: 2 });
});

test('the show page groups the switches as Yes/No, with the program\'s tag and the way to Edit', async () => {
  await renderArea('/admin/program-user/31/show');
  const areas = await screen.findByRole('region', { name: 'Staff areas' });
  expect(within(areas).getByText('Patients', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Yes');
  expect(within(areas).getByText('Reports', { selector: 'dt' }).nextElementSibling).toHaveTextContent('No');
  expect(screen.getByText('Default tag', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Self Pay');
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/program-user/31/edit');
});

test('change password: the rules on the form, then the new password is sent for the user', async () => {
  api.on(PASSWORD, { status: 200, json: { message: PROGRAM_USER_MESSAGES.passwordUpdated } });
  const { user } = await renderArea('/admin/program-user/31/change-password');
  expect(await screen.findByText(/A new password for Dana Reyes/)).toBeInTheDocument();
  await user.type(screen.getByLabelText(/^New password/), 'Sunrise2026');
  await user.type(screen.getByLabelText(/^Confirm new password/), 'Sunrise2027');
  await user.click(screen.getByRole('button', { name: 'Save Password' }));
  expect(await screen.findByText(/match/)).toBeInTheDocument();
  expect(api.calls(PASSWORD)).toHaveLength(0);
  await user.clear(screen.getByLabelText(/^Confirm new password/));
  await user.type(screen.getByLabelText(/^Confirm new password/), 'Sunrise2026');
  await user.click(screen.getByRole('button', { name: 'Save Password' }));
  expect(await screen.findByText(PROGRAM_USER_MESSAGES.passwordUpdated)).toBeInTheDocument();
  expect(api.calls(PASSWORD)[0]!.body).toEqual({ id: 31, password: 'Sunrise2026', password_confirmation: 'Sunrise2026' });
});

test('Reset two-step sign-in, from the Account menu, asks first; cancelling sends nothing, confirming resets', async () => {
  api.on(RESET_TWO_FACTOR, { status: 200, json: { message: TWO_FACTOR_RESET_MESSAGES.reset } });
  const { user } = await renderArea('/admin/program-user');
  const row = await screen.findByRole('row', { name: /Dana Reyes/ });
  const choose = async () => {
    await user.click(within(row).getByRole('button', { name: 'Account actions for Dana Reyes' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset two-step sign-in…' }));
    return screen.findByRole('alertdialog', { name: 'Reset two-step sign-in' });
  };
  await user.click(within(await choose()).getByRole('button', { name: 'Cancel' }));
  expect(api.calls(RESET_TWO_FACTOR)).toHaveLength(0);
  const question = await choose();
  expect(question).toHaveTextContent("Reset Dana Reyes's two-step sign-in?");
  await user.click(within(question).getByRole('button', { name: 'Reset' }));
  expect(await screen.findByText(TWO_FACTOR_RESET_MESSAGES.reset)).toBeInTheDocument();
  expect(api.calls(RESET_TWO_FACTOR)[0]!.body).toEqual({ id: 31 });
});
