import { act, screen, waitFor } from '@testing-library/react';
import type { AuthUser } from '@baridesk/contracts';
import { bus, type BariDeskEvents } from '@baridesk/event-bus';
import { appStore } from '@baridesk/store';
import { REPORT_PREPARING_MESSAGE } from '@baridesk/ui/overlays';
import { startFakeApi, type FakeApi } from '@baridesk/testing';
import { createUser } from '../test/factories';
import { layoutMounts, renderFrame } from '../test/render-frame';

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
});

const MESSAGE = 'Your program’s new check-in reports are ready under Reports.';
const withPopup = (over: Partial<AuthUser> = {}) =>
  createUser({ id: 101, type: 'sub_user', popup_msg1: MESSAGE, popup_status: 1, ...over });

describe('popup message', () => {
  it('shows a sub user the message once; OK records it', async () => {
    api.answer({ 'POST /dashboard-popup-status/update': { status: 200, json: { data: { popup_status: 0 } } } });
    appStore.getState().signIn({ token: 'tok-1', user: withPopup() });
    const { user, flush } = await renderFrame();
    const dialog = await screen.findByRole('dialog', { name: 'Message' });
    expect(dialog).toHaveTextContent(MESSAGE);

    await user.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.routesCalled()).toEqual(['POST /dashboard-popup-status/update']);
    expect(appStore.getState().user?.popup_status).toBe(0);

    // Not again in this session, whatever else changes on the user.
    act(() => appStore.getState().setUser({ ...appStore.getState().user!, name: 'Renamed' }));
    await flush();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('still closes when the server does not record it, and says so', async () => {
    api.answer({ 'POST /dashboard-popup-status/update': { status: 500, json: { message: 'Could not update.' } } });
    appStore.getState().signIn({ token: 'tok-1', user: withPopup() });
    const { user } = await renderFrame();
    await screen.findByRole('dialog', { name: 'Message' });
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Could not update.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Message' })).not.toBeInTheDocument());
  });

  it.each([
    ['a program user', withPopup({ type: 'program_user' })],
    ['a blank message', withPopup({ popup_msg1: '   ' })],
    ['no message', withPopup({ popup_msg1: null })],
    ['a message already seen', withPopup({ popup_status: 0 })],
  ])('is not shown for %s', async (_name, who) => {
    appStore.getState().signIn({ token: 'tok-1', user: who });
    const { flush } = await renderFrame();
    await screen.findByRole('heading', { name: 'Dashboard' });
    await flush();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('report banner', () => {
  // The banner belongs to a signed-in session (a report is prepared for someone).
  beforeEach(() => appStore.getState().signIn({ token: 'tok-1', user: createUser({ id: 201, type: 'program_user' }) }));

  it('is not part of the sign-in page', async () => {
    appStore.setState(initial, true);
    await renderFrame();
    await screen.findByRole('heading', { name: 'Dashboard' });
    act(() => bus.emit('report:preparing', { id: 'volume' }));
    expect(screen.queryByText(REPORT_PREPARING_MESSAGE)).not.toBeInTheDocument();
  });

  it('shows while a report is prepared; Cancel tells the remote and hides it', async () => {
    const seen: BariDeskEvents['report:preparing'][] = [];
    const off = bus.on('report:preparing', (report) => seen.push(report));
    const { user } = await renderFrame();
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByText(REPORT_PREPARING_MESSAGE)).not.toBeInTheDocument();

    act(() => bus.emit('report:preparing', { id: 'pre-op', label: 'Pre-Op Report' }));
    expect(await screen.findByText(REPORT_PREPARING_MESSAGE)).toBeInTheDocument();
    expect(REPORT_PREPARING_MESSAGE).toBe('Your report is being prepared. Leave this window open. It may take a few minutes.');
    expect(screen.getByText('Pre-Op Report')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(REPORT_PREPARING_MESSAGE)).not.toBeInTheDocument());
    expect(seen).toEqual([{ id: 'pre-op', label: 'Pre-Op Report' }, null]);
    off();
  });

  it('goes away when the remote says the report is done', async () => {
    await renderFrame();
    await screen.findByRole('heading', { name: 'Dashboard' });
    act(() => bus.emit('report:preparing', { id: 'volume' }));
    expect(await screen.findByText(REPORT_PREPARING_MESSAGE)).toBeInTheDocument();
    act(() => bus.emit('report:preparing', null));
    await waitFor(() => expect(screen.queryByText(REPORT_PREPARING_MESSAGE)).not.toBeInTheDocument());
  });
});

describe('frame', () => {
  it('zooms pages in without rebuilding the layout around them', async () => {
    appStore.getState().signIn({ token: 'tok-1', user: createUser() });
    layoutMounts.count = 0;
    const { router } = await renderFrame();
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(document.querySelector('[data-page-transition]')).toBeInTheDocument();

    await act(() => router.navigate('/manage-patients'));
    expect(await screen.findByRole('heading', { name: 'Patients' })).toBeInTheDocument();
    expect(layoutMounts.count).toBe(1);
  });

  it('follows navigate requests from the remotes and sends an ended session to /login', async () => {
    appStore.getState().signIn({ token: 'tok-1', user: createUser() });
    const { path } = await renderFrame();
    await screen.findByRole('heading', { name: 'Dashboard' });

    act(() => bus.emit('navigate', { to: '/manage-patients' }));
    expect(await screen.findByRole('heading', { name: 'Patients' })).toBeInTheDocument();

    act(() => {
      appStore.getState().markUnauthorized();
      bus.emit('session:unauthorized', { url: 'http://127.0.0.1/api/patients' });
    });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(path()).toBe('/login');
  });

  it('forgets the cached server data when the session ends', async () => {
    appStore.getState().signIn({ token: 'tok-1', user: createUser() });
    const { queryClient } = await renderFrame();
    await screen.findByRole('heading', { name: 'Dashboard' });
    queryClient.setQueryData(['patients', { page: 1 }], { data: ['a patient of this program'] });

    act(() => appStore.getState().signOut());
    expect(queryClient.getQueryData(['patients', { page: 1 }])).toBeUndefined();
  });
});
