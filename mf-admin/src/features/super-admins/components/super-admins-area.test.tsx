import { screen, waitFor, within } from '@testing-library/react';
import { PERMISSION_SLUGS } from '@baridesk/domain';
import { SUPER_ADMIN_MESSAGES, TWO_FACTOR_RESET_MESSAGES } from '@baridesk/contracts';
import { pageOf, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { useAppStore } from '@baridesk/store';
import SuperAdminsArea from './super-admins-area';

const LIST = 'GET /admin/super-admin' as const;
const SHOW = 'GET /admin/super-admin/49' as const;
const STORE = 'POST /admin/super-admin' as const;
const UPDATE = 'PUT /admin/super-admin/49' as const;
const DELETE = 'DELETE /admin/super-admin/49' as const;
const PERMISSIONS = 'GET /admin/permissions' as const;
const RESET_TWO_FACTOR = 'POST /admin/super-admin/reset-two-factor' as const;
const PASSWORD = 'PATCH /admin/super-admin/change-password/49' as const;

const names: Record<string, string> = { manage_users: 'Manage Users', program_users: 'Program Users', manage_events: 'Manage Events' };
const permissions = PERMISSION_SLUGS.map((slug, i) => ({ id: i + 1, slug, name: names[slug] ?? slug }));
const idOf = (slug: string) => permissions.find((p) => p.slug === slug)!.id;

const morgan = {
  id: 49,
  first_name: 'Morgan',
  last_name: 'Reyes',
  email: 'admin2@baridesk.test',
  phone: '+12125550149',
  title: 'Content Manager',
  username: 'mreyes',
  permission_ids: [idOf('manage_events')],
  status: 1,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
};

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(LIST, { status: 200, json: pageOf([morgan]) });
  api.on(SHOW, { status: 200, json: { data: morgan } });
  api.on(PERMISSIONS, { status: 200, json: { data: permissions } });
});
afterEach(() => api.close());

const renderArea = (path: string) => renderScreen(<SuperAdminsArea />, { route: '/admin/super-admin/*', path });

test('the list: names, Add, Excel, the password link; Delete asks first and says what it keeps', async () => {
  const { user } = await renderArea('/admin/super-admin');
  const row = await screen.findByRole('row', { name: /Morgan/ });
  expect(within(row).getByRole('link', { name: 'Change password of Morgan Reyes' })).toHaveAttribute('href', '/admin/super-admin/change-password/49');
  expect(screen.getByRole('link', { name: 'Add Super Admin' })).toHaveAttribute('href', '/admin/super-admin/create');
  expect(screen.getByRole('button', { name: 'Excel' })).toBeInTheDocument();
  api.on(DELETE, { status: 200, json: { message: SUPER_ADMIN_MESSAGES.deleted } });
  await user.click(within(row).getByRole('button', { name: 'More actions for Morgan Reyes' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
  const question = await screen.findByRole('alertdialog', { name: 'Delete super admin' });
  expect(question).toHaveTextContent('its history is kept');
  await user.click(within(question).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText(SUPER_ADMIN_MESSAGES.deleted)).toBeInTheDocument();
  expect(api.calls(DELETE)).toHaveLength(1);
});

test('adding: the fields, the password rule, two permissions switched on in their group', async () => {
  api.on(STORE, { status: 201, json: { data: { ...morgan, id: 60 }, message: SUPER_ADMIN_MESSAGES.created } });
  api.on('GET /admin/super-admin/60', { status: 200, json: { data: { ...morgan, id: 60 } } });
  const { user } = await renderArea('/admin/super-admin/create');
  expect(await screen.findByRole('heading', { level: 1, name: 'Add Super Admin' })).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: /First name/ }), 'Jordan');
  await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Lee');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'jordan@baridesk.test');
  await user.type(screen.getByLabelText(/^Password/), 'abcdefgh');
  await user.type(screen.getByLabelText(/^Confirm password/), 'abcdefgh');
  const group = screen.getByRole('group', { name: 'Permissions' });
  await user.click(await within(group).findByRole('switch', { name: 'Manage Users' }));
  await user.click(within(group).getByRole('switch', { name: 'Program Users' }));
  await user.click(screen.getByRole('button', { name: 'Add Super Admin' }));
  expect(await screen.findAllByText('Password must contain at least one character and number.')).toHaveLength(2);
  expect(api.calls(STORE)).toHaveLength(0);
  await user.clear(screen.getByLabelText(/^Password/));
  await user.type(screen.getByLabelText(/^Password/), 'Second2026pw');
  await user.clear(screen.getByLabelText(/^Confirm password/));
  await user.type(screen.getByLabelText(/^Confirm password/), 'Second2026pw');
  await user.click(screen.getByRole('button', { name: 'Add Super Admin' }));
  await waitFor(() => expect(api.calls(STORE)).toHaveLength(1));
  expect(api.calls(STORE)[0]!.body).toMatchObject({
    first_name: 'Jordan',
    last_name: 'Lee',
    email: 'jordan@baridesk.test',
    password: 'Second2026pw',
    confirm_password: 'Second2026pw',
    permission_ids: [idOf('manage_users'), idOf('program_users')].sort((a, b) => a - b),
  });
});

test('editing sends the whole permission list; the server’s field error shows under the group', async () => {
  api.on(UPDATE, { status: 422, json: { message: SUPER_ADMIN_MESSAGES.unknownPermission, errors: { permission_ids: [SUPER_ADMIN_MESSAGES.unknownPermission] } } });
  const { user } = await renderArea('/admin/super-admin/edit/49');
  const group = await screen.findByRole('group', { name: 'Permissions' });
  expect(await within(group).findByRole('switch', { name: 'Manage Events' })).toBeChecked();
  expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  await user.click(within(group).getByRole('switch', { name: 'Manage Events' }));
  await user.click(within(group).getByRole('switch', { name: 'Manage Users' }));
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
  expect(await within(group).findByRole('alert')).toHaveTextContent(SUPER_ADMIN_MESSAGES.unknownPermission);
  expect(api.calls(UPDATE)[0]!.body).toMatchObject({ email: 'admin2@baridesk.test', permission_ids: [idOf('manage_users')] });
});

test('the main super admin’s permissions are shown locked', async () => {
  api.on('GET /admin/super-admin/48', { status: 200, json: { data: { ...morgan, id: 48, permission_ids: permissions.map((p) => p.id) } } });
  await renderArea('/admin/super-admin/edit/48');
  const group = await screen.findByRole('group', { name: 'Permissions' });
  const switches = await within(group).findAllByRole('switch');
  expect(switches).toHaveLength(permissions.length);
  for (const item of switches) {
    expect(item).toBeChecked();
    expect(item).toBeDisabled();
  }
});

test('the show page names the permissions held and links to the password change', async () => {
  await renderArea('/admin/super-admin/show/49');
  expect(await screen.findByText('Manage Events')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/admin/super-admin/change-password/49');
  expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/admin/super-admin/edit/49');
});

test("Reset two-step sign-in asks first and resets another super admin's; the main super admin's row has none", async () => {
  const main = { ...morgan, id: 48, first_name: 'Ada', last_name: 'Main', email: 'superadmin@baridesk.test', username: 'main' };
  api.on(LIST, { status: 200, json: pageOf([main, morgan]) });
  api.on(RESET_TWO_FACTOR, { status: 200, json: { message: TWO_FACTOR_RESET_MESSAGES.reset } });
  const { user } = await renderArea('/admin/super-admin');
  const row = await screen.findByRole('row', { name: /Morgan/ });
  expect(within(screen.getByRole('row', { name: /Ada Main/ })).queryByRole('button', { name: /Reset two-step sign-in/ })).toBeNull();
  await user.click(within(row).getByRole('button', { name: 'Reset two-step sign-in of Morgan Reyes' }));
  const question = await screen.findByRole('alertdialog', { name: 'Reset two-step sign-in' });
  expect(question).toHaveTextContent("Reset Morgan Reyes's two-step sign-in?");
  await user.click(within(question).getByRole('button', { name: 'Reset' }));
  expect(await screen.findByText(TWO_FACTOR_RESET_MESSAGES.reset)).toBeInTheDocument();
  expect(api.calls(RESET_TWO_FACTOR)[0]!.body).toEqual({ id: 49 });
});

test("another super admin's password is set without the current one; one's own asks it first", async () => {
  api.on(PASSWORD, { status: 200, json: { message: 'The password has been updated.' } });
  useAppStore.setState({ user: { id: 48, type: 'super_admin' } as never });
  const first = await renderArea('/admin/super-admin/change-password/49');
  expect(await screen.findByText(/A new password for Morgan Reyes/)).toBeInTheDocument();
  expect(screen.queryByLabelText(/^Current password/)).not.toBeInTheDocument();
  await first.user.type(screen.getByLabelText(/^New password/), 'Second2026pw');
  await first.user.type(screen.getByLabelText(/^Confirm new password/), 'Second2026pw');
  await first.user.click(screen.getByRole('button', { name: 'Save Password' }));
  await waitFor(() => expect(api.calls(PASSWORD)).toHaveLength(1));
  expect(api.calls(PASSWORD)[0]!.body).toEqual({ password: 'Second2026pw', password_confirmation: 'Second2026pw' });
  first.unmount();

  useAppStore.setState({ user: { id: 49, type: 'super_admin' } as never });
  const own = await renderArea('/admin/super-admin/change-password/49');
  expect(await screen.findByText('Your new password. Your other sessions end.')).toBeInTheDocument();
  await own.user.type(screen.getByLabelText(/^Current password/), 'Demo1234');
  await own.user.type(screen.getByLabelText(/^New password/), 'Third2026pw');
  await own.user.type(screen.getByLabelText(/^Confirm new password/), 'Third2026pw');
  await own.user.click(screen.getByRole('button', { name: 'Save Password' }));
  await waitFor(() => expect(api.calls(PASSWORD)).toHaveLength(2));
  expect(api.calls(PASSWORD)[1]!.body).toEqual({ current_password: 'Demo1234', password: 'Third2026pw', password_confirmation: 'Third2026pw' });
  useAppStore.setState({ user: null } as never);
});
