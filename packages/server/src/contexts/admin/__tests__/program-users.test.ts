/**
 * Program users for super admins (/api/admin/program-user), end to end: the invitation is received by a
 * real SMTP server and its link followed as the front end would, and the new user then signs in and
 * gets exactly the menus chosen for them.
 */
import { and, eq } from 'drizzle-orm';
import { PROGRAM_USER_FLAGS, PROGRAM_USER_MESSAGES } from '@baridesk/contracts';
import { accounts, auditRecords, patientTags, securityAnswers, securityQuestions } from '../../../db/schema';
import { type ConfiguredTestApp, type TestSmtpServer, createConfiguredTestApp, linkParams, startSmtpServer } from '../../../test/mail';

const url = '/api/admin/program-user';
const ROOT = 'superadmin@baridesk.test';
const ADMIN2 = 'admin2@baridesk.test';
const STAFF = 'subuser@northside.test';
const NORTHSIDE = 101;
const LAKEVIEW = 102;
const PASSWORD = 'Welcome2026';

let smtp: TestSmtpServer;
let t: ConfiguredTestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createConfiguredTestApp({ smtpUrl: smtp.url, publicUrl: 'https://baridesk.example' });
  tokens = { [ROOT]: await t.login(ROOT), [ADMIN2]: await t.login(ADMIN2), [STAFF]: await t.login(STAFF) };
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let lastIp = 0;
const newIp = () => `198.51.100.${++lastIp}`;
const get = (path: string, token = tokens[ROOT]) => t.call({ method: 'GET', url: `${url}${path}`, token });
const post = (path: string, payload: object, token = tokens[ROOT]) => t.call({ method: 'POST', url: `${url}${path}`, token, payload });
const auditOf = (action: string, id: number) =>
  t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, action), eq(auditRecords.entity_id, String(id))));
const tagsOf = (programId: number) => t.app.db.select({ id: patientTags.id }).from(patientTags).where(eq(patientTags.program_id, programId));
const allOff = Object.fromEntries(PROGRAM_USER_FLAGS.map((name) => [name, 0]));

/** The next invitation e-mailed to `email`. */
const inviteTo = (email: string) => smtp.next((m) => m.envelopeTo.includes(email) && m.subject.startsWith('You are invited to join '));

/** Follows the next invitation to `email`: sets the password and signs in; the bearer token. */
async function acceptInvite(email: string, password = PASSWORD) {
  const mail = await inviteTo(email);
  const params = linkParams(mail.links[0]!);
  expect(params).toMatchObject({ isProgramUser: 'yes' });
  const set = await t.call({
    method: 'POST',
    url: '/api/reset-password',
    remoteAddress: newIp(),
    payload: { token: params.token, isProgramUserReset: 'yes', password, password_confirmation: password },
  });
  expect(set.statusCode).toBe(200);
  return { token: await t.login(email, password), linkToken: params.token! };
}

const signIn = (email: string, password = PASSWORD) =>
  t.call({ method: 'POST', url: '/api/login', remoteAddress: newIp(), payload: { email, password } });

describe('adding a program user', () => {
  let id: number;
  const email = 'quinn.vo@northside.test';

  it('stores the account and the profile with the chosen switches, and e-mails the invitation', async () => {
    const [tag] = await tagsOf(NORTHSIDE);
    const res = await post('/store', {
      program_id: NORTHSIDE,
      name: 'Quinn Vasquez-Orr',
      email: 'Quinn.VO@Northside.test',
      username: 'qvorr',
      manage_user: 1,
      event: true,
      faq: '1',
      videos: 1,
      administrative_rights: 1,
      default_stage: '2',
      default_category1_id: tag!.id,
      retries: '4',
      time_out: '30',
    });
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe(PROGRAM_USER_MESSAGES.created);
    id = data.id;
    expect(data).toMatchObject({
      name: 'Quinn Vasquez-Orr',
      email,
      username: 'qvorr',
      program_id: NORTHSIDE,
      program_name: expect.stringContaining('Northside'),
      default_category1_id: tag!.id,
      default_category1_name: expect.any(String),
      manage_user: 1,
      event: 1,
      faq: 1,
      videos: 1,
      pipeline_status: 0,
      seminar_to_surgery: 0,
      administrative_rights: 1,
      default_stage: 2,
      retries: 4,
      time_out: 30,
      status: 1,
      password_set: 0,
    });
    const [account] = await t.app.db.select().from(accounts).where(eq(accounts.id, id));
    expect(account).toMatchObject({ type: 'program_user', email, password_hash: null });
    expect(await auditOf('program-user.create', id)).toHaveLength(1);

    // The list finds the user by name, e-mail and username, within the program.
    for (const search of ['quinn', 'vo@north', 'QVORR']) {
      const found = (await get(`?search=${search}&program_id=${NORTHSIDE}`)).json().data;
      expect(found.data.map((row: { id: number }) => row.id)).toEqual([id]);
    }
    expect((await get(`?search=quinn&program_id=${LAKEVIEW}`)).json().data.total).toBe(0);
  });

  it('the user sets a password from the e-mail and sees exactly the chosen menus', async () => {
    const { token } = await acceptInvite(email);
    const sidebar = await t.call({ method: 'GET', url: '/api/sidebar-menu', token });
    expect(sidebar.statusCode).toBe(200);
    const flags = sidebar.json().data.fromPUsTable;
    const on = Object.entries(flags)
      .filter(([, value]) => value === 1)
      .map(([name]) => name)
      .sort();
    expect(on).toEqual(['administrative_rights', 'event', 'faq', 'manage_user', 'videos']);
    // The server holds the same line: patients are open, reports are not.
    expect((await t.call({ method: 'GET', url: '/api/patients', token })).statusCode).toBe(200);
    const reports = await t.call({ method: 'GET', url: '/api/reports/filters', token });
    expect(reports.statusCode).toBe(403);
    expect(reports.json().message).toBe('Reports are not switched on for your account.');
    expect((await get(`/${id}`)).json().data.password_set).toBe(1);

    // A switch changed by the super admin holds from the user's next request.
    const user = (await get(`/${id}`)).json().data;
    const updated = await post('/update', { ...user, id, seminar_to_surgery: 1, manage_user: 0 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ seminar_to_surgery: 1, manage_user: 0, faq: 1 });
    expect((await t.call({ method: 'GET', url: '/api/reports/filters', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/patients', token })).statusCode).toBe(403);
  });

  it('a user switched off, or past their deactivation date, cannot sign in', async () => {
    expect((await signIn(email)).statusCode).toBe(200);
    expect((await post('/toggle-status', { id, status: 0 })).json()).toEqual({ data: { id, status: 0 }, message: PROGRAM_USER_MESSAGES.statusUpdated });
    expect((await signIn(email)).statusCode).toBe(403);
    await post('/toggle-status', { id, status: 1 });
    expect((await signIn(email)).statusCode).toBe(200);

    const user = (await get(`/${id}`)).json().data;
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await post('/update', { ...user, id, deactivation_date: today })).statusCode).toBe(200);
    expect((await signIn(email)).statusCode).toBe(403);
    expect((await post('/update', { ...user, id, deactivation_date: null })).statusCode).toBe(200);
    expect((await signIn(email)).statusCode).toBe(200);
  });

  it('update-password sets a new password and ends the user\'s sessions', async () => {
    const session = await t.login(email, PASSWORD);
    const res = await post('/update-password', { id, password: 'Changed2026', password_confirmation: 'Changed2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PROGRAM_USER_MESSAGES.passwordUpdated });
    expect((await t.call({ method: 'GET', url: '/api/user', token: session })).statusCode).toBe(401);
    expect((await signIn(email, 'Changed2026')).statusCode).toBe(200);
    expect((await smtp.next((m) => m.envelopeTo.includes(email))).subject).toBe('Your BariDesk password was changed');
    const mismatch = await post('/update-password', { id, password: 'Changed2027', password_confirmation: 'Other2027' });
    expect(mismatch.statusCode).toBe(422);
    expect(Object.keys(mismatch.json().errors)).toEqual(['password_confirmation']);
  });

  it('reset-security forgets the security answer', async () => {
    const [question] = await t.app.db.select({ id: securityQuestions.id }).from(securityQuestions).limit(1);
    const now = t.clock.now();
    await t.app.db.insert(securityAnswers).values({ account_id: id, question_id: question!.id, answer_hash: 'x', created_at: now, updated_at: now });
    const res = await post('/reset-security', { id });
    expect(res.json()).toEqual({ message: PROGRAM_USER_MESSAGES.securityReset });
    expect(await t.app.db.select().from(securityAnswers).where(eq(securityAnswers.account_id, id))).toHaveLength(0);
    expect(await auditOf('program-user.reset-security', id)).toHaveLength(1);
    expect((await post('/reset-security', { id: 999_999 })).statusCode).toBe(404);
  });

  it('resend-invite sends a fresh link; the older one no longer works', async () => {
    expect((await post('/resend-invite', { id })).json()).toEqual({ message: PROGRAM_USER_MESSAGES.inviteSent });
    const first = await inviteTo(email);
    expect((await post('/resend-invite', { id })).statusCode).toBe(200);
    const { linkToken } = await acceptInvite(email, 'Invited2026');
    // The user had a password: its owner is told it changed.
    expect((await smtp.next((m) => m.envelopeTo.includes(email))).subject).toBe('Your BariDesk password was changed');
    const old = linkParams(first.links[0]!).token!;
    expect(old).not.toBe(linkToken);
    const reuse = await t.call({
      method: 'POST',
      url: '/api/reset-password',
      remoteAddress: newIp(),
      payload: { token: old, password: 'Stale2026x', password_confirmation: 'Stale2026x' },
    });
    expect(reuse.statusCode).toBe(410);
    expect(await auditOf('program-user.resend-invite', id)).toHaveLength(2);
  });

  it('delete is soft: the user leaves the list, cannot sign in, and the address is free again', async () => {
    const session = await t.login(email, 'Invited2026');
    expect((await post('/delete', { id })).json()).toEqual({ message: PROGRAM_USER_MESSAGES.deleted });
    expect((await get(`/${id}`)).statusCode).toBe(404);
    expect((await get('?search=quinn')).json().data.total).toBe(0);
    expect((await signIn(email, 'Invited2026')).statusCode).not.toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/user', token: session })).statusCode).toBe(401);
    const [account] = await t.app.db.select().from(accounts).where(eq(accounts.id, id));
    expect(account!.deleted_at).not.toBeNull();
    const again = await post('/store', { program_id: NORTHSIDE, name: 'Quinn Vasquez-Orr', email });
    expect(again.statusCode).toBe(201);
    await inviteTo(email);
  });
});

describe('bad input and refusals', () => {
  it('422: missing fields, a taken address, another program\'s tag, an unknown program', async () => {
    const empty = await post('/store', {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['email', 'name', 'program_id']);

    const taken = await post('/store', { ...allOff, program_id: NORTHSIDE, name: 'Twin', email: 'staff@northside.test' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['This e-mail address is already in use.'] });

    const [lakeTag] = await tagsOf(LAKEVIEW);
    const wrongTag = await post('/store', { program_id: NORTHSIDE, name: 'Tag', email: 'tag@northside.test', default_category1_id: lakeTag!.id });
    expect(wrongTag.statusCode).toBe(422);
    expect(wrongTag.json().errors).toEqual({ default_category1_id: ['Please enter valid default tag.'] });

    const noProgram = await post('/store', { program_id: 999_999, name: 'Nobody', email: 'nobody@northside.test' });
    expect(noProgram.statusCode).toBe(422);
    expect(noProgram.json().errors).toEqual({ program_id: ['Please enter valid program.'] });

    const badFlags = await post('/store', { program_id: NORTHSIDE, name: 'Flags', email: 'flags@northside.test', faq: 'yes', retries: 0 });
    expect(badFlags.statusCode).toBe(422);
    expect(Object.keys(badFlags.json().errors).sort()).toEqual(['faq', 'retries']);
    await smtp.expectNothingMore(200);
  });

  it('403 for a super admin without program_users, and for staff', async () => {
    for (const token of [tokens[ADMIN2], tokens[STAFF]]) {
      expect((await get('', token)).statusCode).toBe(403);
      expect((await post('/store', { program_id: NORTHSIDE, name: 'X', email: 'x@northside.test' }, token)).statusCode).toBe(403);
      expect((await post('/resend-invite', { id: 201 }, token)).statusCode).toBe(403);
      expect((await get('/export', token)).statusCode).toBe(403);
    }
  });

  it('the export is the list as an Excel file', async () => {
    const res = await get(`/export?program_id=${NORTHSIDE}&sort=name`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/program-users-\d{4}-\d{2}-\d{2}\.xlsx/);
    const [record] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'program-user.export'));
    expect(record).toMatchObject({ program_id: NORTHSIDE });
  });
});
