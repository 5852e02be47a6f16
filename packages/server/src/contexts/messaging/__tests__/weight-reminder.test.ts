import { and, asc, eq } from 'drizzle-orm';
import {
  DEFAULT_WEIGHT_REMINDER_MESSAGE,
  NOT_FOR_SELF_SERVICE,
  WEIGHT_REMINDER_MESSAGES as MESSAGES,
  type WeightReminderSettings,
} from '@baridesk/contracts';
import { auditRecords, weightReminderSettings } from '../../../db/schema';
import { STAFF_CALLERS, createTestApp, type TestApp } from '../../../test/app';

const URL = '/api/weight-reminder-message';
const FIELD_STATUS_URL = '/api/weight-reminder/message-field-status/update';
const { NORTH, STAFF, SELF_SERVICE, LAKE, ADMIN } = STAFF_CALLERS;
/** A Northside program user without the alert_notification flag (Alerts and Messages). */
const LIMITED = 'limited@northside.test';
/** The sub user of program 302, which has stored no reminder. */
const SPECIAL = 'subuser@program302.test';
const CALLERS = [NORTH, STAFF, SELF_SERVICE, LAKE, ADMIN, LIMITED, SPECIAL] as const;
type Caller = (typeof CALLERS)[number];

let t: TestApp;
let tokens: Record<Caller, string>;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(...CALLERS);
});
afterAll(() => t?.close());

const get = (who: Caller) => t.call({ method: 'GET', url: URL, token: tokens[who] });
const post = (path: '' | '/update', who: Caller, payload: unknown) =>
  t.sendJson({ url: `${URL}${path}`, token: tokens[who], body: payload });
const putFieldStatus = (who: Caller, payload: unknown) =>
  t.sendJson({ method: 'PUT', url: FIELD_STATUS_URL, token: tokens[who], body: payload });

const storedRow = async (programId: number) =>
  (await t.app.db.select().from(weightReminderSettings).where(eq(weightReminderSettings.program_id, programId)))[0];
const auditRows = (action: string, programId: number) =>
  t.app.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.action, action), eq(auditRecords.program_id, programId)))
    .orderBy(asc(auditRecords.id));

const NORTHSIDE_TEXT = expect.stringMatching(/^Hi <First Name>, this is your Northside Bariatrics team\./);
const valid = { message: 'Hi <First Name>, time to weigh in!', status: 1, interval_days: 10, message_field_status: 1 };

describe('GET /api/weight-reminder-message', () => {
  it('answers the defaults to a program that stored none, and writes nothing', async () => {
    const res = await get(SPECIAL);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        message: DEFAULT_WEIGHT_REMINDER_MESSAGE,
        status: 0,
        interval_days: 7,
        message_field_status: 0,
        default_message: DEFAULT_WEIGHT_REMINDER_MESSAGE,
        updated_at: null,
      },
    });
    expect(DEFAULT_WEIGHT_REMINDER_MESSAGE).toContain('<First Name>');
    expect(await storedRow(302)).toBeUndefined();
  });

  it("answers the caller's own program's stored settings (the demo's Northside)", async () => {
    for (const who of [NORTH, STAFF] as const) {
      const res = await get(who);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        message: NORTHSIDE_TEXT,
        status: 1,
        interval_days: 5,
        message_field_status: 1,
        default_message: DEFAULT_WEIGHT_REMINDER_MESSAGE,
        updated_at: expect.any(String),
      });
    }
  });
});

describe('POST /api/weight-reminder-message and /update', () => {
  it('stores the settings through either path, trimmed, scoped to the program, with an audit record', async () => {
    const northBefore = await storedRow(101);
    expect(await storedRow(102)).toBeUndefined();

    t.clock.advanceMinutes(1);
    const created = await post('', LAKE, { ...valid, message: `  ${valid.message}  `, interval_days: '10' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({
      data: {
        message: valid.message,
        status: 1,
        interval_days: 10,
        message_field_status: 1,
        default_message: DEFAULT_WEIGHT_REMINDER_MESSAGE,
        updated_at: t.clock.now().toISOString(),
      },
      message: MESSAGES.saved,
    });
    expect(await storedRow(102)).toMatchObject({ message: valid.message, status: 1, interval_days: 10, message_field_status: 1, updated_by: 102 });
    expect((await get(LAKE)).json().data).toEqual(created.json().data);

    t.clock.advanceMinutes(1);
    const updated = await post('/update', LAKE, { message: 'Weigh in please, <First Name>.', status: 0, interval_days: 30, message_field_status: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      data: { message: 'Weigh in please, <First Name>.', status: 0, interval_days: 30, message_field_status: 1, updated_at: t.clock.now().toISOString() },
      message: MESSAGES.saved,
    });
    // Still one row for the program: the second save updated it.
    const rows = await t.app.db.select().from(weightReminderSettings).where(eq(weightReminderSettings.program_id, 102));
    expect(rows).toHaveLength(1);

    // Another program's settings are untouched.
    expect(await storedRow(101)).toEqual(northBefore);
    expect((await get(NORTH)).json().data).toMatchObject({ message: NORTHSIDE_TEXT, status: 1, interval_days: 5 });

    const audit = await auditRows('weight-reminder.update', 102);
    expect(audit).toHaveLength(2);
    expect(audit.map((row) => ({ actor: row.actor_account_id, entity: row.entity, id: row.entity_id, detail: row.detail }))).toEqual([
      {
        actor: 102,
        entity: 'weight_reminder_settings',
        id: String(rows[0]?.id),
        detail: {
          changed: ['message', 'status', 'interval_days', 'message_field_status'],
          status: 1,
          interval_days: 10,
          message_field_status: 1,
          message_length: valid.message.length,
        },
      },
      {
        actor: 102,
        entity: 'weight_reminder_settings',
        id: String(rows[0]?.id),
        detail: { changed: ['message', 'status', 'interval_days'], status: 0, interval_days: 30, message_field_status: 1, message_length: 30 },
      },
    ]);
    // The text itself is not in the log.
    expect(JSON.stringify(audit.map((row) => row.detail))).not.toContain('Weigh in please');
  });

  it('stores the default text when the default is used and the message is left blank', async () => {
    for (const message of [undefined, null, '', '   ']) {
      const res = await post('/update', LAKE, { message, status: 1, interval_days: 7, message_field_status: 0 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ message: DEFAULT_WEIGHT_REMINDER_MESSAGE, message_field_status: 0 });
    }
    // A text kept while the default is used stays stored, for when the program switches back to its own.
    const kept = await post('/update', LAKE, { message: 'Our own text.', status: 1, interval_days: 7, message_field_status: 0 });
    expect(kept.json().data).toMatchObject({ message: 'Our own text.', message_field_status: 0 });
  });

  it('refuses invalid settings with a message under each field, and stores nothing', async () => {
    const before = await storedRow(102);
    const auditCount = (await auditRows('weight-reminder.update', 102)).length;
    const cases: [unknown, Record<string, string[]>][] = [
      [
        {},
        { status: ['The value must be 0 or 1.'], interval_days: [MESSAGES.intervalRequired], message_field_status: ['The value must be 0 or 1.'] },
      ],
      [{ ...valid, message: '   ' }, { message: [MESSAGES.messageRequired] }],
      [{ ...valid, message: undefined }, { message: [MESSAGES.messageRequired] }],
      [{ ...valid, message: 'x'.repeat(1001) }, { message: [MESSAGES.messageTooLong] }],
      [{ ...valid, message: 'Hi <first name>!' }, { message: [MESSAGES.unknownPlaceholder] }],
      [{ ...valid, message: 'Hi <Last Name>!' }, { message: [MESSAGES.unknownPlaceholder] }],
      [{ ...valid, message: 'Hi\u0000' }, { message: ['Please enter valid message.'] }],
      [{ ...valid, message: 42 }, { message: ['Please enter valid message.'] }],
      [{ ...valid, interval_days: '' }, { interval_days: [MESSAGES.intervalRequired] }],
      [{ ...valid, interval_days: 0 }, { interval_days: [MESSAGES.intervalRange] }],
      [{ ...valid, interval_days: 366 }, { interval_days: [MESSAGES.intervalRange] }],
      [{ ...valid, interval_days: 2.5 }, { interval_days: [MESSAGES.intervalRange] }],
      [{ ...valid, interval_days: '7 days' }, { interval_days: [MESSAGES.intervalRange] }],
      [{ ...valid, interval_days: true }, { interval_days: [MESSAGES.intervalRange] }],
      [{ ...valid, status: 2, message_field_status: 'yes' }, { status: ['The value must be 0 or 1.'], message_field_status: ['The value must be 0 or 1.'] }],
    ];
    for (const [body, errors] of cases) {
      for (const path of ['', '/update'] as const) {
        const res = await post(path, LAKE, body);
        expect({ path, body, status: res.statusCode, answer: res.json() }).toEqual({
          path,
          body,
          status: 422,
          answer: { message: Object.values(errors)[0]?.[0], errors },
        });
      }
    }
    expect(await storedRow(102)).toEqual(before);
    expect(await auditRows('weight-reminder.update', 102)).toHaveLength(auditCount);
    expect(MESSAGES.messageTooLong).toBe('Message may not be greater than 1000 characters.');
    expect(MESSAGES.intervalRange).toBe('Days without a weigh-in must be a whole number from 1 to 365.');
    // The limits themselves pass.
    expect((await post('', LAKE, { ...valid, message: 'x'.repeat(1000), interval_days: 365 })).statusCode).toBe(200);
    expect((await post('', LAKE, { ...valid, interval_days: 1 })).statusCode).toBe(200);
  });

  it('rejects a body that is not an object', async () => {
    for (const body of [null, [], 'text']) {
      const res = await post('', LAKE, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('PUT /api/weight-reminder/message-field-status/update', () => {
  it('switches only which text is used, and keeps the rest', async () => {
    const before = (await get(NORTH)).json().data as WeightReminderSettings;
    t.clock.advanceMinutes(1);
    const off = await putFieldStatus(NORTH, { message_field_status: 0 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      data: { ...before, message_field_status: 0, updated_at: t.clock.now().toISOString() },
      message: MESSAGES.ownMessageOff,
    });
    expect(await storedRow(101)).toMatchObject({ message_field_status: 0, message: before.message, status: 1, interval_days: 5, updated_by: 101 });

    const on = await putFieldStatus(STAFF, { message_field_status: '1' });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ data: { ...before, updated_at: expect.any(String) }, message: MESSAGES.ownMessageOn });
    expect(await storedRow(101)).toMatchObject({ message_field_status: 1, updated_by: 201 });

    const audit = await auditRows('weight-reminder.message-field-status', 101);
    expect(audit.map((row) => ({ actor: row.actor_account_id, detail: row.detail }))).toEqual([
      { actor: 101, detail: { changed: ['message_field_status'], message_field_status: 0 } },
      { actor: 201, detail: { changed: ['message_field_status'], message_field_status: 1 } },
    ]);
  });

  it('stores the defaults with the chosen field status for a program that had none', async () => {
    expect(await storedRow(302)).toBeUndefined();
    const res = await putFieldStatus(SPECIAL, { message_field_status: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ message: DEFAULT_WEIGHT_REMINDER_MESSAGE, status: 0, interval_days: 7, message_field_status: 1 });
    expect(await storedRow(302)).toMatchObject({ message: DEFAULT_WEIGHT_REMINDER_MESSAGE, status: 0, interval_days: 7, message_field_status: 1 });
    // The other programs are untouched.
    expect(await storedRow(101)).toMatchObject({ message_field_status: 1, interval_days: 5 });
  });

  it('refuses a value other than 0 or 1', async () => {
    const before = await storedRow(302);
    for (const body of [{}, { message_field_status: 2 }, { message_field_status: 'on' }]) {
      const res = await putFieldStatus(SPECIAL, body);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'The value must be 0 or 1.', errors: { message_field_status: ['The value must be 0 or 1.'] } });
    }
    expect(await storedRow(302)).toEqual(before);
  });
});

describe('who may use it', () => {
  const everyRoute = (who: Caller) => [
    get(who),
    post('', who, valid),
    post('/update', who, valid),
    putFieldStatus(who, { message_field_status: 0 }),
  ];

  it('refuses self-service staff on every route, before looking at the body', async () => {
    const before = await storedRow(101);
    for (const res of await Promise.all([...everyRoute(SELF_SERVICE), post('', SELF_SERVICE, {})])) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: NOT_FOR_SELF_SERVICE });
    }
    expect(await storedRow(101)).toEqual(before);
  });

  it('refuses a program user without the Alerts and Messages flag, and lets one with it in', async () => {
    const before = await storedRow(101);
    for (const res of await Promise.all(everyRoute(LIMITED))) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: MESSAGES.noMessagesAccess });
    }
    expect(await storedRow(101)).toEqual(before);
    // The full-access program user of the same program (every flag on) is let in.
    expect((await get(STAFF)).statusCode).toBe(200);
  });

  it('refuses super admins and anonymous callers', async () => {
    for (const res of await Promise.all(everyRoute(ADMIN))) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('This is available to program staff only.');
    }
    expect((await t.call({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: `${URL}/update`, payload: valid })).statusCode).toBe(401);
    expect((await t.call({ method: 'PUT', url: FIELD_STATUS_URL, payload: { message_field_status: 1 } })).statusCode).toBe(401);
  });
});
