import type { AuthUser } from '@baridesk/contracts';
import { GENERIC_ERROR } from '@baridesk/contracts';
import { createAuthUser } from '@baridesk/contracts/test-support';
import { appStore } from '@baridesk/store';
import { bus, type BariDeskEvents } from '@baridesk/event-bus';
import {
  ApiRequestError,
  backgroundCall,
  changeSuperAdminPassword,
  configureApi,
  deleteJson,
  fetchDynamicSections,
  fetchUser,
  getJson,
  login,
  logout,
  notifyError,
  notifySuccess,
  onScheduler,
  postJson,
  putJson,
  queryOf,
  storeDynamicSection,
  toApiRequestError,
} from './index';
import { startTestServer, type TestServer } from './test-server';

const createUser = (overrides: Partial<AuthUser> = {}): AuthUser =>
  createAuthUser({ name: 'Northside Bariatric', email: 'owner@northside.example.test', ...overrides });

/** Records every event of the given types until the test ends. */
function recordEvents<K extends keyof BariDeskEvents>(...types: K[]) {
  const seen: { type: K; payload: BariDeskEvents[K] }[] = [];
  for (const type of types) bus.on(type, (payload) => seen.push({ type, payload }));
  return seen;
}

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );

let server: TestServer;
const initial = appStore.getState();

beforeAll(async () => {
  server = await startTestServer();
  configureApi({ baseUrl: server.baseUrl });
});

afterAll(() => server.close());

beforeEach(() => {
  server.received.length = 0;
  appStore.setState(initial, true);
  localStorage.clear();
});

afterEach(() => bus.clear());

describe('headers', () => {
  it('sends the stored token as a bearer header, and asks for JSON', async () => {
    appStore.getState().signIn({ token: 'tok-abc', user: createUser() });
    server.respondWith(() => ({ status: 200, json: { data: createUser({ name: 'Fresh' }) } }));

    const answer = await fetchUser();

    expect(answer.data.name).toBe('Fresh');
    expect(server.received[0]).toMatchObject({ method: 'GET', path: '/api/user' });
    expect(server.received[0]?.headers.authorization).toBe('Bearer tok-abc');
    expect(server.received[0]?.headers.accept).toBe('application/json');
  });

  it('sends no authorization header when signed out', async () => {
    server.respondWith(() => ({ status: 200, json: { data: [] } }));
    await getJson('/health');
    expect(server.received[0]?.path).toBe('/api/health');
    expect(server.received[0]?.headers.authorization).toBeUndefined();
  });
});

describe('session watching', () => {
  it('emits session:activity after a successful call', async () => {
    const seen = recordEvents('session:activity', 'session:unauthorized');
    server.respondWith(() => ({ status: 201, json: { data: { id: 1 } } }));

    await postJson('patients/store', { first_name: 'Ann' });

    expect(seen).toEqual([{ type: 'session:activity', payload: undefined }]);
    expect(JSON.parse(server.received[0]?.text ?? '')).toEqual({ first_name: 'Ann' });
  });

  it('sends a background call marked, and does not count its success as activity', async () => {
    const seen = recordEvents('session:activity', 'session:unauthorized');
    server.respondWith(() => ({ status: 200, json: { data: { replies: 1 } } }));

    await getJson('alerts/counts', backgroundCall);

    expect(server.received[0]?.headers['x-background-request']).toBe('1');
    expect(seen).toEqual([]);
  });

  it('sends a scheduler call to /scheduler/api beside /api, with the token and its query', async () => {
    appStore.getState().signIn({ token: 'token-1', user: createUser() });
    server.respondWith(() => ({ status: 200, json: { data: [] } }));

    await getJson('event-calendar', onScheduler({ searchParams: { month: 3, year: 2027 } }));

    expect(server.received[0]).toMatchObject({ method: 'GET', path: '/scheduler/api/event-calendar', authorization: 'Bearer token-1' });
    expect(server.received[0]?.query.get('month')).toBe('3');
  });

  it('signs out and emits session:unauthorized on a 401 from /api/user', async () => {
    appStore.getState().signIn({ token: 'expired', user: createUser() });
    appStore.getState().setSavedSearch('patients', { search: 'smith' });
    const seen = recordEvents('session:activity', 'session:unauthorized');
    server.respondWith(() => ({ status: 401, json: { message: 'Your session has expired.' } }));

    const error = await caught(fetchUser());

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 401, message: 'Your session has expired.', unauthorized: true });
    expect(appStore.getState()).toMatchObject({ token: null, user: null, savedSearches: {}, unauthorized: true });
    expect(seen).toEqual([{ type: 'session:unauthorized', payload: { url: `${server.baseUrl}/user` } }]);
  });

  it('leaves the session alone on a 401 from /api/login (wrong credentials)', async () => {
    appStore.getState().signIn({ token: 'still-valid', user: createUser() });
    const seen = recordEvents('session:activity', 'session:unauthorized');
    server.respondWith(() => ({ status: 401, json: { message: 'These credentials do not match our records.' } }));

    const error = await caught(login({ email: 'owner@northside.example.test', password: 'wrong' }));

    expect(error).toMatchObject({ status: 401, message: 'These credentials do not match our records.', unauthorized: false });
    expect(appStore.getState()).toMatchObject({ token: 'still-valid', unauthorized: false });
    expect(seen).toEqual([]);
  });

  it('ignores a 401 answering a request of an earlier session', async () => {
    appStore.getState().signIn({ token: 'old', user: createUser() });
    const seen = recordEvents('session:unauthorized');
    server.respondWith(() => {
      // The user signs in again while the old request is on its way.
      appStore.getState().signIn({ token: 'new', user: createUser() });
      return { status: 401, json: { message: 'Unauthenticated.' } };
    });

    await caught(fetchUser());

    expect(appStore.getState()).toMatchObject({ token: 'new', unauthorized: false });
    expect(seen).toEqual([]);
  });
});

describe('error normalisation', () => {
  it('gives the message and the field errors of a 422', async () => {
    const errors = { name: ['A section with this name already exists.'], status: ['The status must be 0 or 1.'] };
    server.respondWith(() => ({ status: 422, json: { message: 'The given data was invalid.', errors } }));

    const error = await caught(storeDynamicSection({ name: 'Recipes' }));

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, message: 'The given data was invalid.', errors, unauthorized: false });
  });

  it('gives the generic message for a 500 without JSON', async () => {
    server.respondWith(() => ({ status: 500, text: '<html>Bad gateway</html>', contentType: 'text/html' }));

    const error = await caught(getJson('sidebar-menu'));

    expect(error).toMatchObject({ status: 500, message: GENERIC_ERROR });
    expect((error as ApiRequestError).errors).toBeUndefined();
  });

  it('gives status 0 and the generic message when the call times out', async () => {
    server.respondWith(() => ({ status: 200, json: { data: 1 }, delayMs: 500 }));

    const error = await caught(getJson('slow', { timeout: 50 }));

    expect(error).toMatchObject({ status: 0, message: GENERIC_ERROR, unauthorized: false });
  });

  it('gives status 0 and the generic message when nothing answers', async () => {
    const gone = await startTestServer();
    await gone.close();
    configureApi({ baseUrl: gone.baseUrl });
    try {
      const error = await caught(getJson('user'));
      expect(error).toMatchObject({ status: 0, message: GENERIC_ERROR });
    } finally {
      configureApi({ baseUrl: server.baseUrl });
    }
  });

  it('passes a cancelled call on unchanged', async () => {
    server.respondWith(() => ({ status: 200, json: { data: 1 }, delayMs: 500 }));
    const controller = new AbortController();

    const pending = caught(getJson('slow', { signal: controller.signal }));
    controller.abort();

    expect(await pending).toMatchObject({ name: 'AbortError' });
  });

  it('toApiRequestError keeps an ApiRequestError and wraps anything else', async () => {
    const known = new ApiRequestError({ status: 403, message: 'Forbidden.' });
    expect(await toApiRequestError(known)).toBe(known);
    expect(await toApiRequestError('boom')).toMatchObject({ status: 0, message: GENERIC_ERROR });
  });
});

describe('helpers and typed calls', () => {
  it('sends each method with its body, query and path', async () => {
    server.respondWith((request) => ({ status: 200, json: { data: request.method } }));

    await putJson('pipeline-automation-rule/update', { id: 3 });
    await deleteJson('checklist/notes/9');
    await changeSuperAdminPassword(48, { password: 'Secret123', password_confirmation: 'Secret123' });
    await fetchDynamicSections({ page: 2, perPage: 'All', search: undefined });

    expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/pipeline-automation-rule/update',
      'DELETE /api/checklist/notes/9',
      'PATCH /api/admin/super-admin/change-password/48',
      'GET /api/content/dynamic-content-section',
    ]);
    expect(JSON.parse(server.received[2]?.text ?? '')).toEqual({ password: 'Secret123', password_confirmation: 'Secret123' });
    expect(Object.fromEntries(server.received[3]?.query ?? [])).toEqual({ page: '2', perPage: 'All' });
  });

  it('sends a FormData body as multipart', async () => {
    server.respondWith(() => ({ status: 200, json: { data: null } }));
    const form = new FormData();
    form.append('title', 'Portal');

    await postJson('content/member-portals/store', form);

    expect(server.received[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(server.received[0]?.text).toContain('Portal');
  });

  it('tells the sidebar to reload after a dynamic section is added', async () => {
    const seen = recordEvents('sidebar:changed');
    const section = { id: 4, name: 'Recipes', status: 1, created_at: 'x', updated_at: 'x' };
    server.respondWith(() => ({ status: 201, json: { data: section, message: 'Dynamic section added successfully' } }));

    const created = await storeDynamicSection({ name: 'Recipes' });

    expect(created).toEqual({ data: section, message: 'Dynamic section added successfully' });
    expect(seen).toEqual([{ type: 'sidebar:changed', payload: undefined }]);
  });

  it('logout swallows a server error and a network failure', async () => {
    server.respondWith(() => ({ status: 500, json: { message: 'Database unavailable.' } }));
    await expect(logout()).resolves.toBeUndefined();
    expect(server.received[0]).toMatchObject({ method: 'POST', path: '/api/logout' });

    const gone = await startTestServer();
    await gone.close();
    configureApi({ baseUrl: gone.baseUrl });
    try {
      await expect(logout()).resolves.toBeUndefined();
    } finally {
      configureApi({ baseUrl: server.baseUrl });
    }
  });
});

describe('notices', () => {
  it('notifyError shows the message and lists the field messages', async () => {
    const seen = recordEvents('notify');
    server.respondWith(() => ({
      status: 422,
      json: { message: 'The given data was invalid.', errors: { name: ['The name field is required.'], status: ['Bad.'] } },
    }));
    const error = await caught(postJson('content/dynamic-content-section/store', {}));

    notifyError(error, 'Add Dynamic Section');
    notifyError(new Error(''));

    expect(seen.map((e) => e.payload)).toEqual([
      {
        status: 'error',
        title: 'Add Dynamic Section',
        message: 'The given data was invalid.',
        errors: ['The name field is required.', 'Bad.'],
      },
      { status: 'error', title: 'Error', message: GENERIC_ERROR },
    ]);
  });

  it('notifyError does not list again the field message the notice already says', async () => {
    const seen = recordEvents('notify');
    const message = 'This account has no two-step sign-in to reset.';
    server.respondWith(() => ({ status: 422, json: { message, errors: { id: [message] } } }));
    notifyError(await caught(postJson('admin/program-user/reset-two-factor', { id: 1 })));
    expect(seen.map((e) => e.payload)).toEqual([{ status: 'error', title: 'Error', message }]);
  });

  it('notifySuccess shows a success notice', () => {
    const seen = recordEvents('notify');
    notifySuccess('Terms And Conditions Accepted.', 'Terms And Conditions');
    notifySuccess('Saved.');
    expect(seen.map((e) => e.payload)).toEqual([
      { status: 'success', title: 'Terms And Conditions', message: 'Terms And Conditions Accepted.' },
      { status: 'success', title: 'Success', message: 'Saved.' },
    ]);
  });
});

describe('queryOf', () => {
  it('leaves out the unset values and keeps zero', () => {
    expect(queryOf({ page: 1, perPage: 'All', search: '', status: 0, sort: undefined })).toEqual({ page: 1, perPage: 'All', status: 0 });
  });
});
