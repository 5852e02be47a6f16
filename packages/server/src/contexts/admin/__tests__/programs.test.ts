/**
 * Programs for super admins (/api/admin/baritastic-program), end to end: the set-password e-mail is
 * received by a real SMTP server and its link followed as the front end would, the program's account
 * then signs in; switching a program off or deleting it keeps its staff out; a deleted account is
 * unknown to every look-up by e-mail and its address is free again.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { PROGRAM_CHOICES, PROGRAM_MESSAGES } from '@baridesk/contracts';
import { accounts, auditRecords, patientTags, permissions, programUsers, programs, sessions, superAdminPermissions } from '../../../db/schema';
import { hashPassword } from '../../../lib/secrets';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { ACCOUNT_EMAIL_TAKEN } from '../../identity';
import { type ConfiguredTestApp, type TestSmtpServer, createConfiguredTestApp, linkParams, startSmtpServer } from '../../../test/mail';

const url = '/api/admin/baritastic-program';
const ROOT = 'superadmin@baridesk.test';
const ADMIN2 = 'admin2@baridesk.test';
const STAFF = 'subuser@northside.test';
const NORTHSIDE = 101;
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
const signIn = (email: string, password = PASSWORD) =>
  t.call({ method: 'POST', url: '/api/login', remoteAddress: newIp(), payload: { email, password } });
const setPasswordMailTo = (email: string) => smtp.next((m) => m.envelopeTo.includes(email) && m.subject === 'Set your BariDesk password');

/** Follows the link of a set-password e-mail: sets the password; the link's token. */
async function setPasswordFrom(mail: { links: string[] }, password = PASSWORD) {
  const params = linkParams(mail.links[0]!);
  const res = await t.call({
    method: 'POST',
    url: '/api/reset-password',
    remoteAddress: newIp(),
    payload: { token: params.token, password, password_confirmation: password },
  });
  return { res, token: params.token! };
}

/** A staff account of `programId` with the demo password, written directly (program users have an API of their own). */
async function addStaff(programId: number, email: string) {
  const now = new Date();
  const [account] = await t.app.db
    .insert(accounts)
    .values({ type: 'program_user', email, password_hash: await hashPassword(DEMO_PASSWORD), status: 1, email_verified_at: now, is_password_changed: 1, created_at: now, updated_at: now })
    .returning({ id: accounts.id });
  await t.app.db.insert(programUsers).values({ id: account!.id, program_id: programId, name: 'Staff Member', terms_and_conditions_check: 1, manage_user: 1, created_at: now, updated_at: now });
  return account!.id;
}

const newProgram = (over: Record<string, unknown> = {}) => ({
  title: 'Riverbend Bariatrics',
  email: 'Owner@Riverbend.test',
  programmer_code: 'RIVER-01',
  owner_name: 'Dana Whitfield',
  first_name: 'Dana',
  last_name: 'Whitfield',
  phone: '(312) 555-0190',
  event_email: 'events@riverbend.test',
  address: '12 River Road',
  city: 'Riverbend',
  pin_code: '60601',
  map_address: '12 River Road, Riverbend',
  latitude: '41.88',
  longitude: -87.63,
  timezone: 'America/Chicago',
  practice: 'Riverbend Surgical Group',
  about: 'A bariatric surgery practice.',
  tier: 'Premium',
  account_number: 'AC-7788',
  program_type: 'Hospital',
  popup_check: 1,
  popup_msg: 'Welcome to BariDesk!',
  popup_check2: '0',
  retries: '4',
  time_out: 30,
  third_checklist_name: 'Maintenance',
  mfa_required: true,
  ...over,
});

describe('creating a program', () => {
  let id: number;
  const email = 'owner@riverbend.test';

  it('stores the account and the profile, audits it and e-mails a set-password link', async () => {
    const res = await post('/store', newProgram());
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe(PROGRAM_MESSAGES.created);
    id = data.id;
    expect(data).toMatchObject({
      title: 'Riverbend Bariatrics',
      email,
      programmer_code: 'RIVER-01',
      owner_name: 'Dana Whitfield',
      phone: '(312) 555-0190',
      latitude: 41.88,
      longitude: -87.63,
      timezone: 'America/Chicago',
      tier: 'Premium',
      program_type: 'Hospital',
      popup_check: 1,
      popup_msg: 'Welcome to BariDesk!',
      popup_check2: 0,
      popup_msg2: null,
      retries: 4,
      time_out: 30,
      third_checklist_name: 'Maintenance',
      mfa_required: 1,
      show_name: 0,
      profile_image: null,
      status: 1,
      password_set: 0,
      users_count: 0,
    });
    const [account] = await t.app.db.select().from(accounts).where(eq(accounts.id, id));
    expect(account).toMatchObject({ type: 'sub_user', email, password_hash: null, status: 1, deleted_at: null });
    const [profile] = await t.app.db.select({ status: programs.status, mfa: programs.mfa_required }).from(programs).where(eq(programs.id, id));
    expect(profile).toEqual({ status: 1, mfa: 1 });
    expect(await auditOf('program.create', id)).toHaveLength(1);

    const mail = await setPasswordMailTo(email);
    expect(mail.text).toContain('Riverbend Bariatrics has created a BariDesk account for you');
    // The set-password page then reads SET PASSWORD, not RESET PASSWORD.
    expect(linkParams(mail.links[0]!).isProgramUser).toBe('yes');
  });

  it("the program's account sets its password from the e-mail and signs in", async () => {
    // The mail was taken above: ask for it again through the stored token's owner instead of a second store.
    const mails = smtp.received.filter((m) => m.envelopeTo.includes(email));
    const { res } = await setPasswordFrom(mails[0]!);
    expect(res.statusCode).toBe(200);
    const login = await signIn(email);
    expect(login.statusCode).toBe(200);
    expect((await get(`/${id}`)).json().data.password_set).toBe(1);
  });

  it('refuses an address a live account holds, a programmer code in use and bad fields (422)', async () => {
    const taken = await post('/store', newProgram({ email: 'SubUser@Northside.test', programmer_code: 'OTHER-1' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [ACCOUNT_EMAIL_TAKEN] });
    const code = await post('/store', newProgram({ email: 'new@riverbend.test', programmer_code: 'river-01' }));
    expect(code.statusCode).toBe(422);
    expect(code.json().errors).toEqual({ programmer_code: [PROGRAM_MESSAGES.programmerCodeTaken] });

    const bad = await post('/store', { title: ' ', email: 'nope', programmer_code: 'a b', latitude: 91, program_type: 'Spa', timezone: 'Mars/Base', retries: 0 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['email', 'latitude', 'program_type', 'programmer_code', 'retries', 'timezone', 'title']);
    expect(bad.json().errors.latitude).toEqual(['Latitude must be a number between -90 and 90.']);
    await smtp.expectNothingMore();
  });

  it('updates the profile and the address; an address in use is refused', async () => {
    const res = await post(`/update/${id}`, newProgram({ title: 'Riverbend Weight Center', email: 'Front@Riverbend.test', tier: null, status: 1 }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Riverbend Weight Center', email: 'front@riverbend.test', tier: null });
    const [account] = await t.app.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, id));
    expect(account!.email).toBe('front@riverbend.test');
    expect((await auditOf('program.update', id))[0]!.detail).toMatchObject({ changed: expect.arrayContaining(['title', 'email', 'tier']) });

    const taken = await post(`/update/${id}`, newProgram({ email: 'subuser@lakeview.test', status: 1 }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: [ACCOUNT_EMAIL_TAKEN] });
    expect((await post('/update/999999', newProgram({ email: 'x@riverbend.test', programmer_code: 'X-1', status: 1 }))).statusCode).toBe(404);
  });

  it('sets the password for the program (its sessions end); a mismatch is 422, an unknown program 404', async () => {
    const session = (await signIn('front@riverbend.test')).json().data.token as string;
    const res = await post('/update-password', { id, password: 'Another2026', password_confirmation: 'Another2026' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROGRAM_MESSAGES.passwordUpdated);
    expect((await t.call({ method: 'GET', url: '/api/sidebar-menu', token: session })).statusCode).toBe(401);
    expect((await signIn('front@riverbend.test', 'Another2026')).statusCode).toBe(200);
    const mismatch = await post('/update-password', { id, password: 'Another2027', password_confirmation: 'Different2027' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toHaveProperty('password_confirmation');
    expect((await post('/update-password', { id: 999999, password: 'Another2027', password_confirmation: 'Another2027' })).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('pages, searches title, owner, e-mail, programmer code and city, and filters by status, type and tier', async () => {
    const all = (await get('?perPage=All')).json().data;
    expect(all.total).toBeGreaterThanOrEqual(4);
    // Either direction of a sort gives the same rows in reverse (ties go by id, reversed too).
    const ids = (sort: string, direction: string) =>
      get(`?perPage=All&sort=${sort}&direction=${direction}`).then((r) => r.json().data.data.map((p: { id: number }) => p.id));
    for (const sort of ['title', 'email', 'city', 'tier']) expect(await ids(sort, 'desc')).toEqual((await ids(sort, 'asc')).reverse());
    const riverbend = all.data.find((p: { title: string }) => p.title === 'Riverbend Weight Center');
    for (const search of ['weight center', 'whitfield', 'front@river', 'RIVER-01', 'riverbend']) {
      const found = (await get(`?search=${encodeURIComponent(search)}`)).json().data;
      expect(found.data.map((p: { id: number }) => p.id)).toContain(riverbend.id);
    }
    expect((await get(`?search=${encodeURIComponent('%')}`)).json().data.total).toBe(0);
    const hospitals = (await get('?perPage=All&program_type=Hospital')).json().data.data as { program_type: string }[];
    expect(hospitals.length).toBeGreaterThan(0);
    expect(hospitals.every((p) => p.program_type === 'Hospital')).toBe(true);
    const premium = (await get('?perPage=All&tier=Premium')).json().data.data as { tier: string }[];
    expect(premium.every((p) => p.tier === 'Premium')).toBe(true);
    expect((await get('?status=0')).json().data.total).toBe(0);
    const staffCount = (await get(`/${NORTHSIDE}`)).json().data.users_count;
    expect(staffCount).toBeGreaterThan(0);
  });

  it('rejects a bad sort or page with field errors', async () => {
    const res = await get('?sort=password&page=0');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['page', 'sort']);
  });

  it('gives the programs with their active patient tags, one program, and the choices', async () => {
    const list = (await get('/with-patient-tags')).json().data as { id: number; tags: { id: number; name: string }[] }[];
    const northside = list.find((p) => p.id === NORTHSIDE)!;
    const active = await t.app.db.select({ id: patientTags.id }).from(patientTags).where(and(eq(patientTags.program_id, NORTHSIDE), eq(patientTags.status, 1)));
    expect(northside.tags.map((tag) => tag.id).sort()).toEqual(active.map((tag) => tag.id).sort());
    const one = await get(`/with-patient-tags/${NORTHSIDE}`);
    expect(one.json().data).toEqual(northside);
    expect((await get('/with-patient-tags/999999')).statusCode).toBe(404);
    expect((await get('/program-types')).json().data).toEqual(PROGRAM_CHOICES);
  });

  it('exports the list as an Excel file', async () => {
    const res = await get('/export?search=riverbend');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const exported = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'program.export'));
    expect(exported).toHaveLength(1);
    expect(exported[0]!.detail).toMatchObject({ searchLength: 9, sort: 'title', direction: 'asc', count: 2 });
  });
});

describe('switching a program off', () => {
  it("ends the program's and its staff's sessions and keeps them from signing in until it is on again", async () => {
    const staffToken = await t.login('staff@northside.test');
    const res = await post('/toggle-status', { id: NORTHSIDE, status: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: NORTHSIDE, status: 0 });
    const [profile] = await t.app.db.select({ status: programs.status }).from(programs).where(eq(programs.id, NORTHSIDE));
    expect(profile!.status).toBe(0);
    for (const token of [staffToken, tokens[STAFF]!]) {
      expect((await t.call({ method: 'GET', url: '/api/sidebar-menu', token })).statusCode).toBe(401);
    }
    const refused = await signIn('staff@northside.test', DEMO_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account is inactive. Please contact your program administrator.');
    expect((await signIn(STAFF, DEMO_PASSWORD)).statusCode).toBe(403);

    expect((await post('/toggle-status', { id: NORTHSIDE, status: 1 })).statusCode).toBe(200);
    expect((await signIn('staff@northside.test', DEMO_PASSWORD)).statusCode).toBe(200);
    tokens[STAFF] = await t.login(STAFF);
  });
});

describe('deleting a program', () => {
  it("keeps the rows, ends its staff's access, hides the program and frees its address", async () => {
    const created = await post('/store', newProgram({ email: 'gone@lakeshore.test', programmer_code: 'LAKE-9', title: 'Lakeshore Clinic' }));
    const id = created.json().data.id as number;
    const setMail = await setPasswordMailTo('gone@lakeshore.test');
    const staffId = await addStaff(id, 'nurse@lakeshore.test');
    const staffToken = await t.login('nurse@lakeshore.test', DEMO_PASSWORD);
    // A link sent before the delete must not work after it.
    const res = await post('/delete', { id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROGRAM_MESSAGES.deleted);
    expect(await auditOf('program.delete', id)).toHaveLength(1);

    const rows = await t.app.db.select({ id: accounts.id, status: accounts.status, deletedAt: accounts.deleted_at }).from(accounts).where(eq(accounts.email, 'gone@lakeshore.test'));
    expect(rows).toEqual([{ id, status: 0, deletedAt: expect.any(Date) }]);
    const [profile] = await t.app.db.select({ status: programs.status }).from(programs).where(eq(programs.id, id));
    expect(profile!.status).toBe(0);
    const [staff] = await t.app.db.select({ status: accounts.status, deletedAt: accounts.deleted_at }).from(accounts).where(eq(accounts.id, staffId));
    expect(staff).toEqual({ status: 0, deletedAt: expect.any(Date) });
    const open = await t.app.db.select().from(sessions).where(and(eq(sessions.account_id, staffId), isNull(sessions.revoked_at)));
    expect(open).toHaveLength(0);
    expect((await t.call({ method: 'GET', url: '/api/sidebar-menu', token: staffToken })).statusCode).toBe(401);

    // Gone from every read; a second delete, an update or a status change is 404.
    expect((await get(`/${id}`)).statusCode).toBe(404);
    expect((await get('?search=lakeshore')).json().data.total).toBe(0);
    expect((await post('/delete', { id })).statusCode).toBe(404);
    expect((await post('/toggle-status', { id, status: 1 })).statusCode).toBe(404);
    expect((await get('/with-patient-tags')).json().data.map((p: { id: number }) => p.id)).not.toContain(id);

    // The deleted accounts are unknown to sign-in, and their links are dead.
    expect((await signIn('nurse@lakeshore.test', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await setPasswordFrom(setMail)).res.statusCode).toBe(410);
    const forgot = await t.call({ method: 'POST', url: '/api/send-password-reset-email', remoteAddress: newIp(), payload: { email: 'gone@lakeshore.test' } });
    expect(forgot.statusCode).toBe(200);
    await smtp.expectNothingMore();

    // The address is free for a new program (the old code stays taken: patients may still hold it).
    const again = await post('/store', newProgram({ email: 'gone@lakeshore.test', programmer_code: 'LAKE-9' }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ programmer_code: [PROGRAM_MESSAGES.programmerCodeTaken] });
    const reused = await post('/store', newProgram({ email: 'gone@lakeshore.test', programmer_code: 'LAKE-10' }));
    expect(reused.statusCode).toBe(201);
    expect(reused.json().data.id).not.toBe(id);
    await setPasswordMailTo('gone@lakeshore.test');

    // Self-registration takes a deleted staff member's address too.
    const registered = await t.call({
      method: 'POST',
      url: '/api/register',
      remoteAddress: newIp(),
      payload: { practice_name: 'Lakeshore Again', owner_name: 'Nia Rowe', email: 'nurse@lakeshore.test', phone: '(312) 555-0177', password: PASSWORD, password_confirmation: PASSWORD },
    });
    expect(registered.statusCode).toBe(201);
    await smtp.next((m) => m.envelopeTo.includes('nurse@lakeshore.test'));
  });
});

describe('who may call', () => {
  it('refuses a super admin without baritastic_programs and staff (403), with nothing changed', async () => {
    const calls: [string, string, object?][] = [
      ['GET', ''],
      ['GET', `/${NORTHSIDE}`],
      ['GET', '/export'],
      ['GET', '/with-patient-tags'],
      ['GET', `/with-patient-tags/${NORTHSIDE}`],
      ['GET', '/program-types'],
      ['POST', '/store', newProgram({ email: 'x@y.test', programmer_code: 'XY-1' })],
      ['POST', `/update/${NORTHSIDE}`, newProgram()],
      ['POST', '/update-password', { id: NORTHSIDE, password: 'Another2026', password_confirmation: 'Another2026' }],
      ['POST', '/toggle-status', { id: NORTHSIDE, status: 0 }],
      ['POST', '/delete', { id: NORTHSIDE }],
    ];
    for (const who of [ADMIN2, STAFF]) {
      for (const [method, path, payload] of calls) {
        const res = await t.call({ method: method as 'GET' | 'POST', url: `${url}${path}`, token: tokens[who], ...(payload ? { payload } : {}) });
        expect([who, method, path, res.statusCode]).toEqual([who, method, path, 403]);
      }
    }
    const [northside] = await t.app.db.select({ status: accounts.status, deletedAt: accounts.deleted_at }).from(accounts).where(eq(accounts.id, NORTHSIDE));
    expect(northside).toEqual({ status: 1, deletedAt: null });
  });

  it('lets a super admin with program_users alone read the programs and their tags (the program users\' pickers), nothing else', async () => {
    const [slug] = await t.app.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.slug, 'program_users'));
    await t.app.db.insert(superAdminPermissions).values({ super_admin_id: 49, permission_id: slug!.id });
    const token = await t.login(ADMIN2);
    expect((await get('/with-patient-tags', token)).statusCode).toBe(200);
    expect((await get(`/with-patient-tags/${NORTHSIDE}`, token)).statusCode).toBe(200);
    expect((await get('', token)).statusCode).toBe(403);
    expect((await get('/program-types', token)).statusCode).toBe(403);
  });
});
