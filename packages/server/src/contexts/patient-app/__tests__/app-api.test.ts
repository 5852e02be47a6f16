/**
 * The patient-app API (/api/app) on the demo data: sign-in with the password a patient set, sessions apart
 * from staff ones, the inbox (newest first, read state, paged), read marks and replies bound to the
 * patient's own messages, Web Push subscriptions, throttled failures, audit of every read and change.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import webPush from 'web-push';
import { ADDRESS_FAILURE_LIMIT, AUTH_MESSAGES } from '../../identity';
import { PATIENT_APP_MESSAGES } from '@baridesk/contracts';
import { auditRecords, messageDeliveries, messageReplies, patientSessions, patients, pushSubscriptions } from '../../../db/schema';
import { hashPassword } from '../../../lib/secrets';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { DEMO_APP_PATIENT_EMAIL } from '../../../seed/patient-app';
import { STAFF_CALLERS, createTestApp, startTestApp, type TestApp } from '../../../test/app';
import { seededDatabase } from '../../../test/databases';
import { AMBIGUOUS_LOGIN } from '../routes/app/login';

let t: TestApp;
let staffToken: string;
let patientId: number;
let addressCounter = 0;
/** Each sign-in from an address of its own unless a test means to share one (the throttle counts by address). */
const freshAddress = () => `10.77.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  staffToken = await t.login(STAFF_CALLERS.NORTH);
  const [row] = await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.email, DEMO_APP_PATIENT_EMAIL));
  patientId = row!.id;
});
afterAll(() => t?.close());

const appLogin = (body: unknown, remoteAddress = freshAddress()) =>
  t.call({ method: 'POST', url: '/api/app/login', payload: body as object, remoteAddress });
const signIn = async () => {
  const res = await appLogin({ email: DEMO_APP_PATIENT_EMAIL, password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
};

describe('POST /api/app/login', () => {
  it('opens a session for the demo patient and records app activity', async () => {
    t.clock.advanceMinutes(5);
    const res = await appLogin({ email: 'Patient@Northside.test ', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } });
    const [p] = await t.app.db.select().from(patients).where(eq(patients.id, patientId));
    expect(p!.last_app_activity_at?.getTime()).toBe(t.clock.now().getTime());
    const [audit] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'app.login')).orderBy(desc(auditRecords.id)).limit(1);
    expect(audit).toMatchObject({ patient_id: patientId, program_id: 101, actor_type: 'patient', success: true });
  });

  it('refuses a wrong password, an unknown address and a patient without a password alike, and audits it', async () => {
    const [noPassword] = await t.app.db
      .select({ email: patients.email })
      .from(patients)
      .where(and(eq(patients.program_id, 101), eq(patients.status, 1)))
      .orderBy(asc(patients.id))
      .limit(2);
    for (const body of [
      { email: DEMO_APP_PATIENT_EMAIL, password: 'Wrong1234' },
      { email: 'nobody@northside.test', password: DEMO_PASSWORD },
      { email: noPassword!.email === DEMO_APP_PATIENT_EMAIL ? 'x@y.test' : noPassword!.email, password: DEMO_PASSWORD },
    ]) {
      const res = await appLogin(body);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.badCredentials });
    }
    const failures = await t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'app.login'), eq(auditRecords.success, false)));
    expect(failures.length).toBeGreaterThanOrEqual(3);
  });

  it('answers 422 with the fields for a malformed body', async () => {
    const res = await appLogin({ email: 'not-an-address', password: '', program_id: 'x' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'password', 'program_id']);
  });

  it('throttles an address after too many failures, like staff sign-in', async () => {
    const address = freshAddress();
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i += 1) {
      expect((await appLogin({ email: DEMO_APP_PATIENT_EMAIL, password: 'Wrong1234' }, address)).statusCode).toBe(401);
    }
    const res = await appLogin({ email: DEMO_APP_PATIENT_EMAIL, password: DEMO_PASSWORD }, address);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('asks which program when one address and password open patients of two, and signs in to the one named', async () => {
    const [lake] = await t.app.db.select().from(patients).where(and(eq(patients.program_id, 102), eq(patients.status, 1))).orderBy(asc(patients.id)).limit(1);
    await t.app.db
      .update(patients)
      .set({ email: DEMO_APP_PATIENT_EMAIL, password_hash: await hashPassword(DEMO_PASSWORD) })
      .where(eq(patients.id, lake!.id));
    try {
      const res = await appLogin({ email: DEMO_APP_PATIENT_EMAIL, password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: AMBIGUOUS_LOGIN,
        programs: [
          { id: 101, title: 'Northside Bariatrics' },
          { id: 102, title: 'Lakeview Weight Loss Center' },
        ],
      });
      const chosen = await appLogin({ email: DEMO_APP_PATIENT_EMAIL, password: DEMO_PASSWORD, program_id: 102 });
      expect(chosen.statusCode).toBe(200);
      const [session] = await t.app.db.select().from(patientSessions).orderBy(desc(patientSessions.id)).limit(1);
      expect(session!.patient_id).toBe(lake!.id);
    } finally {
      await t.app.db.update(patients).set({ email: lake!.email, password_hash: null }).where(eq(patients.id, lake!.id));
    }
  });

  it('tells an inactive patient so, only after the right password', async () => {
    await t.app.db.update(patients).set({ status: 0 }).where(eq(patients.id, patientId));
    try {
      const res = await appLogin({ email: DEMO_APP_PATIENT_EMAIL, password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(403);
    } finally {
      await t.app.db.update(patients).set({ status: 1 }).where(eq(patients.id, patientId));
    }
  });
});

describe('patient sessions and staff sessions', () => {
  it('keeps each to its own routes', async () => {
    const token = await signIn();
    for (const [url, bearer] of [
      ['/api/app/messages', staffToken],
      ['/api/app/messages', undefined],
      ['/api/patients', token],
      ['/api/user', token],
    ] as const) {
      const res = await t.call({ method: 'GET', url, token: bearer });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('ends at logout', async () => {
    const token = await signIn();
    const out = await t.call({ method: 'POST', url: '/api/app/logout', token });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: PATIENT_APP_MESSAGES.loggedOut });
    const after = await t.call({ method: 'GET', url: '/api/app/messages', token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: AUTH_MESSAGES.revoked });
  });

  it('ends when the patient sets a new password (the reset link)', async () => {
    const token = await signIn();
    const now = t.clock.now();
    await t.app.db.transaction((tx) => t.app.authLinks.setPatientPassword(tx, patientId, 'not-a-real-hash', now));
    expect((await t.call({ method: 'GET', url: '/api/app/messages', token })).statusCode).toBe(401);
    await t.app.db.update(patients).set({ password_hash: await hashPassword(DEMO_PASSWORD) }).where(eq(patients.id, patientId));
  });

  it('ends after 30 days without use', async () => {
    const token = await signIn();
    t.clock.advance(31 * 86_400_000);
    const res = await t.call({ method: 'GET', url: '/api/app/messages', token });
    expect(res.statusCode).toBe(401);
  });
});

describe('the inbox', () => {
  let token: string;
  beforeAll(async () => {
    token = await signIn();
  });

  it('lists the seeded messages newest first with their read state, paged, and audits the read', async () => {
    const res = await t.call({ method: 'GET', url: '/api/app/messages?perPage=100', token });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ page: 1, perPage: 100, total: page.data.length });
    // Other seeds add scheduled and automatic messages; the on-demand ones are this lane's.
    const onDemand = page.data.filter((m: { kind: string }) => m.kind === 'on_demand');
    expect(onDemand.map((m: { title: string; read: boolean }) => [m.title, m.read])).toEqual([
      ['Pre-op nutrition class moved', false],
      ['Support group this Thursday', false],
      ['Welcome to the Northside app', true],
    ]);
    expect(onDemand[2].read_at).toMatch(/^\d{4}-/);
    const ids = page.data.map((m: { id: number }) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const firstTwo = await t.call({ method: 'GET', url: '/api/app/messages?perPage=5&page=1', token });
    const past = await t.call({ method: 'GET', url: `/api/app/messages?perPage=5&page=${Math.ceil(page.total / 5) + 1}`, token });
    expect(firstTwo.json().data.data.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 5));
    expect(past.json().data).toMatchObject({ total: page.total, data: [] });
    const [audit] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'app.messages.list')).orderBy(desc(auditRecords.id)).limit(1);
    expect(audit).toMatchObject({ patient_id: patientId, program_id: 101, actor_type: 'patient' });
  });

  it('shows a message staff send on demand once its fan-out ran, and marks it read', async () => {
    const { id } = await t.app.delivery.createMessage({
      programId: 101,
      kind: 'on_demand',
      title: 'Lab results ready',
      message: 'Your lab results are in.',
      channels: ['inbox'],
      audience: { patient_ids: [patientId] },
      createdBy: 201,
    });
    await t.app.jobs.drain();
    const list = await t.call({ method: 'GET', url: '/api/app/messages', token });
    expect(list.json().data.data[0]).toMatchObject({ id, title: 'Lab results ready', read: false, read_at: null, kind: 'on_demand' });

    const read = await t.call({ method: 'POST', url: `/api/app/messages/${id}/read`, token });
    expect(read.statusCode).toBe(200);
    const [delivery] = await t.app.db
      .select()
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.message_id, id), eq(messageDeliveries.patient_id, patientId)));
    expect(delivery).toMatchObject({ status: 'read' });
    expect(delivery!.read_at).not.toBeNull();
    expect((await t.app.delivery.summary(id)).inbox).toEqual({ read: 1 });
    // Read again: still read, the first time kept.
    expect((await t.call({ method: 'POST', url: `/api/app/messages/${id}/read`, token })).statusCode).toBe(200);
  });

  it("gives a message's picture as its URL and its link, and null for a message without them", async () => {
    const { id } = await t.app.delivery.createMessage({
      programId: 101,
      kind: 'dynamic',
      title: 'Time to weigh in',
      message: 'Log your weight today.',
      channels: ['inbox'],
      audience: { patient_ids: [patientId] },
      createdBy: null,
      image: 'global/0123456789abcdef0123456789abcdef.png',
      link: 'https://example.org/weigh-in',
    });
    await t.app.jobs.drain();
    const list = (await t.call({ method: 'GET', url: '/api/app/messages', token })).json().data.data;
    expect(list[0]).toMatchObject({
      id,
      kind: 'dynamic',
      image: '/uploads/global/0123456789abcdef0123456789abcdef.png',
      link: 'https://example.org/weigh-in',
    });
    expect(list.find((m: { kind: string }) => m.kind === 'on_demand')).toMatchObject({ image: null, link: null });
  });

  it('answers 404 for a message the patient was not sent, whoever it went to', async () => {
    const [other] = await t.app.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.program_id, 102), eq(patients.status, 1)))
      .limit(1);
    const { id } = await t.app.delivery.createMessage({
      programId: 102,
      kind: 'on_demand',
      title: 'Lakeview only',
      message: 'Not for Northside.',
      channels: ['inbox'],
      audience: { patient_ids: [other!.id] },
      createdBy: 102,
    });
    await t.app.jobs.drain();
    for (const url of [`/api/app/messages/${id}/read`, `/api/app/messages/${id}/reply`, '/api/app/messages/999999/read']) {
      const res = await t.call({ method: 'POST', url, token, payload: { message: 'Hello?' } });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 404, body: { message: PATIENT_APP_MESSAGES.messageNotFound } });
    }
    const list = await t.call({ method: 'GET', url: '/api/app/messages?perPage=100', token });
    expect(list.json().data.data.map((m: { id: number }) => m.id)).not.toContain(id);
  });

  it('takes a reply for the alerts screen, and refuses a blank one', async () => {
    const list = await t.call({ method: 'GET', url: '/api/app/messages', token });
    const messageId = list.json().data.data[0].id as number;
    const res = await t.call({ method: 'POST', url: `/api/app/messages/${messageId}/reply`, token, payload: { message: '  Thank you, see you then.  ' } });
    expect(res.statusCode).toBe(201);
    const [reply] = await t.app.db.select().from(messageReplies).where(eq(messageReplies.id, res.json().data.id));
    expect(reply).toMatchObject({ program_id: 101, patient_id: patientId, message_id: messageId, body: 'Thank you, see you then.', handled_at: null });
    const blank = await t.call({ method: 'POST', url: `/api/app/messages/${messageId}/reply`, token, payload: { message: '   ' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toHaveProperty('message');
  });

  it('says push is off without VAPID keys, and refuses a subscription then', async () => {
    const key = await t.call({ method: 'GET', url: '/api/app/push-key', token });
    expect(key.json()).toEqual({ data: { enabled: false, public_key: null }, message: PATIENT_APP_MESSAGES.pushOff });
    const sub = await t.call({
      method: 'POST',
      url: '/api/app/push-subscriptions',
      token,
      payload: { endpoint: 'https://push.example.test/abc', keys: { p256dh: 'BPk', auth: 'aGk' } },
    });
    expect(sub.statusCode).toBe(409);
    expect(sub.json()).toEqual({ message: PATIENT_APP_MESSAGES.pushOff });
  });
});

describe('push subscriptions with push on', () => {
  let pushApp: TestApp;
  const keys = webPush.generateVAPIDKeys();
  beforeAll(async () => {
    const { target, drop } = await seededDatabase({ patientsPerProgram: 6 });
    pushApp = await startTestApp(target, drop, { patientsPerProgram: 6 }, { config: { vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey } });
  });
  afterAll(() => pushApp?.close());

  it('gives the key, registers a device (moving it from a patient who left it) and forgets it', async () => {
    const login = await pushApp.call({ method: 'POST', url: '/api/app/login', payload: { email: DEMO_APP_PATIENT_EMAIL, password: DEMO_PASSWORD } });
    const token = login.json().data.token as string;
    const key = await pushApp.call({ method: 'GET', url: '/api/app/push-key', token });
    expect(key.json()).toEqual({ data: { enabled: true, public_key: keys.publicKey } });

    const [demo] = await pushApp.app.db.select({ id: patients.id }).from(patients).where(eq(patients.email, DEMO_APP_PATIENT_EMAIL));
    const [other] = await pushApp.app.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.program_id, 101), eq(patients.status, 1)))
      .orderBy(asc(patients.id))
      .limit(1);
    const endpoint = 'https://push.example.test/device-1';
    await pushApp.app.db.insert(pushSubscriptions).values({ patient_id: other!.id, endpoint, p256dh: 'old', auth: 'old' });

    const body = { endpoint, keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' } };
    const add = await pushApp.call({ method: 'POST', url: '/api/app/push-subscriptions', token, payload: body });
    expect(add.statusCode).toBe(201);
    const rows = await pushApp.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ patient_id: demo!.id, p256dh: body.keys.p256dh, auth: body.keys.auth });

    const bad = await pushApp.call({ method: 'POST', url: '/api/app/push-subscriptions', token, payload: { endpoint: 'not a url', keys: { p256dh: '', auth: '@@' } } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['endpoint']));
    expect(Object.keys(bad.json().errors).length).toBeGreaterThanOrEqual(2);

    const del = await pushApp.call({ method: 'DELETE', url: '/api/app/push-subscriptions', token, payload: { endpoint } });
    expect(del.statusCode).toBe(200);
    const again = await pushApp.call({ method: 'DELETE', url: '/api/app/push-subscriptions', token, payload: { endpoint } });
    expect(again.statusCode).toBe(404);
    const audits = await pushApp.app.db.select().from(auditRecords).where(eq(auditRecords.patient_id, demo!.id));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['app.push-subscription.add', 'app.push-subscription.remove']));
  });
});
