/**
 * Bad input, on every route of the OpenAPI document: bodies, query strings and path parameters made
 * from the route's own schema and then spoilt (inputs.ts). No answer may be a 5xx; every refusal is a
 * 4xx with a message (a 422 with its field map); invalid UTF-8 is refused, never stored damaged; and
 * after each route the app still answers its health check and a normal signed-in call.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { type TestApp, createTestApp } from '../../test/app';
import { type CatalogueRoute, catalogue, urlOf } from './catalogue';
import { type BadRequest, ESCAPE_NAME, badRequests } from './inputs';
import { programDigest } from './fixtures';
import { APP_PATIENT, SESSION_ENDING, callerOf, printFigures, signInAs } from './suite-support';

jest.setTimeout(300_000);

let t: TestApp;
let routes: CatalogueRoute[];
let tokens: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  routes = await catalogue(t);
  tokens = await t.signIn('subuser@northside.test', 'staff@northside.test', 'superadmin@baridesk.test');
  tokens[APP_PATIENT] = await signInAs(t, APP_PATIENT);
});
afterAll(() => t?.close());

interface Failure {
  route: string;
  input: string;
  status: number;
  body: string;
}

const figures = { routes: 0, requests: 0, serverErrors: 0, healthChecks: 0, byStatus: new Map<number, number>() };

/** Public routes are called from an address of their own so their failures (sign-in, SSO) never throttle the suite's own sign-ins. */
const PUBLIC_ADDRESS = '198.51.100.7';

async function send(route: CatalogueRoute, request: BadRequest): Promise<LightMyRequestResponse> {
  const caller = callerOf(route);
  // A route that ends the caller's session is given a session of its own for each request.
  const token = caller && (SESSION_ENDING.has(route.key) ? await signInAs(t, caller) : tokens[caller]);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const url = urlOf(route, request.pathValues, request.query);
  const options = { method: route.method, url, headers, remoteAddress: caller ? undefined : PUBLIC_ADDRESS };
  if (request.raw) {
    return t.app.inject({ ...options, headers: { ...headers, 'content-type': request.raw.contentType }, payload: request.raw.payload });
  }
  if (request.json !== undefined) {
    return t.app.inject({ ...options, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(request.json) });
  }
  return t.app.inject(options);
}

/**
 * A refusal: a 4xx, or for a route a browser is sent to (the SSO callback) a redirect to its screen with
 * an error code, which is how that route refuses anything.
 */
const isRefusal = (res: LightMyRequestResponse) =>
  (res.statusCode >= 400 && res.statusCode < 500) || (res.statusCode >= 300 && res.statusCode < 400 && /[?&]error=/.test(String(res.headers.location ?? '')));

/** What a refusal must look like: a JSON message, and a 422 names its fields. */
function refusalProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode < 400 || res.statusCode >= 500) return null;
  let body: { message?: unknown; errors?: unknown };
  try {
    body = res.json();
  } catch {
    return 'a refusal that is not JSON';
  }
  if (typeof body.message !== 'string' || !body.message) return 'a refusal without a message';
  if (res.statusCode === 422 && (typeof body.errors !== 'object' || body.errors === null)) return 'a 422 without its errors map';
  return null;
}

/** What is wrong with the answer to a bad request, or null. */
function problemOf(request: BadRequest, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return 'a server error';
  if (request.label.endsWith('invalid UTF-8') && !isRefusal(res)) return 'invalid UTF-8 accepted';
  // Ids have one spelling: ' 1', '1.5', '1e3' or '0x1' must not find record 1 (nor 0, -1, 2^31 any record).
  if (request.label.startsWith('path ') && !isRefusal(res)) return 'an odd id in the path answered as a record';
  if (request.label === 'body 2 MB' && res.statusCode !== 413) return 'a body over the limit not answered 413';
  return refusalProblem(res);
}

describe('bad input on every documented route', () => {
  it('never answers 5xx, refuses with a message, refuses invalid UTF-8, and leaves the app healthy', async () => {
    const failures: Failure[] = [];
    // The suite calls as Northside (and signed out, and as the super admin, who owns no program's records):
    // a body's unknown program_id: 102 or anything else must leave Lakeview's records as they were.
    const lakeviewBefore = await programDigest(t, 102);
    // Lakeview holds records of most kinds in the demo data, so the comparison has something to compare.
    expect(Object.values(lakeviewBefore).filter((digest) => digest !== 'none').length).toBeGreaterThan(6);
    for (const route of routes) {
      figures.routes += 1;
      const valid = Object.fromEntries(route.pathParams.map((p) => [p.name, '1']));
      for (const request of badRequests(route, valid)) {
        const res = await send(route, request);
        figures.requests += 1;
        figures.byStatus.set(res.statusCode, (figures.byStatus.get(res.statusCode) ?? 0) + 1);
        const problem = problemOf(request, res);
        if (res.statusCode >= 500) figures.serverErrors += 1;
        if (problem) failures.push({ route: route.key, input: `${request.label}: ${problem}`, status: res.statusCode, body: res.body.slice(0, 200) });
      }
      // Still healthy: the health check, and a signed-in call that reads the database.
      const health = await t.call({ method: 'GET', url: '/api/health' });
      const user = await t.call({ method: 'GET', url: '/api/user', token: tokens['subuser@northside.test'] });
      figures.healthChecks += 2;
      if (health.statusCode !== 200 || user.statusCode !== 200) {
        failures.push({ route: route.key, input: 'health afterwards', status: health.statusCode * 1000 + user.statusCode, body: user.body.slice(0, 200) });
      }
    }
    const lakeviewAfter = await programDigest(t, 102);
    // No upload kept the client's file name, inside the data folder or climbing out of it.
    const escaped = [
      ...readdirSync(t.dataDir, { recursive: true, encoding: 'utf8' }).filter((name) => name.includes(ESCAPE_NAME)),
      ...[path.dirname(t.dataDir), path.dirname(path.dirname(t.dataDir))].filter((dir) => existsSync(path.join(dir, `${ESCAPE_NAME}.png`))),
    ];
    printFigures('bad input', {
      routes: figures.routes,
      requests: figures.requests,
      '5xx': figures.serverErrors,
      'health checks after each route': figures.healthChecks,
      answers: [...figures.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' '),
      failures: failures.length,
    });
    expect(failures).toEqual([]);
    expect(lakeviewAfter).toEqual(lakeviewBefore);
    expect(escaped).toEqual([]);
    expect(figures.routes).toBeGreaterThan(100);
  });
});
