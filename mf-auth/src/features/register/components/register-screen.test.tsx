import { screen, waitFor } from '@testing-library/react';
import { AUTH_FLOW_MESSAGES } from '@baridesk/contracts';
import { renderScreen } from '@baridesk/testing';
import RegisterScreen from './register-screen';
import { fileApi } from '../../../test/file-api';

const api = fileApi();

const renderRegister = () => renderScreen(<RegisterScreen />, { path: '/register', route: '/register' });
type UserEvents = Awaited<ReturnType<typeof renderRegister>>['user'];

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

async function fill(user: UserEvents, overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'Practice name': 'Lakeside Bariatrics',
    'Owner name': 'Dr. Ada Lake',
    Email: 'ada@lakeside.example.test',
    Phone: '(555) 123-4567',
    Password: 'Better2025',
    'Confirm Password': 'Better2025',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) if (value) await user.type(field(label), value);
}

const submit = (user: UserEvents) => user.click(screen.getByRole('button', { name: 'Register' }));

test('every field is labelled, and the page links to Login and the terms', async () => {
  await renderRegister();
  expect(screen.getByRole('heading', { level: 1, name: 'Register' })).toBeInTheDocument();
  for (const label of ['Practice name', 'Owner name', 'Email', 'Phone', 'Password', 'Confirm Password']) {
    expect(field(label)).toBeInTheDocument();
  }
  expect(field('Email')).toHaveAttribute('type', 'email');
  expect(field('Phone')).toHaveAttribute('type', 'tel');
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms-and-conditions');
});

test('registers: the server message stays on the page with a way to Login', async () => {
  api.on('POST /register', { status: 201, delayMs: 100, json: { message: AUTH_FLOW_MESSAGES.registrationReceived } });
  const { user } = await renderRegister();

  await fill(user);
  await submit(user);
  expect(await screen.findByRole('button', { name: /Registering/ })).toBeDisabled();

  expect(await screen.findByText(AUTH_FLOW_MESSAGES.registrationReceived)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  expect(api.calls('POST /register')[0]?.body).toEqual({
    practice_name: 'Lakeside Bariatrics',
    owner_name: 'Dr. Ada Lake',
    email: 'ada@lakeside.example.test',
    phone: '(555) 123-4567',
    password: 'Better2025',
    password_confirmation: 'Better2025',
  });
});

test('an address already registered is said under the Email field, and nothing typed is lost', async () => {
  api.on('POST /register', {
    status: 422,
    json: { message: 'Validation Error: Please enter values in the form', errors: { email: [AUTH_FLOW_MESSAGES.emailTaken] } },
  });
  const { user } = await renderRegister();

  await fill(user);
  await submit(user);

  await waitFor(() => expect(field('Email')).toHaveAccessibleDescription(AUTH_FLOW_MESSAGES.emailTaken));
  expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
  expect(field('Email')).toHaveFocus();
  expect(field('Practice name')).toHaveValue('Lakeside Bariatrics');
  expect(field('Password')).toHaveValue('Better2025');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('checks every field with the contract before calling', async () => {
  const { user } = await renderRegister();
  await submit(user);
  for (const message of ['Practice name is required.', 'Owner name is required.', 'Email is required.', 'Phone is required.']) {
    expect(await screen.findByText(message)).toBeInTheDocument();
  }

  await fill(user, { Password: 'abcdefghij', 'Confirm Password': 'abcdefghij' });
  await submit(user);
  await waitFor(() => expect(field('Password')).toHaveAccessibleDescription(/Password must contain at least one character and number\./));
  expect(api.received).toHaveLength(0);
});

test('a failure without field messages is said above the form', async () => {
  api.on('POST /register', { status: 429, json: { message: 'Too many attempts. Please try again in 5 minutes.' } });
  const { user } = await renderRegister();
  await fill(user);
  await submit(user);
  expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 5 minutes.');
  expect(field('Owner name')).toHaveValue('Dr. Ada Lake');
});
