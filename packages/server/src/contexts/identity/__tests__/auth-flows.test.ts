/**
 * The password links, the security question and registration, end to end: every e-mail is received
 * by a real SMTP server and its link followed as the front end would.
 */
import { SUB_MENU_TITLES } from '@baridesk/domain';
import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AUTH_FLOW_MESSAGES } from '@baridesk/contracts';
import { queryRows } from '../../../db/client';
import { accounts, auditRecords, passwordResetTokens, patients, programUsers, programs, securityAnswers, securityQuestions, sessions } from '../../../db/schema';
import { DEMO_PASSWORD, SECURITY_QUESTION_DEMO_EMAIL } from '../../../seed/demo';
import { verifyPassword } from '../../../lib/secrets';
import {
  type ConfiguredTestApp,
  type ReceivedMail,
  type TestSmtpServer,
  createConfiguredTestApp,
  linkParams,
  startSmtpServer,
} from '../../../test/mail';

const PUBLIC_URL = 'https://baridesk.example';
let smtp: TestSmtpServer;
let t: ConfiguredTestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createConfiguredTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

// Each test speaks from addresses of its own, so the per-address limits of one do not touch another.
let lastIp = 0;
const newIp = () => `198.51.100.${++lastIp}`;

const post = (url: string, payload: object, { ip = newIp(), token }: { ip?: string; token?: string } = {}) =>
  t.call({ method: 'POST', url, payload, remoteAddress: ip, ...(token ? { token } : {}) });
const forgot = (email: string, extra: object = {}, ip?: string) =>
  post('/api/send-password-reset-email', { email, ...extra }, { ip });
const login = (email: string, password = DEMO_PASSWORD, ip?: string) => post('/api/login', { email, password }, { ip });
const mailTo = (address: string) => smtp.next((m) => m.envelopeTo.includes(address));
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const accountId = async (email: string) =>
  (await t.app.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email)))[0]!.id;
const auditOf = (action: string) => t.app.db.select().from(auditRecords).where(eq(auditRecords.action, action));

/** The link of a reset e-mail, checked to point at the reset page, and its query parameters. */
function resetLinkOf(mail: ReceivedMail) {
  expect(mail.links).toHaveLength(1);
  const link = mail.links[0]!;
  expect(link.startsWith(`${PUBLIC_URL}/reset-password?`)).toBe(true);
  return linkParams(link);
}

const INVALID_LINK = { message: AUTH_FLOW_MESSAGES.invalidLink };

describe('forgot password, for staff', () => {
  it('goes from the e-mail to a new password, ends the old sessions and answers only once', async () => {
    const email = 'staff@northside.test';
    const oldSession = await t.login(email);

    const asked = await forgot(email);
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: AUTH_FLOW_MESSAGES.resetEmailSent(60) });

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Reset your BariDesk password');
    expect(mail.text).toContain('Hello Jordan Ellis,');
    const params = resetLinkOf(mail);
    expect(params).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), isProgramUser: 'yes' });

    // Only the token's SHA-256 is stored.
    const stored = await t.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.account_id, 201));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ purpose: 'reset', token_hash: sha256(params.token!), used_at: null });
    expect(JSON.stringify(stored)).not.toContain(params.token);

    const verified = await post('/api/verify-token', { token: params.token, isProgramUserReset: params.isProgramUser });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ data: { valid: true, flow: 'reset', email } });

    const reset = await post('/api/reset-password', {
      token: params.token,
      isProgramUserReset: 'yes',
      password: 'Sunrise2026',
      password_confirmation: 'Sunrise2026',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Your password has been updated.' });

    // Program users are told by e-mail.
    const told = await mailTo(email);
    expect(told.subject).toBe('Your BariDesk password was changed');
    expect(told.links).toEqual([`${PUBLIC_URL}/login`]);

    expect((await t.call({ method: 'GET', url: '/api/user', token: oldSession })).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    const fresh = await login(email, 'Sunrise2026');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data.user.email).toBe(email);

    // Single use.
    expect((await post('/api/verify-token', { token: params.token })).json()).toEqual(INVALID_LINK);
    const again = await post('/api/reset-password', { token: params.token, password: 'Another2026', password_confirmation: 'Another2026' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual(INVALID_LINK);
    expect((await login(email, 'Another2026')).statusCode).toBe(401);

    const [audit] = await auditOf('password.reset');
    expect(audit).toMatchObject({ entity_id: '201', actor_account_id: 201, program_id: 101, success: true, detail: { flow: 'reset' } });
    const everything = await t.app.db.select({ detail: auditRecords.detail }).from(auditRecords);
    expect(JSON.stringify(everything)).not.toContain(params.token);
    expect(JSON.stringify(everything)).not.toContain('Sunrise2026');
  });

  it('answers an unknown address exactly like a known one, and e-mails nobody', async () => {
    const unknown = await forgot('nobody@nowhere.test');
    const known = await forgot('subuser@lakeview.test');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

    const mail = await smtp.next();
    expect(mail.envelopeTo).toEqual(['subuser@lakeview.test']);
    // A program account's link is not a program user's.
    expect(resetLinkOf(mail)).toEqual({ token: expect.any(String) });
    await smtp.expectNothingMore();
  });

  it('refuses a link after 60 minutes', async () => {
    const email = 'subuser@program302.test';
    await forgot(email);
    const { token } = resetLinkOf(await mailTo(email));
    t.clock.advanceMinutes(59);
    expect((await post('/api/verify-token', { token })).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    const late = await post('/api/verify-token', { token });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual(INVALID_LINK);
    const reset = await post('/api/reset-password', { token, password: 'Expired2026', password_confirmation: 'Expired2026' });
    expect(reset.statusCode).toBe(410);
    expect((await login(email, 'Expired2026')).statusCode).toBe(401);
  });

  it('refuses a link issued before the password changed, whichever way it changed', async () => {
    const email = 'subuser@northside.test';
    await forgot(email);
    const { token } = resetLinkOf(await mailTo(email));
    t.clock.advanceMinutes(1);
    const session = await t.login(email);
    const changed = await t.call({
      method: 'POST',
      url: '/api/change-password',
      token: session,
      payload: { current_password: DEMO_PASSWORD, password: 'Changed2026', password_confirmation: 'Changed2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await post('/api/verify-token', { token })).json()).toEqual(INVALID_LINK);
    expect(
      (await post('/api/reset-password', { token, password: 'Hijack2026x', password_confirmation: 'Hijack2026x' })).statusCode,
    ).toBe(410);
    expect((await login(email, 'Changed2026')).statusCode).toBe(200);
  });

  it('voids the other links of the account once one of them is used', async () => {
    const email = 'admin2@baridesk.test';
    await forgot(email);
    const first = resetLinkOf(await mailTo(email)).token;
    await forgot(email);
    const second = resetLinkOf(await mailTo(email)).token;
    const ok = await post('/api/reset-password', { token: second, password: 'Second2026', password_confirmation: 'Second2026' });
    expect(ok.statusCode).toBe(200);
    // A super admin is not a program user: no confirmation e-mail.
    await smtp.expectNothingMore();
    expect((await post('/api/verify-token', { token: first })).statusCode).toBe(410);
  });

  it('checks the new password like change-password does', async () => {
    const res = await post('/api/reset-password', { token: 'whatever', password: 'short1', password_confirmation: 'other' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      password: ['Password must be at least 8 characters.'],
      password_confirmation: ['Password must be at least 8 characters.'],
    });
    const letters = await post('/api/reset-password', { token: 'x', password: 'abcdefgh', password_confirmation: 'abcdefgh' });
    expect(letters.json().errors.password).toEqual(['Password must contain at least one character and number.']);
    const mismatch = await post('/api/reset-password', { token: 'x', password: 'abcdefg1', password_confirmation: 'abcdefg2' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ["Password confirmation doesn't match."] });
    const noToken = await post('/api/reset-password', { password: 'abcdefg1', password_confirmation: 'abcdefg1' });
    expect(noToken.json().errors).toEqual({ token: ['Token is required.'] });
    const unknown = await post('/api/reset-password', { token: 'x', password: 'abcdefg1', password_confirmation: 'abcdefg1' });
    expect(unknown.statusCode).toBe(410);
  });
});

describe('forgot password: limits', () => {
  it('allows 5 e-mails per address in 15 minutes, then answers 429 with Retry-After', async () => {
    const email = 'limited@northside.test';
    for (let i = 0; i < 5; i += 1) {
      expect((await forgot(email)).statusCode).toBe(200);
      await mailTo(email);
    }
    const refused = await forgot(email.toUpperCase());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many password reset requests\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The same for an address nobody has: the limit tells nothing either.
    for (let i = 0; i < 5; i += 1) expect((await forgot('ghost@nowhere.test')).statusCode).toBe(200);
    expect((await forgot('ghost@nowhere.test')).statusCode).toBe(429);
    await smtp.expectNothingMore();

    t.clock.advanceMinutes(16);
    expect((await forgot(email)).statusCode).toBe(200);
    await mailTo(email);
  });

  it('allows 20 requests per network address, whichever addresses they name', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 20; i += 1) expect((await forgot(`someone${i}@nowhere.test`, {}, ip)).statusCode).toBe(200);
    const refused = await forgot('someone-else@nowhere.test', {}, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await forgot('someone-else@nowhere.test', {}, '203.0.113.78')).statusCode).toBe(200);
  });
});

describe('patient links', () => {
  let northPatient: { id: number; email: string };
  let staffToken: string;

  beforeAll(async () => {
    const [row] = await t.app.db
      .select({ id: patients.id, email: patients.email })
      .from(patients)
      .where(and(eq(patients.program_id, 101), isNull(patients.password_hash), sql`${patients.email} is not null`))
      .orderBy(patients.id)
      .limit(1);
    northPatient = { id: row!.id, email: row!.email! };
    // Sending a patient a password link is part of managing patients: newstaff@ is given that flag here.
    await t.app.db.update(programUsers).set({ manage_user: 1 }).where(eq(programUsers.id, 204));
    staffToken = await t.login('newstaff@northside.test');
  });

  it('lets staff send a new patient the set-password link, which the patient then uses', async () => {
    const sent = await post('/api/reset-patient-password', { patient_id: northPatient.id }, { token: staffToken });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: AUTH_FLOW_MESSAGES.patientLinkSent });

    const mail = await mailTo(northPatient.email);
    expect(mail.subject).toBe('Set your password for the Northside Bariatrics app');
    const params = resetLinkOf(mail);
    expect(params).toEqual({ token: expect.any(String), id: String(northPatient.id), email: northPatient.email, new_patient: '1' });

    const verified = await post('/api/verify-token', { token: params.token, patient_id: params.id });
    expect(verified.json()).toEqual({ data: { valid: true, flow: 'set', email: northPatient.email } });
    // The link's other parameters must agree with it.
    expect((await post('/api/verify-token', { token: params.token, patient_id: northPatient.id + 1 })).statusCode).toBe(410);
    const body = { token: params.token, patient_id: params.id, password: 'Patient2026', password_confirmation: 'Patient2026' };
    expect((await post('/api/reset-password', body)).statusCode).toBe(410);
    expect((await post('/api/patient/reset-password', { ...body, email: 'someone@else.test' })).statusCode).toBe(410);

    const done = await post('/api/patient/reset-password', { ...body, email: northPatient.email.toUpperCase() });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Your password has been updated.' });
    const [stored] = await t.app.db.select({ hash: patients.password_hash }).from(patients).where(eq(patients.id, northPatient.id));
    expect(await verifyPassword(stored!.hash, 'Patient2026')).toBe(true);
    expect((await post('/api/patient/reset-password', { ...body, email: northPatient.email })).statusCode).toBe(410);

    const [sendAudit] = await auditOf('patient.password_link');
    expect(sendAudit).toMatchObject({ patient_id: northPatient.id, actor_account_id: 204, program_id: 101, detail: { purpose: 'set', requestedBy: 'staff' } });
    const [resetAudit] = await auditOf('patient.password.reset');
    expect(resetAudit).toMatchObject({ patient_id: northPatient.id, program_id: 101, detail: { flow: 'set' } });

    // Now that the patient has a password, staff send a reset link instead.
    expect((await post('/api/reset-patient-password', { patient_id: northPatient.id }, { token: staffToken })).statusCode).toBe(200);
    const reset = await mailTo(northPatient.email);
    expect(reset.subject).toBe('Reset your password for the Northside Bariatrics app');
    expect(resetLinkOf(reset)).toEqual({ token: expect.any(String), id: String(northPatient.id), email: northPatient.email });
  });

  it("refuses another program's patient with 404, a patient without e-mail with 422, and self-service staff", async () => {
    const lakeview = await t.login('subuser@lakeview.test');
    const other = await post('/api/reset-patient-password', { patient_id: northPatient.id }, { token: lakeview });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Patient not found.' });

    const [noEmail] = await t.app.db
      .update(patients)
      .set({ email: null })
      .where(eq(patients.id, northPatient.id + 1))
      .returning({ id: patients.id, programId: patients.program_id });
    expect(noEmail!.programId).toBe(101);
    const missing = await post('/api/reset-patient-password', { patient_id: noEmail!.id }, { token: staffToken });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: AUTH_FLOW_MESSAGES.patientHasNoEmail,
      errors: { patient_id: [AUTH_FLOW_MESSAGES.patientHasNoEmail] },
    });

    const selfService = await t.login('selfservice@northside.test');
    expect((await post('/api/reset-patient-password', { patient_id: northPatient.id }, { token: selfService })).statusCode).toBe(403);
    // Without the patients flag (limited@ has the pipeline and the calendar only).
    const withoutPatients = await t.login('limited@northside.test');
    const refused = await post('/api/reset-patient-password', { patient_id: northPatient.id }, { token: withoutPatients });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Patients are not switched on/) });
    expect((await post('/api/reset-patient-password', { patient_id: northPatient.id })).statusCode).toBe(401);
    await smtp.expectNothingMore();
  });

  it('sends one link per program to a patient address known in several, unless asked for staff only', async () => {
    const shared = 'twice.a.patient@example.com';
    const [north] = await t.app.db.update(patients).set({ email: shared }).where(eq(patients.id, northPatient.id + 2)).returning();
    const [lake] = await t.app.db
      .update(patients)
      .set({ email: shared })
      .where(eq(patients.id, sql`(select min(id) from patients where program_id = 102)`))
      .returning();

    expect((await forgot(shared, { isProgramUser: 'yes' })).statusCode).toBe(200);
    await smtp.expectNothingMore();

    expect((await forgot(shared)).statusCode).toBe(200);
    const mails = [await mailTo(shared), await mailTo(shared)];
    const byId = new Map(mails.map((m) => [resetLinkOf(m).id, m]));
    expect([...byId.keys()].sort()).toEqual([String(north!.id), String(lake!.id)].sort());
    expect(byId.get(String(north!.id))!.subject).toBe('Reset your password for the Northside Bariatrics app');
    expect(byId.get(String(lake!.id))!.subject).toBe('Reset your password for the Lakeview Weight Loss Center app');
    const { token, id, email } = resetLinkOf(byId.get(String(lake!.id))!);
    expect(
      (await post('/api/patient/reset-password', { token, patient_id: id, email, password: 'Lakeside2026', password_confirmation: 'Lakeside2026' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('security question', () => {
  const email = SECURITY_QUESTION_DEMO_EMAIL;
  const answer = (payload: object, ip?: string) => post('/api/security-answer', payload, { ip });
  const challengeOf = async (expected: 'setup' | 'answer') => {
    const res = await login(email);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.securityStep).toBe(expected);
    return res.json().data as { challenge: string; question?: { id: number; question: string } };
  };

  it('lists the active questions only', async () => {
    const all = (await t.call({ method: 'GET', url: '/api/security-questions' })).json().data;
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all[0]).toEqual({ id: expect.any(Number), question: expect.any(String) });
    await t.app.db.update(securityQuestions).set({ status: 0 }).where(eq(securityQuestions.id, all[0].id));
    const active = (await t.call({ method: 'GET', url: '/api/security-questions' })).json().data;
    expect(active.map((q: { id: number }) => q.id)).not.toContain(all[0].id);
    expect(active).toHaveLength(all.length - 1);
  });

  it('sets up a question on the first sign-in, then asks it on the next, whatever the case and spacing', async () => {
    const id = await accountId(email);
    const first = await login(email);
    expect(first.json()).toEqual({ data: { securityStep: 'setup', challenge: expect.any(String), challengeExpiresInMinutes: 10 } });
    expect(await t.app.db.select().from(sessions).where(eq(sessions.account_id, id))).toEqual([]);
    const { challenge } = first.json().data;

    expect((await answer({ challenge, answer: 'Rex' })).json()).toEqual({
      message: AUTH_FLOW_MESSAGES.questionRequired,
      errors: { question_id: [AUTH_FLOW_MESSAGES.questionRequired] },
    });
    const inactive = (await t.app.db.select().from(securityQuestions).where(eq(securityQuestions.status, 0)))[0]!;
    expect((await answer({ challenge, answer: 'Rex', question_id: inactive.id })).json().errors).toEqual({
      question_id: [AUTH_FLOW_MESSAGES.unknownQuestion],
    });
    expect((await answer({ challenge, answer: '   ', question_id: 2 })).json().errors).toEqual({ answer: ['Answer is required.'] });

    const setUp = await answer({ challenge, answer: '  Mrs   Fluffington ', question_id: 2 });
    expect(setUp.statusCode).toBe(200);
    const data = setUp.json().data;
    expect(data).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), isEventExist: true, expiresInMinutes: 90, isPasswordChanged: true });
    expect(data.user).toMatchObject({ id, email, type: 'program_user' });
    expect((await t.call({ method: 'GET', url: '/api/user', token: data.token })).statusCode).toBe(200);

    const [stored] = await t.app.db.select().from(securityAnswers).where(eq(securityAnswers.account_id, id));
    expect(stored!.question_id).toBe(2);
    expect(stored!.answer_hash).not.toContain('Fluffington');
    expect(await verifyPassword(stored!.answer_hash, 'mrs fluffington')).toBe(true);
    // The challenge worked once.
    expect((await answer({ challenge, answer: 'Mrs Fluffington', question_id: 2 })).statusCode).toBe(410);

    const next = await challengeOf('answer');
    const [question] = await t.app.db.select().from(securityQuestions).where(eq(securityQuestions.id, 2));
    expect(next.question).toEqual({ id: 2, question: question!.question });
    const ok = await answer({ challenge: next.challenge, answer: 'MRS fluffington' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.token).toEqual(expect.any(String));

    expect((await auditOf('security_question.setup'))[0]).toMatchObject({ entity_id: String(id), detail: { questionId: 2 } });
    const logins = (await auditOf('login')).filter((a) => a.actor_account_id === id && a.success);
    expect(logins.map((a) => a.detail)).toEqual([{ securityQuestion: 'set up' }, { securityQuestion: 'answered' }]);
  });

  it('lets a challenge expire after 10 minutes', async () => {
    const { challenge } = await challengeOf('answer');
    t.clock.advanceMinutes(11);
    const late = await answer({ challenge, answer: 'mrs fluffington' });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({ message: AUTH_FLOW_MESSAGES.challengeInvalid });
  });

  it('counts wrong answers towards the lock like wrong passwords', async () => {
    const id = await accountId(email);
    // Two wrong passwords, then three wrong answers: five in a row locks the account (default policy).
    for (let i = 0; i < 2; i += 1) expect((await login(email, 'Wrong12345')).statusCode).toBe(401);
    const { challenge } = await challengeOf('answer');
    for (let i = 0; i < 2; i += 1) {
      const wrong = await answer({ challenge, answer: 'Rover' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        message: AUTH_FLOW_MESSAGES.wrongSecurityAnswer,
        errors: { answer: [AUTH_FLOW_MESSAGES.wrongSecurityAnswer] },
      });
    }
    const locking = await answer({ challenge, answer: 'Rover' });
    expect(locking.statusCode).toBe(423);
    expect(locking.json().message).toMatch(/^Your account is locked after too many failed sign-in attempts/);
    // Locked: neither the right answer nor the right password gets in.
    expect((await answer({ challenge, answer: 'mrs fluffington' })).statusCode).toBe(423);
    expect((await login(email)).statusCode).toBe(423);
    const failures = (await auditOf('login.security_answer')).filter((a) => a.entity_id === String(id) && !a.success);
    expect(failures.map((a) => a.detail)).toEqual([
      { reason: 'wrong security answer' },
      { reason: 'wrong security answer' },
      { reason: 'wrong security answer; locked' },
      { reason: 'locked' },
    ]);

    t.clock.advanceMinutes(16);
    const after = await challengeOf('answer');
    expect((await answer({ challenge: after.challenge, answer: 'Mrs Fluffington' })).statusCode).toBe(200);
    const [row] = await t.app.db.select({ failed: accounts.failed_attempts, locked: accounts.locked_until }).from(accounts).where(eq(accounts.id, id));
    expect(row).toEqual({ failed: 0, locked: null });
  });

  it("asks every program user of a program whose switch is on, and only program users", async () => {
    await t.app.db.update(programs).set({ security_status: 1 }).where(eq(programs.id, 101));
    try {
      expect((await login('limited@northside.test')).json().data.securityStep).toBe('setup');
      expect((await login('subuser@northside.test', 'Changed2026')).json().data.token).toEqual(expect.any(String));
    } finally {
      await t.app.db.update(programs).set({ security_status: 0 }).where(eq(programs.id, 101));
    }
    expect((await login('limited@northside.test')).json().data.token).toEqual(expect.any(String));
  });
});

describe('registration', () => {
  const body = {
    practice_name: 'Harbor Light Weight Loss',
    owner_name: 'Renee Okafor',
    email: 'renee@harborlight.test',
    phone: '(206) 555-0142',
    password: 'Harbor2026',
    password_confirmation: 'Harbor2026',
  };

  it('starts with every seeded account confirmed', async () => {
    const unconfirmed = await t.app.db.select({ id: accounts.id }).from(accounts).where(isNull(accounts.email_verified_at));
    expect(unconfirmed).toEqual([]);
  });

  it('registers, refuses a duplicate, confirms the address, then signs in to the terms modal', async () => {
    const res = await post('/api/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Registration received. Please check your email to confirm your address.' });

    const id = await accountId(body.email);
    const [account] = await t.app.db.select().from(accounts).where(eq(accounts.id, id));
    expect(account).toMatchObject({ type: 'program_user', email_verified_at: null, status: 1, is_password_changed: 1 });
    expect(await verifyPassword(account!.password_hash, body.password)).toBe(true);
    const [program] = await t.app.db.select().from(programs).where(eq(programs.id, id));
    expect(program).toMatchObject({ title: body.practice_name, owner_name: body.owner_name, phone: '+12065550142', status: 1 });
    expect(program!.programmer_code).toMatch(/^SS-[A-Z2-9]{6}$/);
    const [profile] = await t.app.db.select().from(programUsers).where(eq(programUsers.id, id));
    expect(profile).toMatchObject({ program_id: id, name: body.owner_name, self_service: 1, terms_and_conditions_check: 0, security_status: 0 });
    const menus = await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from sub_menu_managers where program_id = ${id} and status = 1`);
    // Every content menu on, as for a program a super admin adds.
    expect(menus[0]!.n).toBe(SUB_MENU_TITLES.length);

    const mail = await mailTo(body.email);
    expect(mail.subject).toBe('Confirm your e-mail address for BariDesk');
    expect(mail.text).toContain('Hello Renee Okafor,');
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]!.startsWith(`${PUBLIC_URL}/confirm-email?`)).toBe(true);
    const params = linkParams(mail.links[0]!);
    expect(params).toEqual({ token: expect.any(String), id: String(id) });

    for (const duplicate of [body.email, 'RENEE@HarborLight.test', 'staff@northside.test']) {
      const again = await post('/api/register', { ...body, email: duplicate });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({ message: 'This email is already registered.', errors: { email: ['This email is already registered.'] } });
    }

    // Not confirmed yet: refused after the right password, and a fresh link is sent.
    const early = await login(body.email, body.password);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: 'Please confirm your email address first. We have sent you a new link.' });
    const resent = await mailTo(body.email);
    expect(linkParams(resent.links[0]!).id).toBe(String(id));
    expect(linkParams(resent.links[0]!).token).not.toBe(params.token);
    // A wrong password still gets the usual answer.
    expect((await login(body.email, 'Wrong12345')).statusCode).toBe(401);

    expect((await post('/api/register/confirm', { token: params.token, id: 1 })).statusCode).toBe(410);
    const confirmed = await post('/api/register/confirm', { token: params.token, id: params.id });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'Your email address is confirmed. You can now log in.' });
    expect((await post('/api/register/confirm', { token: params.token, id: params.id })).json()).toEqual(INVALID_LINK);

    const signedIn = await login(body.email, body.password);
    expect(signedIn.statusCode).toBe(200);
    const { token, user } = signedIn.json().data;
    // What makes the shell show the terms modal: a self-service program user who has not accepted.
    expect(user).toMatchObject({ id, type: 'program_user', program_id: id, self_service: 1, terms_and_conditions_check: 0, is_password_changed: 1 });
    expect(user.sub_user).toMatchObject({ id, title: body.practice_name });
    const accepted = await post('/api/program-user-terms-check', { programUserId: id }, { token });
    expect(accepted.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user', token })).json().data.terms_and_conditions_check).toBe(1);
    expect((await t.call({ method: 'GET', url: '/api/patients', token })).statusCode).toBe(403);

    const [registered] = await auditOf('register');
    expect(registered).toMatchObject({ entity_id: String(id), program_id: id, detail: { programmerCode: program!.programmer_code, selfService: true } });
    expect((await auditOf('email.confirm'))[0]).toMatchObject({ entity_id: String(id) });
    const details = JSON.stringify(await t.app.db.select({ d: auditRecords.detail }).from(auditRecords));
    expect(details).not.toContain(body.password);
    expect(details).not.toContain(params.token);
  });

  it('re-sends the confirmation link on sign-in at most 3 times in 15 minutes', async () => {
    const email = 'pending@harborlight.test';
    expect((await post('/api/register', { ...body, email })).statusCode).toBe(201);
    await mailTo(email);
    for (let i = 0; i < 3; i += 1) {
      expect((await login(email, body.password)).statusCode).toBe(403);
      await mailTo(email);
    }
    const fourth = await login(email, body.password);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().message).toBe(AUTH_FLOW_MESSAGES.emailNotConfirmed);
    await smtp.expectNothingMore();
  });

  it('allows 5 registrations per network address in 15 minutes', async () => {
    const ip = '203.0.113.200';
    for (let i = 0; i < 5; i += 1) {
      const email = `owner${i}@flood.test`;
      expect((await post('/api/register', { ...body, email }, { ip })).statusCode).toBe(201);
      await mailTo(email);
    }
    const refused = await post('/api/register', { ...body, email: 'owner5@flood.test' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.app.db.select().from(accounts).where(eq(accounts.email, 'owner5@flood.test'))).toEqual([]);
    await smtp.expectNothingMore();
  });

  it('validates every field', async () => {
    const res = await post('/api/register', { email: 'not-an-email', phone: '12', password: 'abc', password_confirmation: 'abd' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      practice_name: ['Practice name is required.'],
      owner_name: ['Owner name is required.'],
      email: ['The email field must have a valid email address.'],
      phone: ['Please enter valid phone.'],
      password: ['Password must be at least 8 characters.'],
      password_confirmation: ['Password must be at least 8 characters.'],
    });
  });
});
