import ky, { type AfterResponseHook, type BeforeRequestHook, type KyInstance } from 'ky';
import { appStore } from '@baridesk/store';
import { bus } from '@baridesk/event-bus';

export const DEFAULT_BASE_URL = '/api';

/** The login call answers 401 for wrong credentials: that is a form error, not the end of a session. */
export function isLoginUrl(url: string): boolean {
  const { pathname } = new URL(url, 'http://localhost');
  return /\/login\/?$/.test(pathname);
}

const authorize: BeforeRequestHook = (request) => {
  const { token } = appStore.getState();
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  // ky's .blob()/.text() shortcuts choose their own Accept; every other call expects JSON.
  if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
};

const watchSession: AfterResponseHook = (request, _options, response) => {
  if (response.ok) {
    bus.emit('session:activity');
    return;
  }
  if (response.status !== 401 || isLoginUrl(request.url)) return;
  const { token } = appStore.getState();
  // The answer to a request of an earlier session must not end the one signed in since.
  if (token !== null && request.headers.get('Authorization') !== `Bearer ${token}`) return;
  appStore.getState().markUnauthorized();
  bus.emit('session:unauthorized', { url: request.url });
};

function createApi(baseUrl: string): KyInstance {
  return ky.create({
    prefixUrl: baseUrl,
    retry: 0,
    timeout: 30_000,
    hooks: { beforeRequest: [authorize], afterResponse: [watchSession] },
  });
}

/**
 * The ky instance every call of BariDesk goes through (paths without a leading slash: `api.get('user')`).
 * A live binding: configureApi replaces it, so read it at call time rather than keeping a copy.
 */
export let api: KyInstance = createApi(DEFAULT_BASE_URL);

/** Points the client at another API host (tests, a deployment serving the API elsewhere). */
export function configureApi({ baseUrl }: { baseUrl: string }): void {
  api = createApi(baseUrl);
}
