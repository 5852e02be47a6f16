/**
 * Test support: the real app, in-process, on a fresh database of its own — in-memory PGlite, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped afterwards).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { createApp } from '../app';
import type { Config } from '../config';
import type { DatabaseTarget } from '../db/client';
import { auditRecords } from '../db/schema';
import { ManualClock } from '../lib/clock';
import { DEMO_PASSWORD, type DemoSeedOptions } from '../seed/demo';
import { type FreshDatabase, TEST_PATIENTS_PER_PROGRAM, seededDatabase } from './databases';

export { type FreshDatabase, freshDatabase } from './databases';

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
  /** The app's DATA_DIR (uploads, e-mail outbox): a temporary folder of its own unless the caller gave one. */
  dataDir: string;
  /** Every route the app registered, with its options (config.access, schema, …), as onRoute saw it. */
  routes: readonly RouteOptions[];
  close(): Promise<void>;
  /** Signs in and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** Signs each in (demo password), one after another, and returns their bearer tokens by e-mail address. */
  signIn<const E extends string>(...emails: E[]): Promise<Record<E, string>>;
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /**
   * Sends `body` as JSON text whatever it is — null, an array, a string, a number — as a hostile client
   * could (inject would send a bare string as it is, without JSON quotes). POST unless told otherwise.
   */
  sendJson(options: { method?: 'POST' | 'PATCH' | 'PUT' | 'DELETE'; url: string; token?: string; body: unknown }): Promise<LightMyRequestResponse>;
}

/**
 * The app on a database of its own holding the demo data: by default a copy of the run's seeded template
 * (see databases.ts); `database` (an empty one from freshDatabase) is seeded by the app as it starts.
 */
export async function createTestApp({
  patientsPerProgram = TEST_PATIENTS_PER_PROGRAM,
  database,
  prepare,
  config,
}: {
  patientsPerProgram?: number;
  database?: FreshDatabase;
  prepare?: (app: FastifyInstance) => void;
  /** Settings of this app (superAdminMfa: 'required' for the tests of the second factor). */
  config?: Partial<Config>;
} = {}): Promise<TestApp> {
  const { target, drop } = database ?? (await seededDatabase({ patientsPerProgram }));
  return startTestApp(target, drop, { patientsPerProgram }, { prepare, config });
}

/** A second app on the same database and data folder: another replica, as behind a load balancer. */
export function createReplica(of: TestApp, target: DatabaseTarget): Promise<TestApp> {
  return startTestApp(target, async () => {}, false, { clock: of.clock, config: { dataDir: of.dataDir } });
}

/**
 * Builds the app on `target`. Without `config.dataDir` the app gets a temporary data folder, removed when
 * it closes, so no test writes uploads or e-mails into the repository's ./data.
 */
export async function startTestApp(
  target: DatabaseTarget,
  drop: () => Promise<void>,
  seed: DemoSeedOptions | false,
  {
    clock = new ManualClock(new Date()),
    config = {},
    logger = false,
    prepare,
  }: {
    clock?: ManualClock;
    config?: Partial<Config>;
    logger?: FastifyServerOptions['logger'];
    /** Called before the app loads its plugins: a test registers its own (a job queue of its own) here. */
    prepare?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestApp> {
  const ownDataDir = config.dataDir === undefined ? mkdtempSync(path.join(tmpdir(), 'baridesk-test-data-')) : null;
  const dataDir = config.dataDir ?? ownDataDir!;
  const app = createApp({
    clock,
    database: target,
    seed,
    housekeeping: false,
    workers: false,
    logger,
    // Super admins sign in with the password alone unless a test asks for the second factor
    // (contexts/identity/__tests__/mfa*.test.ts), so every other suite signs in as it always has.
    config: { logLevel: 'silent', superAdminMfa: 'optional', ...config, dataDir },
  });
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  prepare?.(app);
  await app.ready();
  const call: TestApp['call'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  const login: TestApp['login'] = async (email, password = DEMO_PASSWORD) => {
    const res = await call({ method: 'POST', url: '/api/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json().data.token as string;
  };
  return {
    app,
    clock,
    dataDir,
    routes,
    call,
    login,
    async signIn<const E extends string>(...emails: E[]) {
      const tokens = {} as Record<E, string>;
      for (const email of emails) tokens[email] = await login(email);
      return tokens;
    },
    sendJson: ({ method = 'POST', url, token, body }) =>
      call({ method, url, token, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) }),
    async close() {
      await app.close();
      await drop();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/** The demo accounts a suite of program-staff routes signs in as. */
export const STAFF_CALLERS = {
  /** Sub user (program account) of Northside, program 101. */
  NORTH: 'subuser@northside.test',
  /** Program user 201 of Northside. */
  STAFF: 'staff@northside.test',
  /** A self-service staff account of Northside. */
  SELF_SERVICE: 'selfservice@northside.test',
  /** Sub user of Lakeview, program 102: another program. */
  LAKE: 'subuser@lakeview.test',
  ADMIN: 'superadmin@baridesk.test',
} as const;

export type StaffCaller = (typeof STAFF_CALLERS)[keyof typeof STAFF_CALLERS];

/** A call of RouteSuite.expectEach: the method, the path below the suite's url and the body of a POST. */
export type SuiteCall = readonly ['GET', string] | readonly ['POST', string, unknown?];

/** The app of a suite of one API's routes, with calls to them as a signed-in demo account. */
export interface RouteSuite extends Omit<TestApp, 'close'> {
  get(path: string, who: StaffCaller): Promise<LightMyRequestResponse>;
  post(path: string, who: StaffCaller, payload?: unknown): Promise<LightMyRequestResponse>;
  /** sendJson to a route below the suite's url, as `who`. */
  sendAs(path: string, who: StaffCaller, body: unknown): Promise<LightMyRequestResponse>;
  /** The audit rows of an action on one entity, oldest first. */
  auditOf(action: string, id: number): Promise<(typeof auditRecords.$inferSelect)[]>;
  /**
   * Sends each `[method, path, body?]` as `who`, one after another, and expects each to answer `status`
   * and, if given, `body`: the method and path are in what is compared, so a failure names the route.
   */
  expectEach(who: StaffCaller, calls: readonly SuiteCall[], expected: { status: number; body?: unknown }): Promise<void>;
}

/**
 * One test file's app for the routes under `url`: started with the demo seed and every STAFF_CALLERS
 * account signed in before the file's tests (beforeAll), closed after them. Call it at the top of the file.
 */
export function routeSuite(url: string): RouteSuite {
  let started: TestApp | undefined;
  let tokens = {} as Record<StaffCaller, string>;
  beforeAll(async () => {
    started = await createTestApp();
    tokens = await started.signIn(...Object.values(STAFF_CALLERS));
  });
  afterAll(() => started?.close());

  const current = () => {
    if (!started) throw new Error('The suite\'s app starts in beforeAll: use it inside a test.');
    return started;
  };
  const get: RouteSuite['get'] = (path, who) => current().call({ method: 'GET', url: `${url}${path}`, token: tokens[who] });
  const post: RouteSuite['post'] = (path, who, payload) =>
    current().call({ method: 'POST', url: `${url}${path}`, token: tokens[who], payload: payload as object });
  return {
    get app() {
      return current().app;
    },
    get clock() {
      return current().clock;
    },
    get dataDir() {
      return current().dataDir;
    },
    get routes() {
      return current().routes;
    },
    login: (email, password) => current().login(email, password),
    signIn: (...emails) => current().signIn(...emails),
    call: (options) => current().call(options),
    sendJson: (options) => current().sendJson(options),
    get,
    post,
    sendAs: (path, who, body) => current().sendJson({ url: `${url}${path}`, token: tokens[who], body }),
    auditOf: (action, id) =>
      current()
        .app.db.select()
        .from(auditRecords)
        .where(and(eq(auditRecords.action, action), eq(auditRecords.entity_id, String(id))))
        .orderBy(asc(auditRecords.id)),
    async expectEach(who, calls, { status, body }) {
      for (const [method, path, payload] of calls) {
        const res = method === 'GET' ? await get(path, who) : await post(path, who, payload);
        const route = `${method} ${path}`;
        const answer = body === undefined ? { route, status: res.statusCode } : { route, status: res.statusCode, body: res.json() };
        expect(answer).toEqual(body === undefined ? { route, status } : { route, status, body });
      }
    },
  };
}
