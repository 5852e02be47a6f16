import { and, eq, inArray, sql } from 'drizzle-orm';
import { AUTOMATIC_MESSAGES as MESSAGES, DEFAULT_WEIGHT_REMINDER_MESSAGE } from '@baridesk/contracts';
import { MENU_AREAS } from '@baridesk/domain';
import {
  auditRecords,
  automaticMessageRules,
  automaticMessageSends,
  checklistTemplateItems,
  checklistTemplates,
  messageDeliveries,
  messages,
  patients,
  weightLogs,
  weightReminderSettings,
} from '../../../db/schema';
import { programDay } from '../../../lib/program-day';
import { STAFF_CALLERS, createTestApp, type TestApp } from '../../../test/app';
import { AUTOMATIC_RUN_HOUR, AUTOMATIC_RUN_JOB } from '../plugins/automatic-run';

const URL = '/api/automatic-messages';
const STATUS_URL = '/api/AutomaticMessages/message-field-status/update';
const { NORTH, STAFF, SELF_SERVICE, LAKE } = STAFF_CALLERS;
const LIMITED = 'limited@northside.test';
const CALLERS = [NORTH, STAFF, SELF_SERVICE, LAKE, LIMITED] as const;
type Caller = (typeof CALLERS)[number];
const NORTHSIDE = 101;

let t: TestApp;
let tokens: Record<Caller, string>;
let today: string;
let zone: string;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(...CALLERS);
  ({ today, zone } = await programDay(t.app.db, NORTHSIDE, t.clock.now()));
});
afterAll(() => t?.close());

const create = (who: Caller, body: unknown) => t.sendJson({ url: URL, token: tokens[who], body });
const list = (who: Caller, query = '') => t.call({ method: 'GET', url: `${URL}${query}`, token: tokens[who] });
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A Northside patient of this test, with the columns a trigger reads. */
async function patient(values: Partial<typeof patients.$inferInsert> & { first_name: string }) {
  const [row] = await t.app.db
    .insert(patients)
    .values({ program_id: NORTHSIDE, name: values.first_name, last_name: 'Automatic', email: `${values.first_name.toLowerCase()}@auto.test`, ...values })
    .returning({ id: patients.id });
  return row!.id;
}

const sendsOf = (ruleId: number) => t.app.db.select().from(automaticMessageSends).where(eq(automaticMessageSends.rule_id, ruleId));
const valid = { trigger: 'days_before_surgery', days: 3, title: 'Three days to go', message: 'Your surgery is in three days.', channels: ['inbox'] };

describe('rules: list, create, edit, switch, delete', () => {
  it('creates a rule in the caller’s program, audited, and lists it only there', async () => {
    const res = await create(STAFF, { ...valid, channels: ['email', 'inbox'] });
    expect(res.statusCode).toBe(201);
    const rule = res.json().data;
    expect(res.json().message).toBe(MESSAGES.created);
    expect(rule).toMatchObject({ trigger: 'days_before_surgery', days: 3, stage: null, channels: ['inbox', 'email'], status: 1, sent_count: 0 });
    const [stored] = await t.app.db.select().from(automaticMessageRules).where(eq(automaticMessageRules.id, rule.id));
    expect(stored!.program_id).toBe(NORTHSIDE);
    const [audit] = await t.app.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'automatic-message.create'), eq(auditRecords.entity_id, String(rule.id))));
    expect(audit!.detail).toMatchObject({ trigger: 'days_before_surgery', message_length: valid.message.length });

    const north = (await list(NORTH, '?perPage=100')).json().data;
    expect(north.data.map((r: { id: number }) => r.id)).toContain(rule.id);
    const lake = (await list(LAKE, '?perPage=100')).json().data;
    expect(lake.data.map((r: { id: number }) => r.id)).not.toContain(rule.id);
  });

  it('answers 422 with the field of each mistake', async () => {
    const res = await create(NORTH, { days: -1, title: ' ', message: '', channels: ['fax'] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['channels.0', 'days', 'message', 'title', 'trigger']);
    expect(res.json().errors['channels.0']).toEqual([MESSAGES.channelInvalid]);
    expect(res.json().errors.trigger).toEqual([MESSAGES.triggerInvalid]);

    const stage = await create(NORTH, { ...valid, trigger: 'days_in_stage' });
    expect(stage.statusCode).toBe(422);
    expect(stage.json().errors).toEqual({ stage: [MESSAGES.stageRequired] });

    const none = await create(NORTH, { ...valid, channels: [] });
    expect(none.json().errors).toEqual({ channels: [MESSAGES.channelsRequired] });
  });

  it('refuses a checklist item of another program as not found', async () => {
    const [lakeItem] = await t.app.db
      .select({ id: checklistTemplateItems.id })
      .from(checklistTemplateItems)
      .innerJoin(checklistTemplates, eq(checklistTemplates.id, checklistTemplateItems.template_id))
      .where(eq(checklistTemplates.program_id, 102))
      .limit(1);
    const res = await create(NORTH, { ...valid, trigger: 'checklist_item_due', checklist_item_id: lakeItem!.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ checklist_item_id: [MESSAGES.checklistItemUnknown] });
  });

  it('edits, switches off and on, and deletes; another program’s rule is not found', async () => {
    const { id } = (await create(NORTH, valid)).json().data;
    const edit = await t.sendJson({ method: 'PUT', url: `${URL}/${id}`, token: tokens[STAFF], body: { ...valid, trigger: 'days_in_stage', stage: 2, days: 10 } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ trigger: 'days_in_stage', stage: 2, days: 10 });

    const off = await t.sendJson({ method: 'PUT', url: STATUS_URL, token: tokens[NORTH], body: { id, message_field_status: 0 } });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ data: { id, status: 0 }, message: MESSAGES.switchedOff });
    const onAgain = await t.sendJson({ method: 'PUT', url: STATUS_URL, token: tokens[NORTH], body: { id, message_field_status: '1' } });
    expect(onAgain.json().data.status).toBe(1);

    for (const res of [
      await t.sendJson({ method: 'PUT', url: STATUS_URL, token: tokens[LAKE], body: { id, message_field_status: 0 } }),
      await t.sendJson({ method: 'PUT', url: `${URL}/${id}`, token: tokens[LAKE], body: valid }),
      await t.call({ method: 'DELETE', url: `${URL}/${id}`, token: tokens[LAKE] }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MESSAGES.notFound);
    }

    const removed = await t.call({ method: 'DELETE', url: `${URL}/${id}`, token: tokens[NORTH] });
    expect(removed.statusCode).toBe(200);
    expect(await t.app.db.select().from(automaticMessageRules).where(eq(automaticMessageRules.id, id))).toEqual([]);
  });

  it('is closed to self-service staff and to a program user without Alerts and Messages', async () => {
    expect((await list(SELF_SERVICE)).statusCode).toBe(403);
    const limited = await list(LIMITED);
    expect(limited.statusCode).toBe(403);
    expect(limited.json().message).toBe(MENU_AREAS.messages.refusal);
  });
});

describe('the weight reminder is the program’s "no weight logged" rule', () => {
  it('writes the rule from the weight reminder’s save, and the settings from the rule’s edit', async () => {
    const saved = await t.sendJson({
      url: '/api/weight-reminder-message',
      token: tokens[NORTH],
      body: { message: 'Hi <First Name>, please weigh in.', status: 1, interval_days: 9, message_field_status: 1 },
    });
    expect(saved.statusCode).toBe(200);
    const [rule] = await t.app.db
      .select()
      .from(automaticMessageRules)
      .where(and(eq(automaticMessageRules.program_id, NORTHSIDE), eq(automaticMessageRules.trigger, 'no_weight_logged')));
    expect(rule).toMatchObject({ days: 9, status: 1, message: 'Hi <First Name>, please weigh in.' });

    // The default text while the program's own is switched off.
    await t.sendJson({ method: 'PUT', url: '/api/weight-reminder/message-field-status/update', token: tokens[NORTH], body: { message_field_status: 0 } });
    const [defaulted] = await t.app.db.select().from(automaticMessageRules).where(eq(automaticMessageRules.id, rule!.id));
    expect(defaulted!.message).toBe(DEFAULT_WEIGHT_REMINDER_MESSAGE);

    const edit = await t.sendJson({
      method: 'PUT',
      url: `${URL}/${rule!.id}`,
      token: tokens[NORTH],
      body: { trigger: 'no_weight_logged', days: 12, title: 'Weigh-in', message: 'Time to weigh in', channels: ['inbox'], status: 0 },
    });
    expect(edit.statusCode).toBe(200);
    const [settings] = await t.app.db.select().from(weightReminderSettings).where(eq(weightReminderSettings.program_id, NORTHSIDE));
    expect(settings).toMatchObject({ interval_days: 12, status: 0, message: 'Time to weigh in', message_field_status: 1 });
    const screen = (await t.call({ method: 'GET', url: '/api/weight-reminder-message', token: tokens[NORTH] })).json().data;
    expect(screen).toMatchObject({ interval_days: 12, status: 0, message: 'Time to weigh in' });

    const second = await create(NORTH, { trigger: 'no_weight_logged', days: 5, title: 'Another', message: 'Weigh in', channels: ['inbox'] });
    expect(second.statusCode).toBe(422);
    expect(second.json().errors).toEqual({ trigger: [MESSAGES.oneWeightReminder] });
  });
});

describe('the daily run', () => {
  it('sends each rule once per patient and trigger, through the delivery service, and never twice', async () => {
    // Only this test's rules run: the others of Northside are switched off first.
    await t.app.db.update(automaticMessageRules).set({ status: 0 }).where(eq(automaticMessageRules.program_id, NORTHSIDE));
    const surgery = (await create(NORTH, { ...valid, title: 'Surgery soon', channels: ['inbox', 'email'] })).json().data;
    const due = await patient({ first_name: 'Due', surgery_date: addDays(today, 3) });
    const late = await patient({ first_name: 'Late', surgery_date: addDays(today, 2) }); // its day was yesterday, before the rule existed
    const later = await patient({ first_name: 'Later', surgery_date: addDays(today, 4) });
    const inactive = await patient({ first_name: 'Inactive', surgery_date: addDays(today, 3), status: 0 });
    const lakeside = await t.app.db
      .insert(patients)
      .values({ program_id: 102, name: 'Lake', first_name: 'Lake', last_name: 'Automatic', surgery_date: addDays(today, 3) })
      .returning({ id: patients.id });

    const first = await t.app.automaticRun.runProgram(NORTHSIDE, t.clock.now());
    const result = first!.rules.find((r) => r.ruleId === surgery.id)!;
    expect(result.sent).toBe(1);
    expect((await sendsOf(surgery.id)).map((s) => [s.patient_id, s.trigger_key, s.message_id])).toEqual([
      [due, `surgery:${addDays(today, 3)}`, result.messageId],
    ]);
    const [message] = await t.app.db.select().from(messages).where(eq(messages.id, result.messageId!));
    expect(message).toMatchObject({ kind: 'automatic', program_id: NORTHSIDE, automatic_rule_id: surgery.id, audience: { automatic: true }, title: 'Surgery soon' });

    await t.app.jobs.drain(['messaging.fan-out']);
    const deliveries = await t.app.db.select().from(messageDeliveries).where(eq(messageDeliveries.message_id, result.messageId!));
    expect(deliveries.map((d) => [d.patient_id, d.channel]).sort()).toEqual([
      [due, 'email'],
      [due, 'inbox'],
    ]);
    expect(deliveries.every((d) => ![late, later, inactive, lakeside[0]!.id].includes(d.patient_id))).toBe(true);

    // The same day again (a retry, a second replica, the Run now button): nothing new.
    const again = await t.app.automaticRun.runProgram(NORTHSIDE, t.clock.now());
    expect(again!.rules.find((r) => r.ruleId === surgery.id)).toMatchObject({ sent: 0, messageId: null });
    expect(await sendsOf(surgery.id)).toHaveLength(1);

    // A moved surgery date is a new trigger.
    await t.app.db.update(patients).set({ surgery_date: addDays(today, 3) }).where(eq(patients.id, later));
    const moved = await t.app.automaticRun.runProgram(NORTHSIDE, t.clock.now());
    expect(moved!.rules.find((r) => r.ruleId === surgery.id)!.sent).toBe(1);
    await t.app.db.update(automaticMessageRules).set({ status: 0 }).where(eq(automaticMessageRules.id, surgery.id));
  });

  it('counts each trigger from its own day: signup, after surgery, stage, no weight, checklist item', async () => {
    const at = (day: string) => new Date(`${day}T12:00:00Z`);
    const signedUp = await patient({ first_name: 'Signup', created_at: at(addDays(today, -7)) });
    const operated = await patient({ first_name: 'Operated', surgery_date: addDays(today, -30) });
    const staged = await patient({ first_name: 'Staged', current_stage: 2, stage_entered_at: at(addDays(today, -14)) });
    const silent = await patient({ first_name: 'Silent', created_at: at(addDays(today, -40)) });
    const weighed = await patient({ first_name: 'Weighed', created_at: at(addDays(today, -40)) });
    await t.app.db.insert(weightLogs).values([
      { program_id: NORTHSIDE, patient_id: silent, logged_on: addDays(today, -20), weight: '250' },
      { program_id: NORTHSIDE, patient_id: weighed, logged_on: addDays(today, -2), weight: '240' },
    ]);
    const rules = {
      signup: (await create(NORTH, { ...valid, trigger: 'days_after_signup', days: 7 })).json().data.id,
      after: (await create(NORTH, { ...valid, trigger: 'days_after_surgery', days: 30 })).json().data.id,
      stage: (await create(NORTH, { ...valid, trigger: 'days_in_stage', stage: 2, days: 14 })).json().data.id,
    };
    // The weight reminder rule, with 10 days.
    await t.sendJson({ url: '/api/weight-reminder-message', token: tokens[NORTH], body: { message: 'Weigh in', status: 1, interval_days: 10, message_field_status: 1 } });
    const [weight] = await t.app.db
      .select({ id: automaticMessageRules.id })
      .from(automaticMessageRules)
      .where(and(eq(automaticMessageRules.program_id, NORTHSIDE), eq(automaticMessageRules.trigger, 'no_weight_logged')));
    // A rule created "today" reaches the patients whose day is today.
    await t.app.db
      .update(automaticMessageRules)
      .set({ created_at: at(addDays(today, -60)) })
      .where(inArray(automaticMessageRules.id, [rules.signup, rules.after, rules.stage]));

    await t.app.automaticRun.runProgram(NORTHSIDE, t.clock.now());
    const reached = async (ruleId: number) => (await sendsOf(ruleId)).map((s) => s.patient_id);
    expect(await reached(rules.signup)).toContain(signedUp);
    expect(await reached(rules.after)).toContain(operated);
    expect(await reached(rules.stage)).toContain(staged);
    expect(await reached(weight!.id)).toContain(silent);
    expect(await reached(weight!.id)).not.toContain(weighed);
    const [silentSend] = (await sendsOf(weight!.id)).filter((s) => s.patient_id === silent);
    expect(silentSend!.trigger_key).toBe(`weight:${addDays(today, -20)}`);
  });

  it('reaches a patient’s open checklist item the given days before it is due, not a ticked one', async () => {
    const [item] = await t.app.db
      .select({ id: checklistTemplateItems.id })
      .from(checklistTemplateItems)
      .innerJoin(checklistTemplates, eq(checklistTemplates.id, checklistTemplateItems.template_id))
      .where(eq(checklistTemplates.program_id, NORTHSIDE))
      .limit(1);
    const rule = (await create(NORTH, { ...valid, trigger: 'checklist_item_due', checklist_item_id: item!.id, days: 2 })).json().data;
    expect(rule.checklist_item_title).toEqual(expect.any(String));
    const open = await patient({ first_name: 'Open' });
    const ticked = await patient({ first_name: 'Ticked' });
    await t.app.db.execute(sql`insert into patient_checklist_items (program_id, patient_id, stage, template_item_id, title, position, due_date, completed_at)
      values (${NORTHSIDE}, ${open}, 1, ${item!.id}, 'Item', 1, ${addDays(today, 2)}, null),
             (${NORTHSIDE}, ${ticked}, 1, ${item!.id}, 'Item', 1, ${addDays(today, 2)}, now())`);
    await t.app.automaticRun.runProgram(NORTHSIDE, t.clock.now());
    expect((await sendsOf(rule.id)).map((s) => s.patient_id)).toEqual([open]);
  });

  it('picks, each hour, the programs whose early-morning hour has come', async () => {
    const local = new Date(`${today}T00:00:00Z`);
    // The instant the program's clock reads the run hour: try every hour of the day around it.
    const hours = Array.from({ length: 48 }, (_, h) => new Date(local.getTime() + (h - 12) * 3_600_000));
    const picked = [];
    for (const now of hours) if ((await t.app.automaticRun.programsDue(now)).some((p) => p.programId === NORTHSIDE)) picked.push(now);
    expect(picked.length).toBe(2);
    const hour = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(picked[0]!);
    expect(Number(hour)).toBe(AUTOMATIC_RUN_HOUR);
  });

  it('queues the program’s run from the Run now call, and the job runs it', async () => {
    await t.app.db.update(automaticMessageRules).set({ status: 0 }).where(eq(automaticMessageRules.program_id, NORTHSIDE));
    const rule = (await create(NORTH, { ...valid, days: 5, title: 'Run now' })).json().data;
    const who = await patient({ first_name: 'Runnow', surgery_date: addDays(today, 5) });
    const res = await t.call({ method: 'POST', url: `${URL}/run`, token: tokens[STAFF] });
    expect(res.statusCode).toBe(202);
    await t.app.jobs.drain([AUTOMATIC_RUN_JOB, 'messaging.fan-out']);
    const [send] = await sendsOf(rule.id);
    expect(send!.patient_id).toBe(who);
    const inbox = await t.app.db
      .select()
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.message_id, send!.message_id!), eq(messageDeliveries.channel, 'inbox')));
    expect(inbox.map((d) => [d.patient_id, d.status])).toEqual([[who, 'delivered']]);
  });
});

describe('the demo data', () => {
  it('gives Northside its rules, the weight reminder’s among them, and the app patient an automatic message in the inbox', async () => {
    const fresh = await createTestApp();
    try {
      const rules = await fresh.app.db.select().from(automaticMessageRules).where(eq(automaticMessageRules.program_id, NORTHSIDE));
      expect(rules.map((r) => r.trigger)).toEqual(expect.arrayContaining(['days_after_signup', 'days_before_surgery', 'days_after_surgery', 'days_in_stage', 'no_weight_logged']));
      expect(rules.find((r) => r.trigger === 'no_weight_logged')).toMatchObject({ days: 5, status: 1 });
      const [app] = await fresh.app.db.select({ id: patients.id }).from(patients).where(eq(patients.email, 'patient@northside.test'));
      const [sent] = await fresh.app.db.select().from(automaticMessageSends).where(eq(automaticMessageSends.patient_id, app!.id));
      const [inbox] = await fresh.app.db
        .select()
        .from(messageDeliveries)
        .where(and(eq(messageDeliveries.message_id, sent!.message_id!), eq(messageDeliveries.patient_id, app!.id), eq(messageDeliveries.channel, 'inbox')));
      expect(inbox!.status).toBe('delivered');
      // A rule is due for them today: the run sends it.
      const run = await fresh.app.automaticRun.runProgram(NORTHSIDE, fresh.clock.now());
      const reached = await fresh.app.db.select().from(automaticMessageSends).where(eq(automaticMessageSends.patient_id, app!.id));
      expect(reached.length).toBeGreaterThan(1);
      expect(run!.rules.some((r) => r.sent > 0)).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
