/**
 * Issue 14, items 5-7: text that is not UTF-8, what the log says about a request, and the loose edges
 * (strict ids, the Bearer scheme's case, logout with an empty JSON body). One app, its log captured.
 */
import { Writable } from 'node:stream';
import { INVALID_ID } from '@baridesk/contracts';
import { INVALID_UTF8, MALFORMED_ADDRESS } from '../lib/request-text';
import { STAFF_CALLERS, type TestApp, startTestApp } from '../test/app';
import { TEST_PATIENTS_PER_PROGRAM, seededDatabase } from '../test/databases';

let t: TestApp;
let token: string;
let logged: string[] = [];

beforeAll(async () => {
  const { target, drop } = await seededDatabase({ patientsPerProgram: TEST_PATIENTS_PER_PROGRAM });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await startTestApp(target, drop, false, { logger: { level: 'info', stream } });
  token = await t.login(STAFF_CALLERS.NORTH);
});
afterAll(() => t.close());
beforeEach(() => {
  logged = [];
});

/** The JSON text of `text` with the bytes FF FE (never UTF-8) in the middle of its first string. */
const withBadBytes = (json: string) => {
  const at = json.indexOf('"', json.indexOf(':')) + 2;
  return Buffer.concat([Buffer.from(json.slice(0, at)), Buffer.from([0xff, 0xfe]), Buffer.from(json.slice(at))]);
};
const postJson = (url: string, payload: Buffer | string, auth = token) =>
  t.call({ method: 'POST', url, token: auth, headers: { 'content-type': 'application/json' }, payload });

/** A multipart body of text fields, each given as raw bytes. */
function multipart(fields: Record<string, Buffer>) {
  const boundary = 'hardening-boundary';
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`), value, Buffer.from('\r\n')]),
  );
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
  };
}

describe('text that is not UTF-8 is refused with 400, never stored damaged', () => {
  it('in a JSON body: nothing is stored', async () => {
    const res = await postJson('/api/insurance-coordinators/store', withBadBytes(JSON.stringify({ name: 'Broken name' })));
    expect([res.statusCode, res.json()]).toEqual([400, { message: INVALID_UTF8 }]);
    const list = await t.call({ method: 'GET', url: '/api/insurance-coordinators?search=Broken', token });
    expect(list.json().data.data).toEqual([]);
  });

  it('while well-formed text of any script is kept as sent', async () => {
    const name = 'Zoë Ñandú 李 🩺';
    const res = await postJson('/api/insurance-coordinators/store', Buffer.from(JSON.stringify({ name })));
    expect(res.statusCode).toBe(201);
    const list = await t.call({ method: 'GET', url: `/api/insurance-coordinators?search=${encodeURIComponent('Zoë')}`, token });
    expect(list.json().data.data.map((row: { name: string }) => row.name)).toEqual([name]);
  });

  it('in a query string, signed in or not', async () => {
    for (const url of ['/api/patients?search=%FF%FE', '/api/patients?search=ab%C3', '/api/patients?%FF=1', '/api/patients?search=%ED%A0%80']) {
      const res = await t.call({ method: 'GET', url, token });
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { message: INVALID_UTF8 }]);
    }
    const anonymous = await t.call({ method: 'GET', url: '/api/patients?search=%FF' });
    expect(anonymous.statusCode).toBe(400);
    const fine = await t.call({ method: 'GET', url: '/api/patients?search=%C3%A9%20100%', token });
    expect(fine.statusCode).toBe(200);
  });

  it('in a path parameter, with a message and no-store', async () => {
    const res = await t.call({ method: 'GET', url: '/api/patients/%FF%FE', token });
    expect([res.statusCode, res.json(), res.headers['cache-control']]).toEqual([400, { message: MALFORMED_ADDRESS }, 'no-store']);
  });

  it('in a multipart text field', async () => {
    const form = multipart({ kind: Buffer.concat([Buffer.from('ima'), Buffer.from([0xff, 0xfe])]) });
    const res = await t.call({ method: 'POST', url: '/api/uploads', token, ...form });
    expect([res.statusCode, res.json()]).toEqual([400, { message: INVALID_UTF8 }]);
  });

  it('in a plain-text body', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/insurance-coordinators/store',
      token,
      headers: { 'content-type': 'text/plain' },
      payload: Buffer.from([0x6e, 0xff, 0xfe]),
    });
    expect([res.statusCode, res.json()]).toEqual([400, { message: INVALID_UTF8 }]);
  });
});

describe('the log names routes and parameters, never their values', () => {
  const secret = 'Ab3_secret-token-value-that-must-not-show-0';

  it('a search and a token in the query string: the route and the names only', async () => {
    await t.call({ method: 'GET', url: `/api/patients?search=Eleanor%20Whitfield&token=${secret}`, token });
    await t.call({ method: 'GET', url: `/api/patients/3?token=${secret}`, token });
    const text = logged.join('\n');
    expect(text).not.toContain('Eleanor');
    expect(text).not.toContain('Whitfield');
    expect(text).not.toContain(secret);
    expect(text).not.toContain(token);
    expect(text).not.toContain('/api/patients/3');
    const incoming = logged.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'incoming request');
    expect(incoming.map((entry) => entry.req)).toEqual([
      { method: 'GET', route: '/api/patients', query: ['search', 'token'], remoteAddress: '127.0.0.1' },
      { method: 'GET', route: '/api/patients/:id', query: ['token'], remoteAddress: '127.0.0.1' },
    ]);
  });

  it('an unknown route: no path, which may hold anything the client typed', async () => {
    const res = await t.call({ method: 'GET', url: `/api/password/${secret}?x=1`, token });
    expect([res.statusCode, res.headers['cache-control']]).toEqual([404, 'no-store']);
    expect(logged.join('\n')).not.toContain(secret);
  });

  it('bad input from a client is an info line without a stack, not an error', async () => {
    const answers = await Promise.all([
      t.call({ method: 'GET', url: '/api/sso/callback?code=1&code=2&state=x' }),
      t.call({ method: 'GET', url: `/api/patients/%FF${secret}`, token }),
      t.call({ method: 'GET', url: '/api/patients?perPage=7', token }),
      postJson('/api/login', '{"email": '),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([302, 400, 422, 400]);
    const entries = logged.map((line) => JSON.parse(line));
    expect(entries.filter((entry) => entry.level >= 40 || entry.err !== undefined || /\bat /.test(JSON.stringify(entry)))).toEqual([]);
    expect(logged.join('\n')).not.toContain(secret);
  });

  it('a failed SQL statement is logged without the values bound to it', async () => {
    const { errorForLog } = await import('../lib/request-log');
    const cause = new Error('invalid input syntax');
    const failed = Object.assign(new Error('Failed query: select * from patients where name = $1\nparams: Eleanor Whitfield'), {
      query: 'select * from patients where name = $1',
      params: ['Eleanor Whitfield'],
      cause,
    });
    const entry = JSON.stringify(errorForLog(failed));
    expect(entry).not.toContain('Eleanor');
    expect(entry).toContain('select * from patients where name = $1');
    expect(entry).toContain('invalid input syntax');
  });
});

describe('loose edges', () => {
  it('an id is digits only: " 1", "+1", "1.0", "01" and ids past the integer range name no patient', async () => {
    const patient = await t.call({ method: 'GET', url: '/api/patients/1', token });
    expect(patient.statusCode).toBe(200);
    for (const id of ['%20%31', '1%20', '+1', '1.0', '01', '0x1', '1e0', '2147483648', '-1']) {
      const res = await t.call({ method: 'GET', url: `/api/patients/${id}`, token });
      expect([id, res.statusCode, res.json().message]).toEqual([id, 422, INVALID_ID]);
    }
  });

  it('the Bearer scheme is case-insensitive (RFC 7235)', async () => {
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const res = await t.call({ method: 'GET', url: '/api/user', headers: { authorization: `${scheme} ${token}` } });
      expect([scheme, res.statusCode]).toEqual([scheme, 200]);
    }
  });

  it('POST /api/logout with a JSON content type and an empty body ends the session', async () => {
    const own = await t.login(STAFF_CALLERS.STAFF);
    const res = await postJson('/api/logout', '', own);
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'You have been logged out.' }]);
    expect((await t.call({ method: 'GET', url: '/api/user', token: own })).statusCode).toBe(401);
  });

  it('an empty JSON body elsewhere is a body with every field missing (422), not broken JSON', async () => {
    const res = await postJson('/api/insurance-coordinators/store', '');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('name');
  });
});
