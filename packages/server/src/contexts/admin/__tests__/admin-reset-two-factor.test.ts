/**
 * The help desk's answer to a lost authenticator and lost recovery codes: a super admin resets someone's
 * two-step sign-in (program users, a program's own account, another super admin). The factor and the
 * codes go, every session of the account ends, the reset is audited and the owner is told by e-mail
 * (received here by a real SMTP server).
 */
import { PERMISSION_SLUGS, type PermissionSlug } from '@baridesk/domain';
import { and, eq } from 'drizzle-orm';
import { TWO_FACTOR_RESET_MESSAGES } from '@baridesk/contracts';
import { auditRecords, mfaFactors, mfaRecoveryCodes, programs } from '../../../db/schema';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { type ConfiguredTestApp, type TestSmtpServer, createConfiguredTestApp, startSmtpServer } from '../../../test/mail';
import { totpCodeAt } from '../../identity';

const ROOT = 'superadmin@baridesk.test';
const ADMIN2 = 'admin2@baridesk.test';
const STAFF = { id: 201, email: 'staff@northside.test' };
const PROGRAM = { id: 101, email: 'subuser@northside.test' };
const NOTICE = 'Your BariDesk two-step sign-in was reset';

let smtp: TestSmtpServer;
let t: ConfiguredTestApp;
let root: string;
let admin2: string;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createConfiguredTestApp({ smtpUrl: smtp.url, publicUrl: 'https://baridesk.example' }, { patientsPerProgram: 0 });
  root = await t.login(ROOT);
  admin2 = await t.login(ADMIN2);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let lastIp = 0;
const newIp = () => `198.51.100.${++lastIp}`;
const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  t.call({ method, url, remoteAddress: newIp(), ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
const reset = (area: 'program-user' | 'baritastic-program' | 'super-admin', id: unknown, token = root) =>
  call('POST', `/api/admin/${area}/reset-two-factor`, token, { id });
const signIn = (email: string, password = DEMO_PASSWORD) => call('POST', '/api/login', undefined, { email, password });
const factorRows = async (id: number) => ({
  factors: (await t.app.db.select().from(mfaFactors).where(eq(mfaFactors.account_id, id))).length,
  codes: (await t.app.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.account_id, id))).length,
});
const auditOf = (action: string, id: number) =>
  t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, action), eq(auditRecords.entity_id, String(id))));

/** Turns on an authenticator for the signed-in account, as its Two-Factor Authentication page does. */
async function enrol(token: string) {
  const setup = await call('POST', '/api/mfa/setup', token, { password: DEMO_PASSWORD });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const code = totpCodeAt(secret, t.clock.now());
  t.clock.advance(30_000);
  const confirmed = await call('POST', '/api/mfa/confirm', token, { code });
  expect(confirmed.statusCode).toBe(200);
  expect(await factorRows(await accountOf(token))).toEqual({ factors: 1, codes: 10 });
}
const accountOf = async (token: string) => (await call('GET', '/api/user', token)).json().data.id as number;

/** After a reset: the rows are gone, the old session is refused, the reset is audited and the owner told. */
async function expectReset(account: { id: number; email: string }, oldSession: string) {
  expect(await factorRows(account.id)).toEqual({ factors: 0, codes: 0 });
  expect((await call('GET', '/api/user', oldSession)).statusCode).toBe(401);
  const [audit] = await auditOf('mfa.reset', account.id);
  expect(audit).toMatchObject({ entity: 'account', actor_account_id: 48, success: true });
  const mail = await smtp.next((m) => m.envelopeTo.includes(account.email) && m.subject === NOTICE);
  expect(mail.text).toContain('An administrator has reset the two-step sign-in of your BariDesk account');
  expect(mail.text).toContain('if your program or role requires it');
}

describe('POST /api/admin/program-user/reset-two-factor', () => {
  it('removes a program user\'s factor: the password alone signs in again, or the set-up when the program requires it', async () => {
    const session = await t.login(STAFF.email);
    await enrol(session);
    expect((await signIn(STAFF.email)).json().data).toMatchObject({ mfaStep: 'code' });

    // Without program_users (admin2 holds two other permissions): refused, nothing removed.
    expect((await reset('program-user', STAFF.id, admin2)).statusCode).toBe(403);
    expect(await factorRows(STAFF.id)).toEqual({ factors: 1, codes: 10 });

    const res = await reset('program-user', STAFF.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: TWO_FACTOR_RESET_MESSAGES.reset });
    await expectReset(STAFF, session);
    expect((await signIn(STAFF.email)).json().data).toMatchObject({ token: expect.any(String) });

    await t.app.db.update(programs).set({ mfa_required: 1 }).where(eq(programs.id, 101));
    try {
      expect((await signIn(STAFF.email)).json().data).toMatchObject({ mfaStep: 'setup' });
    } finally {
      await t.app.db.update(programs).set({ mfa_required: 0 }).where(eq(programs.id, 101));
    }
  });

  it('422 without a factor, 404 for an unknown id or another kind of account, 422 for a bad id', async () => {
    const none = await reset('program-user', 202);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ message: TWO_FACTOR_RESET_MESSAGES.noFactor, errors: { id: [TWO_FACTOR_RESET_MESSAGES.noFactor] } });
    expect((await reset('program-user', 999_999)).statusCode).toBe(404);
    expect((await reset('program-user', PROGRAM.id)).statusCode).toBe(404);
    expect((await reset('program-user', 'x')).statusCode).toBe(422);
    expect(await auditOf('mfa.reset', 202)).toHaveLength(0);
  });
});

describe('POST /api/admin/baritastic-program/reset-two-factor', () => {
  it("removes the program account's factor; 403 without baritastic_programs, then 422, 404 unknown", async () => {
    const session = await t.login(PROGRAM.email);
    await enrol(session);
    expect((await reset('baritastic-program', PROGRAM.id, admin2)).statusCode).toBe(403);

    const res = await reset('baritastic-program', PROGRAM.id);
    expect(res.statusCode).toBe(200);
    await expectReset(PROGRAM, session);
    expect((await signIn(PROGRAM.email)).json().data).toMatchObject({ token: expect.any(String) });

    expect((await reset('baritastic-program', PROGRAM.id)).json()).toMatchObject({ message: TWO_FACTOR_RESET_MESSAGES.noFactor });
    expect((await reset('baritastic-program', 999_999)).statusCode).toBe(404);
    expect((await reset('baritastic-program', STAFF.id)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/super-admin/reset-two-factor', () => {
  const idOf = (slug: PermissionSlug) => PERMISSION_SLUGS.indexOf(slug) + 1;

  it("resets another super admin's factor, never one's own, and 48's only by 48", async () => {
    const ADMIN2_ACCOUNT = { id: 49, email: ADMIN2 };
    const session = await t.login(ADMIN2);
    await enrol(session);
    // admin2 lacks manage_super_admin, even for its own account.
    expect((await reset('super-admin', 49, session)).statusCode).toBe(403);

    // One's own: refused (one's own page turns it off, with the password and a code).
    const own = await reset('super-admin', 48);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(TWO_FACTOR_RESET_MESSAGES.notYourself);

    // Another holder of manage_super_admin may reset 49's, but not 48's.
    const password = 'Helpdesk2026pw';
    const created = await call('POST', '/api/admin/super-admin', root, {
      first_name: 'Help',
      last_name: 'Desk',
      email: 'helpdesk@baridesk.test',
      password,
      confirm_password: password,
      permission_ids: [idOf('manage_super_admin')],
    });
    expect(created.statusCode).toBe(201);
    const helpdesk = await t.login('helpdesk@baridesk.test', password);
    const main = await reset('super-admin', 48, helpdesk);
    expect(main.statusCode).toBe(403);
    expect(main.json().message).toBe(TWO_FACTOR_RESET_MESSAGES.mainOnlyByMain);
    // Both refusals are audited.
    expect((await auditOf('super-admin.reset-two-factor', 48)).map((row) => [row.success, row.detail])).toEqual([
      [false, { refused: TWO_FACTOR_RESET_MESSAGES.notYourself }],
      [false, { refused: TWO_FACTOR_RESET_MESSAGES.mainOnlyByMain }],
    ]);

    const res = await reset('super-admin', 49);
    expect(res.statusCode).toBe(200);
    await expectReset(ADMIN2_ACCOUNT, session);
    expect((await signIn(ADMIN2)).json().data).toMatchObject({ token: expect.any(String) });

    expect((await reset('super-admin', 49, helpdesk)).statusCode).toBe(422);
    expect((await reset('super-admin', 999_999)).statusCode).toBe(404);
    expect((await reset('super-admin', STAFF.id)).statusCode).toBe(404);
  });
});
