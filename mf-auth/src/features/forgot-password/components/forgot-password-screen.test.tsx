import { screen, waitFor } from '@testing-library/react';
import { AUTH_FLOW_MESSAGES } from '@baridesk/contracts';
import { renderScreen } from '@baridesk/testing';
import ForgotPasswordScreen from './forgot-password-screen';
import { fileApi } from '../../../test/file-api';

const api = fileApi();

const renderForgot = () => renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password', route: '/forgot-password' });

async function ask(user: Awaited<ReturnType<typeof renderForgot>>['user'], email: string) {
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: 'Send Password Reset Link' }));
}

test('names the page, asks for the e-mail and links back to Login', async () => {
  await renderForgot();
  expect(screen.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeInTheDocument();
  expect(document.title).toBe('Forgot Password · BariDesk');
  expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
  expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
});

test('shows the server answer on the page, the same whether the address has an account or not', async () => {
  api.on('POST /send-password-reset-email', { status: 200, delayMs: 100, json: { message: AUTH_FLOW_MESSAGES.resetEmailSent(60) } });
  const { user } = await renderForgot();

  await ask(user, ' Nurse@Example.test ');
  expect(await screen.findByRole('button', { name: /Sending/ })).toBeDisabled();
  expect(await screen.findByRole('status')).toHaveTextContent(AUTH_FLOW_MESSAGES.resetEmailSent(60));
  expect(api.calls('POST /send-password-reset-email')[0]?.body).toEqual({ email: 'nurse@example.test' });

  // Another address, known or not: the same words (the server decides; the screen adds nothing).
  await user.clear(screen.getByLabelText(/^Email/));
  await ask(user, 'nobody@example.test');
  await waitFor(() => expect(api.calls('POST /send-password-reset-email')).toHaveLength(2));
  expect(await screen.findByRole('status')).toHaveTextContent(AUTH_FLOW_MESSAGES.resetEmailSent(60));
  expect(screen.getByLabelText(/^Email/)).toHaveValue('nobody@example.test');
});

test('a 429 shows the server message as an alert and keeps the address', async () => {
  const throttled = AUTH_FLOW_MESSAGES.resetEmailThrottled(12);
  api.on('POST /send-password-reset-email', { status: 429, json: { message: throttled } });
  const { user } = await renderForgot();

  await ask(user, 'nurse@example.test');
  expect(await screen.findByRole('alert')).toHaveTextContent(throttled);
  expect(screen.getByLabelText(/^Email/)).toHaveValue('nurse@example.test');
  expect(screen.getByRole('button', { name: 'Send Password Reset Link' })).toBeEnabled();
});

test('an unreachable server gets the generic message', async () => {
  api.on('POST /send-password-reset-email', { status: 502 });
  const { user } = await renderForgot();
  await ask(user, 'nurse@example.test');
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong please try again in few minutes.');
});

test('checks the address before calling, and puts a 422 under the field', async () => {
  const { user } = await renderForgot();
  await user.click(screen.getByRole('button', { name: 'Send Password Reset Link' }));
  expect(await screen.findByText('Email is required.')).toBeInTheDocument();
  await ask(user, 'not-an-email');
  expect(await screen.findByText('The email field must have a valid email address.')).toBeInTheDocument();
  expect(api.received).toHaveLength(0);

  api.on('POST /send-password-reset-email', {
    status: 422,
    json: { message: 'Validation Error: Please enter values in the form', errors: { email: ['The email may not be greater than 254 characters.'] } },
  });
  await user.clear(screen.getByLabelText(/^Email/));
  await ask(user, 'nurse@example.test');
  await waitFor(() => expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('The email may not be greater than 254 characters.'));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
