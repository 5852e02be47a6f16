import { Writable } from 'node:stream';
import { buildApp } from '../app';
import { createTestApp, freshDatabase, type TestApp } from '../test/app';
import { DEMO_PASSWORD } from '../seed/demo';
import { ManualClock } from '../lib/clock';
import { CONSTRAINT_MESSAGES, constraintConflict } from '../lib/pg-errors';
import { sql } from 'drizzle-orm';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('subuser@northside.test');
});
afterAll(() => t.close());

/** POSTs a body to /api/login as it is, with the content type given. */
const postLogin = (contentType: string, payload: string) =>
  t.call({ method: 'POST', url: '/api/login', headers: { 'content-type': contentType }, payload });

describe('error answers', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    const res = await postLogin('application/json', '{"email": "x@y.test", "password": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers a body over the limit with 413', async () => {
    const body = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await postLogin('application/json', body);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.' });
  });

  it('answers an unknown route with 404 in JSON', async () => {
    const res = await t.call({ method: 'GET', url: '/api/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'No route GET /api/no-such-thing.' });
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await postLogin('application/xml', '<login/>');
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toEqual(expect.any(String));
  });

  const hostile: unknown[] = [null, [], 'text', 42, true, { email: [] }, { email: { $ne: 1 } }, { email: 'a'.repeat(300) + '@x.test', password: 1 }, { name: null }, { name: 'x'.repeat(10_000) }, { programUserId: -1 }, { programUserId: 1e20 }];
  const targets: [method: 'POST' | 'PATCH', url: string][] = [
    ['POST', '/api/login'],
    ['POST', '/api/content/dynamic-content-section/store'],
    ['POST', '/api/change-password'],
    ['POST', '/api/program-user-terms-check'],
    ['PATCH', '/api/admin/super-admin/change-password/48'],
  ];
  it.each(targets)('never answers 5xx to bad input on %s %s', async (method, url) => {
    for (const body of hostile) {
      const res = await t.sendJson({ method, url, token, body });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('never answers 5xx to bad query strings', async () => {
    for (const query of ['page=-1', 'page=abc', 'perPage=0', 'perPage=All&page=9999999999', 'sort[]=x', 'search=' + '%'.repeat(300), 'status=7']) {
      const res = await t.call({ method: 'GET', url: `/api/content/dynamic-content-section?${query}`, token });
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('a constraint broken by a race', () => {
  /** The error the database gives for `statement`, as drizzle passes it on. */
  const failureOf = async (statement: ReturnType<typeof sql>) => {
    try {
      await t.app.db.execute(statement);
    } catch (error) {
      return error;
    }
    throw new Error('the statement was accepted');
  };

  it('is a conflict with a message saying which side is gone or still in use, never a server error', async () => {
    await t.app.db.execute(sql`create table race_parent (id integer primary key)`);
    await t.app.db.execute(sql`create table race_child (parent_id integer not null references race_parent (id))`);
    await t.app.db.execute(sql`insert into race_parent values (1)`);
    await t.app.db.execute(sql`insert into race_child values (1)`);

    expect(constraintConflict(await failureOf(sql`insert into race_child values (2)`))).toBe(CONSTRAINT_MESSAGES.missingReference);
    expect(constraintConflict(await failureOf(sql`delete from race_parent where id = 1`))).toBe(CONSTRAINT_MESSAGES.stillReferenced);
    expect(constraintConflict(await failureOf(sql`insert into race_parent values (1)`))).toBe(CONSTRAINT_MESSAGES.duplicate);
    expect(constraintConflict(await failureOf(sql`select 1 / 0`))).toBeNull();
    expect(constraintConflict(new Error('anything else'))).toBeNull();
  });
});

describe('logs', () => {
  it('never contain passwords or tokens', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk, _enc, done) {
        logged += chunk.toString();
        done();
      },
    });
    const { target, drop } = await freshDatabase();
    const app = await buildApp({
      clock: new ManualClock(new Date()),
      database: target,
      seed: { patientsPerProgram: 2 },
      logger: { level: 'trace', stream },
    });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'staff@northside.test', password: DEMO_PASSWORD } });
      const issued = login.json().data.token as string;
      await app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${issued}` } });
      await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'staff@northside.test', password: 'Wrong-secret-99' } });
      expect(logged.length).toBeGreaterThan(0);
      expect(logged).not.toContain(DEMO_PASSWORD);
      expect(logged).not.toContain('Wrong-secret-99');
      expect(logged).not.toContain(issued);
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe('documentation', () => {
  it('serves the OpenAPI document with the routes and their schemas', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/user', '/api/sidebar-menu']));
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
  });

  it('answers health with 200 once ready', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('ok');
  });
});
