import { screen, waitFor } from '@testing-library/react';
import { AUTH_FLOW_MESSAGES, type SecurityQuestion } from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';
import { findNotice } from '@baridesk/testing';
import { LOGIN_FLOW_KEY } from '../../../lib/login-flow';
import { createAuthUser } from '../../../test/factories';
import { fileApi } from '../../../test/file-api';
import { clearNotices } from '../../../test/notices';
import { renderWithState } from '../../../test/render-with-state';
import AnswerQuestionScreen from './answer-question-screen';
import SetupQuestionScreen from './setup-question-screen';

const api = fileApi({ signedOut: true });
beforeEach(() => {
  // The login screen marked this tab as signing in.
  sessionStorage.setItem(LOGIN_FLOW_KEY, '1');
});
afterEach(() => clearNotices());

const PET: SecurityQuestion = { id: 3, question: 'What was the name of your first pet?' };
const QUESTIONS: SecurityQuestion[] = [{ id: 1, question: 'In what city were you born?' }, PET];

const signedIn = (user = createAuthUser()) => ({
  status: 200,
  json: { data: { token: 'token-xyz', isEventExist: true, expiresInMinutes: 90, user, isPasswordChanged: true } },
});

const renderAnswer = (state?: unknown) => renderWithState(<AnswerQuestionScreen />, { route: '/answer-question', state });
const renderSetup = (state?: unknown) => renderWithState(<SetupQuestionScreen />, { route: '/setup-question', state });

describe('reachable only from the login screen', () => {
  test.each([
    ['/answer-question', renderAnswer],
    ['/setup-question', renderSetup],
  ])('%s opened directly goes back to /login', async (_path, render) => {
    await render();
    expect(await screen.findByText('Now at /login')).toBeInTheDocument();
    expect(api.received).toHaveLength(0);
  });

  test('a state without a challenge goes back to /login too', async () => {
    await renderAnswer({ question: PET });
    expect(await screen.findByText('Now at /login')).toBeInTheDocument();
  });
});

describe('/answer-question', () => {
  test('shows the question; a right answer completes the sign-in as the login form does', async () => {
    const user = createAuthUser();
    api.on('POST /security-answer', { ...signedIn(user), delayMs: 100 });
    const signedInEvent = jest.fn();
    bus.on('auth:signed-in', signedInEvent);
    const view = await renderAnswer({ challenge: 'ch-1', question: PET });

    expect(screen.getByRole('heading', { level: 1, name: 'Security Question' })).toBeInTheDocument();
    expect(screen.getByText(PET.question)).toBeInTheDocument();
    await view.user.type(screen.getByLabelText(/^Answer/), 'Rex');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: /Checking/ })).toBeDisabled();

    await waitFor(() => expect(signedInEvent).toHaveBeenCalledWith({ isEventExist: true }));
    expect(appStore.getState().token).toBe('token-xyz');
    expect(appStore.getState().user).toEqual(user);
    expect(sessionStorage.getItem(LOGIN_FLOW_KEY)).toBeNull();
    expect(api.calls('POST /security-answer')[0]?.body).toEqual({ challenge: 'ch-1', answer: 'Rex' });
  });

  test('a wrong answer is said under the field, and the user tries again', async () => {
    // As the API answers it: a validation error on the answer.
    api.on('POST /security-answer', {
      status: 422,
      json: { message: AUTH_FLOW_MESSAGES.wrongSecurityAnswer, errors: { answer: [AUTH_FLOW_MESSAGES.wrongSecurityAnswer] } },
    });
    const view = await renderAnswer({ challenge: 'ch-1', question: PET });

    await view.user.type(screen.getByLabelText(/^Answer/), 'Tom');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));

    const answer = screen.getByLabelText(/^Answer/);
    await waitFor(() => expect(answer).toHaveAccessibleDescription(AUTH_FLOW_MESSAGES.wrongSecurityAnswer));
    expect(answer).toHaveValue('Tom');
    expect(answer).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(appStore.getState().token).toBeNull();
  });

  test('an answer map of the server goes under the field', async () => {
    api.on('POST /security-answer', {
      status: 422,
      json: { message: 'Validation Error: Please enter values in the form', errors: { answer: ['The answer may not be greater than 254 characters.'] } },
    });
    const view = await renderAnswer({ challenge: 'ch-1', question: PET });
    await view.user.type(screen.getByLabelText(/^Answer/), 'Rex');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByLabelText(/^Answer/)).toHaveAccessibleDescription('The answer may not be greater than 254 characters.'));
  });

  test('a locked account ends the step: notice, alert, form closed, way back to Login', async () => {
    const locked = 'Your account is locked after too many failed sign-in attempts. Please try again in 15 minutes.';
    api.on('POST /security-answer', { status: 423, json: { message: locked } });
    const view = await renderAnswer({ challenge: 'ch-1', question: PET });
    await view.user.type(screen.getByLabelText(/^Answer/), 'Tom');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));

    await findNotice('Error', locked);
    expect(screen.getByRole('alert')).toHaveTextContent(locked);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.getByLabelText(/^Answer/)).toBeDisabled();
    expect(sessionStorage.getItem(LOGIN_FLOW_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  test('an expired challenge ends the step the same way', async () => {
    api.on('POST /security-answer', { status: 410, json: { message: AUTH_FLOW_MESSAGES.challengeInvalid } });
    const view = await renderAnswer({ challenge: 'ch-old', question: PET });
    await view.user.type(screen.getByLabelText(/^Answer/), 'Rex');
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_FLOW_MESSAGES.challengeInvalid);
  });

  test('an answer is required before anything is sent', async () => {
    const view = await renderAnswer({ challenge: 'ch-1', question: PET });
    await view.user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Answer is required.')).toBeInTheDocument();
    expect(api.received).toHaveLength(0);
  });
});

describe('/setup-question', () => {
  test('offers the questions, and saving one completes the sign-in', async () => {
    api.on('GET /security-questions', { status: 200, json: { data: QUESTIONS } });
    api.on('POST /security-answer', signedIn());
    const signedInEvent = jest.fn();
    bus.on('auth:signed-in', signedInEvent);
    const view = await renderSetup({ challenge: 'ch-2', question: null });

    expect(screen.getByRole('heading', { level: 1, name: 'Set Up Security Question' })).toBeInTheDocument();
    const select = await screen.findByLabelText(/^Security question/);
    expect(screen.getByRole('option', { name: PET.question })).toBeInTheDocument();
    await view.user.selectOptions(select, String(PET.id));
    await view.user.type(screen.getByLabelText(/^Answer/), '  Rex ');
    await view.user.click(screen.getByRole('button', { name: 'Save and Continue' }));

    await waitFor(() => expect(signedInEvent).toHaveBeenCalledWith({ isEventExist: true }));
    expect(api.calls('POST /security-answer')[0]?.body).toEqual({ challenge: 'ch-2', question_id: 3, answer: 'Rex' });
    expect(appStore.getState().token).toBe('token-xyz');
  });

  test('a question must be chosen and an answer given', async () => {
    api.on('GET /security-questions', { status: 200, json: { data: QUESTIONS } });
    const view = await renderSetup({ challenge: 'ch-2', question: null });
    await screen.findByLabelText(/^Security question/);

    await view.user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    expect(await screen.findByText('Answer is required.')).toBeInTheDocument();
    await view.user.type(screen.getByLabelText(/^Answer/), 'Rex');
    await view.user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    await waitFor(() => expect(screen.getByLabelText(/^Security question/)).toHaveAccessibleDescription(AUTH_FLOW_MESSAGES.questionRequired));
    expect(api.calls('POST /security-answer')).toHaveLength(0);
  });

  test('the questions failing to load are said, with a retry', async () => {
    api.on('GET /security-questions', { status: 500, json: { message: 'Database unavailable.' } });
    const view = await renderSetup({ challenge: 'ch-2', question: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable.');
    expect(screen.getByRole('button', { name: 'Save and Continue' })).toBeDisabled();

    api.on('GET /security-questions', { status: 200, json: { data: QUESTIONS } });
    await view.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText(/^Security question/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
