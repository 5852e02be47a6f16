/**
 * Test support: the real app, in-process, on a fresh database of its own — in-memory PGlite, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL (dropped afterwards).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import type { DatabaseTarget } from '../db/client';
import { ManualClock } from '../lib/clock';
import { DEMO_PASSWORD, type DemoSeedOptions } from '../seed/demo';

export interface TestApp {
  app: FastifyInstance;
  clock: ManualClock;
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


export async function createTestApp({
  patientsPerProgram = 12,
  database,
}: { patientsPerProgram?: number; database?: FreshDatabase } = {}): Promise<TestApp> {
  const { target, drop } = database ?? (await freshDatabase());
  return startTestApp(target, drop, { patientsPerProgram });
}

/** A second app on the same database: another replica, as behind a load balancer. */
export function createReplica(of: TestApp, target: DatabaseTarget): Promise<TestApp> {
  return startTestApp(target, async () => {}, false, of.clock);
}

async function startTestApp(
  target: DatabaseTarget,
  drop: () => Promise<void>,
  seed: DemoSeedOptions | false,
  clock = new ManualClock(new Date()),
): Promise<TestApp> {
  const app = await buildApp({
    clock,
    database: target,
    seed,
    housekeeping: false,
    logger: false,
    config: { logLevel: 'silent' },
  });
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
    },
  };
}

/** A database of its own for one test file: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export interface FreshDatabase {
  target: DatabaseTarget;
  drop: () => Promise<void>;
}

export async function freshDatabase(): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { target: { kind: 'pglite' }, drop: async () => {} };
  const name = `baridesk_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: 'postgres', url: url.toString(), poolSize: 5 },
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
