/**
 * The second sign-in factor through the API: enrolment at sign-in and when signed in, codes, replay,
 * recovery codes, the lock, the requirement for super admins (SUPER_ADMIN_MFA=required here) and for a
 * program's staff, and turning it off.
 */
import { and, eq } from 'drizzle-orm';
import { AUTH_FLOW_MESSAGES, MFA_MESSAGES } from '@baridesk/contracts';
import { loadConfig } from '../../../config';
import { accounts, auditRecords, mfaFactors, mfaRecoveryCodes, programs } from '../../../db/schema';
import { DEMO_PASSWORD, SECURITY_QUESTION_DEMO_EMAIL } from '../../../seed/demo';
import { type TestApp, createTestApp } from '../../../test/app';
import { recoveryCodeHash, totpCodeAt } from '../mfa';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ patientsPerProgram: 0, config: { superAdminMfa: 'required' } });
});
afterAll(() => t?.close());

// Each sign-in speaks from an address of its own, so the per-address throttle of one test never meets another's.
let lastIp = 0;
const newIp = () => `203.0.113.${++lastIp}`;
const post = (url: string, payload: object, { ip = newIp(), token }: { ip?: string; token?: string } = {}) =>
  t.call({ method: 'POST', url, payload, remoteAddress: ip, ...(token ? { token } : {}) });
const getStatus = async (token: string) => (await t.call({ method: 'GET', url: '/api/mfa', token })).json().data;
const login = (email: string, password = DEMO_PASSWORD, ip?: string) => post('/api/login', { email, password }, { ip });

/** The authenticator's present code; the clock then moves a step on, so the next code is a new one. */
function codeOf(secret: string): string {
  const code = totpCodeAt(secret, t.clock.now());
  t.clock.advance(30_000);
  return code;
}
const wrongCodeOf = (secret: string) => String((Number(totpCodeAt(secret, t.clock.now())) + 1) % 1_000_000).padStart(6, '0');

async function challengeOf(email: string, step: 'code' | 'setup') {
  const res = await login(email);
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toEqual({ mfaStep: step, challenge: expect.any(String), challengeExpiresInMinutes: 15 });
  return res.json().data.challenge as string;
}

/** Sets up an authenticator during sign-in, as the /two-factor-setup screen does. */
async function enrolAtSignIn(email: string) {
  const challenge = await challengeOf(email, 'setup');
  const setup = await post('/api/mfa/challenge/setup', { challenge });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const confirmed = await post('/api/mfa/challenge/confirm', { challenge, code: codeOf(secret) });
  expect(confirmed.statusCode).toBe(200);
  const { token, recoveryCodes } = confirmed.json().data as { token: string; recoveryCodes: string[] };
  return { secret, token, recoveryCodes };
}

const accountIdOf = async (email: string) => (await t.app.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)))[0]!.id;
const failedAttemptsOf = async (id: number) =>
  (await t.app.db.select({ n: accounts.failed_attempts }).from(accounts).where(eq(accounts.id, id)))[0]!.n;
const auditOf = (action: string, accountId: number) =>
  t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, action), eq(auditRecords.entity_id, String(accountId))));
const setProgramRequirement = (programId: number, required: 0 | 1) =>
  t.app.db.update(programs).set({ mfa_required: required }).where(eq(programs.id, programId));

describe('SUPER_ADMIN_MFA', () => {
  it('is required unless set to optional, and a typo stops the start', () => {
    expect(loadConfig({}).superAdminMfa).toBe('required');
    expect(loadConfig({ SUPER_ADMIN_MFA: 'optional' }).superAdminMfa).toBe('optional');
    expect(loadConfig({ SUPER_ADMIN_MFA: ' Required ' }).superAdminMfa).toBe('required');
    expect(() => loadConfig({ SUPER_ADMIN_MFA: 'off' })).toThrow('SUPER_ADMIN_MFA must be required or optional');
  });
});

describe('a super admin when the deployment requires it', () => {
  it('sets up an authenticator after the password, gets recovery codes once, then signs in with codes', async () => {
    const email = 'superadmin@baridesk.test';
    const challenge = await challengeOf(email, 'setup');
    // No code to check yet: the code step refuses a setup challenge.
    expect((await post('/api/mfa/challenge', { challenge, code: '123456' })).statusCode).toBe(410);

    const setup = await post('/api/mfa/challenge/setup', { challenge });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(`otpauth://totp/BariDesk:superadmin%40baridesk.test?secret=${secret}&issuer=BariDesk`);
    expect(qrSvg).toMatch(/^<svg /);

    // A wrong first code is said on the field and not counted towards the lock.
    const wrong = await post('/api/mfa/challenge/confirm', { challenge, code: wrongCodeOf(secret) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: [MFA_MESSAGES.wrongCode] });
    expect(await failedAttemptsOf(48)).toBe(0);

    const confirmed = await post('/api/mfa/challenge/confirm', { challenge, code: codeOf(secret) });
    expect(confirmed.statusCode).toBe(200);
    const { token, recoveryCodes, user } = confirmed.json().data;
    expect(user).toMatchObject({ id: 48, type: 'super_admin' });
    expect(recoveryCodes).toHaveLength(10);
    expect((await t.call({ method: 'GET', url: '/api/user', token })).statusCode).toBe(200);
    // The challenge is spent, and only hashes of the recovery codes are kept.
    expect((await post('/api/mfa/challenge/confirm', { challenge, code: codeOf(secret) })).statusCode).toBe(410);
    const stored = await t.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.account_id, 48));
    expect(stored.map((row) => row.code_hash).sort()).toEqual(recoveryCodes.map(recoveryCodeHash).sort());
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);
    expect(await auditOf('mfa.enable', 48)).toHaveLength(1);
    expect(await getStatus(token)).toMatchObject({ enabled: true, required: true, recoveryCodesLeft: 10 });

    // Next time: the code step.
    const next = await challengeOf(email, 'code');
    const signedIn = await post('/api/mfa/challenge', { challenge: next, code: codeOf(secret) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data).toMatchObject({ token: expect.any(String), user: { id: 48 } });
    expect(signedIn.json().data.recoveryCodes).toBeUndefined();
    // The session is opened once: the challenge cannot sign in again.
    expect((await post('/api/mfa/challenge', { challenge: next, code: codeOf(secret) })).statusCode).toBe(410);
    const [signIn] = (await auditOf('login', 48)).filter((row) => row.success).slice(-1);
    expect(signIn!.detail).toEqual({ secondFactor: 'authenticator' });
  });

  it('never accepts one code twice, even in a new sign-in within its window', async () => {
    const { secret } = await enrolAtSignIn('admin2@baridesk.test');
    const code = totpCodeAt(secret, t.clock.now());
    const first = await challengeOf('admin2@baridesk.test', 'code');
    expect((await post('/api/mfa/challenge', { challenge: first, code })).statusCode).toBe(200);
    const second = await challengeOf('admin2@baridesk.test', 'code');
    const replayed = await post('/api/mfa/challenge', { challenge: second, code });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors).toEqual({ code: [MFA_MESSAGES.wrongCode] });
    // The previous step's code is too old now as well; the next step's is fine.
    t.clock.advance(30_000);
    expect((await post('/api/mfa/challenge', { challenge: second, code: codeOf(secret) })).statusCode).toBe(200);
  });

  it('takes a recovery code instead, once; its use is audited', async () => {
    const email = 'admin2@baridesk.test';
    const id = await accountIdOf(email);
    // A fresh set, asked with a current code.
    const token = await (async () => {
      const challenge = await challengeOf(email, 'code');
      const secret = await secretOf(id);
      return (await post('/api/mfa/challenge', { challenge, code: codeOf(secret) })).json().data.token as string;
    })();
    const renewed = await post('/api/mfa/recovery-codes', { code: codeOf(await secretOf(id)) }, { token });
    expect(renewed.statusCode).toBe(200);
    const [recovery] = renewed.json().data.recoveryCodes as string[];

    const challenge = await challengeOf(email, 'code');
    // Typed in capitals with spaces: the same code.
    const used = await post('/api/mfa/challenge', { challenge, code: '', recovery_code: ` ${recovery!.toUpperCase().replace('-', ' ')} ` });
    expect(used.statusCode).toBe(200);
    expect(used.json().data.user.id).toBe(id);
    const [audited] = await auditOf('mfa.recovery_code_used', id);
    expect(audited!.detail).toEqual({ left: 9 });

    const again = await challengeOf(email, 'code');
    const reused = await post('/api/mfa/challenge', { challenge: again, recovery_code: recovery });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors).toEqual({ recovery_code: [MFA_MESSAGES.wrongRecoveryCode] });
    expect(await getStatus(used.json().data.token)).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('cannot turn it off while it is required', async () => {
    const challenge = await challengeOf('superadmin@baridesk.test', 'code');
    const secret = await secretOf(48);
    const token = (await post('/api/mfa/challenge', { challenge, code: codeOf(secret) })).json().data.token as string;
    const refused = await post('/api/mfa/disable', { password: DEMO_PASSWORD, code: codeOf(secret) }, { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MFA_MESSAGES.required);
    expect((await t.app.db.select().from(mfaFactors).where(eq(mfaFactors.account_id, 48)))).toHaveLength(1);
  });
});

async function secretOf(accountId: number): Promise<string> {
  const factor = await t.app.mfa.factor(accountId);
  if (!factor) throw new Error(`Account ${accountId} has no authenticator.`);
  return factor.secret;
}

describe('wrong codes', () => {
  it('count towards the account lock like wrong passwords, are audited, and a locked account refuses the right code', async () => {
    const email = 'limited@northside.test';
    const id = await accountIdOf(email);
    await setProgramRequirement(101, 1);
    try {
      const { secret } = await enrolAtSignIn(email);
      const challenge = await challengeOf(email, 'code');
      const ip = newIp();
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const res = await post('/api/mfa/challenge', { challenge, code: wrongCodeOf(secret) }, { ip });
        expect(res.statusCode).toBe(422);
      }
      expect(await failedAttemptsOf(id)).toBe(4);
      const locking = await post('/api/mfa/challenge', { challenge, code: wrongCodeOf(secret) }, { ip });
      expect(locking.statusCode).toBe(423);
      const right = await post('/api/mfa/challenge', { challenge, code: codeOf(secret) }, { ip });
      expect(right.statusCode).toBe(423);
      const failures = (await auditOf('login.mfa', id)).filter((row) => !row.success);
      expect(failures.map((row) => (row.detail as { reason: string }).reason)).toEqual([
        ...Array(4).fill('wrong or reused authenticator code'),
        'wrong or reused authenticator code; locked',
        'locked',
      ]);
    } finally {
      await setProgramRequirement(101, 0);
      await t.app.db.update(accounts).set({ locked_until: null, failed_attempts: 0 }).where(eq(accounts.id, id));
    }
  });

  it('leave an expired challenge unusable', async () => {
    const challenge = await challengeOf('superadmin@baridesk.test', 'code');
    t.clock.advance(16 * 60_000);
    const res = await post('/api/mfa/challenge', { challenge, code: codeOf(await secretOf(48)) });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(AUTH_FLOW_MESSAGES.challengeInvalid);
  });

  it('are a 422 on the field when they are not codes at all', async () => {
    const challenge = await challengeOf('superadmin@baridesk.test', 'code');
    const none = await post('/api/mfa/challenge', { challenge });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ code: [MFA_MESSAGES.codeOrRecoveryCode] });
    const letters = await post('/api/mfa/challenge', { challenge, code: 'abcdef' });
    expect(letters.json().errors).toEqual({ code: [MFA_MESSAGES.codeFormat] });
    const badRecovery = await post('/api/mfa/challenge', { challenge, recovery_code: 'short' });
    expect(badRecovery.json().errors).toEqual({ recovery_code: [MFA_MESSAGES.recoveryCodeFormat] });
  });
});

describe('a program that requires it', () => {
  afterEach(() => setProgramRequirement(101, 0));

  it('has each of its staff set it up at sign-in; another program’s staff sign in as before', async () => {
    await setProgramRequirement(101, 1);
    await challengeOf('staff@northside.test', 'setup');
    await challengeOf('subuser@northside.test', 'setup');
    const lakeview = await login('subuser@lakeview.test');
    expect(lakeview.json().data.token).toEqual(expect.any(String));

    const { token } = await enrolAtSignIn('staff@northside.test');
    expect(await getStatus(token)).toMatchObject({ enabled: true, required: true });
    const refused = await post('/api/mfa/disable', { password: DEMO_PASSWORD, code: '000000' }, { token });
    expect(refused.statusCode).toBe(403);

    // Once the program stops asking, the staff member keeps the authenticator until turning it off.
    await setProgramRequirement(101, 0);
    await challengeOf('staff@northside.test', 'code');
    expect(await getStatus(token)).toMatchObject({ enabled: true, required: false });
  });

  it('leads from the security question into the same step', async () => {
    await setProgramRequirement(101, 1);
    const first = await login(SECURITY_QUESTION_DEMO_EMAIL);
    expect(first.json().data.securityStep).toBe('setup');
    const answered = await post('/api/security-answer', { challenge: first.json().data.challenge, question_id: 1, answer: 'Rex' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toEqual({ mfaStep: 'setup', challenge: expect.any(String), challengeExpiresInMinutes: 15 });
    const challenge = answered.json().data.challenge as string;
    // The security challenge is not the second factor's.
    expect((await post('/api/mfa/challenge/setup', { challenge: first.json().data.challenge })).statusCode).toBe(410);
    const { secret } = (await post('/api/mfa/challenge/setup', { challenge })).json().data;
    const done = await post('/api/mfa/challenge/confirm', { challenge, code: codeOf(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.user.email).toBe(SECURITY_QUESTION_DEMO_EMAIL);
  });
});

describe('signed in, optional', () => {
  it('sets up, confirms, renews recovery codes and turns it off with the password and a code', async () => {
    const email = 'selfservice@northside.test';
    const token = await t.login(email);
    expect(await getStatus(token)).toEqual({ enabled: false, required: false, confirmedAt: null, recoveryCodesLeft: 0 });
    expect((await post('/api/mfa/confirm', { code: '123456' }, { token })).statusCode).toBe(409);
    expect((await post('/api/mfa/recovery-codes', { code: '123456' }, { token })).json()).toEqual({ message: MFA_MESSAGES.notEnabled });

    // The password again first, counted like a wrong one at sign-in.
    const noPassword = await post('/api/mfa/setup', { password: 'not-it' }, { token });
    expect(noPassword.json().errors).toEqual({ password: [MFA_MESSAGES.wrongPassword] });
    const setup = await post('/api/mfa/setup', { password: DEMO_PASSWORD }, { token });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data;
    const wrong = await post('/api/mfa/confirm', { code: wrongCodeOf(secret) }, { token });
    expect(wrong.statusCode).toBe(422);
    const confirmed = await post('/api/mfa/confirm', { code: codeOf(secret) }, { token });
    expect(confirmed.statusCode).toBe(200);
    const firstCodes = confirmed.json().data.recoveryCodes as string[];
    expect(firstCodes).toHaveLength(10);
    expect(await getStatus(token)).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 10, confirmedAt: expect.any(String) });
    // A confirmed authenticator is not replaced behind the user's back.
    expect((await post('/api/mfa/setup', { password: DEMO_PASSWORD }, { token })).json()).toEqual({ message: MFA_MESSAGES.alreadyEnabled });

    const renewed = await post('/api/mfa/recovery-codes', { code: codeOf(secret) }, { token });
    expect(renewed.statusCode).toBe(200);
    const challenge = await challengeOf(email, 'code');
    expect((await post('/api/mfa/challenge', { challenge, recovery_code: firstCodes[0] })).statusCode).toBe(422);

    const id = await accountIdOf(email);
    const badPassword = await post('/api/mfa/disable', { password: 'not-it', code: codeOf(secret) }, { token });
    expect(badPassword.json().errors).toEqual({ password: [MFA_MESSAGES.wrongPassword] });
    const badCode = await post('/api/mfa/disable', { password: DEMO_PASSWORD, code: wrongCodeOf(secret) }, { token });
    expect(badCode.json().errors).toEqual({ code: [MFA_MESSAGES.wrongCode] });
    expect(await failedAttemptsOf(id)).toBe(4); // the setup's password, the recovery code reused above, the password, the code
    const off = await post('/api/mfa/disable', { password: DEMO_PASSWORD, code: codeOf(secret) }, { token });
    expect(off.json()).toEqual({ message: MFA_MESSAGES.disabled });
    expect(await getStatus(token)).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(await t.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.account_id, id))).toHaveLength(0);
    expect((await login(email)).json().data.token).toEqual(expect.any(String));
    expect((await auditOf('mfa.disable', id)).map((row) => row.success)).toEqual([false, false, true]);
    expect((await auditOf('mfa.setup', id)).map((row) => row.success)).toEqual([false, true]);
  });

  it('is refused to a caller without a session', async () => {
    expect((await t.call({ method: 'GET', url: '/api/mfa' })).statusCode).toBe(401);
    expect((await post('/api/mfa/setup', { password: DEMO_PASSWORD })).statusCode).toBe(401);
  });
});
