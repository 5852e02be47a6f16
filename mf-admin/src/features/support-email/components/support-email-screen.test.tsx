import { screen, waitFor } from '@testing-library/react';
import { SUPPORT_EMAIL_MESSAGES } from '@baridesk/contracts';
import { renderScreen, startFakeApi, type FakeApi } from '@baridesk/testing';
import SupportEmailScreen from './support-email-screen';

const GET = 'GET /admin/support-email' as const;
const UPDATE = 'POST /admin/support-email/update' as const;

let api: FakeApi;
beforeEach(async () => {
  api = await startFakeApi();
  api.on(GET, { status: 200, json: { data: { email: 'support@baridesk.local', is_default: true, updated_at: null } } });
});
afterEach(() => api.close());

test('shows the default address, checks the address and saves a new one', async () => {
  api.on(UPDATE, ({ body }) => ({
    status: 200,
    json: { data: { email: (body as { email: string }).email, is_default: false, updated_at: '2026-11-27T07:00:00.000Z' }, message: SUPPORT_EMAIL_MESSAGES.updated },
  }));
  const { user } = await renderScreen(<SupportEmailScreen />);
  const field = await screen.findByRole('textbox', { name: /Support e-mail/ });
  expect(field).toHaveValue('support@baridesk.local');
  expect(screen.getByText(/deployment’s default address/)).toBeInTheDocument();

  await user.clear(field);
  await user.type(field, 'not an address');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('The email field must have a valid email address.')).toBeInTheDocument();
  expect(api.calls(UPDATE)).toHaveLength(0);

  await user.clear(field);
  await user.type(field, 'help@clinic.test');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText(SUPPORT_EMAIL_MESSAGES.updated)).toBeInTheDocument();
  expect(api.calls(UPDATE)[0]!.body).toEqual({ email: 'help@clinic.test' });
  await waitFor(() => expect(screen.getByText(/^Saved on /)).toBeInTheDocument());
});

test('says when the address cannot be loaded', async () => {
  api.on(GET, { status: 500, json: { message: 'Settings are unavailable.' } });
  await renderScreen(<SupportEmailScreen />);
  expect(await screen.findByText('The support e-mail could not be loaded.')).toBeInTheDocument();
  expect(screen.getByText('Settings are unavailable.')).toBeInTheDocument();
});
