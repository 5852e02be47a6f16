import { screen, waitFor } from '@testing-library/react';
import type { AuthUser } from '@baridesk/contracts';
import { appStore } from '@baridesk/store';
import { renderScreen } from '@baridesk/testing';
import { createAuthUser, createSuperAdmin } from '../../../test/factories';
import { fileApi } from '../../../test/file-api';
import {
  AdminChangePasswordScreen,
  FORCED_CHANGE_NOTE,
  PASSWORD_HELP,
  StaffChangePasswordScreen,
} from './change-password-screen';

const api = fileApi({ signedOut: true });

const signInAs = (user: AuthUser) => appStore.getState().signIn({ token: 'token-abc', user });

const renderStaff = () => renderScreen(<StaffChangePasswordScreen />, { path: '/change-password', route: '/change-password' });
const renderAdmin = () => renderScreen(<AdminChangePasswordScreen />, { path: '/admin/change-password', route: '/admin/change-password' });

type UserEvents = Awaited<ReturnType<typeof renderStaff>>['user'];

async function fillAndSubmit(user: UserEvents, current: string, next: string, confirmation = next) {
  await user.type(screen.getByLabelText(/^Current password/), current);
  await user.type(screen.getByLabelText(/^New password/), next);
  await user.type(screen.getByLabelText(/^Confirm new password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
}

test('the forced first change: explains why, saves, marks the password changed and goes to the dashboard', async () => {
  const nurse = createAuthUser({ is_password_changed: 0 });
  signInAs(nurse);
  expect(appStore.getState().isPasswordChanged).toBe(0);
  api.on('POST /change-password', { status: 200, json: { message: 'Your password has been updated.' } });
  api.on('GET /user', { status: 200, json: { data: { ...nurse, is_password_changed: 1 } } });
  const { user } = await renderStaff();

  expect(screen.getByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
  expect(screen.getByRole('note')).toHaveTextContent(FORCED_CHANGE_NOTE);
  expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(PASSWORD_HELP);

  await fillAndSubmit(user, 'Welcome1', 'Better2025');

  expect(await screen.findByText('Now at /dashboard')).toBeInTheDocument();
  expect(await screen.findByText('Your password has been updated.')).toBeInTheDocument();
  expect(api.calls('POST /change-password')[0]?.body).toEqual({
    current_password: 'Welcome1',
    password: 'Better2025',
    password_confirmation: 'Better2025',
  });
  expect(api.calls('GET /user')).toHaveLength(1);
  const state = appStore.getState();
  expect(state.isPasswordChanged).toBe(1);
  expect(state.user?.is_password_changed).toBe(1);
  expect(state.token).toBe('token-abc');
});

test('no note when the password was changed before', async () => {
  signInAs(createAuthUser({ is_password_changed: 1 }));
  await renderStaff();
  expect(screen.queryByText(FORCED_CHANGE_NOTE)).not.toBeInTheDocument();
});

test('a 422 puts the server message under its field and stays on the page', async () => {
  signInAs(createAuthUser({ is_password_changed: 0 }));
  api.on('POST /change-password', {
    status: 422,
    json: {
      message: 'Validation Error: Please enter values in the form',
      errors: { current_password: ['The current password is incorrect.'] },
    },
  });
  const { user } = await renderStaff();

  await fillAndSubmit(user, 'Wrong0000', 'Better2025');

  const current = screen.getByLabelText(/^Current password/);
  await waitFor(() => expect(current).toHaveAccessibleDescription('The current password is incorrect.'));
  expect(current).toHaveFocus();
  expect(screen.queryByText(/Now at/)).not.toBeInTheDocument();
  expect(appStore.getState().isPasswordChanged).toBe(0);
  expect(api.calls('GET /user')).toHaveLength(0);
});

test('any other failure shows a notice with the server message', async () => {
  signInAs(createAuthUser());
  api.on('POST /change-password', { status: 500, json: { message: 'The password could not be saved.' } });
  const { user } = await renderStaff();

  await fillAndSubmit(user, 'Welcome1', 'Better2025');

  expect(await screen.findByText('The password could not be saved.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  expect(screen.queryByText(/Now at/)).not.toBeInTheDocument();
});

test('checks the password rule and the confirmation with the contract schema before calling the server', async () => {
  signInAs(createAuthUser());
  const { user } = await renderStaff();

  await fillAndSubmit(user, 'Welcome1', 'lettersonly', 'lettersonly');
  await waitFor(() =>
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      `${PASSWORD_HELP} Password must contain at least one character and number.`,
    ),
  );

  await user.clear(screen.getByLabelText(/^New password/));
  await user.type(screen.getByLabelText(/^New password/), 'Better2025');
  await user.clear(screen.getByLabelText(/^Confirm new password/));
  await user.type(screen.getByLabelText(/^Confirm new password/), 'Better2026');
  await user.click(screen.getByRole('button', { name: 'Change Password' }));
  await waitFor(() =>
    expect(screen.getByLabelText(/^Confirm new password/)).toHaveAccessibleDescription("Password confirmation doesn't match."),
  );
  expect(api.received).toHaveLength(0);
});

test('the admin variant changes the super admin’s own password through the admin endpoint', async () => {
  const admin = createSuperAdmin({ id: 48, is_password_changed: 0 });
  signInAs(admin);
  api.on('PATCH /admin/super-admin/change-password/48', { status: 200, json: { message: 'The password has been updated.' } });
  api.on('GET /user', { status: 200, json: { data: { ...admin, is_password_changed: 1 } } });
  const { user } = await renderAdmin();

  // Super admins are never forced, so they get no note.
  expect(screen.queryByText(FORCED_CHANGE_NOTE)).not.toBeInTheDocument();
  await fillAndSubmit(user, 'Welcome1', 'Better2025');

  expect(await screen.findByText('Now at /admin/dashboard')).toBeInTheDocument();
  expect(await screen.findByText('The password has been updated.')).toBeInTheDocument();
  expect(api.calls('PATCH /admin/super-admin/change-password/48')[0]?.body).toEqual({
    current_password: 'Welcome1',
    password: 'Better2025',
    password_confirmation: 'Better2025',
  });
  expect(api.calls('POST /change-password')).toHaveLength(0);
  // The password-changed flag is kept for staff only.
  expect(appStore.getState().isPasswordChanged).toBeNull();
  expect(appStore.getState().user?.is_password_changed).toBe(1);
});

test('when the user cannot be re-read, the screen still lets the user on', async () => {
  signInAs(createAuthUser({ is_password_changed: 0 }));
  api.on('POST /change-password', { status: 200, json: { message: 'Your password has been updated.' } });
  api.on('GET /user', { status: 503, json: { message: 'Down for maintenance.' } });
  const { user } = await renderStaff();

  await fillAndSubmit(user, 'Welcome1', 'Better2025');

  expect(await screen.findByText('Now at /dashboard')).toBeInTheDocument();
  expect(appStore.getState().user?.is_password_changed).toBe(1);
});

test('a super admin who opens the staff address is taken to the admin one', async () => {
  signInAs(createSuperAdmin());
  await renderStaff();
  expect(await screen.findByText('Now at /admin/change-password')).toBeInTheDocument();
});
