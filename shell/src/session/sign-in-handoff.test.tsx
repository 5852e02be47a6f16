import { act, screen, waitFor } from '@testing-library/react';
import type { AuthUser, SidebarMenu } from '@baridesk/contracts';
import { bus } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';
import { startFakeApi, type FakeApi } from '@baridesk/testing';
import { createFlags, createSidebarMenu, createUser } from '../test/factories';
import { renderFrame } from '../test/render-frame';

let api: FakeApi;
const initial = appStore.getState();

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  appStore.setState(initial, true);
  localStorage.clear();
  sessionStorage.clear();
});

const subUser = () => createUser({ id: 101, type: 'sub_user', name: 'Northside Owner' });
const programUser = (over: Partial<AuthUser> = {}) => createUser({ type: 'program_user', ...over });
const superAdmin = () => createUser({ id: 48, type: 'super_admin', program_id: null, sub_user: null, programmer_code: null });

/** Renders on /login, then does what the sign-in screen does: store the session, tell the shell. */
async function signIn(user: AuthUser, { isEventExist, menu }: { isEventExist: boolean; menu?: SidebarMenu }) {
  api.answer({ 'GET /sidebar-menu': { status: 200, json: { data: menu ?? createSidebarMenu(user) } } });
  const view = await renderFrame({ at: '/login' });
  await screen.findByRole('heading', { name: 'Sign in' });
  act(() => {
    appStore.getState().signIn({ token: 'tok-1', user });
    bus.emit('auth:signed-in', { isEventExist });
  });
  return view;
}

/** The menu was fetched and its answer handled: a notice would be up by now. */
async function menuHandled(view: Awaited<ReturnType<typeof renderFrame>>) {
  await view.fetchesHandled();
  expect(api.routesCalled()).toContain('GET /sidebar-menu');
}

describe('sign-in hand-off', () => {
  it('sends a super admin to the admin dashboard, with no menu call and no notice', async () => {
    const view = await signIn(superAdmin(), { isEventExist: false });
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' })).toBeInTheDocument();
    expect(view.path()).toBe('/admin/dashboard');
    await view.flush();
    expect(api.routesCalled()).not.toContain('GET /sidebar-menu');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a sub user to /dashboard and, with an empty calendar, offers to add an event', async () => {
    const view = await signIn(subUser(), { isEventExist: false });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();

    const notice = await screen.findByRole('dialog', { name: 'No events yet' });
    expect(notice).toHaveTextContent('Your program has no events in its calendar.');
    expect(api.routesCalled()).toEqual(['GET /sidebar-menu']);

    await view.user.click(screen.getByRole('button', { name: 'Add an event' }));
    expect(await screen.findByRole('heading', { name: 'New event' })).toBeInTheDocument();
    expect(view.path()).toBe('/event-calender/form');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows nothing when the program already has events', async () => {
    const view = await signIn(subUser(), { isEventExist: true });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await view.flush();
    expect(api.routesCalled()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['the event flag', createFlags({ event: 1 })],
    ['the self-service flag', createFlags({ self_service: 1 })],
  ])('tells a program user with %s, and "Not now" closes it', async (_name, flags) => {
    // (A self-service user here has accepted the terms, which would otherwise come first.)
    const user = programUser({ self_service: flags.self_service });
    const view = await signIn(user, { isEventExist: false, menu: createSidebarMenu(user, { flags }) });
    expect(await screen.findByRole('dialog', { name: 'No events yet' })).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(view.path()).toBe('/dashboard');
  });

  it('does not tell a program user without the event and self-service flags', async () => {
    const user = programUser();
    const view = await signIn(user, {
      isEventExist: false,
      menu: createSidebarMenu(user, { flags: createFlags({ contact: 1, faq: 1 }) }),
    });
    await menuHandled(view);
    expect(view.path()).toBe('/dashboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['switched off', { off: ['Calendar'] }],
    ['missing', { missing: ['Calendar'] }],
  ])('does not tell anyone when the Calendar menu is %s', async (_name, calendar) => {
    const user = subUser();
    const view = await signIn(user, { isEventExist: false, menu: createSidebarMenu(user, calendar) });
    await menuHandled(view);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays quiet when the menu cannot be read', async () => {
    const view = await renderFrame({ at: '/login' });
    api.answer({ 'GET /sidebar-menu': { status: 500, json: { message: 'Down.' } } });
    await screen.findByRole('heading', { name: 'Sign in' });
    act(() => {
      appStore.getState().signIn({ token: 'tok-1', user: subUser() });
      bus.emit('auth:signed-in', { isEventExist: false });
    });
    await menuHandled(view);
    expect(view.path()).toBe('/dashboard');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the popup message alone: no second modal after OK, and the notice may come at a later sign-in', async () => {
    const user = createUser({ id: 101, type: 'sub_user', popup_msg1: 'New reports are available.', popup_status: 1 });
    api.answer({
      'GET /sidebar-menu': { status: 200, json: { data: createSidebarMenu(user) } },
      'POST /dashboard-popup-status/update': { status: 200, json: { data: { popup_status: 0 } } },
    });
    const view = await renderFrame({ at: '/login' });
    await screen.findByRole('heading', { name: 'Sign in' });
    act(() => {
      appStore.getState().signIn({ token: 'tok-1', user });
      bus.emit('auth:signed-in', { isEventExist: false });
    });
    await screen.findByRole('dialog', { name: 'Message' });
    await view.flush();
    // Decided at sign-in: with the popup to show, the notice is not even looked into.
    expect(api.routesCalled()).not.toContain('GET /sidebar-menu');
    expect(screen.queryByRole('dialog', { name: 'No events yet' })).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message' })).not.toBeInTheDocument());
    await view.flush();
    expect(screen.queryByRole('dialog', { name: 'No events yet' })).not.toBeInTheDocument();

    // Signed in again (the popup seen): now the notice.
    act(() => {
      appStore.getState().signIn({ token: 'tok-2', user: { ...user, popup_status: 0 } });
      bus.emit('auth:signed-in', { isEventExist: false });
    });
    expect(await screen.findByRole('dialog', { name: 'No events yet' })).toBeInTheDocument();
  });

  it('shows the no-events notice once per browser session, not at every sign-in', async () => {
    const user = subUser();
    const view = await signIn(user, { isEventExist: false });
    await view.user.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    act(() => {
      appStore.getState().signIn({ token: 'tok-2', user });
      bus.emit('auth:signed-in', { isEventExist: false });
    });
    await view.flush();
    // Not even asked: the menu is read once, for the first sign-in.
    expect(api.calls('GET /sidebar-menu')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'No events yet' })).not.toBeInTheDocument();
  });
});
