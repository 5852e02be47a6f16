import { screen, waitFor } from '@testing-library/react';
import { AUTH_FLOW_MESSAGES, MFA_MESSAGES } from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';
import { findNotice } from '@baridesk/testing';
import { LOGIN_FLOW_KEY } from '../../../lib/login-flow';
import { createAuthUser } from '../../../test/factories';
import { fileApi } from '../../../test/file-api';
import { clearNotices } from '../../../test/notices';
import { renderWithState } from '../../../test/render-with-state';
import TwoFactorScreen from './two-factor-screen';
import TwoFactorSetupScreen from './two-factor-setup-screen';

const api = fileApi({ signedOut: true });
beforeEach(() => sessionStorage.setItem(LOGIN_FLOW_KEY, '1'));
afterEach(() => clearNotices());

const session = (user = createAuthUser()) => ({ token: 'token-2fa', isEventExist: true, expiresInMinutes: 90, user });
const ENROLMENT = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/BariDesk:nurse%40example.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=BariDesk',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h29v29H0z"/></svg>',
};
const CODES = ['abcde-23456', 'fghjk-34567', 'mnpqr-45678', 'stuvw-56789', 'xyzab-6789a', 'cdefg-789ab', 'hjkmn-89abc', 'pqrst-9abcd', 'uvwxy-abcde', 'zabcd-bcdef'];

const renderCode = (state?: unknown) => renderWithState(<TwoFactorScreen />, { route: '/two-factor', state });
const renderSetup = (state?: unknown) => renderWithState(<TwoFactorSetupScreen />, { route: '/two-factor-setup', state });

describe('reachable only from the sign-in steps', () => {
  test.each([
    ['/two-factor', renderCode],
    ['/two-factor-setup', renderSetup],
  ])('%s opened directly goes back to /login', async (_path, render) => {
    await render();
    expect(await screen.findByText('Now at /login')).toBeInTheDocument();
    expect(api.received).toHaveLength(0);
  });
});

describe('/two-factor', () => {
  test('asks for the code with one-time-code autofill; a right one completes the sign-in', async () => {
    const user = createAuthUser();
    api.on('POST /mfa/challenge', { status: 200, delayMs: 100, json: { data: session(user) } });
    const signedIn = jest.fn();
    bus.on('auth:signed-in', signedIn);
    const view = await renderCode({ challenge: 'ch-1' });

    expect(screen.getByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeInTheDocument();
    const code = screen.getByLabelText(/^Authentication code/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAccessibleDescription('The 6-digit code your authenticator app shows now.');

    await view.user.type(code, '654321');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: /Checking/ })).toBeDisabled();
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith({ isEventExist: true }));
    expect(appStore.getState().token).toBe('token-2fa');
    expect(appStore.getState().user).toEqual(user);
    expect(sessionStorage.getItem(LOGIN_FLOW_KEY)).toBeNull();
    expect(api.calls('POST /mfa/challenge')[0]?.body).toEqual({ challenge: 'ch-1', code: '654321', recovery_code: '' });
  });

  test('a wrong code is said under the field, which is emptied and focused for the next try', async () => {
    api.on('POST /mfa/challenge', { status: 422, json: { message: MFA_MESSAGES.wrongCode, errors: { code: [MFA_MESSAGES.wrongCode] } } });
    const view = await renderCode({ challenge: 'ch-1' });
    await view.user.type(screen.getByLabelText(/^Authentication code/), '111111');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    const code = screen.getByLabelText(/^Authentication code/);
    await waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining(MFA_MESSAGES.wrongCode)));
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();
    expect(appStore.getState().token).toBeNull();
  });

  test('checks the code before sending it', async () => {
    const view = await renderCode({ challenge: 'ch-1' });
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MFA_MESSAGES.codeOrRecoveryCode)).toBeInTheDocument();
    await view.user.type(screen.getByLabelText(/^Authentication code/), '12ab');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(MFA_MESSAGES.codeFormat)).toBeInTheDocument();
    expect(api.received).toHaveLength(0);
  });

  test('takes a recovery code instead, sending only that', async () => {
    api.on('POST /mfa/challenge', { status: 200, json: { data: session() } });
    const signedIn = jest.fn();
    bus.on('auth:signed-in', signedIn);
    const view = await renderCode({ challenge: 'ch-1' });
    await view.user.type(screen.getByLabelText(/^Authentication code/), '12');
    await view.user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    const recovery = screen.getByLabelText(/^Recovery code/);
    expect(screen.queryByLabelText(/^Authentication code/)).not.toBeInTheDocument();
    await view.user.type(recovery, 'ABCDE-23456');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(signedIn).toHaveBeenCalled());
    expect(api.calls('POST /mfa/challenge')[0]?.body).toEqual({ challenge: 'ch-1', code: '', recovery_code: 'abcde23456' });
  });

  test('a locked account ends the step: notice, alert, form closed, way back to Login', async () => {
    const locked = 'Your account is locked after too many failed sign-in attempts. Please try again in 15 minutes.';
    api.on('POST /mfa/challenge', { status: 423, json: { message: locked } });
    const view = await renderCode({ challenge: 'ch-1' });
    await view.user.type(screen.getByLabelText(/^Authentication code/), '111111');
    await view.user.click(screen.getByRole('button', { name: 'Verify' }));
    await findNotice('Error', locked);
    expect(screen.getByRole('alert')).toHaveTextContent(locked);
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(sessionStorage.getItem(LOGIN_FLOW_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });
});

describe('/two-factor-setup', () => {
  test('shows the QR code and the key, confirms the first code, then the recovery codes before signing in', async () => {
    const user = createAuthUser();
    api.on('POST /mfa/challenge/setup', { status: 200, json: { data: ENROLMENT } });
    api.on('POST /mfa/challenge/confirm', { status: 200, json: { data: { ...session(user), recoveryCodes: CODES } } });
    const signedIn = jest.fn();
    bus.on('auth:signed-in', signedIn);
    const view = await renderSetup({ challenge: 'ch-2' });

    expect(screen.getByRole('heading', { level: 1, name: 'Set Up Two-Factor Authentication' })).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: /QR code to scan with your authenticator app/ });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(ENROLMENT.qrSvg)}`);
    // The key as text, for screen readers and for typing in; the link opens the app on a phone.
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute('href', ENROLMENT.otpauthUrl);
    expect(api.calls('POST /mfa/challenge/setup')).toHaveLength(1);

    await view.user.type(screen.getByLabelText(/^Authentication code/), '123456');
    await view.user.click(screen.getByRole('button', { name: 'Verify and Continue' }));

    // Signed in on the server, but the shell is told only once the codes are saved.
    const heading = await screen.findByRole('heading', { level: 2, name: 'Save your recovery codes' });
    expect(heading).toHaveFocus();
    for (const code of CODES) expect(screen.getByText(code)).toBeInTheDocument();
    expect(signedIn).not.toHaveBeenCalled();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await view.user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    expect(next).toBeEnabled();
    await view.user.click(next);
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith({ isEventExist: true }));
    expect(appStore.getState().token).toBe('token-2fa');
    expect(api.calls('POST /mfa/challenge/confirm')[0]?.body).toEqual({ challenge: 'ch-2', code: '123456' });
  });

  test('a wrong first code is said under the field', async () => {
    api.on('POST /mfa/challenge/setup', { status: 200, json: { data: ENROLMENT } });
    api.on('POST /mfa/challenge/confirm', { status: 422, json: { message: MFA_MESSAGES.wrongCode, errors: { code: [MFA_MESSAGES.wrongCode] } } });
    const view = await renderSetup({ challenge: 'ch-2' });
    await view.user.type(await screen.findByLabelText(/^Authentication code/), '000000');
    await view.user.click(screen.getByRole('button', { name: 'Verify and Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Authentication code/)).toHaveAccessibleDescription(expect.stringContaining(MFA_MESSAGES.wrongCode)),
    );
    expect(screen.queryByText('Save your recovery codes')).not.toBeInTheDocument();
  });

  test('an expired challenge ends the step', async () => {
    api.on('POST /mfa/challenge/setup', { status: 410, json: { message: AUTH_FLOW_MESSAGES.challengeInvalid } });
    await renderSetup({ challenge: 'ch-old' });
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_FLOW_MESSAGES.challengeInvalid);
    expect(sessionStorage.getItem(LOGIN_FLOW_KEY)).toBeNull();
    expect(screen.queryByLabelText(/^Authentication code/)).not.toBeInTheDocument();
  });
});
