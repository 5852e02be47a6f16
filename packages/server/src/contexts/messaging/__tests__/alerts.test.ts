import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { ALERT_MESSAGES, SUPPORT_MESSAGES } from '@baridesk/contracts';
import { auditRecords, messageDeliveries, messageReplies, patients, supportMessages, weightLogs } from '../../../db/schema';
import { STAFF_CALLERS, createTestApp, type TestApp } from '../../../test/app';
import { SUPPORT_MAIL_JOB } from '../plugins/support-messages';

const { NORTH, STAFF, LAKE } = STAFF_CALLERS;
const CALLERS = [NORTH, STAFF, LAKE] as const;
type Caller = (typeof CALLERS)[number];
const NORTHSIDE = 101;
const DAY = 86_400_000;

let t: TestApp;
let tokens: Record<Caller, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(...CALLERS);
});
afterAll(() => t?.close());

const get = (who: Caller, url: string) => t.call({ method: 'GET', url, token: tokens[who] });

async function patient(first: string, values: Partial<typeof patients.$inferInsert> = {}, programId = NORTHSIDE) {
  const [row] = await t.app.db
    .insert(patients)
    .values({ program_id: programId, name: first, first_name: first, last_name: 'Alert', email: `${first.toLowerCase()}@alerts.test`, ...values })
    .returning({ id: patients.id });
  return row!.id;
}

/** A message to `patientIds` on inbox and e-mail, fanned out: the ones without an address fail on e-mail. */
async function sendTo(programId: number, patientIds: number[]) {
  const { id } = await t.app.delivery.createMessage({
    programId,
    kind: 'on_demand',
    title: `Alert test ${programId}`,
    message: 'Hello',
    channels: ['inbox', 'email'],
    audience: { patient_ids: patientIds },
    createdBy: null,
  });
  await t.app.jobs.drain(['messaging.fan-out']);
  return id;
}

describe('failed deliveries', () => {
  it('lists the program’s failed deliveries with the reason, and retries the chosen ones', async () => {
    const noMail = await patient('Nomail', { email: null });
    const lakeNoMail = await patient('Lakenomail', { email: null }, 102);
    const messageId = await sendTo(NORTHSIDE, [noMail]);
    await sendTo(102, [lakeNoMail]);

    const res = await get(STAFF, '/api/alerts/failed-deliveries?perPage=100');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.data as { id: number; patient_id: number; channel: string; error: string; message_id: number }[];
    const mine = rows.find((r) => r.patient_id === noMail)!;
    expect(mine).toMatchObject({ channel: 'email', error: 'No e-mail address', message_id: messageId, patient_name: 'Nomail Alert' });
    expect(rows.some((r) => r.patient_id === lakeNoMail)).toBe(false);

    // Another program's delivery is never requeued; with none of the caller's, 422.
    const lakeRows = (await get(LAKE, '/api/alerts/failed-deliveries?perPage=100')).json().data.data as { id: number; patient_id: number }[];
    const lakeId = lakeRows.find((r) => r.patient_id === lakeNoMail)!.id;
    const refused = await t.sendJson({ url: '/api/alerts/failed-deliveries/retry', token: tokens[NORTH], body: { ids: [lakeId] } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ ids: [ALERT_MESSAGES.nothingToRetry] });

    // The address is added, then the delivery is retried and sent.
    await t.app.db.update(patients).set({ email: 'now@alerts.test' }).where(eq(patients.id, noMail));
    const retried = await t.sendJson({ url: '/api/alerts/failed-deliveries/retry', token: tokens[NORTH], body: { ids: [mine.id] } });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ data: { retried: 1 }, message: ALERT_MESSAGES.retried });
    await t.app.jobs.drain(['messaging.send-email']);
    const [delivery] = await t.app.db.select().from(messageDeliveries).where(eq(messageDeliveries.id, mine.id));
    expect(delivery).toMatchObject({ status: 'sent', error: null });
    const [audit] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'alerts.retry-deliveries'));
    expect(audit!.detail).toMatchObject({ ids: [mine.id] });
  });
});

describe('patients who stopped logging', () => {
  it('lists patients who used the app and have had no activity and no weigh-in for the days asked', async () => {
    const now = t.clock.now().getTime();
    const stopped = await patient('Stopped', { last_app_activity_at: new Date(now - 20 * DAY) });
    const weighing = await patient('Weighing', { last_app_activity_at: new Date(now - 20 * DAY) });
    const recent = await patient('Recent', { last_app_activity_at: new Date(now - 2 * DAY) });
    const never = await patient('Never');
    const today = new Date(now).toISOString().slice(0, 10);
    await t.app.db.insert(weightLogs).values({ program_id: NORTHSIDE, patient_id: weighing, logged_on: today, weight: '200' });

    const ids = async (query: string) =>
      ((await get(STAFF, `/api/alerts/inactive-patients?perPage=100${query}`)).json().data.data as { id: number }[]).map((p) => p.id);
    const fortnight = await ids('');
    expect(fortnight).toContain(stopped);
    expect(fortnight).not.toContain(weighing);
    expect(fortnight).not.toContain(recent);
    expect(fortnight).not.toContain(never);
    expect(await ids('&days=30')).not.toContain(stopped);
    expect(await ids('&days=1')).toContain(recent);

    const bad = await get(STAFF, '/api/alerts/inactive-patients?days=0');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['days']);
    expect(((await get(LAKE, '/api/alerts/inactive-patients?perPage=100')).json().data.data as { id: number }[]).map((p) => p.id)).not.toContain(stopped);
  });
});

describe('replies from the app', () => {
  it('lists unhandled replies, marks one handled by the caller, and keeps another program’s out of reach', async () => {
    const who = await patient('Replier');
    const [reply] = await t.app.db.insert(messageReplies).values({ program_id: NORTHSIDE, patient_id: who, body: 'When is my appointment?' }).returning();
    const open = (await get(STAFF, '/api/alerts/replies')).json().data.data as { id: number; body: string }[];
    expect(open.find((r) => r.id === reply!.id)).toMatchObject({ body: 'When is my appointment?', patient_name: 'Replier Alert', handled_at: null });
    expect(((await get(LAKE, '/api/alerts/replies')).json().data.data as { id: number }[]).some((r) => r.id === reply!.id)).toBe(false);

    const foreign = await t.call({ method: 'POST', url: `/api/alerts/replies/${reply!.id}/handled`, token: tokens[LAKE] });
    expect(foreign.statusCode).toBe(404);

    const handled = await t.call({ method: 'POST', url: `/api/alerts/replies/${reply!.id}/handled`, token: tokens[STAFF] });
    expect(handled.statusCode).toBe(200);
    expect(handled.json().data).toMatchObject({ id: reply!.id, handled_at: expect.any(String), handled_by_name: expect.any(String) });
    expect(((await get(STAFF, '/api/alerts/replies')).json().data.data as { id: number }[]).some((r) => r.id === reply!.id)).toBe(false);
    expect(((await get(STAFF, '/api/alerts/replies?handled=1')).json().data.data as { id: number }[]).some((r) => r.id === reply!.id)).toBe(true);
    const [audit] = await t.app.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'alerts.reply-handled'), eq(auditRecords.entity_id, String(reply!.id))));
    expect(audit!.patient_id).toBe(who);
  });
});

describe('the sidebar’s counts', () => {
  it('counts the three lists of the caller’s program and keeps the figures a minute', async () => {
    const first = (await get(NORTH, '/api/alerts/counts')).json().data;
    expect(first).toEqual({ failed_deliveries: expect.any(Number), inactive_patients: expect.any(Number), replies: expect.any(Number) });
    const who = await patient('Counted');
    await t.app.db.insert(messageReplies).values({ program_id: NORTHSIDE, patient_id: who, body: 'Hi' });
    expect((await get(NORTH, '/api/alerts/counts')).json().data.replies).toBe(first.replies);
    t.clock.advance(61_000);
    expect((await get(NORTH, '/api/alerts/counts')).json().data.replies).toBe(first.replies + 1);
    const lake = (await get(LAKE, '/api/alerts/counts')).json().data;
    expect(lake.replies).not.toBe(first.replies + 1);
  });
});

describe('support messages', () => {
  it('stores a program user’s message and mails it to the support address', async () => {
    const res = await t.sendJson({
      url: '/api/support-message/store',
      token: tokens[STAFF],
      body: { sub_user_id: NORTHSIDE, type: 'vitamin-supplements', message: 'Please send 20 samples of the chewable multivitamin.' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { type: 'vitamin-supplements', mailed: false }, message: SUPPORT_MESSAGES.sent });
    const id = res.json().data.id as number;
    const [row] = await t.app.db.select().from(supportMessages).where(eq(supportMessages.id, id));
    expect(row).toMatchObject({ program_id: NORTHSIDE, type: 'vitamin-supplements', mailed_at: null });

    await t.app.jobs.drain([SUPPORT_MAIL_JOB]);
    const [mailed] = await t.app.db.select().from(supportMessages).where(eq(supportMessages.id, id));
    expect(mailed!.mailed_at).not.toBeNull();
    const outbox = path.join(t.dataDir, 'outbox');
    const mails = await Promise.all((await fs.readdir(outbox)).map((f) => fs.readFile(path.join(outbox, f), 'utf8')));
    const mail = mails.find((m) => m.includes('Request Vitamin Samples'))!;
    expect(mail).toContain(`To: ${t.app.config.supportEmail}`);
    expect(mail).toContain('chewable multivitamin');
  });

  it('answers 422 for a bad type, a blank message or another program’s sub user; sub users get 403', async () => {
    const bad = await t.sendJson({ url: '/api/support-message/store', token: tokens[STAFF], body: { type: 'billing', message: ' ' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ type: [SUPPORT_MESSAGES.typeInvalid], message: ['Message is required.'] });
    const other = await t.sendJson({ url: '/api/support-message/store', token: tokens[STAFF], body: { sub_user_id: 102, type: 'product-support', message: 'Hi' } });
    expect(other.json().errors).toEqual({ sub_user_id: [SUPPORT_MESSAGES.subUserInvalid] });
    const sub = await t.sendJson({ url: '/api/support-message/store', token: tokens[NORTH], body: { type: 'product-support', message: 'Hi' } });
    expect(sub.statusCode).toBe(403);
  });
});
