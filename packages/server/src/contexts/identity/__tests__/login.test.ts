import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, SECURITY_QUESTION_DEMO_EMAIL } from '../../../seed/demo';
import { accounts, auditRecords, programUsers } from '../../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '203.0.113.10') =>
  t.call({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });

describe('POST /api/login', () => {
  const withoutSecurityQuestion = DEMO_ACCOUNTS.filter((a) => a.email !== SECURITY_QUESTION_DEMO_EMAIL);
  it.each(withoutSecurityQuestion.map((a) => [a.email, a.type] as const))('signs in %s (%s)', async (email, type) => {
    const res = await login(email, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user).toMatchObject({ email, type });
    expect(data.expiresInMinutes).toBe(90);
    expect(typeof data.isEventExist).toBe('boolean');
  });

  it('asks the security question instead of signing in an account that has it on (auth-flows.test.ts)', async () => {
    const res = await login(SECURITY_QUESTION_DEMO_EMAIL, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ securityStep: 'setup', challenge: expect.any(String), challengeExpiresInMinutes: 10 });
  });

  it('is case-insensitive on the e-mail address and ignores surrounding spaces', async () => {
    const res = await login('  Staff@NorthSide.TEST ', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it('tells whether the program has events', async () => {
    expect((await login('subuser@northside.test', DEMO_PASSWORD)).json().data.isEventExist).toBe(true);
    expect((await login('subuser@lakeview.test', DEMO_PASSWORD)).json().data.isEventExist).toBe(false);
  });

  it('keeps the password-changed flag of an account that never changed it', async () => {
    const res = await login('newstaff@northside.test', DEMO_PASSWORD);
    expect(res.json().data.user.is_password_changed).toBe(0);
  });

  it('answers a wrong password and an unknown address alike, with 401', async () => {
    const wrong = await login('staff@northside.test', 'Wrong1234', '198.51.100.1');
    const unknown = await login('nobody@northside.test', 'Wrong1234', '198.51.100.1');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'These credentials do not match our records.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('validates the body with a field map', async () => {
    const res = await login('not-an-email', '');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The email field must have a valid email address.',
      errors: { email: ['The email field must have a valid email address.'], password: ['Password is required.'] },
    });
    const empty = await t.call({ method: 'POST', url: '/api/login' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'password']);
  });

  it('records sign-ins, failed and successful, in the audit log with the address', async () => {
    await login('limited@northside.test', DEMO_PASSWORD, '192.0.2.77');
    const rows = await t.app.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.ip, '192.0.2.77'));
    expect(rows).toEqual([expect.objectContaining({ action: 'login', success: true, entity: 'account' })]);
  });
});

describe('account lockout', () => {
  const email = 'limited@northside.test';
  let id: number;
  beforeAll(async () => {
    id = (await login(email, DEMO_PASSWORD)).json().data.user.id;
    // This program user allows 3 attempts, then locks for 10 minutes.
    await t.app.db.update(programUsers).set({ retries: 3, time_out: 10 }).where(eq(programUsers.id, id));
  });

  it('locks after the allowed failures, refuses the right password while locked, and opens after time_out', async () => {
    const ip = '198.51.100.20';
    expect((await login(email, 'Wrong0001', ip)).statusCode).toBe(401);
    expect((await login(email, 'Wrong0002', ip)).statusCode).toBe(401);
    const third = await login(email, 'Wrong0003', ip);
    expect(third.statusCode).toBe(423);
    expect(third.json().message).toBe(
      'Your account is locked after too many failed sign-in attempts. Please try again in 10 minutes.',
    );

    const right = await login(email, DEMO_PASSWORD, ip);
    expect(right.statusCode).toBe(423);
    expect(right.json().message).toMatch(/try again in 10 minutes/);

    t.clock.advanceMinutes(9);
    expect((await login(email, DEMO_PASSWORD, ip)).json().message).toMatch(/try again in 1 minute\.$/);
    t.clock.advanceMinutes(1.01);
    expect((await login(email, DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('starts counting again after a successful sign-in', async () => {
    const ip = '198.51.100.21';
    await login(email, 'Wrong0001', ip);
    await login(email, 'Wrong0002', ip);
    expect((await login(email, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    expect((await login(email, 'Wrong0003', ip)).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(accounts).where(eq(accounts.id, id));
    expect(row?.failed_attempts).toBe(1);
  });

  it('uses 5 attempts when the account sets none', async () => {
    const ip = '198.51.100.22';
    const target = 'admin2@baridesk.test';
    for (let i = 0; i < 4; i++) expect((await login(target, `Wrong000${i}`, ip)).statusCode).toBe(401);
    expect((await login(target, 'Wrong0009', ip)).statusCode).toBe(423);
    t.clock.advanceMinutes(16);
  });

  it('counts parallel wrong passwords without losing any', async () => {
    const target = 'newstaff@northside.test';
    await Promise.all(Array.from({ length: 4 }, (_, i) => login(target, `Wrong00${i}x`, `198.51.100.${30 + i}`)));
    const [row] = await t.app.db
      .select({ failed: accounts.failed_attempts })
      .from(accounts)
      .where(eq(sql`lower(${accounts.email})`, target));
    expect(row?.failed).toBe(4);
    t.clock.advanceMinutes(16);
  });
});

describe('per-address throttle', () => {
  it('answers 429 with Retry-After once one address failed 20 times in 15 minutes, whatever the accounts', async () => {
    const ip = '198.51.100.99';
    for (let i = 0; i < 20; i++) {
      expect((await login(`nobody${i}@example.test`, 'Wrong1234', ip)).statusCode).toBe(401);
    }
    const blocked = await login('staff@northside.test', DEMO_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts from this address/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login('staff@northside.test', DEMO_PASSWORD, '198.51.100.100')).statusCode).toBe(200);
    t.clock.advanceMinutes(16);
    expect((await login('staff@northside.test', DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });
});

describe('inactive accounts', () => {
  it('refuses an inactive account with 403 after the right password, and 401 with a wrong one', async () => {
    await t.app.db.update(accounts).set({ status: 0 }).where(eq(accounts.email, 'selfservice@northside.test'));
    const right = await login('selfservice@northside.test', DEMO_PASSWORD, '198.51.100.50');
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe('Your account is inactive. Please contact your program administrator.');
    expect((await login('selfservice@northside.test', 'Wrong1234', '198.51.100.50')).statusCode).toBe(401);
    await t.app.db.update(accounts).set({ status: 1 }).where(eq(accounts.email, 'selfservice@northside.test'));
  });

  it('refuses a program user past their deactivation date', async () => {
    const id = (await login('selfservice@northside.test', DEMO_PASSWORD)).json().data.user.id;
    const today = t.clock.now().toISOString().slice(0, 10);
    await t.app.db.update(programUsers).set({ deactivation_date: today }).where(eq(programUsers.id, id));
    expect((await login('selfservice@northside.test', DEMO_PASSWORD)).statusCode).toBe(403);
    await t.app.db.update(programUsers).set({ deactivation_date: null }).where(eq(programUsers.id, id));
  });
});
