/**
 * The fake BariDesk API of the front end's tests: a real HTTP server on 127.0.0.1 (a random port) that
 * the real api-client talks to. Each test says how a route answers; every request is recorded.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApi } from '@baridesk/api-client';

export type FakeRequest = {
  method: string;
  /** The URL's path as sent, e.g. '/api/patients'. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  authorization: string | undefined;
  /** The body as sent. */
  text: string;
  /** The body parsed as JSON; the text when it is not JSON; undefined when there is none. */
  body: unknown;
};

export type FakeReply = { status: number; json?: unknown; text?: string; contentType?: string; delayMs?: number };

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/** `METHOD /path` below /api, e.g. 'POST /alerts/message-templates/store'. */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

/** How routes answer: a fixed reply, or one computed per request. */
export type FakeRoutes = Partial<Record<RouteKey, FakeReply | FakeHandler>>;

/** The bare server: one responder answers every request. The api-client's own tests use it directly. */
export type TestServer = {
  /** The base URL of the API, ending in /api. */
  baseUrl: string;
  received: FakeRequest[];
  respondWith(responder: FakeHandler): void;
  close(): Promise<void>;
};

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

const parse = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export async function startTestServer(): Promise<TestServer> {
  let responder: FakeHandler = () => ({ status: 404, json: { message: 'Not found.' } });
  const received: FakeRequest[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        authorization: req.headers.authorization,
        text,
        body: parse(text),
      };
      received.push(request);
      void Promise.resolve(responder(request)).then(async (reply) => {
        if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        if (res.destroyed) return;
        const payload = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
        res.writeHead(reply.status, {
          'content-type': reply.contentType ?? (reply.json !== undefined ? 'application/json' : 'text/plain'),
        });
        res.end(payload);
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    received,
    respondWith(next) {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

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
