import { configureApi } from '@baridesk/api-client';
import { appStore } from '@baridesk/store';
import { startFakeApi, type FakeApi } from '@baridesk/testing';
import { createUser } from '../test/factories';
import { guard, UNREACHABLE } from './router';
import { ROUTES } from './route-table';

let api: FakeApi;
const initial = appStore.getState();
const entry = (path: string) => ROUTES.find((route) => route.path === path)!;
const VALID = { status: 200, json: { data: { valid: true, type: 'program_user', expiresInMinutes: 90 } } };

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  appStore.setState(initial, true);
  localStorage.clear();
});

/** After a page reload the stored token is back, the user not yet. */
const reloaded = (token: string) => appStore.setState({ token, user: null });

const location = (result: Awaited<ReturnType<typeof guard>>) => (result instanceof Response ? result.headers.get('Location') : result);

describe('the navigation guard', () => {
  it('loads the user once the session is confirmed and lets an allowed page open', async () => {
    const user = createUser({ id: 7, type: 'program_user' });
    api.answer({ 'GET /token/validate': VALID, 'GET /user': { status: 200, json: { data: user } } });
    reloaded('tok-1');
    expect(await guard(entry('/dashboard'))).toBeNull();
    expect(appStore.getState().user).toEqual(user);
  });

  it('ends the session when the server answers 401, and sends the user to sign in', async () => {
    api.answer({ 'GET /token/validate': { status: 401, json: { message: 'Unauthenticated.' } } });
    appStore.getState().signIn({ token: 'tok-1', user: createUser() });
    expect(location(await guard(entry('/dashboard')))).toBe('/login');
    expect(appStore.getState().token).toBeNull();
  });

  it.each([
    ['the check answers 503', { 'GET /token/validate': { status: 503, json: { message: 'Down for maintenance.' } } }],
    ['the user cannot be read (500)', { 'GET /token/validate': VALID, 'GET /user': { status: 500, json: {} } }],
  ])('keeps the session when %s: the page offers a retry instead', async (_label, routes) => {
    api.answer(routes);
    reloaded('tok-1');
    expect(await guard(entry('/dashboard'))).toBe(UNREACHABLE);
    expect(appStore.getState().token).toBe('tok-1');
  });

  it('keeps the session when no answer comes at all (connection lost, page leaving)', async () => {
    configureApi({ baseUrl: 'http://127.0.0.1:9/api' });
    try {
      appStore.getState().signIn({ token: 'tok-1', user: createUser() });
      expect(await guard(entry('/dashboard'))).toBe(UNREACHABLE);
      expect(appStore.getState().token).toBe('tok-1');
    } finally {
      configureApi({ baseUrl: api.baseUrl });
    }
  });

  it('on the sign-in page, a user that cannot be read keeps the session unless it has ended', async () => {
    api.answer({ 'GET /user': { status: 502, json: {} } });
    reloaded('tok-1');
    expect(await guard(entry('/login'))).toBeNull();
    expect(appStore.getState().token).toBe('tok-1');

    api.answer({ 'GET /user': { status: 401, json: { message: 'Unauthenticated.' } } });
    expect(await guard(entry('/login'))).toBeNull();
    expect(appStore.getState().token).toBeNull();
  });
});
