/**
 * Tips, the support e-mail, the mobile support addresses with the app's support requests, and the app's
 * main menu: the super admins' calls at the spec's paths, their permission slugs, and what patients see.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import {
  APP_MAIN_MENU_ENTRIES,
  MOBILE_SUPPORT_MAIL_MESSAGES,
  SUPPORT_EMAIL_MESSAGES,
  SUPPORT_REQUEST_MESSAGES,
  TIP_MESSAGES,
} from '@baridesk/contracts';
import { appSettings, auditRecords } from '../../../db/schema';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { DEMO_APP_PATIENT_EMAIL } from '../../../seed/patient-app';
import { STAFF_CALLERS, createTestApp, type TestApp } from '../../../test/app';
import { SUPPORT_REQUEST_MAIL_JOB } from '../plugins/mobile-support-mails';

const ROOT = 'superadmin@baridesk.test';
/** Holds manage_events and cards_and_trophies only. */
const ADMIN2 = 'admin2@baridesk.test';
const STAFF = STAFF_CALLERS.STAFF;

let t: TestApp;
let tokens: Record<string, string>;
let patientToken: string;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(ROOT, ADMIN2, STAFF);
  const login = await t.call({ method: 'POST', url: '/api/app/login', payload: { email: DEMO_APP_PATIENT_EMAIL, password: DEMO_PASSWORD } });
  patientToken = login.json().data.token as string;
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, who = ROOT) =>
  body === undefined ? t.call({ method, url, token: tokens[who] }) : t.sendJson({ method: method as 'POST', url, token: tokens[who], body });
const lastAudit = async (action: string) =>
  (await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, action)).orderBy(desc(auditRecords.id)).limit(1))[0];

/** The outbox's mails (the test app writes e-mail to DATA_DIR/outbox), as text. */
async function outbox(): Promise<string[]> {
  const dir = path.join(t.dataDir, 'outbox');
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  return Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
}

describe('tips (/api/admin/tips, permission tips)', () => {
  it('lists the seeded tips and creates, edits, switches and deletes one at the spec’s paths', async () => {
    const list = await call('GET', '/api/admin/tips?perPage=All');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.total).toBe(6);

    const created = await call('POST', '/api/admin/tips', { description: '  Chew every bite until it is smooth.  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ data: { description: 'Chew every bite until it is smooth.', status: 1 }, message: TIP_MESSAGES.created });
    const id = created.json().data.id as number;

    const edited = await call('PUT', `/api/admin/tips/${id}`, { description: 'Chew each bite 20 times.', status: 1 });
    expect(edited.json()).toMatchObject({ data: { id, description: 'Chew each bite 20 times.' }, message: TIP_MESSAGES.updated });
    const off = await call('POST', '/api/admin/tips/toggle-status', { id, status: 0 });
    expect(off.json()).toEqual({ data: { id, status: 0 }, message: TIP_MESSAGES.statusUpdated });
    expect((await call('GET', '/api/admin/tips?status=0&search=chew')).json().data.data.map((tip: { id: number }) => tip.id)).toEqual([id]);

    expect((await call('DELETE', `/api/admin/tips/${id}`)).json()).toEqual({ message: TIP_MESSAGES.deleted });
    const gone = await call('GET', `/api/admin/tips/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: TIP_MESSAGES.notFound });
    expect(await lastAudit('tip.delete')).toMatchObject({ entity: 'tip', entity_id: String(id), success: true });
  });

  it('refuses a blank or long tip (422), a super admin without the slug (403) and staff (403)', async () => {
    const blank = await call('POST', '/api/admin/tips', { description: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ description: ['Description is required.'] });
    const long = await call('POST', '/api/admin/tips', { description: 'x'.repeat(1001) });
    expect(long.json().errors.description).toEqual(['Description may not be greater than 1000 characters.']);
    expect((await call('GET', '/api/admin/tips', undefined, ADMIN2)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/tips', undefined, STAFF)).statusCode).toBe(403);
  });
});

describe('support e-mail (/api/admin/support-email, permission support_mail)', () => {
  it('shows SUPPORT_EMAIL until an address is saved; the staff support mail then goes to the saved one', async () => {
    const before = await call('GET', '/api/admin/support-email');
    expect(before.json()).toEqual({ data: { email: t.app.config.supportEmail, is_default: true, updated_at: null } });

    const bad = await call('POST', '/api/admin/support-email/update', { email: 'not an address' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ email: ['The email field must have a valid email address.'] });

    const saved = await call('POST', '/api/admin/support-email/update', { email: ' Help@Clinic-Support.test ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ data: { email: 'help@clinic-support.test', is_default: false }, message: SUPPORT_EMAIL_MESSAGES.updated });
    expect((await call('GET', '/api/admin/support-email')).json().data.email).toBe('help@clinic-support.test');
    const [row] = await t.app.db.select().from(appSettings).where(eq(appSettings.key, 'support_email'));
    expect(row).toMatchObject({ value: 'help@clinic-support.test', updated_by: 48 });
    expect(await lastAudit('support-email.update')).toMatchObject({ success: true, detail: { key: 'support_email', from: null, to: 'help@clinic-support.test' } });

    const sent = await call('POST', '/api/support-message/store', { type: 'product-support', message: 'The export button does nothing.' }, STAFF);
    expect(sent.statusCode).toBe(201);
    await t.app.jobs.drain(['messaging.support-mail']);
    const mail = (await outbox()).find((m) => m.includes('The export button does nothing.'));
    expect(mail).toContain('To: help@clinic-support.test');
  });

  it('is refused without support_mail', async () => {
    expect((await call('GET', '/api/admin/support-email', undefined, ADMIN2)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/support-email/update', { email: 'a@b.test' }, ADMIN2)).statusCode).toBe(403);
  });
});

describe('mobile support mail (/api/admin/mobile-support-mail, permission manage_mobile_support_mail)', () => {
  it('lists, offers the active ones, adds, edits, switches and deletes at the spec’s paths; an address is on the list once', async () => {
    const list = await call('GET', '/api/admin/mobile-support-mail');
    expect(list.json().data.data.map((row: { email: string; status: number }) => [row.email, row.status])).toEqual([
      ['app-support@baridesk.test', 1],
      ['nurse-line@baridesk.test', 0],
    ]);
    expect((await call('GET', '/api/admin/mobile-support-mail/select')).json().data).toEqual([{ id: expect.any(Number), name: 'app-support@baridesk.test' }]);

    const created = await call('POST', '/api/admin/mobile-support-mail', { email: 'Dietitians@Baridesk.test' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json().data.email).toBe('dietitians@baridesk.test');
    const again = await call('POST', '/api/admin/mobile-support-mail', { email: 'APP-SUPPORT@baridesk.test' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: [MOBILE_SUPPORT_MAIL_MESSAGES.taken] });

    expect((await call('PUT', `/api/admin/mobile-support-mail/${id}`, { email: 'dietitian-team@baridesk.test', status: 1 })).json().message).toBe(MOBILE_SUPPORT_MAIL_MESSAGES.updated);
    expect((await call('POST', '/api/admin/mobile-support-mail/toggle-status', { id, status: 0 })).json().data).toEqual({ id, status: 0 });
    expect((await call('DELETE', `/api/admin/mobile-support-mail/${id}`)).json()).toEqual({ message: MOBILE_SUPPORT_MAIL_MESSAGES.deleted });
    expect((await call('DELETE', `/api/admin/mobile-support-mail/${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/mobile-support-mail', undefined, ADMIN2)).statusCode).toBe(403);
  });

  it('mails a patient’s support request to every active address through the job queue, audited', async () => {
    const extra = await call('POST', '/api/admin/mobile-support-mail', { email: 'second-line@baridesk.test' });
    const res = await t.sendJson({ url: '/api/app/support-requests', token: patientToken, body: { message: 'The app logs me out every morning.' } });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { addresses: 2 }, message: SUPPORT_REQUEST_MESSAGES.sent });
    // Queued, not sent in the request.
    expect((await outbox()).filter((m) => m.includes('logs me out'))).toHaveLength(0);
    await t.app.jobs.drain([SUPPORT_REQUEST_MAIL_JOB]);
    const mails = (await outbox()).filter((m) => m.includes('logs me out'));
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.includes('To: app-support@baridesk.test'))).toBe(true);
    expect(mails.some((m) => m.includes('To: second-line@baridesk.test'))).toBe(true);
    expect(mails.every((m) => m.includes(DEMO_APP_PATIENT_EMAIL) && m.includes('Northside'))).toBe(true);
    const audit = await lastAudit('app.support-request');
    expect(audit).toMatchObject({ actor_type: 'patient', program_id: 101, success: true, detail: { addresses: 2, fallback: false } });
    expect(audit!.patient_id).toEqual(expect.any(Number));
    await call('DELETE', `/api/admin/mobile-support-mail/${extra.json().data.id}`);
  });

  it('falls back to the support e-mail when no address is active; refuses a blank message and staff tokens', async () => {
    const active = (await call('GET', '/api/admin/mobile-support-mail?status=1')).json().data.data as { id: number }[];
    for (const row of active) await call('POST', '/api/admin/mobile-support-mail/toggle-status', { id: row.id, status: 0 });
    const res = await t.sendJson({ url: '/api/app/support-requests', token: patientToken, body: { message: 'Nobody answers the phone.' } });
    expect(res.json().data).toEqual({ addresses: 1 });
    await t.app.jobs.drain([SUPPORT_REQUEST_MAIL_JOB]);
    const { email } = await t.app.appSettings.supportEmail();
    expect((await outbox()).find((m) => m.includes('Nobody answers the phone.'))).toContain(`To: ${email}`);
    for (const row of active) await call('POST', '/api/admin/mobile-support-mail/toggle-status', { id: row.id, status: 1 });

    const blank = await t.sendJson({ url: '/api/app/support-requests', token: patientToken, body: { message: ' ' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ message: ['Message is required.'] });
    // Half a UTF-16 pair is no character (the job's JSON data would refuse it): 422, nothing queued.
    const broken = await t.sendJson({ url: '/api/app/support-requests', token: patientToken, body: { message: 'Help \ud800 me' } });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors).toEqual({ message: [SUPPORT_REQUEST_MESSAGES.notText] });
    expect((await t.sendJson({ url: '/api/app/support-requests', token: tokens[STAFF], body: { message: 'Hi' } })).statusCode).toBe(401);
  });
});

describe('main menu (/api/admin/main-menu, permission manage_main_menu) and GET /api/app/main-menu', () => {
  it('lists the app’s entries in its order; a switched-off entry leaves the app’s menu', async () => {
    const list = await call('GET', '/api/admin/main-menu?perPage=All');
    const entries = list.json().data.data as { id: number; key: string; label: string; status: number; order_index: number }[];
    expect(entries.map((e) => e.key)).toEqual(APP_MAIN_MENU_ENTRIES.map((e) => e.key));
    const shop = entries.find((e) => e.key === 'shop')!;

    const app = await t.call({ method: 'GET', url: '/api/app/main-menu', token: patientToken });
    expect(app.json().data).toEqual(APP_MAIN_MENU_ENTRIES.map(({ key, label }) => ({ key, label })));

    expect((await call('POST', '/api/admin/main-menu/toggle-status', { id: shop.id, status: 0 })).json().data).toEqual({ id: shop.id, status: 0 });
    const after = (await t.call({ method: 'GET', url: '/api/app/main-menu', token: patientToken })).json().data as { key: string }[];
    expect(after.map((e) => e.key)).toEqual(APP_MAIN_MENU_ENTRIES.map((e) => e.key).filter((key) => key !== 'shop'));
    expect(await lastAudit('app.main-menu.read')).toMatchObject({ actor_type: 'patient', program_id: 101, detail: { count: 11 } });
    await call('POST', '/api/admin/main-menu/toggle-status', { id: shop.id, status: 1 });

    // The app's entries are its own screens: nothing adds, renames or deletes one.
    expect((await call('POST', '/api/admin/main-menu/store', { label: 'Extra' })).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/main-menu/delete', { id: shop.id })).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/main-menu', undefined, ADMIN2)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/app/main-menu', token: tokens[STAFF] })).statusCode).toBe(401);
    expect(
      (await t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'app-main-menu.toggle-status'), eq(auditRecords.entity_id, String(shop.id))))).length,
    ).toBe(2);
  });
});
