import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { SSO_ERROR_MESSAGES, SSO_MESSAGES } from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';
import { renderScreen } from '@baridesk/testing';
import { externalNavigation } from '../../../lib/app-stores';
import { createAuthUser } from '../../../test/factories';
import { fileApi } from '../../../test/file-api';
import SsoScreen from './sso-screen';

/** The login's own refusal of a switched-off account, which SSO repeats word for word. */
const INACTIVE = 'Your account is inactive. Please contact your program administrator.';

const api = fileApi({ signedOut: true });
let go: jest.SpyInstance;
beforeEach(() => {
  go = jest.spyOn(externalNavigation, 'go').mockImplementation(() => undefined);
});
afterEach(() => go.mockRestore());

/** Shows the address the router is at, query included. */
function Address() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{`${pathname}${search}`}</p>;
}

const renderSso = (path = '/sso') =>
  renderScreen(
    <>
      <SsoScreen />
      <Address />
    </>,
    { path, route: '/sso' },
  );

async function continueWith(user: Awaited<ReturnType<typeof renderSso>>['user'], email: string) {
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

test('names the page, asks for the work e-mail and links back to Login', async () => {
  await renderSso();
  expect(screen.getByRole('heading', { level: 1, name: 'Sign in with single sign-on' })).toBeInTheDocument();
  expect(document.title).toBe('Sign in with single sign-on · BariDesk');
  expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
  expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('Continue sends the address and takes the browser to the identity provider', async () => {
  const redirectUrl = 'https://idp.example.org/authorize?client_id=baridesk&state=s1';
  api.on('POST /sso/start', { status: 200, delayMs: 100, json: { data: { redirectUrl } } });
  const { user } = await renderSso();

  await continueWith(user, ' Nurse@Lakeview.TEST ');
  expect(await screen.findByRole('button', { name: /Continuing/ })).toBeDisabled();
  await waitFor(() => expect(go).toHaveBeenCalledWith(redirectUrl));
  expect(api.calls('POST /sso/start')[0]?.body).toEqual({ email: 'nurse@lakeview.test' });
  // Still busy while the browser leaves.
  expect(screen.getByRole('button', { name: /Continuing/ })).toBeDisabled();
});

test('a domain without single sign-on is said under the e-mail field', async () => {
  api.on('POST /sso/start', {
    status: 422,
    json: { message: SSO_MESSAGES.notConfigured, errors: { email: [SSO_MESSAGES.notConfigured] } },
  });
  const { user } = await renderSso();

  await continueWith(user, 'nurse@elsewhere.test');
  const email = screen.getByLabelText(/^Email/);
  await waitFor(() => expect(email).toHaveAccessibleDescription(SSO_MESSAGES.notConfigured));
  expect(email).toHaveAttribute('aria-invalid', 'true');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(go).not.toHaveBeenCalled();
});

test('an unreachable provider shows the server message; a server fault the generic one', async () => {
  api.on('POST /sso/start', { status: 502, json: { message: SSO_MESSAGES.providerUnavailable } });
  const { user } = await renderSso();
  await continueWith(user, 'nurse@lakeview.test');
  expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.providerUnavailable);
  expect(screen.getByLabelText(/^Email/)).toHaveValue('nurse@lakeview.test');

  api.on('POST /sso/start', { status: 500 });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong please try again in few minutes.'));
  expect(go).not.toHaveBeenCalled();
});

test('checks the address with the contract schema before calling the server', async () => {
  const { user } = await renderSso();
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByText('Email is required.')).toBeInTheDocument();
  await continueWith(user, 'not-an-email');
  expect(await screen.findByText('The email field must have a valid email address.')).toBeInTheDocument();
  expect(api.received).toHaveLength(0);
});

test('back with a ticket: exchanges it once, hands the session to the shell, and drops it from the address', async () => {
  const signedInUser = createAuthUser({ email: 'nurse@lakeview.test' });
  api.on('POST /sso/exchange', {
    status: 200,
    delayMs: 150,
    json: { data: { token: 'token-sso', isEventExist: false, expiresInMinutes: 90, user: signedInUser } },
  });
  const signedIn = jest.fn();
  bus.on('auth:signed-in', signedIn);
  await renderSso('/sso?ticket=ticket-123');

  expect(await screen.findByRole('status')).toHaveTextContent('Signing you in…');
  expect(screen.queryByLabelText(/^Email/)).not.toBeInTheDocument();
  expect(screen.getByTestId('address')).toHaveTextContent(/^\/sso$/);

  await waitFor(() => expect(signedIn).toHaveBeenCalledWith({ isEventExist: false }));
  const state = appStore.getState();
  expect(state.token).toBe('token-sso');
  expect(state.user).toEqual(signedInUser);
  expect(state.sessionCheck).toBe(true);
  expect(api.calls('POST /sso/exchange').map((c) => c.body)).toEqual([{ ticket: 'ticket-123' }]);
  expect(await screen.findByRole('status')).toHaveTextContent('Signed in. Opening BariDesk…');
});

test('a ticket the server refuses: its message, the form to try again and the way back to Login', async () => {
  api.on('POST /sso/exchange', {
    status: 422,
    json: { message: SSO_MESSAGES.ticketInvalid, errors: { ticket: [SSO_MESSAGES.ticketInvalid] } },
  });
  await renderSso('/sso?ticket=used-ticket');

  expect(await screen.findByRole('alert')).toHaveTextContent(SSO_MESSAGES.ticketInvalid);
  expect(screen.getByLabelText(/^Email/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  expect(appStore.getState().token).toBeNull();
});

test('an inactive account is told so with the login’s words', async () => {
  api.on('POST /sso/exchange', { status: 403, json: { message: INACTIVE } });
  await renderSso('/sso?ticket=t');
  expect(await screen.findByRole('alert')).toHaveTextContent(INACTIVE);
});

test.each([
  ['unverified', SSO_ERROR_MESSAGES.unverified],
  ['no_account', SSO_ERROR_MESSAGES.no_account],
  ['inactive', INACTIVE],
  ['expired', SSO_ERROR_MESSAGES.expired],
  ['denied', SSO_ERROR_MESSAGES.denied],
  ['something-else', SSO_ERROR_MESSAGES.failed],
])('?error=%s explains what happened, with a link back to Login', async (code, message) => {
  await renderSso(`/sso?error=${code}`);
  expect(screen.getByRole('alert')).toHaveTextContent(message);
  expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  expect(api.received).toHaveLength(0);
});
