import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuthUser } from '@baridesk/contracts';
import { appStore } from '@baridesk/store';
import { startFakeApi, type FakeApi } from '@baridesk/testing';
import { createUser } from '../test/factories';
import { renderFrame } from '../test/render-frame';
import { TERMS_CHECKBOX_LABEL } from './terms-modal';

let api: FakeApi;
const initial = appStore.getState();

/** jsdom lays nothing out: give the terms text a height, 400 px of it visible, scrolled to `scrollTop`. */
const layout = { scrollHeight: 2000, clientHeight: 400 };
const isTermsText = (el: Element) => el instanceof HTMLElement && el.dataset.termsText !== undefined;

beforeAll(async () => {
  api = await startFakeApi();
  const proto = HTMLElement.prototype;
  const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight')!;
  const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
  Object.defineProperty(proto, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isTermsText(this) ? layout.scrollHeight : (scrollHeight.get!.call(this) as number);
    },
  });
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return isTermsText(this) ? layout.clientHeight : (clientHeight.get!.call(this) as number);
    },
  });
});
afterAll(async () => {
  // Back to the inherited jsdom getters.
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  await api.close();
});

const selfService = (over: Partial<AuthUser> = {}) =>
  createUser({ id: 201, type: 'program_user', self_service: 1, terms_and_conditions_check: 0, ...over });

beforeEach(() => {
  api.reset();
  layout.scrollHeight = 2000;
  layout.clientHeight = 400;
  appStore.setState(initial, true);
  localStorage.clear();
});

async function openTerms(user: AuthUser = selfService()) {
  appStore.getState().signIn({ token: 'tok-1', user });
  const view = await renderFrame({ at: '/dashboard' });
  const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
  return { ...view, dialog };
}

const text = () => screen.getByRole('region', { name: 'Terms and conditions text' });
const checkbox = () => screen.getByRole('checkbox', { name: TERMS_CHECKBOX_LABEL });
const acceptButton = () => screen.getByRole('button', { name: 'Accept' });

function scrollTo(scrollTop: number) {
  const region = text();
  Object.defineProperty(region, 'scrollTop', { configurable: true, value: scrollTop });
  fireEvent.scroll(region);
}

describe('terms and conditions', () => {
  it('shows the licence and keeps the box and Accept off until the text is read to its end', async () => {
    const { dialog, user } = await openTerms();
    expect(dialog).toHaveTextContent('BariDesk Practitioner Licence Agreement');
    expect(dialog).toHaveTextContent('Limitation of liability');
    expect(checkbox()).toBeDisabled();
    expect(acceptButton()).toBeDisabled();

    scrollTo(800);
    expect(checkbox()).toBeDisabled();

    scrollTo(1598); // within 2 px of the end
    await waitFor(() => expect(checkbox()).toBeEnabled());
    expect(acceptButton()).toBeDisabled();

    await user.click(checkbox());
    expect(checkbox()).toBeChecked();
    expect(acceptButton()).toBeEnabled();

    await user.click(checkbox());
    expect(acceptButton()).toBeDisabled();
  });

  it('cannot be dismissed with Escape and has no close button', async () => {
    const { user } = await openTerms();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('enables the box at once when the text fits without scrolling', async () => {
    layout.scrollHeight = 400;
    await openTerms();
    expect(checkbox()).toBeEnabled();
  });

  it('Accept records the acceptance, shows the server’s notice and refreshes the user', async () => {
    api.answer({
      'POST /program-user-terms-check': {
        status: 200,
        json: { data: { terms_and_conditions_check: 1 }, message: 'Terms And Conditions Accepted.' },
      },
      'GET /user': { status: 200, json: { data: selfService({ terms_and_conditions_check: 1, name: 'Jordan Ellis-Park' }) } },
    });
    const { user, path } = await openTerms();
    scrollTo(1600);
    await user.click(checkbox());
    await user.click(acceptButton());

    expect(await screen.findByText('Terms And Conditions Accepted.')).toBeInTheDocument();
    expect(screen.getByText('Terms And Conditions')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms and Conditions' })).not.toBeInTheDocument());
    const post = api.received.find((r) => r.path === '/api/program-user-terms-check');
    expect(JSON.parse(post?.text ?? '{}')).toEqual({ programUserId: 201 });
    await waitFor(() => expect(appStore.getState().user?.name).toBe('Jordan Ellis-Park'));
    expect(appStore.getState().user?.terms_and_conditions_check).toBe(1);
    expect(path()).toBe('/dashboard');
  });

  it('keeps the terms up and says why when accepting fails', async () => {
    api.answer({ 'POST /program-user-terms-check': { status: 500, json: { message: 'Could not save your answer.' } } });
    const { user } = await openTerms();
    scrollTo(1600);
    await user.click(checkbox());
    await user.click(acceptButton());

    expect(await screen.findByText('Could not save your answer.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(appStore.getState().user?.terms_and_conditions_check).toBe(0);
  });

  it('Decline logs out and shows the sign-in page', async () => {
    api.answer({ 'POST /logout': { status: 200, json: { message: 'Logged out.' } } });
    const { user, path } = await openTerms();
    await user.click(screen.getByRole('button', { name: 'Decline' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(path()).toBe('/login');
    expect(api.routesCalled()).toEqual(['POST /logout']);
    expect(appStore.getState().token).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['a program user who accepted', selfService({ terms_and_conditions_check: 1 })],
    ['a program user without self-service', selfService({ self_service: 0 })],
    ['a sub user', selfService({ type: 'sub_user' })],
  ])('is not shown to %s', async (_name, who) => {
    appStore.getState().signIn({ token: 'tok-1', user: who });
    const { flush } = await renderFrame({ at: '/dashboard' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await flush();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('comes up as soon as the user is loaded (after a reload)', async () => {
    appStore.setState({ token: 'tok-1', sessionCheck: true });
    await renderFrame({ at: '/dashboard' });
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => appStore.getState().setUser(selfService()));
    expect(await screen.findByRole('dialog', { name: 'Terms and Conditions' })).toBeInTheDocument();
  });
});
