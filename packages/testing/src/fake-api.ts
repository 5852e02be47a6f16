/**
 * The fake BariDesk API of the front end's tests: a real HTTP server on 127.0.0.1 (a random port) that
 * the real api-client talks to. Each test says how a route answers; every request is recorded. The bare
 * server under it (`startTestServer`) is the api-client's own, re-exported here.
 */
import { configureApi } from '@baridesk/api-client';
import { startTestServer, type FakeHandler, type FakeReply, type FakeRequest } from '@baridesk/api-client/test-server';

export { startTestServer, type FakeHandler, type FakeReply, type FakeRequest, type TestServer } from '@baridesk/api-client/test-server';

/** `METHOD /path` below /api, e.g. 'POST /alerts/message-templates/store'. */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/** How routes answer: a fixed reply, or one computed per request. */
export type FakeRoutes = Partial<Record<RouteKey, FakeReply | FakeHandler>>;

export type FakeApi = {
  baseUrl: string;
  /** Every request received, oldest first. */
  received: FakeRequest[];
  /** How `route` answers from now on. */
  on(route: RouteKey, answer: FakeReply | FakeHandler): void;
  /** Replaces every answer with `routes` (any other route answers 404). */
  answer(routes: FakeRoutes): void;
  /** The requests received for `route`, oldest first. */
  calls(route: RouteKey): FakeRequest[];
  /** Every request received, as `METHOD /path` below /api. */
  routesCalled(): string[];
  /** Forgets the requests received, and answers only `routes` from now on. */
  reset(routes?: FakeRoutes): void;
  close(): Promise<void>;
};

/** `METHOD /path` of a request, without the /api prefix. */
const routeOf = (request: FakeRequest) => `${request.method} ${request.path.replace(/^\/api(?=\/)/, '')}`;

const toHandler = (answer: FakeReply | FakeHandler): FakeHandler => (typeof answer === 'function' ? answer : () => answer);

/** Starts the fake API and points the api-client at it. */
export async function startFakeApi(routes: FakeRoutes = {}): Promise<FakeApi> {
  const server = await startTestServer();
  const handlers = new Map<string, FakeHandler>();
  const answer = (next: FakeRoutes) => {
    handlers.clear();
    for (const [route, reply] of Object.entries(next)) if (reply) handlers.set(route, toHandler(reply));
  };
  answer(routes);
  server.respondWith((request) => {
    const handler = handlers.get(routeOf(request));
    return handler ? handler(request) : { status: 404, json: { message: `No fake for ${routeOf(request)}.` } };
  });
  configureApi({ baseUrl: server.baseUrl });

  return {
    baseUrl: server.baseUrl,
    received: server.received,
    on: (route, reply) => void handlers.set(route, toHandler(reply)),
    answer,
    calls: (route) => server.received.filter((request) => routeOf(request) === route),
    routesCalled: () => server.received.map(routeOf),
    reset(next = {}) {
      server.received.length = 0;
      answer(next);
    },
    close: () => server.close(),
  };
}
