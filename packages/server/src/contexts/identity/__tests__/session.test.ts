import { createTestApp, type TestApp } from '../../../test/app';
import { sessions } from '../../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const validate = (token?: string) => t.call({ method: 'GET', url: '/api/token/validate', token });

describe('bearer tokens', () => {
  it('answers 401 with a message for a missing, malformed or unknown token', async () => {
    const missing = await validate();
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ message: 'You are not signed in. Please log in.' });

    const malformed = await t.call({ method: 'GET', url: '/api/user', headers: { authorization: 'Bearer abc' } });
    expect(malformed.statusCode).toBe(401);
    expect(malformed.json().message).toBe('The sign-in token is not valid. Please log in again.');

    const basic = await t.call({ method: 'GET', url: '/api/user', headers: { authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.statusCode).toBe(401);

    const unknown = await validate('A'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Your session is not valid. Please log in again.');
  });

  it('keeps only a digest of the token in the database', async () => {
    const token = await t.login('staff@northside.test');
    const rows = await t.app.db.select({ hash: sessions.token_hash }).from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.hash).not.toContain(token);
    }
  });

  it('validates a live token', async () => {
    const token = await t.login('staff@northside.test');
    const res = await validate(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { valid: true, type: 'program_user', expiresInMinutes: 90 } });
  });
});

describe('idle expiry', () => {
  it('expires a session after 90 minutes without a call, and any call keeps it alive', async () => {
    const token = await t.login('subuser@northside.test');
    t.clock.advanceMinutes(80);
    expect((await validate(token)).statusCode).toBe(200);
    t.clock.advanceMinutes(80);
    expect((await t.call({ method: 'GET', url: '/api/sidebar-menu', token })).statusCode).toBe(200);
    t.clock.advanceMinutes(89);
    expect((await validate(token)).statusCode).toBe(200);
    t.clock.advanceMinutes(91);
    const expired = await validate(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session expired after 90 minutes without activity. Please log in again.');
  });

  it('does not count a background call (a figure the page refreshes on its own) as activity', async () => {
    const token = await t.login('subuser@northside.test');
    for (let i = 0; i < 9; i++) {
      t.clock.advanceMinutes(10);
      const counted = await t.call({ method: 'GET', url: '/api/token/validate', token, headers: { 'x-background-request': '1' } });
      expect(counted.statusCode).toBe(200);
    }
    t.clock.advanceMinutes(1);
    const expired = await validate(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('Your session expired after 90 minutes without activity. Please log in again.');
  });

  it('expires each session on its own clock', async () => {
    const idle = await t.login('staff@northside.test');
    const busy = await t.login('staff@northside.test');
    for (let i = 0; i < 4; i++) {
      t.clock.advanceMinutes(30);
      expect((await validate(busy)).statusCode).toBe(200);
    }
    expect((await validate(idle)).statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the token at once and leaves other sessions open', async () => {
    const first = await t.login('staff@northside.test');
    const second = await t.login('staff@northside.test');
    const out = await t.call({ method: 'POST', url: '/api/logout', token: first });
    expect(out.statusCode).toBe(200);
    const after = await validate(first);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('You have been logged out. Please log in again.');
    expect((await validate(second)).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/logout', token: first })).statusCode).toBe(401);
  });
});

describe('GET /api/user', () => {
  it('describes a program user with its program code', async () => {
    const token = await t.login('staff@northside.test');
    const res = await t.call({ method: 'GET', url: '/api/user', token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'staff@northside.test',
      type: 'program_user',
      program_id: 101,
      programmer_code: 'NSB-1001',
      sub_user: { id: 101, programmer_code: 'NSB-1001' },
      administrative_rights: 1,
      self_service: 0,
      terms_and_conditions_check: 1,
      is_password_changed: 1,
      permissions: [],
    });
  });

  it('describes a super admin with its permissions and no program', async () => {
    const token = await t.login('admin2@baridesk.test');
    const { data } = (await t.call({ method: 'GET', url: '/api/user', token })).json();
    expect(data).toMatchObject({ type: 'super_admin', program_id: null, programmer_code: null, sub_user: null });
    expect(data.permissions.map((p: { slug: string }) => p.slug).sort()).toEqual(['cards_and_trophies', 'manage_events']);
  });

  it('shows the sub user its popup message', async () => {
    const token = await t.login('subuser@lakeview.test');
    const { data } = (await t.call({ method: 'GET', url: '/api/user', token })).json();
    expect(data).toMatchObject({ type: 'sub_user', id: 102, program_id: 102, popup_status: 1, administrative_rights: 1 });
    expect(data.popup_msg1).toEqual(expect.any(String));
  });

  it('shows a self-service user who has not accepted the terms', async () => {
    const token = await t.login('selfservice@northside.test');
    const { data } = (await t.call({ method: 'GET', url: '/api/user', token })).json();
    expect(data).toMatchObject({ self_service: 1, terms_and_conditions_check: 0 });
  });
});

describe('housekeeping', () => {
  it('deletes sessions that ended over a day ago and keeps the rest', async () => {
    const stale = await t.login('limited@northside.test');
    await t.call({ method: 'POST', url: '/api/logout', token: stale });
    t.clock.advanceMinutes(26 * 60);
    const fresh = await t.login('limited@northside.test');
    await t.app.sessions.prune(t.clock.now(), 90);
    const left = await t.app.db.select().from(sessions);
    expect(left.every((s) => s.last_used_at.getTime() > t.clock.now().getTime() - 25 * 3600_000)).toBe(true);
    expect((await validate(fresh)).statusCode).toBe(200);
  });
});
