import { act, screen, waitFor } from '@testing-library/react';
import { bus } from '@baridesk/event-bus';
import { ACTIVITY_STORAGE_KEY, appStore } from '@baridesk/store';
import { SESSION_WARNING_MESSAGE } from '@baridesk/domain';
import { startFakeApi, type FakeApi } from '@baridesk/testing';
import { SESSION_COVER_ATTRIBUTE } from './inactivity-watch';
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

/** Signed in on /dashboard: the last activity is now. */
async function signedIn() {
  appStore.getState().signIn({ token: 'tok-1', user: createUser() });
  const view = await renderFrame({ at: '/dashboard', fakeTimers: true });
  await screen.findByRole('heading', { name: 'Dashboard' });
  return view;
}

/** A tab in front, awake: the clock and its timers move together. */
const idleFor = (minutes: number) =>
  act(async () => {
    jest.advanceTimersByTime(minutes * MINUTE);
  });

/** The laptop sleeps: the clock moves on, and no timer of the page runs meanwhile. */
const sleepFor = (minutes: number) => jest.setSystemTime(Date.now() + minutes * MINUTE);

/**
 * A background tab the browser holds back: the clock moves on while its timers wait, and then they get
 * one short run (Chrome's intensive throttling runs a hidden tab's timers about once a minute at best).
 */
const throttledFor = (minutes: number) =>
  act(async () => {
    sleepFor(minutes - 1);
    jest.advanceTimersByTime(MINUTE);
  });

/** What a tab of the same browser does to the shared time, as this tab's storage event reports it. */
function otherTab(newValue: string | null) {
  if (newValue === null) localStorage.removeItem(ACTIVITY_STORAGE_KEY);
  else localStorage.setItem(ACTIVITY_STORAGE_KEY, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key: ACTIVITY_STORAGE_KEY, newValue, storageArea: localStorage }));
}

const warning = () => screen.queryByRole('alertdialog', { name: 'Session timeout' });
const cover = () => document.querySelector(`[${SESSION_COVER_ATTRIBUTE}]`);

/** The page is hidden: a cover on top, and everything else inert (no keyboard, no screen reader). */
function expectCovered() {
  expect(cover()).toBeInTheDocument();
  const rest = [...document.body.children].filter((element) => element !== cover());
  expect(rest.length).toBeGreaterThan(0);
  for (const element of rest) expect(element).toHaveAttribute('inert');
}

/** Signed out on the sign-in page, nothing hidden any more, the server told. */
async function expectSignedOut(view: Awaited<ReturnType<typeof signedIn>>) {
  expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  expect(view.path()).toBe('/login');
  expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  expect(appStore.getState()).toMatchObject({ token: null, user: null, sessionCheck: false, lastActivityAt: null });
  expect(localStorage.getItem(ACTIVITY_STORAGE_KEY)).toBeNull();
  expect(cover()).not.toBeInTheDocument();
  expect(document.querySelector('[inert]')).not.toBeInTheDocument();
}

describe('inactivity session', () => {
  it('warns at 85 idle minutes with the spec’s words', async () => {
    await signedIn();
    await idleFor(84);
    expect(warning()).not.toBeInTheDocument();

    await idleFor(1);
    const dialog = await screen.findByRole('alertdialog', { name: 'Session timeout' });
    expect(dialog).toHaveTextContent('You’ll be automatically logged out in 5 minutes due to inactivity.');
    expect(SESSION_WARNING_MESSAGE).toBe('You\u2019ll be automatically logged out in 5 minutes due to inactivity.');
    expect(screen.getByRole('button', { name: 'Stay Logged In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it.each([
    ['visibilitychange', () => document.dispatchEvent(new Event('visibilitychange'))],
    ['focus', () => window.dispatchEvent(new FocusEvent('focus'))],
    ['pageshow', () => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))],
  ])('after a 2-hour sleep, hides the page in the %s event itself and goes to /login', async (_event, wake) => {
    const view = await signedIn();
    sleepFor(120);
    // Asleep, nothing ran: the page still shows.
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    act(() => {
      wake();
      // Hidden before anything else runs, so no later frame can show the patient data.
      expectCovered();
    });
    await expectSignedOut(view);
    expect(api.routesCalled()).toEqual(['POST /logout']);
    expect(api.received[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('after a sleep without any wake event, a timer a few seconds on ends the session', async () => {
    const view = await signedIn();
    sleepFor(120);
    await act(async () => {
      jest.advanceTimersByTime(5_000);
    });
    await expectSignedOut(view);
  });

  it('a session restored with a last activity 90 minutes old ends as soon as the page is up', async () => {
    appStore.getState().signIn({ token: 'tok-1', user: createUser() });
    appStore.setState({ lastActivityAt: Date.now() - 90 * MINUTE });
    const view = await renderFrame({ at: '/dashboard', fakeTimers: true });
    await expectSignedOut(view);
  });

  it('a throttled background tab still warns at 85 and logs out at 90 by the clock', async () => {
    const view = await signedIn();
    await throttledFor(84);
    expect(warning()).not.toBeInTheDocument();

    await throttledFor(1);
    expect(await screen.findByRole('alertdialog', { name: 'Session timeout' })).toBeInTheDocument();
    expect(appStore.getState().token).toBe('tok-1');

    await throttledFor(5);
    await expectSignedOut(view);
  });

  it('Stay Logged In checks the token and starts a whole new 85 minutes, by the clock', async () => {
    const view = await signedIn();
    await idleFor(86);
    await screen.findByRole('alertdialog');

    const clicked = Date.now();
    await view.user.click(screen.getByRole('button', { name: 'Stay Logged In' }));
    await waitFor(() => expect(warning()).not.toBeInTheDocument());
    expect(api.routesCalled()).toEqual(['GET /token/validate']);
    expect(appStore.getState().lastActivityAt).toBeGreaterThanOrEqual(clicked);

    // Nothing at the old 90 minutes, even after a sleep across them...
    sleepFor(84);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(warning()).not.toBeInTheDocument();
    expect(appStore.getState().token).toBe('tok-1');
    expect(view.path()).toBe('/dashboard');

    // ...and the warning again at 85 from the new start.
    sleepFor(1);
    act(() => window.dispatchEvent(new FocusEvent('focus')));
    expect(await screen.findByRole('alertdialog', { name: 'Session timeout' })).toBeInTheDocument();
  });

  it('another tab’s activity postpones the warning and takes it down', async () => {
    await signedIn();
    await idleFor(80);
    act(() => otherTab(String(Date.now())));
    await idleFor(84);
    expect(warning()).not.toBeInTheDocument();

    await idleFor(1);
    await screen.findByRole('alertdialog');
    act(() => otherTab(String(Date.now())));
    await waitFor(() => expect(warning()).not.toBeInTheDocument());
    await idleFor(10);
    expect(appStore.getState().token).toBe('tok-1');
  });

  it('a sign-out in another tab ends this tab’s session at once', async () => {
    const view = await signedIn();
    await idleFor(10);
    act(() => {
      otherTab(null);
      expectCovered();
    });
    await expectSignedOut(view);
  });

  it('this tab’s activity is shared with the other tabs', async () => {
    await signedIn();
    await idleFor(30);
    act(() => bus.emit('session:activity'));
    expect(localStorage.getItem(ACTIVITY_STORAGE_KEY)).toBe(String(Date.now()));
  });

  it('closes the warning by itself after its 5 minutes, and logs out at 90', async () => {
    const view = await signedIn();
    await idleFor(85);
    await screen.findByRole('alertdialog');

    await idleFor(4);
    expect(warning()).toBeInTheDocument();
    expect(appStore.getState().token).toBe('tok-1');

    await idleFor(1);
    await waitFor(() => expect(warning()).not.toBeInTheDocument());
    await expectSignedOut(view);
    expect(api.routesCalled()).toEqual(['POST /logout']);
    // The server call carried the session's token.
    expect(api.received[0]?.headers.authorization).toBe('Bearer tok-1');
  });

  it('Logout ends the session at once', async () => {
    const view = await signedIn();
    await idleFor(85);
    await screen.findByRole('alertdialog');

    await view.user.click(screen.getByRole('button', { name: 'Logout' }));
    await expectSignedOut(view);
    expect(api.routesCalled()).toEqual(['POST /logout']);
    expect(warning()).not.toBeInTheDocument();
  });

  it('logs out locally even when the server’s logout fails', async () => {
    api.answer({ 'POST /logout': { status: 500, json: { message: 'Down.' } } });
    const view = await signedIn();
    await idleFor(90);
    await expectSignedOut(view);
    expect(screen.queryByText('Down.')).not.toBeInTheDocument();
  });

  it('starts again after any successful call, which also takes a warning down', async () => {
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
    sleepFor(120);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await idleFor(120);
    expect(appStore.getState().lastActivityAt).toBeNull();
    expect(warning()).not.toBeInTheDocument();
    expect(cover()).not.toBeInTheDocument();
    expect(api.routesCalled()).toEqual([]);
  });
});
