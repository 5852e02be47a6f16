/**
 * Dynamic notifications through the real app on the demo data: the spec's calls on the kit (JSON and
 * multipart, the `_method=PUT` update), the metadata checked per rule type, and the daily run: each rule
 * type reaches a patient it holds for once — not again the same day, nor the next — with the image and
 * link in the inbox.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { auditRecords, dynamicNotificationSends, foodLogEntries, messageDeliveries, messages, patients, weightLogs } from '../../../db/schema';
import { programDay } from '../../../lib/program-day';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { DEMO_APP_PATIENT_EMAIL } from '../../../seed/patient-app';
import { createTestApp, type TestApp } from '../../../test/app';
import { makePng, multipart } from '../../platform/uploads/__tests__/fixtures';
import { dynamicAudience, notificationTitle } from '../plugins/dynamic-notification-runs';

const url = '/api/admin/dynamic-notification';
const ROOT = 'superadmin@baridesk.test';
const ADMIN2 = 'admin2@baridesk.test';
const NORTHSIDE = 101;

let t: TestApp;
let tokens: Record<string, string>;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(ROOT, ADMIN2);
  today = (await programDay(t.app.db, NORTHSIDE, t.clock.now())).today;
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown, who: string = ROOT) =>
  t.call({ method, url: `${url}${path}`, token: tokens[who], ...(payload === undefined ? {} : { payload: payload as object }) });
const create = async (body: Json) => {
  const res = await call('POST', '', { patient_type: 'all', stages: [], message: 'Hello from BariDesk', ...body });
  expect(res.statusCode).toBe(201);
  return res.json().data as Json & { id: number };
};
const day = (offset: number) => DateTime.fromISO(today).plus({ days: offset }).toISODate()!;
/** Noon of a program day as an instant (Northside's zone), for created_at values. */
const noonOf = async (d: string) => {
  const { zone } = await programDay(t.app.db, NORTHSIDE, t.clock.now());
  return DateTime.fromISO(`${d}T12:00`, { zone }).toJSDate();
};

/** Active Northside patients, one per rule test, none the demo app patient. */
let pool: number[] = [];
const nextPatient = async () => {
  if (pool.length === 0) {
    pool = (
      await t.app.db
        .select({ id: patients.id })
        .from(patients)
        .where(and(eq(patients.program_id, NORTHSIDE), eq(patients.status, 1), sql`lower(${patients.email}) <> ${DEMO_APP_PATIENT_EMAIL}`))
        .orderBy(asc(patients.id))
    ).map((p) => p.id);
  }
  return pool.shift()!;
};
const sendsOf = (notificationId: number, patientId?: number) =>
  t.app.db
    .select()
    .from(dynamicNotificationSends)
    .where(and(eq(dynamicNotificationSends.notification_id, notificationId), patientId === undefined ? undefined : eq(dynamicNotificationSends.patient_id, patientId)));

describe('the calls (super admins with manage_dynamic_notifications)', () => {
  it('creates a notification from JSON with its rule, stores the metadata clean and audits it', async () => {
    const made = await create({ rule_type: 'weight', metadata: { days: '10', duration: 'day', weight_lost: 4 }, stages: [2, 1], patient_type: 'surgical' });
    expect(made).toMatchObject({ rule_type: 'weight', metadata: { days: 10, duration: 'day' }, stages: [1, 2], patient_type: 'surgical', status: 1, sent_count: 0, image: null, url: null });
    expect(made.metadata).not.toHaveProperty('weight_lost');
    const shown = (await call('GET', `/${made.id}`)).json().data;
    expect(shown).toEqual(made);
    const [audit] = await t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'dynamic-notification.create'), eq(auditRecords.entity_id, String(made.id))));
    expect(audit).toMatchObject({ success: true, detail: { rule_type: 'weight', status: 1 } });
  });

  it("refuses each rule's metadata on its own keys (422), and a bad rule, patient type or stage", async () => {
    const refused = async (body: Json) => {
      const res = await call('POST', '', { message: 'x', ...body });
      expect(res.statusCode).toBe(422);
      return res.json().errors as Record<string, string[]>;
    };
    expect(await refused({ rule_type: 'weight', metadata: {} })).toEqual({ 'metadata.days': ['Days is required.'] });
    expect(await refused({ rule_type: 'food', metadata: { days: 0, duration: 'year' } })).toEqual({
      'metadata.days': ['Days must be a whole number between 1 and 365.'],
      'metadata.duration': ['Please enter valid duration.'],
    });
    expect(Object.keys(await refused({ rule_type: 'surgery_date', metadata: { days: 3 } }))).toEqual(['metadata.type']);
    expect(Object.keys(await refused({ rule_type: 'weight_lost', metadata: { weight_lost: 10.25 } }))).toEqual(['metadata.weight_lost']);
    expect(Object.keys(await refused({ rule_type: 'signup', metadata: { days: 2.5 } }))).toEqual(['metadata.days']);
    expect(Object.keys(await refused({ rule_type: 'reminder', metadata: 'not json' }))).toEqual(['metadata']);
    expect(Object.keys(await refused({ rule_type: 'birthday', metadata: {} }))).toEqual(['rule_type']);
    expect(Object.keys(await refused({ rule_type: 'signup', metadata: { days: 1 }, patient_type: 'vip', stages: [4] })).sort()).toEqual(['patient_type', 'stages']);
    expect(Object.keys(await refused({ rule_type: 'signup', metadata: { days: 1 }, message: ' ', url: 'not a url' })).sort()).toEqual(['message', 'url']);
  });

  it('creates from a form with the image as a file, and updates with POST /{id} and _method=PUT', async () => {
    const png = { name: 'image', filename: 'tip.png', type: 'image/png', bytes: await makePng(400, 300) };
    const form = await multipart(
      { rule_type: 'signup', metadata: JSON.stringify({ days: 3 }), stages: '1,3', patient_type: 'non_surgical', message: 'Welcome', url: 'https://example.org/welcome' },
      png,
    );
    const made = await t.call({ method: 'POST', url, token: tokens[ROOT], payload: form.payload, headers: form.headers });
    expect(made.statusCode).toBe(201);
    const item = made.json().data;
    expect(item).toMatchObject({ rule_type: 'signup', metadata: { days: 3 }, stages: [1, 3], patient_type: 'non_surgical', url: 'https://example.org/welcome' });
    expect(item.image).toMatch(/^\/uploads\/global\/[0-9a-f]{32}\.png$/);

    // Never sent: a replaced image is removed, as the kit does.
    const swap = await multipart({ _method: 'PUT', rule_type: 'signup', metadata: '{"days":3}', stages: '1,3', patient_type: 'non_surgical', message: 'Welcome', status: '1' }, { ...png, bytes: await makePng(300, 300) });
    const swapped = (await t.call({ method: 'POST', url: `${url}/${item.id}`, token: tokens[ROOT], payload: swap.payload, headers: swap.headers })).json().data;
    expect(await t.app.storage.exists(String(item.image).replace(/^\/uploads\//, ''))).toBe(false);
    item.image = swapped.image;

    const update = await multipart({ _method: 'PUT', rule_type: 'reminder', metadata: '{"type":"surgery","days":"2","duration":"week"}', stages: '[2]', patient_type: 'all', message: 'Every two weeks', url: '', status: '1' });
    const updated = await t.call({ method: 'POST', url: `${url}/${item.id}`, token: tokens[ROOT], payload: update.payload, headers: update.headers });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ rule_type: 'reminder', metadata: { type: 'surgery', days: 2, duration: 'week' }, stages: [2], url: null, image: item.image });
    const json = await call('POST', `/${item.id}`, { _method: 'put', rule_type: 'signup', metadata: { days: 1 }, message: 'Welcome again', patient_type: 'all', status: 1 });
    expect(json.json()).toMatchObject({ data: { rule_type: 'signup', metadata: { days: 1 }, message: 'Welcome again' } });
    expect(json.statusCode).toBe(200);
    const wrongVerb = await call('POST', `/${item.id}`, { _method: 'DELETE', rule_type: 'signup', metadata: { days: 1 }, message: 'x' });
    expect(wrongVerb.statusCode).toBe(422);
    expect(Object.keys(wrongVerb.json().errors)).toEqual(['_method']);
    expect((await call('POST', '/999999', { rule_type: 'signup', metadata: { days: 1 }, message: 'x', status: 1 })).statusCode).toBe(404);
  });

  it('lists with search, rule type and status filters; switches the status; deletes one that never sent', async () => {
    const made = await create({ rule_type: 'food', metadata: { days: 4, duration: 'week' }, message: 'Findable food nudge' });
    const found = (await call('GET', '?search=findable&rule_type=food')).json().data;
    expect(found.data.map((n: Json) => n.id)).toEqual([made.id]);
    expect((await call('GET', '?rule_type=signup&search=findable')).json().data.total).toBe(0);
    expect((await call('GET', '?rule_type=sometimes')).statusCode).toBe(422);
    const off = await call('PATCH', `/status/${made.id}`, { status: 0 });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({ id: made.id, status: 0 });
    expect((await call('GET', '?status=0&search=findable')).json().data.total).toBe(1);
    const gone = await call('DELETE', `/${made.id}`);
    expect(gone.statusCode).toBe(200);
    expect((await call('GET', `/${made.id}`)).statusCode).toBe(404);
  });

  it('refuses hostile bodies with a 4xx, never a 5xx', async () => {
    const made = await create({ rule_type: 'signup', metadata: { days: 1 } });
    const bodies: unknown[] = [
      null,
      [],
      'text',
      { rule_type: 'surgery_date', metadata: { type: 'after', days: 1, surgery_type: 'Sle\u0000eve' }, message: 'x', status: 1 },
      { rule_type: 'signup', metadata: [1, 2], message: 'x', status: 1 },
      { rule_type: 'signup', metadata: '[1]', message: 'x', status: 1 },
      { rule_type: 'signup', metadata: { days: '1e400' }, message: 'x', status: 1 },
      { rule_type: 'weight_lost', metadata: { weight_lost: 'NaN' }, message: 'x', status: 1 },
      { rule_type: 'signup', metadata: { days: 1 }, stages: [1, [2]], message: 'x', status: 1 },
      { rule_type: 'signup', metadata: { days: 1 }, stages: '1,,2', message: 'x', status: 1 },
      { rule_type: ['signup'], metadata: { days: 1 }, message: 'x', status: 1 },
      { rule_type: 'signup', metadata: { days: 1 }, message: 'x'.repeat(100_000), status: 1 },
    ];
    for (const body of bodies) {
      for (const path of ['', `/${made.id}`]) {
        const res = await t.sendJson({ url: `${url}${path}`, token: tokens[ROOT], body });
        expect({ status: res.statusCode >= 400 && res.statusCode < 500, path, body }).toEqual({ status: true, path, body });
      }
    }
  });

  it('refuses a super admin without the permission', async () => {
    expect((await call('GET', '', undefined, ADMIN2)).statusCode).toBe(403);
    expect((await call('POST', '/run', undefined, ADMIN2)).statusCode).toBe(403);
  });
});

describe('the daily run', () => {
  /** Creates the notification, runs the day twice and the next day once: the patient is sent to once, on the first run. */
  const firesOnce = async (body: Json, patientId: number, expectedKey: string) => {
    const made = await create({ message: `Rule ${String(body.rule_type)}`, url: 'https://example.org/read', ...body });
    const first = await t.app.dynamicNotificationRuns.runProgram(NORTHSIDE, today);
    const sends = await sendsOf(made.id, patientId);
    expect(sends.map((s) => s.trigger_key)).toEqual([expectedKey]);
    expect(first.sent).toBeGreaterThanOrEqual(1);
    expect(sends[0]!.message_id).not.toBeNull();
    const again = await t.app.dynamicNotificationRuns.runProgram(NORTHSIDE, today);
    expect(again).toEqual({ sent: 0, messages: 0 });
    await t.app.dynamicNotificationRuns.runProgram(NORTHSIDE, day(1));
    expect((await sendsOf(made.id, patientId)).length).toBe(1);
    // The message went to the patient's inbox (and push) with the notification's link.
    await t.app.jobs.drain();
    const deliveries = await t.app.db
      .select({ channel: messageDeliveries.channel, status: messageDeliveries.status })
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.message_id, sends[0]!.message_id!), eq(messageDeliveries.patient_id, patientId)))
      .orderBy(asc(messageDeliveries.channel));
    expect(deliveries).toEqual([
      { channel: 'inbox', status: 'delivered' },
      { channel: 'push', status: 'failed' },
    ]);
    const [message] = await t.app.db.select().from(messages).where(eq(messages.id, sends[0]!.message_id!));
    expect(message).toMatchObject({ kind: 'dynamic', link: 'https://example.org/read', program_id: NORTHSIDE, status: 'sent' });
    // Switched off, it is not run at all.
    await call('PATCH', `/status/${made.id}`, { status: 0 });
    return made;
  };

  it('signup: days after sign-up', async () => {
    const p = await nextPatient();
    await t.app.db.update(patients).set({ created_at: await noonOf(day(-3)) }).where(eq(patients.id, p));
    await firesOnce({ rule_type: 'signup', metadata: { days: 3 } }, p, 'signup');
  });

  it('surgery_date: weeks before surgery, for the type of surgery named', async () => {
    const p = await nextPatient();
    const other = await nextPatient();
    await t.app.db.update(patients).set({ surgery_date: day(14), type_of_surgery: 'Sleeve', non_surgery_date: null }).where(eq(patients.id, p));
    await t.app.db.update(patients).set({ surgery_date: day(14), type_of_surgery: 'Bypass', non_surgery_date: null }).where(eq(patients.id, other));
    const made = await firesOnce({ rule_type: 'surgery_date', metadata: { type: 'before', days: 2, duration: 'week', surgery_type: 'sleeve' } }, p, `surgery:${day(14)}`);
    expect(await sendsOf(made.id, other)).toEqual([]);
  });

  it('weight: no weigh-in for days, once per silence', async () => {
    const p = await nextPatient();
    await t.app.db.delete(weightLogs).where(eq(weightLogs.patient_id, p));
    await t.app.db.insert(weightLogs).values({ program_id: NORTHSIDE, patient_id: p, logged_on: day(-12), weight: '210.0' });
    const made = await firesOnce({ rule_type: 'weight', metadata: { days: 10, duration: 'day' } }, p, `weight:${day(-12)}`);
    // A new silence is a new trigger.
    await call('PATCH', `/status/${made.id}`, { status: 1 });
    await t.app.db.insert(weightLogs).values({ program_id: NORTHSIDE, patient_id: p, logged_on: day(-11), weight: '209.0' });
    await t.app.dynamicNotificationRuns.runProgram(NORTHSIDE, day(2));
    expect((await sendsOf(made.id, p)).map((s) => s.trigger_key).sort()).toEqual([`weight:${day(-12)}`, `weight:${day(-11)}`]);
    await call('PATCH', `/status/${made.id}`, { status: 0 });
  });

  it('weight_lost: the total lost reached the value', async () => {
    const p = await nextPatient();
    const short = await nextPatient();
    await t.app.db.update(patients).set({ starting_weight: '250.0', current_weight: '215.0' }).where(eq(patients.id, p));
    await t.app.db.update(patients).set({ starting_weight: '250.0', current_weight: '240.0' }).where(eq(patients.id, short));
    const made = await firesOnce({ rule_type: 'weight_lost', metadata: { weight_lost: 30 } }, p, 'lost:30');
    expect(await sendsOf(made.id, short)).toEqual([]);
  });

  it('reminder: every period counted from sign-up', async () => {
    const p = await nextPatient();
    await t.app.db.update(patients).set({ created_at: await noonOf(day(-14)) }).where(eq(patients.id, p));
    await firesOnce({ rule_type: 'reminder', metadata: { type: 'signup', days: 1, duration: 'week' } }, p, `reminder:${day(-14)}:2`);
  });

  it('reminder: every month counted from surgery', async () => {
    const p = await nextPatient();
    const surgery = DateTime.fromISO(today).minus({ months: 3 }).toISODate()!;
    await t.app.db.update(patients).set({ surgery_date: surgery }).where(eq(patients.id, p));
    await firesOnce({ rule_type: 'reminder', metadata: { type: 'surgery', days: 1, duration: 'month' } }, p, `reminder:${surgery}:3`);
  });

  it('food: no food logged for days, counted from the last day logged', async () => {
    const p = await nextPatient();
    await t.app.db.delete(foodLogEntries).where(eq(foodLogEntries.patient_id, p));
    await t.app.db.insert(foodLogEntries).values({ program_id: NORTHSIDE, patient_id: p, logged_on: day(-5), meal_type: 'lunch', item_name: 'Soup' });
    await firesOnce({ rule_type: 'food', metadata: { days: 2, duration: 'day' } }, p, `food:${day(-5)}`);
  });

  it('narrows by stage and patient type', async () => {
    const [inStage, otherStage] = [await nextPatient(), await nextPatient()];
    const start = await noonOf(day(-1));
    await t.app.db.update(patients).set({ created_at: start, current_stage: 2, surgery_date: day(-30), non_surgery_date: null }).where(eq(patients.id, inStage));
    await t.app.db.update(patients).set({ created_at: start, current_stage: 1, surgery_date: day(-30), non_surgery_date: null }).where(eq(patients.id, otherStage));
    const made = await create({ rule_type: 'signup', metadata: { days: 1 }, stages: [2, 3], patient_type: 'surgical' });
    const nonSurgical = await create({ rule_type: 'signup', metadata: { days: 1 }, patient_type: 'non_surgical' });
    await t.app.dynamicNotificationRuns.runProgram(NORTHSIDE, today);
    expect((await sendsOf(made.id)).map((s) => s.patient_id)).toContain(inStage);
    expect((await sendsOf(made.id)).map((s) => s.patient_id)).not.toContain(otherStage);
    expect((await sendsOf(nonSurgical.id)).map((s) => s.patient_id)).not.toContain(inStage);
    for (const n of [made, nonSurgical]) await call('PATCH', `/status/${n.id}`, { status: 0 });
  });

  it("reaches the demo patient's inbox with the image URL and the link, and refuses to delete a notification that sent", async () => {
    const [demo] = await t.app.db.select().from(patients).where(sql`lower(${patients.email}) = ${DEMO_APP_PATIENT_EMAIL}`);
    await t.app.db.update(patients).set({ created_at: await noonOf(day(-2)) }).where(eq(patients.id, demo!.id));
    const png = { name: 'image', filename: 'hi.png', type: 'image/png', bytes: await makePng(300, 300) };
    const form = await multipart({ rule_type: 'signup', metadata: '{"days":2}', message: 'Two days in!\nKeep going.', url: 'https://example.org/day-two' }, png);
    const made = (await t.call({ method: 'POST', url, token: tokens[ROOT], payload: form.payload, headers: form.headers })).json().data;
    expect((await call('POST', '/run')).statusCode).toBe(202);
    await t.app.jobs.drain();
    const token = (await t.call({ method: 'POST', url: '/api/app/login', payload: { email: DEMO_APP_PATIENT_EMAIL, password: DEMO_PASSWORD } })).json().data.token;
    const inbox = (await t.call({ method: 'GET', url: '/api/app/messages', token })).json().data.data;
    // A form's text keeps the browser's line breaks (CRLF); the title is the first line.
    expect(inbox[0]).toMatchObject({ kind: 'dynamic', title: 'Two days in!', message: expect.stringMatching(/^Two days in!\r?\nKeep going\.$/), image: made.image, link: 'https://example.org/day-two' });
    // A new image: the old one is kept, as the sent message shows it.
    const again = await multipart({ _method: 'PUT', rule_type: 'signup', metadata: '{"days":2}', message: 'Two days in!', status: '1' }, { ...png, bytes: await makePng(320, 320) });
    const replaced = await t.call({ method: 'POST', url: `${url}/${made.id}`, token: tokens[ROOT], payload: again.payload, headers: again.headers });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.image).not.toBe(made.image);
    expect(await t.app.storage.exists(String(made.image).replace(/^\/uploads\//, ''))).toBe(true);
    const refused = await call('DELETE', `/${made.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/was sent to \d+ patients?: it cannot be deleted/);
    const listed = (await call('GET', `/${made.id}`)).json().data;
    expect(listed.sent_count).toBeGreaterThanOrEqual(1);
  });
});

describe('the pieces', () => {
  it('titles a message by its first line, cut short', () => {
    expect(notificationTitle('\n  Hello there \nMore')).toBe('Hello there');
    expect(notificationTitle('x'.repeat(100))).toBe(`${'x'.repeat(79)}…`);
  });

  it('refuses audience parameters it cannot read', () => {
    expect(() => dynamicAudience(1, { notificationId: 'a', messageId: 2 })).toThrow(/unreadable/);
    expect(() => dynamicAudience(1, { notificationId: 3 })).toThrow(/unreadable/);
    expect(dynamicAudience(1, { notificationId: 3, messageId: 4 })).toBeTruthy();
  });

  it('sends nothing for a program that does not exist', async () => {
    expect(await t.app.dynamicNotificationRuns.runProgram(999_999, today)).toEqual({ sent: 0, messages: 0 });
    await expect(t.app.dynamicNotificationRuns.runProgram(NORTHSIDE, 'tomorrow')).rejects.toThrow(/Not a day/);
    // Nothing of the unknown program was left behind.
    expect(await t.app.db.select().from(dynamicNotificationSends).where(inArray(dynamicNotificationSends.program_id, [999_999]))).toEqual([]);
  });
});
