import { screen, waitFor } from '@testing-library/react';
import { AUTH_FLOW_MESSAGES } from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';
import { renderScreen } from '@baridesk/testing';
import { createAuthUser } from '../../../test/factories';
import { fileApi } from '../../../test/file-api';
import LoginScreen from './login-screen';

const api = fileApi({ signedOut: true });

const renderLogin = () => renderScreen(<LoginScreen />, { path: '/login', route: '/login' });

async function fillAndSubmit(user: Awaited<ReturnType<typeof renderLogin>>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

test('shows the brand, the form, the forgot-password link and the footer, and names the page', async () => {
  await renderLogin();
  expect(screen.getByText('BariDesk')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  expect(document.title).toBe('Login · BariDesk');
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} BariDesk. All rights reserved.`);
});

test('signs in: the store holds the session, the shell is told, and the screen does not navigate', async () => {
  const signedInUser = createAuthUser({ email: 'nurse@example.test' });
  api.on('POST /login', {
    status: 200,
    delayMs: 150,
    json: { data: { token: 'token-abc', isEventExist: false, expiresInMinutes: 90, user: signedInUser } },
  });
  const signedIn = jest.fn();
  bus.on('auth:signed-in', signedIn);
  const signingIn = jest.fn();
  bus.on('auth:signing-in', signingIn);
  const { user } = await renderLogin();

  await fillAndSubmit(user, '  Nurse@Example.test ', 'Demo1234');

  // While the call is out, the button is disabled and shows a spinner, and the shell has been told
  // (it fetches the landing page meanwhile).
  const busy = await screen.findByRole('button', { name: /Logging in/ });
  expect(busy).toBeDisabled();
  expect(signingIn).toHaveBeenCalledTimes(1);
  expect(signedIn).not.toHaveBeenCalled();

  await waitFor(() => expect(signedIn).toHaveBeenCalledWith({ isEventExist: false }));
  const state = appStore.getState();
  expect(state.token).toBe('token-abc');
  expect(state.user).toEqual(signedInUser);
  expect(state.sessionCheck).toBe(true);
  // The contract's schema trims and lower-cases the e-mail before it is sent.
  expect(api.calls('POST /login')[0]?.body).toEqual({ email: 'nurse@example.test', password: 'Demo1234' });
  expect(screen.queryByText(/Now at/)).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test.each([
  [401, 'These credentials do not match our records.'],
  [423, 'Your account is locked after too many failed sign-in attempts. Please try again in 15 minutes.'],
  [429, 'Too many failed sign-in attempts from this address. Please try again in 3 minutes.'],
  [403, 'Your account is inactive. Please contact your program administrator.'],
])('a %i shows the server message above the form, keeps the e-mail and clears the password', async (status, message) => {
  api.on('POST /login', { status, json: { message } });
  const signedIn = jest.fn();
  bus.on('auth:signed-in', signedIn);
  const { user } = await renderLogin();

  await fillAndSubmit(user, 'nurse@example.test', 'wrong-password1');

  expect(await screen.findByRole('alert')).toHaveTextContent(message);
  expect(screen.getByLabelText('Email')).toHaveValue('nurse@example.test');
  const password = screen.getByLabelText('Password');
  expect(password).toHaveValue('');
  expect(password).toHaveFocus();
  expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  expect(appStore.getState().token).toBeNull();
  expect(signedIn).not.toHaveBeenCalled();
});

test('the alert goes away on the next attempt, and an unreachable server gets the generic message', async () => {
  api.on('POST /login', { status: 401, json: { message: 'These credentials do not match our records.' } });
  const { user } = await renderLogin();
  await fillAndSubmit(user, 'nurse@example.test', 'wrong-password1');
  expect(await screen.findByRole('alert')).toHaveTextContent('These credentials do not match our records.');

  api.on('POST /login', { status: 502 });
  await user.type(screen.getByLabelText('Password'), 'Demo1234');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  await waitFor(() =>
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong please try again in few minutes.'),
  );
});

test('a 422 puts the server messages under the fields', async () => {
  api.on('POST /login', {
    status: 422,
    json: { message: 'Validation Error: Please enter values in the form', errors: { email: ['The selected email is invalid.'] } },
  });
  const { user } = await renderLogin();

  await fillAndSubmit(user, 'nurse@example.test', 'Demo1234');

  const email = screen.getByLabelText('Email');
  await waitFor(() => expect(email).toHaveAccessibleDescription('The selected email is invalid.'));
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(email).toHaveFocus();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('checks the form with the contract schema before calling the server', async () => {
  const signingIn = jest.fn();
  bus.on('auth:signing-in', signingIn);
  const { user } = await renderLogin();
  await user.click(screen.getByRole('button', { name: 'Login' }));

  expect(await screen.findByText('Email is required.')).toBeInTheDocument();
  expect(screen.getByText('Password is required.')).toBeInTheDocument();

  await user.type(screen.getByLabelText('Email'), 'not-an-email');
  await user.type(screen.getByLabelText('Password'), 'x');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  expect(await screen.findByText('The email field must have a valid email address.')).toBeInTheDocument();
  expect(api.received).toHaveLength(0);
  expect(signingIn).not.toHaveBeenCalled();
});

test('an unconfirmed address: the server message as an alert, and nothing typed is cleared', async () => {
  api.on('POST /login', { status: 403, json: { message: AUTH_FLOW_MESSAGES.emailNotConfirmed } });
  const { user } = await renderLogin();

  await fillAndSubmit(user, 'owner@example.test', 'Demo1234');

  expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_FLOW_MESSAGES.emailNotConfirmed);
  expect(screen.getByLabelText('Email')).toHaveValue('owner@example.test');
  expect(screen.getByLabelText('Password')).toHaveValue('Demo1234');
  expect(appStore.getState().token).toBeNull();
});

test('links to registration', async () => {
  await renderLogin();
  expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
});
