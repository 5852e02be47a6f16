/**
 * A real HTTP test server for tests (never for app code): `@baridesk/api-client/test-server`. It listens on
 * 127.0.0.1 on a random port, records every request and answers each with one responder. The api-client's
 * own tests talk to it directly; `startFakeApi` of @baridesk/testing builds the route-by-route fake API on it.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

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

export type FakeReply = {
  status: number;
  json?: unknown;
  text?: string;
  contentType?: string;
  /** More response headers (e.g. Content-Disposition of a file). */
  headers?: Record<string, string>;
  delayMs?: number;
};

export type FakeHandler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

/** The bare server: one responder answers every request (404 until one is set). */
export type TestServer = {
  /** The base URL of the API, ending in /api. */
  baseUrl: string;
  /** Every request received, oldest first. */
  received: FakeRequest[];
  respondWith(responder: FakeHandler): void;
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
          ...reply.headers,
          'content-type': reply.contentType ?? (reply.json !== undefined ? 'application/json' : 'text/plain'),
        });
        res.end(payload);
      });
    });
  });

  // Idle keep-alive sockets stay open until close(). With Node's default (5 s) the server may close one
  // just as the client sends on it, on a starved test worker more than anywhere: a POST, which fetch
  // does not resend, then fails as a network error and the screen shows the generic message (CI,
  // 27 Nov 2026, the single sign-on screen's 502 case).
  server.keepAliveTimeout = 0;
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
