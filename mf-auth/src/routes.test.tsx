import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { bus } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';
import { renderRouter } from '@baridesk/testing';
import LoginScreen from './features/login/components/login-screen';
import AnswerQuestionScreen from './features/security-question/components/answer-question-screen';
import SetupQuestionScreen from './features/security-question/components/setup-question-screen';
import TwoFactorScreen from './features/two-factor/components/two-factor-screen';
import TwoFactorSetupScreen from './features/two-factor/components/two-factor-setup-screen';
import { LOGIN_FLOW_KEY } from './lib/login-flow';
import { screens } from './routes';
import { createAuthUser } from './test/factories';
import { fileApi } from './test/file-api';

/** The sign-in pages as the shell mounts them (jest cannot load the lazy entries of `screens`, hence direct imports). */
const routeTable = (): RouteObject[] => [
  { path: '/login', element: <LoginScreen /> },
  { path: '/answer-question', element: <AnswerQuestionScreen /> },
  { path: '/setup-question', element: <SetupQuestionScreen /> },
  { path: '/two-factor', element: <TwoFactorScreen /> },
  { path: '/two-factor-setup', element: <TwoFactorSetupScreen /> },
];

const api = fileApi({ signedOut: true });
beforeEach(() => sessionStorage.clear());

test('serves every page of the route table that mf-auth owns', () => {
  expect(Object.keys(screens).sort()).toEqual(
    [
      '/login',
      '/sso',
      '/forgot-password',
      '/reset-password',
      '/setup-question',
      '/answer-question',
      '/register',
      '/confirm-email',
      '/terms-and-conditions',
      '/home',
      '/reset-patient-password',
      '/change-password',
      '/admin/change-password',
      '/two-factor',
      '/two-factor-setup',
      '/two-factor-authentication',
      '/admin/two-factor-authentication',
    ].sort(),
  );
});

test('signing in with a security question: login → the answer step → signed in', async () => {
  const nurse = createAuthUser();
  api.on('POST /login', {
    status: 200,
    json: {
      data: {
        securityStep: 'answer',
        challenge: 'ch-1',
        challengeExpiresInMinutes: 10,
        question: { id: 3, question: 'What was the name of your first pet?' },
      },
    },
  });
  api.on('POST /security-answer', {
    status: 200,
    json: { data: { token: 'token-abc', isEventExist: false, expiresInMinutes: 90, user: nurse, isPasswordChanged: true } },
  });
  const signedIn = jest.fn();
  bus.on('auth:signed-in', signedIn);
  const { user, path } = await renderRouter(routeTable(), { path: '/login' });

  await user.type(await screen.findByLabelText('Email'), 'nurse@example.test');
  await user.type(screen.getByLabelText('Password'), 'Demo1234');
  await user.click(screen.getByRole('button', { name: 'Login' }));

  // No session yet: the step opens with the question the login answer gave.
  expect(await screen.findByRole('heading', { level: 1, name: 'Security Question' })).toBeInTheDocument();
  expect(path()).toBe('/answer-question');
  expect(screen.getByText('What was the name of your first pet?')).toBeInTheDocument();
  // The shell's guard opens the step only for a tab that is signing in.
  expect(sessionStorage.getItem(LOGIN_FLOW_KEY)).toBe('1');
  expect(appStore.getState().token).toBeNull();
  expect(signedIn).not.toHaveBeenCalled();

  await user.type(screen.getByLabelText(/^Answer/), 'Rex');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  await waitFor(() => expect(signedIn).toHaveBeenCalledWith({ isEventExist: false }));
  expect(appStore.getState().token).toBe('token-abc');
  expect(sessionStorage.getItem(LOGIN_FLOW_KEY)).toBeNull();
  expect(api.calls('POST /security-answer')[0]?.body).toEqual({ challenge: 'ch-1', answer: 'Rex' });
});

test('a "setup" login answer opens the setup step with the questions', async () => {
  api.on('POST /login', { status: 200, json: { data: { securityStep: 'setup', challenge: 'ch-2', challengeExpiresInMinutes: 10 } } });
  api.on('GET /security-questions', { status: 200, json: { data: [{ id: 1, question: 'In what city were you born?' }] } });
  const { user, path } = await renderRouter(routeTable(), { path: '/login' });

  await user.type(await screen.findByLabelText('Email'), 'nurse@example.test');
  await user.type(screen.getByLabelText('Password'), 'Demo1234');
  await user.click(screen.getByRole('button', { name: 'Login' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Set Up Security Question' })).toBeInTheDocument();
  expect(path()).toBe('/setup-question');
  expect(await screen.findByRole('option', { name: 'In what city were you born?' })).toBeInTheDocument();
});

test('signing in with a second factor: login → the code step → signed in', async () => {
  const nurse = createAuthUser();
  api.on('POST /login', { status: 200, json: { data: { mfaStep: 'code', challenge: 'ch-3', challengeExpiresInMinutes: 15 } } });
  api.on('POST /mfa/challenge', { status: 200, json: { data: { token: 'token-mfa', isEventExist: true, expiresInMinutes: 90, user: nurse } } });
  const signedIn = jest.fn();
  bus.on('auth:signed-in', signedIn);
  const { user, path } = await renderRouter(routeTable(), { path: '/login' });

  await user.type(await screen.findByLabelText('Email'), 'nurse@example.test');
  await user.type(screen.getByLabelText('Password'), 'Demo1234');
  await user.click(screen.getByRole('button', { name: 'Login' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Two-Factor Authentication' })).toBeInTheDocument();
  expect(path()).toBe('/two-factor');
  expect(sessionStorage.getItem(LOGIN_FLOW_KEY)).toBe('1');
  expect(appStore.getState().token).toBeNull();

  await user.type(screen.getByLabelText(/^Authentication code/), '123 456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));

  await waitFor(() => expect(signedIn).toHaveBeenCalledWith({ isEventExist: true }));
  expect(appStore.getState().token).toBe('token-mfa');
  expect(sessionStorage.getItem(LOGIN_FLOW_KEY)).toBeNull();
  expect(api.calls('POST /mfa/challenge')[0]?.body).toEqual({ challenge: 'ch-3', code: '123456', recovery_code: '' });
});

test('after the security question, a second-factor setup step opens the setup screen', async () => {
  api.on('POST /login', {
    status: 200,
    json: { data: { securityStep: 'answer', challenge: 'ch-1', challengeExpiresInMinutes: 10, question: { id: 3, question: 'First pet?' } } },
  });
  api.on('POST /security-answer', { status: 200, json: { data: { mfaStep: 'setup', challenge: 'ch-4', challengeExpiresInMinutes: 15 } } });
  api.on('POST /mfa/challenge/setup', {
    status: 200,
    json: { data: { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/BariDesk:n?secret=X', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' } },
  });
  const signedIn = jest.fn();
  bus.on('auth:signed-in', signedIn);
  const { user, path } = await renderRouter(routeTable(), { path: '/login' });

  await user.type(await screen.findByLabelText('Email'), 'nurse@example.test');
  await user.type(screen.getByLabelText('Password'), 'Demo1234');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  await user.type(await screen.findByLabelText(/^Answer/), 'Rex');
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Set Up Two-Factor Authentication' })).toBeInTheDocument();
  expect(path()).toBe('/two-factor-setup');
  expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
  expect(api.calls('POST /mfa/challenge/setup')[0]?.body).toEqual({ challenge: 'ch-4' });
  expect(signedIn).not.toHaveBeenCalled();
  expect(sessionStorage.getItem(LOGIN_FLOW_KEY)).toBe('1');
});
