import { act, screen, waitFor } from '@testing-library/react';
import { bus } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';
import { SESSION_WARNING_MESSAGE } from '@baridesk/domain';
import { startFakeApi, type FakeApi } from '@baridesk/testing';
import { createUser } from '../test/factories';
import { renderFrame } from '../test/render-frame';

let api: FakeApi;
const initial = appStore.getState();
const MINUTE = 60_000;

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());

beforeEach(() => {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
  api.reset();
  api.answer({
    'GET /token/validate': { status: 200, json: { data: { valid: true, type: 'program_user', expiresInMinutes: 90 } } },
    'POST /logout': { status: 200, json: { message: 'Logged out.' } },
  });
  appStore.setState(initial, true);
  localStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
});

/** Signed in on /dashboard, the counter at 0. */
async function signedIn() {
  appStore.getState().signIn({ token: 'tok-1', user: createUser() });
  const view = await renderFrame({ at: '/dashboard', fakeTimers: true });
  await screen.findByRole('heading', { name: 'Dashboard' });
  return view;
}

const idleFor = (minutes: number) =>
  act(async () => {
    jest.advanceTimersByTime(minutes * MINUTE);
  });

const warning = () => screen.queryByRole('alertdialog', { name: 'Session timeout' });

describe('inactivity session', () => {
  it('counts a minute at a time and warns at 85 minutes with the spec’s words', async () => {
    await signedIn();
    await idleFor(84);
    expect(appStore.getState().idleMinutes).toBe(84);
    expect(warning()).not.toBeInTheDocument();

    await idleFor(1);
    const dialog = await screen.findByRole('alertdialog', { name: 'Session timeout' });
    expect(dialog).toHaveTextContent('You’ll be automatically logged out in 5 minutes due to inactivity.');
    expect(SESSION_WARNING_MESSAGE).toBe('You\u2019ll be automatically logged out in 5 minutes due to inactivity.');
    expect(screen.getByRole('button', { name: 'Stay Logged In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('Stay Logged In checks the token, starts the count again and closes', async () => {
    const view = await signedIn();
    await idleFor(86);
    await screen.findByRole('alertdialog');

    await view.user.click(screen.getByRole('button', { name: 'Stay Logged In' }));
    await waitFor(() => expect(warning()).not.toBeInTheDocument());
    expect(api.routesCalled()).toEqual(['GET /token/validate']);
    expect(appStore.getState().idleMinutes).toBe(0);

    // A whole new 85 minutes before the next warning, and no logout at the old 90.
    await idleFor(84);
    expect(warning()).not.toBeInTheDocument();
    expect(appStore.getState().token).toBe('tok-1');
    expect(view.path()).toBe('/dashboard');
  });

  it('closes the warning by itself after 5 minutes, and logs out at 90', async () => {
    const view = await signedIn();
    await idleFor(85);
    await screen.findByRole('alertdialog');

    await idleFor(4);
    expect(warning()).toBeInTheDocument();
    expect(appStore.getState().token).toBe('tok-1');

    await idleFor(1);
    await waitFor(() => expect(warning()).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(view.path()).toBe('/login');
    expect(api.routesCalled()).toEqual(['POST /logout']);
    expect(appStore.getState()).toMatchObject({ token: null, user: null, sessionCheck: false, idleMinutes: 0 });
    // The server call carried the session's token.
    expect(api.received[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('Logout ends the session at once', async () => {
    const view = await signedIn();
    await idleFor(85);
    await screen.findByRole('alertdialog');

    await view.user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.routesCalled()).toEqual(['POST /logout']);
    expect(appStore.getState().token).toBeNull();
    expect(warning()).not.toBeInTheDocument();
  });

  it('logs out locally even when the server’s logout fails', async () => {
    api.answer({ 'POST /logout': { status: 500, json: { message: 'Down.' } } });
    const view = await signedIn();
    await idleFor(90);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(view.path()).toBe('/login');
    expect(appStore.getState().token).toBeNull();
    expect(screen.queryByText('Down.')).not.toBeInTheDocument();
  });

  it('starts again from 0 after any successful call, which also takes a warning down', async () => {
    await signedIn();
    await idleFor(80);
    act(() => bus.emit('session:activity'));
    await idleFor(84);
    expect(warning()).not.toBeInTheDocument();

    await idleFor(1);
    await screen.findByRole('alertdialog');
    act(() => bus.emit('session:activity'));
    await waitFor(() => expect(warning()).not.toBeInTheDocument());
    await idleFor(10);
    expect(appStore.getState().token).toBe('tok-1');
  });

  it('does nothing while session checking is off', async () => {
    await renderFrame({ at: '/login', fakeTimers: true });
    await screen.findByRole('heading', { name: 'Sign in' });
    await idleFor(120);
    expect(appStore.getState().idleMinutes).toBe(0);
    expect(warning()).not.toBeInTheDocument();
    expect(api.routesCalled()).toEqual([]);
  });
});
