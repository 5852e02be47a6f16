/**
 * The delivery service (fastify.delivery) and its jobs on the demo data: audiences, one delivery per
 * patient and channel whatever happens (a fan-out run twice or resumed), the e-mail channel against a
 * real SMTP server, Web Push against a local push service, statuses, failures with reasons and counted tries.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https, { type Server, createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import webPush from 'web-push';
import { DELIVERY_FAILURES } from '@baridesk/contracts';
import { automaticMessageRules, automaticMessageSends, messageDeliveries, messages, patients, pushSubscriptions } from '../../../db/schema';
import { createTestApp, startTestApp, type TestApp } from '../../../test/app';
import { seededDatabase } from '../../../test/databases';
import { type TestSmtpServer, startSmtpServer } from '../../../test/mail';
import { FAN_OUT_BATCH, MAX_ATTEMPTS, pushPayload } from '../plugins/delivery';
import { freshDatabase } from '../../../test/app';
import { killMidFanOut } from '../../../test/fan-out-kill';
import { seedScale } from '../../../seed/scale';
import type { StaffScope } from '../../../lib/scope';

const NORTHSIDE = 101;
const LAKEVIEW = 102;
const scope = (programId: number): StaffScope => ({
  accountId: programId,
  sessionId: 1,
  type: 'sub_user',
  programId,
  permissions: [],
  administrativeRights: true,
  selfService: false,
  flags: null,
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const patientIds = async (programId: number) =>
  (
    await t.app.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.program_id, programId), eq(patients.status, 1)))
      .orderBy(asc(patients.id))
  ).map((p) => p.id);

const deliveriesOf = (app: TestApp['app'], messageId: number) =>
  app.db.select().from(messageDeliveries).where(eq(messageDeliveries.message_id, messageId)).orderBy(asc(messageDeliveries.patient_id));

const messageRow = async (app: TestApp['app'], id: number) => (await app.db.select().from(messages).where(eq(messages.id, id)))[0]!;

const base = { programId: NORTHSIDE, kind: 'on_demand' as const, title: 'Clinic closed Friday', message: 'Hello.\n\nThe clinic is closed on Friday.', createdBy: NORTHSIDE };

describe('the inbox channel', () => {
  it('delivers to the chosen patients of the program only, at once, and marks the message sent', async () => {
    const [a, b] = await patientIds(NORTHSIDE);
    const [other] = await patientIds(LAKEVIEW);
    const { id } = await t.app.delivery.createMessage({ ...base, channels: ['inbox'], audience: { patient_ids: [a!, b!, other!] } });
    expect((await messageRow(t.app, id)).status).toBe('queued');

    await t.app.jobs.drain();
    const rows = await deliveriesOf(t.app, id);
    expect(rows.map((r) => [r.patient_id, r.channel, r.status])).toEqual([
      [a, 'inbox', 'delivered'],
      [b, 'inbox', 'delivered'],
    ]);
    expect(rows[0]!.delivered_at).not.toBeNull();
    expect(await messageRow(t.app, id)).toMatchObject({ status: 'sent', recipient_count: 2 });
    expect(await t.app.delivery.summary(id)).toEqual({ inbox: { delivered: 2 }, email: {}, push: {} });
  });

  it('counts and reaches a patient-list filter, scoped to the program', async () => {
    const audience = { filter: { stage: 2 as const } };
    const expected = (
      await t.app.db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.program_id, NORTHSIDE), eq(patients.current_stage, 2), eq(patients.status, 1)))
    ).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(0);
    expect(await t.app.delivery.countAudience(scope(NORTHSIDE), audience)).toBe(expected.length);

    const { id } = await t.app.delivery.createMessage({ ...base, channels: ['inbox'], audience });
    await t.app.jobs.drain();
    expect((await deliveriesOf(t.app, id)).map((r) => r.patient_id).sort()).toEqual(expected.sort());
  });

  it('reaches the patients an automatic rule recorded for the message', async () => {
    const [a, , c] = await patientIds(NORTHSIDE);
    const [rule] = await t.app.db
      .insert(automaticMessageRules)
      .values({ program_id: NORTHSIDE, trigger: 'days_after_signup', days: 3, title: 'Day 3', message: 'How are you doing?' })
      .returning();
    const { id } = await t.app.delivery.createMessage({ ...base, kind: 'automatic', channels: ['inbox'], audience: { automatic: true }, automaticRuleId: rule!.id });
    await t.app.db.insert(automaticMessageSends).values([
      { rule_id: rule!.id, patient_id: a!, trigger_key: 'signup', message_id: id },
      { rule_id: rule!.id, patient_id: c!, trigger_key: 'signup', message_id: id },
    ]);
    await t.app.jobs.drain();
    expect((await deliveriesOf(t.app, id)).map((r) => r.patient_id)).toEqual([a, c]);
  });

  it('never records a delivery twice: a fan-out run again, or resumed after its worker died, adds nothing', async () => {
    const ids = await patientIds(NORTHSIDE);
    const { id } = await t.app.delivery.createMessage({ ...base, channels: ['inbox', 'email'], audience: { patient_ids: ids } });
    // A worker that died after recording the first patients: their rows are there, the message still sending.
    await t.app.db.update(messages).set({ status: 'sending' }).where(eq(messages.id, id));
    // (A batch is one statement: a killed run leaves whole patients, every channel of each, or none.)
    await t.app.db.execute(
      sql`insert into message_deliveries (message_id, program_id, patient_id, channel, status, delivered_at)
          select ${id}, ${NORTHSIDE}, p, c, case when c = 'inbox' then 'delivered' else 'queued' end, now()
          from unnest(array[${ids[0]!}, ${ids[1]!}]::int[]) p cross join unnest(array['inbox', 'email']::varchar[]) c`,
    );
    await t.app.deliveryJobs.fanOut({ messageId: id });
    // Run once more as if the queue retried it, and let the queued job run too.
    await t.app.db.update(messages).set({ status: 'sending' }).where(eq(messages.id, id));
    await t.app.deliveryJobs.fanOut({ messageId: id });
    await t.app.jobs.drain();

    const [counts] = await t.app.db
      .select({ rows: sql<number>`count(*)::int`, keys: sql<number>`count(distinct (patient_id, channel))::int` })
      .from(messageDeliveries)
      .where(eq(messageDeliveries.message_id, id));
    expect(counts).toEqual({ rows: ids.length * 2, keys: ids.length * 2 });
    expect((await messageRow(t.app, id)).recipient_count).toBe(ids.length);
  });

  it('leaves a message created in a caller transaction to the sweep, which queues its fan-out', async () => {
    const [a] = await patientIds(NORTHSIDE);
    const { id } = await t.app.db.transaction((tx) =>
      t.app.delivery.createMessage({ ...base, channels: ['inbox'], audience: { patient_ids: [a!] } }, tx),
    );
    await t.app.jobs.drain();
    expect(await deliveriesOf(t.app, id)).toEqual([]);
    t.clock.advance(10_000);
    expect(await t.app.deliveryJobs.sweep()).toBeGreaterThanOrEqual(1);
    await t.app.jobs.drain();
    expect((await deliveriesOf(t.app, id)).map((r) => r.status)).toEqual(['delivered']);
  });

  it('leaves a message whose fan-out failed for good as failed; the sweep does not take it up again', async () => {
    const [a] = await patientIds(NORTHSIDE);
    const { id } = await t.app.db.transaction((tx) =>
      t.app.delivery.createMessage({ ...base, channels: ['inbox'], audience: { patient_ids: [a!] } }, tx),
    );
    await t.app.deliveryJobs.failMessage(id);
    expect((await messageRow(t.app, id)).status).toBe('failed');
    t.clock.advance(120_000);
    await t.app.deliveryJobs.sweep();
    await t.app.jobs.drain();
    expect(await deliveriesOf(t.app, id)).toEqual([]);
    expect((await messageRow(t.app, id)).status).toBe('failed');
  });

  it('lists the recipients paged, searched and by status, each with its channels', async () => {
    const ids = await patientIds(NORTHSIDE);
    const [target] = await t.app.db.select().from(patients).where(eq(patients.id, ids[3]!));
    await t.app.db.update(patients).set({ email: null }).where(eq(patients.id, ids[4]!));
    const { id } = await t.app.delivery.createMessage({ ...base, channels: ['inbox', 'email'], audience: { patient_ids: ids } });
    await t.app.deliveryJobs.fanOut({ messageId: id });

    const page = await t.app.delivery.recipients(NORTHSIDE, id, { page: 1, perPage: 5, sort: 'name', direction: 'asc' });
    expect(page).toMatchObject({ total: ids.length, page: 1, perPage: 5 });
    expect(page.data).toHaveLength(5);
    expect(page.data[0]!.channels.inbox).toMatchObject({ status: 'delivered', error: null, attempts: 0 });
    expect(page.data[0]!.channels.inbox?.delivered_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const searched = await t.app.delivery.recipients(NORTHSIDE, id, { page: 1, perPage: 10, sort: 'name', direction: 'asc', search: target!.last_name });
    expect(searched.data.map((r) => r.patient_id)).toContain(target!.id);

    const failed = await t.app.delivery.recipients(NORTHSIDE, id, { page: 1, perPage: 10, sort: 'name', direction: 'asc', status: 'failed' });
    expect(failed.data.map((r) => [r.patient_id, r.channels.email?.error])).toEqual([[ids[4], DELIVERY_FAILURES.noEmail]]);
    // Another program sees nothing of it.
    expect((await t.app.delivery.recipients(LAKEVIEW, id, { page: 1, perPage: 10, sort: 'name', direction: 'asc' })).total).toBe(0);
    expect((await t.app.delivery.recipients(NORTHSIDE, id, { page: 9, perPage: 10, sort: 'name', direction: 'asc' })).total).toBe(ids.length);
  });

  it('fails push at once with its reason while push is off', async () => {
    const [a] = await patientIds(NORTHSIDE);
    const { id } = await t.app.delivery.createMessage({ ...base, channels: ['inbox', 'push'], audience: { patient_ids: [a!] } });
    await t.app.jobs.drain();
    const push = (await deliveriesOf(t.app, id)).find((r) => r.channel === 'push')!;
    expect(push).toMatchObject({ status: 'failed', error: DELIVERY_FAILURES.pushOff });
    expect(push.failed_at).not.toBeNull();
  });
});

describe('the e-mail channel', () => {
  let smtp: TestSmtpServer;
  let mailApp: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    const { target, drop } = await seededDatabase({ patientsPerProgram: 6 });
    mailApp = await startTestApp(target, drop, { patientsPerProgram: 6 }, { config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await mailApp?.close();
    await smtp?.close();
  });

  it('sends each patient one e-mail with the message, and marks the delivery sent', async () => {
    const [p] = await mailApp.app.db.select().from(patients).where(eq(patients.program_id, NORTHSIDE)).orderBy(asc(patients.id)).limit(1);
    const { id } = await mailApp.app.delivery.createMessage({ ...base, channels: ['email'], audience: { patient_ids: [p!.id] } });
    await mailApp.app.jobs.drain();
    const mail = await smtp.next((m) => m.envelopeTo.includes(p!.email!));
    expect(mail.subject).toBe('Clinic closed Friday');
    expect(mail.text).toContain('The clinic is closed on Friday.');
    expect(mail.text).toContain(`Hello ${p!.first_name},`);
    const [row] = await deliveriesOf(mailApp.app, id);
    expect(row).toMatchObject({ channel: 'email', status: 'sent', attempts: 1, error: null });
    await smtp.expectNothingMore(200);
  });

  it('counts every try of a refused e-mail and fails it for good after the last one', async () => {
    const [p] = await mailApp.app.db.select().from(patients).where(eq(patients.program_id, NORTHSIDE)).orderBy(asc(patients.id)).limit(1);
    // An address the SMTP server refuses (the domain part is not valid for RCPT TO).
    await mailApp.app.db.update(patients).set({ email: 'nobody@[invalid' }).where(eq(patients.id, p!.id));
    const { id } = await mailApp.app.delivery.createMessage({ ...base, channels: ['email'], audience: { patient_ids: [p!.id] } });
    await mailApp.app.deliveryJobs.fanOut({ messageId: id });
    const job = { messageId: id, fromPatientId: p!.id, toPatientId: p!.id };
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      await expect(mailApp.app.deliveryJobs.sendEmailBatch(job)).rejects.toThrow(/tried again/);
      expect((await deliveriesOf(mailApp.app, id))[0]).toMatchObject({ status: 'queued', attempts: attempt });
    }
    await mailApp.app.deliveryJobs.sendEmailBatch(job);
    const [row] = await deliveriesOf(mailApp.app, id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row!.error).toBeTruthy();
  });
});

describe('the push channel', () => {
  let pushApp: TestApp;
  let pushService: Server;
  let received: { path: string; encoding: string | undefined; authorization: string | undefined }[];
  let endpointBase: string;

  /** A browser's subscription keys: a P-256 public key and 16 random bytes, as PushManager gives them. */
  const browserKeys = () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
  };

  beforeAll(async () => {
    received = [];
    // Push services speak HTTPS only (web-push never uses plain HTTP): a certificate for 127.0.0.1, trusted
    // by this test's agent alone.
    const dir = mkdtempSync(path.join(tmpdir(), 'push-cert-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    const key = readFileSync(path.join(dir, 'key.pem'));
    const cert = readFileSync(path.join(dir, 'cert.pem'));
    rmSync(dir, { recursive: true, force: true });
    https.globalAgent.options.ca = cert;
    pushService = createServer({ key, cert }, (req, res) => {
      req.resume();
      req.on('end', () => {
        received.push({ path: req.url ?? '', encoding: req.headers['content-encoding'], authorization: req.headers.authorization });
        res.statusCode = req.url?.startsWith('/gone') ? 410 : 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    endpointBase = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
    const keys = webPush.generateVAPIDKeys();
    const { target, drop } = await seededDatabase({ patientsPerProgram: 6 });
    pushApp = await startTestApp(target, drop, { patientsPerProgram: 6 }, {
      config: { vapidPublicKey: keys.publicKey, vapidPrivateKey: keys.privateKey, vapidSubject: 'mailto:ops@baridesk.test' },
    });
  });
  afterAll(async () => {
    await pushApp?.close();
    await new Promise((resolve) => pushService?.close(resolve));
  });

  it('pushes to each device, removes one the push service no longer knows, and says why another patient got none', async () => {
    const [a, b, c] = await pushApp.app.db.select().from(patients).where(eq(patients.program_id, NORTHSIDE)).orderBy(asc(patients.id)).limit(3);
    await pushApp.app.db.insert(pushSubscriptions).values([
      { patient_id: a!.id, endpoint: `${endpointBase}/ok/1`, ...browserKeys() },
      { patient_id: a!.id, endpoint: `${endpointBase}/gone/1`, ...browserKeys() },
      { patient_id: b!.id, endpoint: `${endpointBase}/gone/2`, ...browserKeys() },
    ]);
    const { id } = await pushApp.app.delivery.createMessage({ ...base, channels: ['push'], audience: { patient_ids: [a!.id, b!.id, c!.id] } });
    await pushApp.app.jobs.drain();

    const rows = await deliveriesOf(pushApp.app, id);
    expect(rows.map((r) => [r.patient_id, r.status, r.error])).toEqual([
      [a!.id, 'sent', null],
      [b!.id, 'failed', DELIVERY_FAILURES.subscriptionGone],
      [c!.id, 'failed', DELIVERY_FAILURES.noPushSubscription],
    ]);
    expect(received.map((r) => r.path).sort()).toEqual(['/gone/1', '/gone/2', '/ok/1']);
    // Encrypted (RFC 8291) and signed with our VAPID key (RFC 8292).
    expect(received.every((r) => r.encoding === 'aes128gcm' && /^vapid t=.+, k=.+$/.test(r.authorization ?? ''))).toBe(true);
    const left = await pushApp.app.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.patient_id, [a!.id, b!.id]));
    expect(left.map((s) => s.endpoint)).toEqual([`${endpointBase}/ok/1`]);
    expect(pushApp.app.webPush.publicKey).toBeTruthy();
  });
});

describe('the push payload', () => {
  it("carries the title, text and id, and the message's picture URL and link when it has them", () => {
    const url = (key: string) => `/uploads/${key}`;
    const plain = { title: 'Hi', message: 'x'.repeat(1200), image: null, link: null };
    expect(JSON.parse(pushPayload(plain, 7, url))).toEqual({ title: 'Hi', body: 'x'.repeat(1000), messageId: 7 });
    expect(JSON.parse(pushPayload({ ...plain, message: 'Weigh in', image: 'global/a.png', link: 'https://example.org/w' }, 8, url))).toEqual({
      title: 'Hi',
      body: 'Weigh in',
      messageId: 8,
      image: '/uploads/global/a.png',
      link: 'https://example.org/w',
    });
  });

  it('stores the picture and link with the message', async () => {
    const [a] = await patientIds(NORTHSIDE);
    const { id } = await t.app.delivery.createMessage({ ...base, channels: ['inbox'], audience: { patient_ids: [a!] }, image: 'global/b.png', link: 'https://example.org/x' });
    expect(await messageRow(t.app, id)).toMatchObject({ image: 'global/b.png', link: 'https://example.org/x' });
    const { id: without } = await t.app.delivery.createMessage({ ...base, channels: ['inbox'], audience: { patient_ids: [a!] } });
    expect(await messageRow(t.app, without)).toMatchObject({ image: null, link: null });
  });
});

// The scheduler is a process of its own only on PostgreSQL (PGlite is one process): the PostgreSQL pass.
if (process.env.TEST_DATABASE_URL) {
  describe('kill -9 of the scheduler process mid-fan-out, then a restart (PostgreSQL)', () => {
    const RECIPIENTS = 5_000;
    let app: TestApp;
    let url: string;
    beforeAll(async () => {
      const database = await freshDatabase();
      if (database.target.kind !== 'postgres') throw new Error('PostgreSQL only');
      url = database.target.url;
      app = await startTestApp(database.target, database.drop, false);
      await seedScale(app.app.db, RECIPIENTS, { programs: 1, foodLogsPerPatient: 0 });
    }, 300_000);
    afterAll(() => app?.close());

    it('leaves every recipient exactly one inbox delivery', async () => {
      const [program] = await app.app.db.execute(sql`select p.id from programs p join accounts a on a.id = p.id where a.email like 'bench-program-%'`).then(
        (r) => (r as unknown as { rows: { id: number }[] }).rows,
      );
      const result = await killMidFanOut(app.app, url, program!.id);
      expect(result.audience).toBeGreaterThan(2 * FAN_OUT_BATCH);
      // Killed part-way: some batches recorded, the rest not.
      expect(result.recordedAtKill).toBeGreaterThanOrEqual(FAN_OUT_BATCH);
      expect(result.recordedAtKill).toBeLessThan(result.audience);
      expect(result).toMatchObject({ deliveries: result.audience, exactlyOnce: result.audience, missing: 0 });
    }, 400_000);
  });
}
