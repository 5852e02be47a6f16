import { screen, waitFor, within } from '@testing-library/react';
import { MFA_MESSAGES, type MfaStatus } from '@baridesk/contracts';
import { findNotice, renderScreen } from '@baridesk/testing';
import { createAuthUser } from '../../../test/factories';
import { fileApi } from '../../../test/file-api';
import { clearNotices } from '../../../test/notices';
import TwoFactorSettingsScreen from './two-factor-settings-screen';

const api = fileApi();
afterEach(() => clearNotices());

const OFF: MfaStatus = { enabled: false, required: false, confirmedAt: null, recoveryCodesLeft: 0 };
const ON: MfaStatus = { enabled: true, required: false, confirmedAt: '2026-03-02T15:00:00.000Z', recoveryCodesLeft: 7 };
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/BariDesk:nurse?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=BariDesk',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${'efghj'[i % 5]}-2345${i}`);

const renderSettings = () =>
  renderScreen(<TwoFactorSettingsScreen />, { route: '/two-factor-authentication', store: { user: createAuthUser(), token: 't' } });

test('off: sets up an authenticator app, shows the recovery codes once, then the status is on', async () => {
  api.on('GET /mfa', { status: 200, json: { data: OFF } });
  api.on('POST /mfa/confirm', { status: 200, json: { data: { recoveryCodes: CODES } } });
  const view = await renderSettings();

  expect(screen.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeInTheDocument();
  expect(await screen.findByText('Off')).toBeInTheDocument();
  // The password first; a wrong one is said under its field.
  api.on('POST /mfa/setup', { status: 422, json: { message: MFA_MESSAGES.wrongPassword, errors: { password: [MFA_MESSAGES.wrongPassword] } } });
  const start = screen.getByRole('region', { name: 'Set up an authenticator app' });
  await view.user.type(within(start).getByLabelText(/^Password/), 'not-it');
  await view.user.click(screen.getByRole('button', { name: 'Set Up Authenticator App' }));
  await waitFor(() => expect(within(start).getByLabelText(/^Password/)).toHaveAccessibleDescription(MFA_MESSAGES.wrongPassword));
  api.on('POST /mfa/setup', { status: 200, json: { data: ENROLMENT } });
  await view.user.clear(within(start).getByLabelText(/^Password/));
  await view.user.type(within(start).getByLabelText(/^Password/), 'Demo1234');
  await view.user.click(screen.getByRole('button', { name: 'Set Up Authenticator App' }));
  expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  expect(api.calls('POST /mfa/setup').at(-1)?.body).toEqual({ password: 'Demo1234' });

  api.on('GET /mfa', { status: 200, json: { data: { ...ON, recoveryCodesLeft: 10 } } });
  await view.user.type(screen.getByLabelText(/^Authentication code/), '123456');
  await view.user.click(screen.getByRole('button', { name: 'Verify and Turn On' }));
  await findNotice('Success', 'Two-factor authentication is on.');
  expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toHaveFocus();
  expect(api.calls('POST /mfa/confirm')[0]?.body).toEqual({ code: '123456' });

  await view.user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
  await view.user.click(screen.getByRole('button', { name: 'Done' }));
  expect(await screen.findByText('On')).toBeInTheDocument();
  expect(screen.getByText(/10 recovery codes are left/)).toBeInTheDocument();
});

test('on: new recovery codes with a code, and turning it off with the password and a code', async () => {
  api.on('GET /mfa', { status: 200, json: { data: ON } });
  api.on('POST /mfa/recovery-codes', { status: 200, json: { data: { recoveryCodes: CODES } } });
  const view = await renderSettings();

  expect(await screen.findByText('On')).toBeInTheDocument();
  expect(screen.getByText(/since Mar 2, 2026|since 03\/02\/2026|since/)).toBeInTheDocument();
  expect(screen.getByText(/7 recovery codes are left/)).toBeInTheDocument();

  const renewCard = screen.getByRole('region', { name: 'Recovery codes' });
  await view.user.type(within(renewCard).getByLabelText(/^Authentication code/), '111111');
  await view.user.click(screen.getByRole('button', { name: 'Get New Recovery Codes' }));
  expect(await screen.findByText(CODES[0]!)).toBeInTheDocument();
  await view.user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
  await view.user.click(screen.getByRole('button', { name: 'Done' }));

  api.on('POST /mfa/disable', { status: 422, json: { message: MFA_MESSAGES.wrongPassword, errors: { password: [MFA_MESSAGES.wrongPassword] } } });
  const offForm = await screen.findByRole('region', { name: 'Turn off two-factor authentication' });
  await view.user.type(within(offForm).getByLabelText(/^Password/), 'wrong-one');
  await view.user.type(within(offForm).getByLabelText(/^Authentication code/), '222222');
  await view.user.click(screen.getByRole('button', { name: 'Turn Off' }));
  await waitFor(() => expect(within(offForm).getByLabelText(/^Password/)).toHaveAccessibleDescription(MFA_MESSAGES.wrongPassword));

  api.on('POST /mfa/disable', { status: 200, json: { message: MFA_MESSAGES.disabled } });
  api.on('GET /mfa', { status: 200, json: { data: OFF } });
  await view.user.click(screen.getByRole('button', { name: 'Turn Off' }));
  await findNotice('Success', MFA_MESSAGES.disabled);
  expect(await screen.findByText('Off')).toBeInTheDocument();
  expect(api.calls('POST /mfa/disable').at(-1)?.body).toEqual({ password: 'wrong-one', code: '222222' });
});

test('required: no way to turn it off', async () => {
  api.on('GET /mfa', { status: 200, json: { data: { ...ON, required: true } } });
  await renderSettings();
  expect(await screen.findByText('It is required for your account and cannot be turned off.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Turn Off' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Get New Recovery Codes' })).toBeInTheDocument();
});

test('a status that fails to load is said, with a retry', async () => {
  api.on('GET /mfa', { status: 500, json: { message: 'Database unavailable.' } });
  const view = await renderSettings();
  expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable.');
  api.on('GET /mfa', { status: 200, json: { data: OFF } });
  await view.user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Off')).toBeInTheDocument();
});
