import ky, { type AfterResponseHook, type BeforeRequestHook, type KyInstance } from 'ky';
import { appStore } from '@baridesk/store';
import { bus } from '@baridesk/event-bus';
import { BACKGROUND_REQUEST_HEADER } from '@baridesk/contracts';

export const DEFAULT_BASE_URL = '/api';

/** The login call answers 401 for wrong credentials: that is a form error, not the end of a session. */
export function isLoginUrl(url: string): boolean {
  const { pathname } = new URL(url, 'http://localhost');
  return /\/login\/?$/.test(pathname);
}

/** The Authorization header of the signed-in session, or null when signed out. */
export function sessionAuthorization(): string | null {
  const { token } = appStore.getState();
  return token ? `Bearer ${token}` : null;
}

/**
 * The options of a call the page makes on its own (a figure refreshed every minute): its success is not
 * the user's activity, here or on the server (domain BACKGROUND_REQUEST_HEADER).
 */
export const backgroundCall = { headers: { [BACKGROUND_REQUEST_HEADER]: '1' } } as const;

/**
 * What every answer tells about the session, whoever sent the call (ky or an upload's XMLHttpRequest):
 * a success is activity (unless the call was a background one); a 401 on any call but login ends the
 * session, unless the call was sent with the token of an earlier session (`sentAuthorization`), which
 * must not end the one signed in since.
 */
export function noteAnswer({
  url,
  status,
  sentAuthorization,
  background = false,
}: {
  url: string;
  status: number;
  sentAuthorization: string | null;
  background?: boolean;
}): void {
  if (status >= 200 && status < 300) {
    if (!background) bus.emit('session:activity');
    return;
  }
  if (status !== 401 || isLoginUrl(url)) return;
  const { token } = appStore.getState();
  if (token !== null && sentAuthorization !== `Bearer ${token}`) return;
  appStore.getState().markUnauthorized();
  bus.emit('session:unauthorized', { url });
}

const authorize: BeforeRequestHook = (request) => {
  const authorization = sessionAuthorization();
  if (authorization) request.headers.set('Authorization', authorization);
  // ky's .blob()/.text() shortcuts choose their own Accept; every other call expects JSON.
  if (!request.headers.has('Accept')) request.headers.set('Accept', 'application/json');
};

const watchSession: AfterResponseHook = (request, _options, response) => {
  noteAnswer({
    url: request.url,
    status: response.status,
    sentAuthorization: request.headers.get('Authorization'),
    background: request.headers.get(BACKGROUND_REQUEST_HEADER) === '1',
  });
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

let apiBaseUrl = DEFAULT_BASE_URL;

/** Points the client at another API host (tests, a deployment serving the API elsewhere). */
export function configureApi({ baseUrl }: { baseUrl: string }): void {
  apiBaseUrl = baseUrl;
  api = createApi(baseUrl);
}

/**
 * The scheduler service's base URL: the API's with its last `/api` turned into `/scheduler/api`. The
 * gateway serves both on one origin (and a scaled-out scheduler sits behind the same proxy), so a call
 * built on the configured API base reaches the scheduler wherever the API is.
 */
export function schedulerBaseUrl(): string {
  return apiBaseUrl.replace(/\/api\/?$/, '/scheduler/api');
}

/**
 * The options of a call to the scheduler service (`/scheduler/api/...`) instead of `/api`, with the same
 * session rules: `getJson('event-calendar', onScheduler({ searchParams }))`.
 */
export const onScheduler = <T extends object>(options?: T): T & { prefixUrl: string } => ({ ...(options ?? ({} as T)), prefixUrl: schedulerBaseUrl() });

/** The absolute URL of an API path, joined to the base as ky's prefixUrl joins it (for calls made without ky). */
export function apiUrl(path: string, baseUrl: string = apiBaseUrl): string {
  const joined = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  return new URL(joined, globalThis.location?.href ?? 'http://localhost/').href;
}
