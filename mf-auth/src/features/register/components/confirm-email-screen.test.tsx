import { screen } from '@testing-library/react';
import { AUTH_FLOW_MESSAGES } from '@baridesk/contracts';
import { renderScreen } from '@baridesk/testing';
import ConfirmEmailScreen from './confirm-email-screen';
import { fileApi } from '../../../test/file-api';

const api = fileApi();

const renderConfirm = (query: string) => renderScreen(<ConfirmEmailScreen />, { path: `/confirm-email${query}`, route: '/confirm-email' });

test('confirms the address once and offers Login', async () => {
  api.on('POST /register/confirm', { status: 200, delayMs: 100, json: { message: AUTH_FLOW_MESSAGES.emailConfirmed } });
  await renderConfirm('?token=tok-1&id=17');

  expect(screen.getByRole('heading', { level: 1, name: 'Confirm Email' })).toBeInTheDocument();
  expect(screen.getByText('Confirming your email address…')).toBeInTheDocument();
  expect(await screen.findByText(AUTH_FLOW_MESSAGES.emailConfirmed)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  expect(api.calls('POST /register/confirm')).toHaveLength(1);
  expect(api.calls('POST /register/confirm')[0]?.body).toEqual({ token: 'tok-1', id: 17 });
});

test('a link that cannot be used shows the server message', async () => {
  api.on('POST /register/confirm', { status: 410, json: { message: AUTH_FLOW_MESSAGES.invalidLink } });
  await renderConfirm('?token=old&id=17');
  expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_FLOW_MESSAGES.invalidLink);
  expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
});

test('an incomplete link is refused without calling the server', async () => {
  await renderConfirm('?token=tok-1');
  expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete.');
  expect(api.received).toHaveLength(0);
});
