import { act, screen, waitFor } from '@testing-library/react';
import { AUTH_FLOW_MESSAGES } from '@baridesk/contracts';
import { findNotice, renderScreen, type FakeReply } from '@baridesk/testing';
import { DEFAULT_APP_STORES, externalNavigation } from '../../../lib/app-stores';
import { clearNotices } from '../../../test/notices';
import ResetPasswordScreen from './reset-password-screen';
import { fileApi } from '../../../test/file-api';

const api = fileApi();
afterEach(() => {
  clearNotices();
  jest.restoreAllMocks();
});

const verified = (flow: 'reset' | 'set' | 'invite' = 'reset', email = 'nurse@example.test'): FakeReply => ({
  status: 200,
  json: { data: { valid: true, flow, email } },
});

const renderReset = (query: string, options: Parameters<typeof renderScreen>[1] = {}) =>
  renderScreen(<ResetPasswordScreen />, { path: `/reset-password${query}`, route: '/reset-password', ...options });

type UserEvents = Awaited<ReturnType<typeof renderReset>>['user'];

const passwordInput = () => screen.getByLabelText(/^Password/);
const confirmationInput = () => screen.getByLabelText(/^Confirm Password/);

async function choose(user: UserEvents, password: string, confirmation = password) {
  await user.type(passwordInput(), password);
  await user.type(confirmationInput(), confirmation);
}

describe('the heading says which link this is', () => {
  test.each([
    ['?token=t1', 'RESET PASSWORD', 'Create a password for your BariDesk account.'],
    ['?token=t1&id=42&email=pat%40example.test', 'SET NEW PASSWORD', 'Create a password for the BariDesk patient app.'],
    ['?token=t1&id=42&email=pat%40example.test&new_patient=1', 'SET PASSWORD', 'Create a password for the BariDesk patient app.'],
    ['?token=t1&isProgramUser=yes', 'SET PASSWORD', 'Create a password for your BariDesk account.'],
  ])('%s → %s', async (query, heading, intro) => {
    api.on('POST /verify-token', verified());
    await renderReset(query);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByText(intro)).toBeInTheDocument();
  });
});

test('verifies the link first: the button stays disabled until the link is good', async () => {
  api.on('POST /verify-token', { ...verified('reset', 'nurse@example.test'), delayMs: 200 });
  await renderReset('?token=t1');

  const submit = screen.getByRole('button', { name: 'Reset Password' });
  expect(submit).toBeDisabled();
  expect(screen.getByRole('status')).toHaveTextContent('Checking your link…');

  await waitFor(() => expect(submit).toBeEnabled());
  expect(screen.getByText('nurse@example.test')).toBeInTheDocument();
  expect(api.calls('POST /verify-token')[0]?.body).toEqual({ token: 't1', isProgramUserReset: false });
});

test('sends the patient id and the program-user hint to the verification', async () => {
  api.on('POST /verify-token', verified('set', 'pat@example.test'));
  await renderReset('?token=t2&id=42&email=pat%40example.test&isProgramUser=yes');
  await waitFor(() => expect(api.calls('POST /verify-token')).toHaveLength(1));
  expect(api.calls('POST /verify-token')[0]?.body).toEqual({ token: 't2', patient_id: 42, isProgramUserReset: true });
});

test('a link that does not verify: notice titled Error with the server message, and the button stays disabled', async () => {
  api.on('POST /verify-token', { status: 410, json: { message: AUTH_FLOW_MESSAGES.invalidLink } });
  const { user } = await renderReset('?token=old');

  await findNotice('Error', AUTH_FLOW_MESSAGES.invalidLink);
  expect(screen.getByRole('alert')).toHaveTextContent(AUTH_FLOW_MESSAGES.invalidLink);
  await choose(user, 'Better2025');
  expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  expect(api.calls('POST /reset-password')).toHaveLength(0);
});

test('without a server message the notice says "Something went wrong please try again in few minutes."', async () => {
  api.on('POST /verify-token', { status: 500, text: 'Internal Server Error' });
  await renderReset('?token=t1');
  await findNotice('Error', 'Something went wrong please try again in few minutes.');
  expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
});

test('a link without a token is refused without calling the server', async () => {
  await renderReset('');
  expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
  expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  expect(api.received).toHaveLength(0);
});

test('checks the password rules and the confirmation before sending', async () => {
  api.on('POST /verify-token', verified());
  const { user } = await renderReset('?token=t1');
  const submit = screen.getByRole('button', { name: 'Reset Password' });
  await waitFor(() => expect(submit).toBeEnabled());

  await choose(user, 'abcdefghij');
  await user.click(submit);
  await waitFor(() => expect(passwordInput()).toHaveAccessibleDescription(/Password must contain at least one character and number\./));

  await user.clear(passwordInput());
  await user.clear(confirmationInput());
  await choose(user, 'Better2025', 'Better2026');
  await user.click(submit);
  await waitFor(() => expect(confirmationInput()).toHaveAccessibleDescription("Password confirmation doesn't match."));
  expect(api.calls('POST /reset-password')).toHaveLength(0);
});

test('a staff member: saved, the notice "Your password has been updated." and on to /login', async () => {
  api.on('POST /verify-token', verified());
  api.on('POST /reset-password', { status: 200, json: { message: AUTH_FLOW_MESSAGES.passwordUpdated } });
  const { user } = await renderReset('?token=t1');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled());

  await choose(user, 'Better2025');
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));

  expect(await screen.findByText('Now at /login')).toBeInTheDocument();
  await findNotice('Success', 'Your password has been updated.');
  expect(screen.queryByText(/Please check your email/)).not.toBeInTheDocument();
  expect(api.calls('POST /reset-password')[0]?.body).toEqual({
    token: 't1',
    isProgramUserReset: false,
    password: 'Better2025',
    password_confirmation: 'Better2025',
  });
});

test('a program user setting a first password is also told to check the e-mail', async () => {
  api.on('POST /verify-token', verified('invite'));
  api.on('POST /reset-password', { status: 200, json: { message: AUTH_FLOW_MESSAGES.passwordUpdated } });
  const { user } = await renderReset('?token=t1&isProgramUser=yes');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Set Password' })).toBeEnabled());

  await choose(user, 'Better2025');
  await user.click(screen.getByRole('button', { name: 'Set Password' }));

  expect(await screen.findByText('Now at /login')).toBeInTheDocument();
  await findNotice('Success', 'Your password has been updated. Please check your email.');
  expect(api.calls('POST /reset-password')[0]?.body).toMatchObject({ token: 't1', isProgramUserReset: true });
});

test('a failed save: field messages under the fields, anything else the Error notice', async () => {
  api.on('POST /verify-token', verified());
  api.on('POST /reset-password', {
    status: 422,
    json: { message: 'Validation Error: Please enter values in the form', errors: { password: ['Password must contain at least one character and number.'] } },
  });
  const { user } = await renderReset('?token=t1');
  await waitFor(() => expect(screen.getByRole('button', { name: 'Reset Password' })).toBeEnabled());
  await choose(user, 'Better2025');
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  await waitFor(() => expect(passwordInput()).toHaveAccessibleDescription(/Password must contain at least one character and number\./));

  api.on('POST /reset-password', { status: 410, json: { message: AUTH_FLOW_MESSAGES.invalidLink } });
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
  await findNotice('Error', AUTH_FLOW_MESSAGES.invalidLink);
  // Nothing typed is lost; a spent link cannot be sent again.
  expect(passwordInput()).toHaveValue('Better2025');
  expect(screen.getByRole('alert')).toHaveTextContent(AUTH_FLOW_MESSAGES.invalidLink);
  expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
  expect(screen.queryByText(/Now at/)).not.toBeInTheDocument();
});

describe('a patient', () => {
  const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

  beforeEach(() => {
    // Only the timers: the fake API's sockets and promises keep running for real.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  async function setPatientPassword(userAgent: string) {
    jest.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
    const go = jest.spyOn(externalNavigation, 'go').mockImplementation(() => undefined);
    api.on('POST /verify-token', verified('set', 'pat@example.test'));
    api.on('POST /patient/reset-password', { status: 200, json: { message: AUTH_FLOW_MESSAGES.passwordUpdated } });
    const { user } = await renderReset('?token=t3&id=42&email=pat%40example.test&new_patient=1', {
      userEvent: { advanceTimers: (ms) => jest.advanceTimersByTime(ms) },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set Password' })).toBeEnabled());
    await choose(user, 'Better2025');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    return go;
  }

  test('is told the password is set, then sent to the App Store after 10 seconds on an iPhone', async () => {
    const go = await setPatientPassword(IPHONE);

    expect(await screen.findByText(/You can now log in to the BariDesk app with your new password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the App Store now' })).toHaveAttribute('href', DEFAULT_APP_STORES.appStoreUrl);
    await findNotice('Success', 'Your password has been updated.');
    expect(api.calls('POST /patient/reset-password')[0]?.body).toEqual({
      token: 't3',
      patient_id: 42,
      email: 'pat@example.test',
      isProgramUserReset: false,
      password: 'Better2025',
      password_confirmation: 'Better2025',
    });
    expect(api.calls('POST /reset-password')).toHaveLength(0);

    act(() => jest.advanceTimersByTime(9_000));
    expect(go).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1_000));
    expect(go).toHaveBeenCalledWith(DEFAULT_APP_STORES.appStoreUrl);
    // A patient has no staff login to go to.
    expect(screen.queryByText(/Now at/)).not.toBeInTheDocument();
  });

  test('is sent to Google Play on Android', async () => {
    const go = await setPatientPassword(ANDROID);
    expect(await screen.findByRole('link', { name: 'Open Google Play now' })).toHaveAttribute('href', DEFAULT_APP_STORES.playStoreUrl);
    act(() => jest.advanceTimersByTime(10_000));
    expect(go).toHaveBeenCalledTimes(1);
    expect(go).toHaveBeenCalledWith(DEFAULT_APP_STORES.playStoreUrl);
  });
});
