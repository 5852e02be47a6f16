import { screen, waitFor } from '@testing-library/react';
import { SUPPORT_MESSAGES } from '@baridesk/contracts';
import { findNotice, renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import { useAppStore } from '@baridesk/store';
import { toaster } from '@baridesk/ui';
import SupportMessageScreen from './support-message-screen';

const STORE = 'POST /support-message/store' as const;
let api: FakeApi;

beforeEach(async () => {
  api = await startFakeApi();
  useAppStore.setState({ user: { id: 201, program_id: 101, name: 'Nora Staff', email: 'staff@northside.test', type: 'program_user' } as never });
});

afterEach(async () => {
  toaster.remove();
  await api.close();
});

const render = (type: string) => renderScreen(<SupportMessageScreen />, { route: '/support-messages/:type/store', path: `/support-messages/${type}/store` });

test('sends a vitamin samples request with the program’s account and the type of the address, then empties the form', async () => {
  api.on(STORE, () => ({ status: 201, json: { data: { id: 1, type: 'vitamin-supplements', created_at: '2026-03-05T10:00:00Z', mailed: false }, message: SUPPORT_MESSAGES.sent } }));
  const { user } = await render('vitamin-supplements');
  expect(screen.getByRole('heading', { level: 1, name: 'Request Vitamin Samples' })).toBeInTheDocument();
  const message = screen.getByRole('textbox', { name: /Message/ });
  await user.type(message, 'Twenty samples, please.');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(api.calls(STORE)).toHaveLength(1));
  expect(api.calls(STORE)[0]!.body).toEqual({ sub_user_id: 101, type: 'vitamin-supplements', message: 'Twenty samples, please.' });
  await findNotice('Success', SUPPORT_MESSAGES.sent);
  await waitFor(() => expect(message).toHaveValue(''));
});

test('asks for the message before sending anything', async () => {
  const { user } = await render('product-support');
  expect(screen.getByRole('heading', { level: 1, name: 'Product Support' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Message is required.')).toBeInTheDocument();
  expect(api.calls(STORE)).toHaveLength(0);
});

test('an unknown type says so and offers no form', async () => {
  await render('billing');
  expect(screen.getByText('This kind of help message does not exist. Choose one in the Help menu.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
});
