/**
 * Cards and trophies: the super admins' card resource (/api/admin/cards-trophies: rule fields, defaults,
 * images as file parts with the minimum size, in-use delete), the daily awarding run (each rule type awards
 * when met and not otherwise, never twice, one inbox message per program, card and day) and the patient
 * app's earned cards (/api/app/trophies).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { TROPHY_MESSAGES, imageMinimum } from '@baridesk/contracts';
import { auditRecords, foodLogEntries, messageDeliveries, messages, patientTrophies, patients, programs, trophyCards, waterLogs, weightLogs } from '../../../db/schema';
import { queryRows } from '../../../db/client';
import { programDay } from '../../../lib/program-day';
import { DEMO_PASSWORD } from '../../../seed/demo';
import { DEMO_APP_PATIENT_EMAIL } from '../../../seed/patient-app';
import { DEMO_FIRST_TROPHY, DEMO_TROPHY_TITLES as DEMO_TITLES } from '../../../seed/trophies';
import { STAFF_CALLERS, createTestApp, type TestApp } from '../../../test/app';
import { makePng, multipart } from '../../platform/uploads/__tests__/fixtures';
import { TROPHY_AUDIENCE, TROPHY_RUN_JOB } from '../plugins/trophy-awards';

const URL = '/api/admin/cards-trophies';
const ROOT = 'superadmin@baridesk.test';
const ADMIN2 = 'admin2@baridesk.test';
const NORTH = STAFF_CALLERS.NORTH;
const NORTHSIDE = 101;
const LAKEVIEW = 102;

let t: TestApp;
let tokens: Record<string, string>;
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(ROOT, ADMIN2, NORTH);
  ({ today } = await programDay(t.app.db, NORTHSIDE, t.clock.now()));
});
afterAll(() => t?.close());

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const store = (body: unknown, who = ROOT) => t.sendJson({ url: `${URL}/store`, token: tokens[who], body });
const update = (body: unknown, who = ROOT) => t.sendJson({ url: `${URL}/update`, token: tokens[who], body });
const get = (path: string, who = ROOT) => t.call({ method: 'GET', url: `${URL}${path}`, token: tokens[who] });
const card = { title: 'First steps', notification_content: 'You logged your food. Well done!' };
let titles = 0;
/** A card of this test (a title of its own), stored through the API; its id. */
async function cardOf(values: Record<string, unknown>): Promise<number> {
  const res = await store({ ...card, title: `Card ${++titles}`, ...values });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

/** A Northside patient of this test. */
async function patient(first: string, values: Partial<typeof patients.$inferInsert> = {}, programId = NORTHSIDE) {
  const [row] = await t.app.db
    .insert(patients)
    .values({ program_id: programId, name: first, first_name: first, last_name: 'Trophy', ...values })
    .returning({ id: patients.id });
  return row!.id;
}
const food = (patientId: number, ...days: number[]) =>
  t.app.db.insert(foodLogEntries).values(days.map((d) => ({ program_id: NORTHSIDE, patient_id: patientId, logged_on: addDays(today, d), meal_type: 'lunch' as const, item_name: 'Soup' })));
const awardedOf = async (cardId: number) =>
  (await t.app.db.select({ id: patientTrophies.patient_id }).from(patientTrophies).where(eq(patientTrophies.trophy_id, cardId))).map((r) => r.id);
const run = (day = today, programId = NORTHSIDE) => t.app.trophyAwards.runProgram(programId, day);

describe('the demo data', () => {
  it('has four cards, and the first run gives the demo app patient "First weigh-in" in the inbox', async () => {
    const seeded = await t.app.db.select().from(trophyCards);
    expect(seeded.map((c) => c.rule_type).sort()).toEqual(['date', 'food_log', 'surgery_anniversary', 'weight_log']);
    const [demo] = await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.email, DEMO_APP_PATIENT_EMAIL));
    const first = seeded.find((c) => c.title === DEMO_FIRST_TROPHY)!;
    expect((await run()).awarded).toBeGreaterThan(0);
    expect(await awardedOf(first.id)).toContain(demo!.id);
    const [award] = await t.app.db.select().from(patientTrophies).where(and(eq(patientTrophies.trophy_id, first.id), eq(patientTrophies.patient_id, demo!.id)));
    await t.app.jobs.drain(['messaging.fan-out']);
    const delivered = await t.app.db
      .select()
      .from(messageDeliveries)
      .where(and(eq(messageDeliveries.message_id, award!.message_id!), eq(messageDeliveries.patient_id, demo!.id), eq(messageDeliveries.channel, 'inbox')));
    expect(delivered).toHaveLength(1);
  });
});

describe('the card resource', () => {
  it('stores a card with the spec’s defaults, audited, and shows and lists it', async () => {
    const res = await store(card);
    expect(res.statusCode).toBe(201);
    const saved = res.json().data;
    expect(saved).toMatchObject({
      title: 'First steps',
      user_tier: null,
      rule_type: 'food_log',
      days: 1,
      days_condition: 'in_row',
      surgery_day_type: 'day',
      surgery_days: null,
      date: null,
      front_image: null,
      back_image: null,
      link: null,
      status: 1,
      awarded_count: 0,
    });
    expect((await get(`/${saved.id}`)).json().data.title).toBe('First steps');
    const listed = (await get('?perPage=All&rule_type=food_log&search=first')).json().data;
    expect(listed.data.map((c: { id: number }) => c.id)).toContain(saved.id);
    expect((await get('?rule_type=date&search=first')).json().data.total).toBe(0);
    const [audit] = await t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'trophy-card.create'), eq(auditRecords.entity_id, String(saved.id))));
    expect(audit).toMatchObject({ entity: 'trophy_card', success: true });
  });

  it('asks each rule for its own fields and keeps only those', async () => {
    expect((await store({ ...card, title: 'On a day', rule_type: 'date' })).json()).toMatchObject({ errors: { date: [TROPHY_MESSAGES.dateRequired] } });
    expect((await store({ ...card, title: 'After', rule_type: 'surgery_anniversary' })).json()).toMatchObject({
      errors: { surgery_days: [TROPHY_MESSAGES.surgeryDaysRequired] },
    });
    const bad = await store({ ...card, title: 'Bad', rule_type: 'steps', days: 0, days_condition: 'sometimes', user_tier: 'Gold', link: 'not a link' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['days', 'days_condition', 'link', 'rule_type', 'user_tier']);
    expect((await store({ ...card, title: 'Too long', days: 731 })).json().errors.days).toEqual(['Days must be a whole number between 1 and 730.']);
    expect((await store({ ...card })).json().errors).toEqual({ title: [TROPHY_MESSAGES.titleTaken] });

    // A log rule's days and condition are dropped when the card becomes a surgery rule, and back.
    const id = await cardOf({ days: 7, days_condition: 'in_total', date: '2030-01-01' });
    expect((await get(`/${id}`)).json().data).toMatchObject({ days: 7, days_condition: 'in_total', date: null });
    const changed = await update({ id, title: 'Changed', notification_content: 'x', status: 1, rule_type: 'surgery_anniversary', surgery_days: 3, surgery_day_type: 'month', days: 7 });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ rule_type: 'surgery_anniversary', surgery_days: 3, surgery_day_type: 'month', days: 1, days_condition: 'in_row' });
  });

  it('takes its faces as file parts (the minimum size checked) and keeps a face an update leaves out', async () => {
    const png = (bytes: Buffer, name = 'front_image') => ({ name, filename: 'face.png', type: 'image/png', bytes });
    const form = await multipart({ title: 'With faces', notification_content: 'Look at you!', rule_type: 'water_log', days: '3', link: 'https://example.org/water' }, png(await makePng(400, 400)));
    const res = await t.call({ method: 'POST', url: `${URL}/store`, token: tokens[ROOT], payload: form.payload, headers: form.headers });
    expect(res.statusCode).toBe(201);
    const saved = res.json().data;
    expect(saved).toMatchObject({ rule_type: 'water_log', days: 3, link: 'https://example.org/water', front_image: expect.stringMatching(/^\/uploads\/.+/), back_image: null });

    const back = await multipart({ id: String(saved.id), title: 'With faces', notification_content: 'Look at you!', rule_type: 'water_log', days: '3', status: '1' }, png(await makePng(300, 300), 'back_image'));
    const updated = await t.call({ method: 'POST', url: `${URL}/update`, token: tokens[ROOT], payload: back.payload, headers: back.headers });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ front_image: saved.front_image, back_image: expect.stringMatching(/^\/uploads\/.+/) });

    // Both faces in one form; a face sent twice is refused, and a refused face stores neither file.
    const both = await multipart({ title: 'Both faces', notification_content: 'x' }, png(await makePng(300, 300)), png(await makePng(320, 320), 'back_image'));
    const bothSaved = await t.call({ method: 'POST', url: `${URL}/store`, token: tokens[ROOT], payload: both.payload, headers: both.headers });
    expect(bothSaved.statusCode).toBe(201);
    expect(bothSaved.json().data).toMatchObject({ front_image: expect.stringMatching(/^\/uploads\/.+/), back_image: expect.stringMatching(/^\/uploads\/.+/) });
    const twice = await multipart({ title: 'Twice', notification_content: 'x' }, png(await makePng(300, 300)), png(await makePng(300, 300)));
    const twiceRefused = await t.call({ method: 'POST', url: `${URL}/store`, token: tokens[ROOT], payload: twice.payload, headers: twice.headers });
    expect([twiceRefused.statusCode, twiceRefused.json().errors]).toEqual([422, { front_image: ['Please send front image once.'] }]);
    const uploadCount = () => queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from uploads`);
    const uploadsBefore = await uploadCount();
    const backTooSmall = await multipart({ title: 'Back too small', notification_content: 'x' }, png(await makePng(300, 300)), png(await makePng(100, 100), 'back_image'));
    const backRefused = await t.call({ method: 'POST', url: `${URL}/store`, token: tokens[ROOT], payload: backTooSmall.payload, headers: backTooSmall.headers });
    expect(backRefused.statusCode).toBe(422);
    expect(await uploadCount()).toEqual(uploadsBefore);

    const small = await multipart({ title: 'Small', notification_content: 'x' }, png(await makePng(299, 400)));
    const refused = await t.call({ method: 'POST', url: `${URL}/store`, token: tokens[ROOT], payload: small.payload, headers: small.headers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ front_image: [imageMinimum('front_image', 300, 300)] });
  });

  it('is for super admins with cards_and_trophies: admin2 may, program staff may not', async () => {
    expect((await get('', ADMIN2)).statusCode).toBe(200);
    expect((await get('', NORTH)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});

describe('the awarding run', () => {
  // Only this block's cards award: the demo's are switched off.
  beforeAll(() => t.app.db.update(trophyCards).set({ status: 0 }).where(inArray(trophyCards.title, DEMO_TITLES)));
  it('awards food logged in a row, and in total, each once; never on a gap, an old streak or an inactive patient', async () => {
    const inRow = await cardOf({ days: 3, days_condition: 'in_row' });
    const inTotal = await cardOf({ days: 3, days_condition: 'in_total' });
    const streak = await patient('Streak');
    const gap = await patient('Gap');
    const old = await patient('Old');
    const twice = await patient('Twice');
    const inactive = await patient('Inactive', { status: 0 });
    await food(streak, -2, -1, 0);
    await food(gap, -4, -1, 0);
    await food(old, -8, -7, -6);
    await food(twice, -1, -1, 0);
    await food(inactive, -2, -1, 0);

    const first = await run();
    expect(first.messages).toBeGreaterThanOrEqual(2);
    const row = await awardedOf(inRow);
    expect(row).toContain(streak);
    for (const id of [gap, old, twice, inactive]) expect(row).not.toContain(id);
    const total = await awardedOf(inTotal);
    expect(total).toEqual(expect.arrayContaining([streak, gap, old]));
    for (const id of [twice, inactive]) expect(total).not.toContain(id);

    // Again the same day, and the next day: nobody twice.
    expect(await run()).toEqual({ awarded: 0, messages: 0 });
    await food(twice, 1);
    await run(addDays(today, 1));
    expect((await awardedOf(inTotal)).filter((id) => id === streak)).toHaveLength(1);
    expect(await awardedOf(inTotal)).toContain(twice);
  });

  it('counts a total again only for patients who logged lately, once the card has been run for the catch-up days', async () => {
    const settled = await cardOf({ days: 3, days_condition: 'in_total' });
    // Saved ten days ago: its daily runs since have counted every patient's history.
    const tenDaysAgo = new Date(Date.parse(`${addDays(today, -10)}T12:00:00Z`));
    await t.app.db.update(trophyCards).set({ created_at: tenDaysAgo, updated_at: tenDaysAgo }).where(eq(trophyCards.id, settled));
    const logging = await patient('Logging');
    const quiet = await patient('Quiet');
    await food(logging, -6, -5, 0);
    await food(quiet, -8, -7, -6);
    await run();
    expect(await awardedOf(settled)).toContain(logging);
    expect(await awardedOf(settled)).not.toContain(quiet);
    // Saved again (or switched on): everyone's history is counted on its next run.
    await t.sendJson({ url: `${URL}/toggle-status`, token: tokens[ROOT], body: { id: settled, status: 1 } });
    await run(addDays(today, 1));
    expect(await awardedOf(settled)).toContain(quiet);
  });

  it('awards weigh-ins and water (a day of 0 oz is no day logged)', async () => {
    const weight = await cardOf({ rule_type: 'weight_log', days: 2 });
    const water = await cardOf({ rule_type: 'water_log', days: 2, days_condition: 'in_total' });
    const weighed = await patient('Weighed');
    const once = await patient('Once');
    const drinker = await patient('Drinker');
    const dry = await patient('Dry');
    await t.app.db.insert(weightLogs).values([
      { program_id: NORTHSIDE, patient_id: weighed, logged_on: addDays(today, -1), weight: '250' },
      { program_id: NORTHSIDE, patient_id: weighed, logged_on: today, weight: '249' },
      { program_id: NORTHSIDE, patient_id: once, logged_on: today, weight: '250' },
    ]);
    await t.app.db.insert(waterLogs).values([
      { program_id: NORTHSIDE, patient_id: drinker, logged_on: addDays(today, -10), total: '40' },
      { program_id: NORTHSIDE, patient_id: drinker, logged_on: today, total: '16' },
      { program_id: NORTHSIDE, patient_id: dry, logged_on: addDays(today, -1), total: '0' },
      { program_id: NORTHSIDE, patient_id: dry, logged_on: today, total: '24' },
    ]);
    await run();
    expect(await awardedOf(weight)).toContain(weighed);
    expect(await awardedOf(weight)).not.toContain(once);
    expect(await awardedOf(water)).toContain(drinker);
    expect(await awardedOf(water)).not.toContain(dry);
  });

  it('awards the days, weeks or months after surgery on their day, not before the card existed', async () => {
    const weeks = await cardOf({ rule_type: 'surgery_anniversary', surgery_days: 2, surgery_day_type: 'week' });
    const months = await cardOf({ rule_type: 'surgery_anniversary', surgery_days: 1, surgery_day_type: 'month' });
    const twoWeeks = await patient('TwoWeeks', { surgery_date: addDays(today, -14) });
    const notYet = await patient('NotYet', { surgery_date: addDays(today, -13) });
    const passed = await patient('Passed', { surgery_date: addDays(today, -15) }); // its day was yesterday, before the card
    const [month] = await queryRows<{ ago: string }>(t.app.db, sql`select (${today}::date - interval '1 month')::date::text as ago`);
    const aMonth = await patient('AMonth', { surgery_date: month!.ago });
    await run();
    expect(await awardedOf(weeks)).toContain(twoWeeks);
    for (const id of [notYet, passed, aMonth]) expect(await awardedOf(weeks)).not.toContain(id);
    expect(await awardedOf(months)).toContain(aMonth);
    expect(await awardedOf(months)).not.toContain(twoWeeks);
    // The next day reaches the patient whose two weeks were then.
    await run(addDays(today, 1));
    expect(await awardedOf(weeks)).toContain(notYet);
  });

  it('awards a date card to every active patient of the programs of its tier on that day', async () => {
    const [program] = await t.app.db.select({ tier: programs.tier }).from(programs).where(eq(programs.id, NORTHSIDE));
    const tier = program!.tier;
    const other = ['Basic', 'Standard', 'Premium', 'Enterprise'].find((name) => name !== tier)!;
    const onDay = await cardOf({ rule_type: 'date', date: today, user_tier: tier });
    const tomorrow = await cardOf({ rule_type: 'date', date: addDays(today, 1) });
    const otherTier = await cardOf({ rule_type: 'date', date: today, user_tier: other });
    const everyone = await patient('Everyone');
    const asleep = await patient('Asleep', { status: 0 });
    const lake = await patient('Lake', {}, LAKEVIEW);
    await run();
    const active = await t.app.db.select({ id: patients.id }).from(patients).where(and(eq(patients.program_id, NORTHSIDE), eq(patients.status, 1)));
    expect((await awardedOf(onDay)).sort()).toEqual(active.map((p) => p.id).sort());
    expect(await awardedOf(onDay)).toContain(everyone);
    expect(await awardedOf(onDay)).not.toContain(asleep);
    expect(await awardedOf(onDay)).not.toContain(lake);
    expect(await awardedOf(tomorrow)).toEqual([]);
    expect(await awardedOf(otherTier)).toEqual([]);
  });

  it('tells the awarded patients through the inbox: one message per card, with the front image and link, and the app lists the card', async () => {
    const png = await makePng(320, 320);
    const form = await multipart({ title: 'Demo card', notification_content: 'A trophy for you.', rule_type: 'date', date: today, link: 'https://example.org/trophy' }, { name: 'front_image', filename: 'f.png', type: 'image/png', bytes: png });
    const stored = await t.call({ method: 'POST', url: `${URL}/store`, token: tokens[ROOT], payload: form.payload, headers: form.headers });
    const cardId = stored.json().data.id as number;
    const result = await run();
    expect(result.messages).toBe(1);
    const [message] = await t.app.db.select().from(messages).where(and(eq(messages.kind, 'trophy'), sql`${messages.audience} -> 'registered' -> 'params' ->> 'trophyId' = ${String(cardId)}`));
    const [stamped] = await t.app.db.select().from(trophyCards).where(eq(trophyCards.id, cardId));
    expect(message).toMatchObject({
      program_id: NORTHSIDE,
      title: 'Demo card',
      message: 'A trophy for you.',
      image: stamped!.front_image,
      link: 'https://example.org/trophy',
      audience: { registered: { name: TROPHY_AUDIENCE, params: { trophyId: cardId, day: today } } },
    });
    const awards = await t.app.db.select().from(patientTrophies).where(eq(patientTrophies.trophy_id, cardId));
    expect(awards.length).toBe(result.awarded);
    expect(awards.every((a) => a.message_id === message!.id && a.awarded_on === today && a.program_id === NORTHSIDE)).toBe(true);

    await t.app.jobs.drain(['messaging.fan-out']);
    const inbox = await t.app.db.select({ id: messageDeliveries.patient_id }).from(messageDeliveries).where(eq(messageDeliveries.message_id, message!.id));
    expect(inbox.map((d) => d.id).sort()).toEqual(awards.map((a) => a.patient_id).sort());

    // The demo patient reads it in the app, and the card among their trophies.
    const login = await t.call({ method: 'POST', url: '/api/app/login', payload: { email: DEMO_APP_PATIENT_EMAIL, password: DEMO_PASSWORD } });
    const appToken = login.json().data.token as string;
    const messagesRes = await t.call({ method: 'GET', url: '/api/app/messages?perPage=50', token: appToken });
    expect(messagesRes.json().data.data).toContainEqual(
      expect.objectContaining({ title: 'Demo card', message: 'A trophy for you.', image: `/uploads/${stamped!.front_image}`, link: 'https://example.org/trophy' }),
    );
    const trophies = await t.call({ method: 'GET', url: '/api/app/trophies', token: appToken });
    expect(trophies.statusCode).toBe(200);
    expect(trophies.json().data).toContainEqual({
      id: cardId,
      title: 'Demo card',
      front_image: `/uploads/${stamped!.front_image}`,
      back_image: null,
      link: 'https://example.org/trophy',
      notification_content: 'A trophy for you.',
      awarded_on: today,
    });
    const [audit] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'app.trophies.list'));
    expect(audit).toMatchObject({ actor_type: 'patient', program_id: NORTHSIDE, success: true });
    expect((await t.call({ method: 'GET', url: '/api/app/trophies', token: tokens[NORTH] })).statusCode).toBe(401);

    // A new front: the card shows it from now on, and the message keeps the picture it was sent with.
    const newFront = await multipart(
      { id: String(cardId), title: 'Demo card', notification_content: 'A trophy for you.', rule_type: 'date', date: today, status: '1' },
      { name: 'front_image', filename: 'g.png', type: 'image/png', bytes: await makePng(330, 330) },
    );
    const replaced = await t.call({ method: 'POST', url: `${URL}/update`, token: tokens[ROOT], payload: newFront.payload, headers: newFront.headers });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.front_image).not.toBe(`/uploads/${stamped!.front_image}`);
    expect(await t.app.storage.exists(stamped!.front_image!)).toBe(true);
    expect((await t.call({ method: 'GET', url: `/uploads/${stamped!.front_image}`, token: appToken })).statusCode).toBe(200);

    // Awarded: it may not be deleted (their trophies would go), only switched off.
    const refused = await t.sendJson({ url: `${URL}/delete`, token: tokens[ROOT], body: { id: cardId } });
    expect(refused.statusCode).toBe(409);
    const unused = await cardOf({ rule_type: 'date', date: addDays(today, 30) });
    expect((await t.sendJson({ url: `${URL}/delete`, token: tokens[ROOT], body: { id: unused } })).statusCode).toBe(200);
  });

  it('runs from Run now as the daily job, once per program and day', async () => {
    const cardId = await cardOf({ rule_type: 'date', date: today });
    const res = await t.call({ method: 'POST', url: `${URL}/run`, token: tokens[ADMIN2] });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.programs).toBeGreaterThanOrEqual(2);
    await t.app.jobs.drain([TROPHY_RUN_JOB]);
    const awarded = await t.app.db
      .select({ program: patientTrophies.program_id })
      .from(patientTrophies)
      .where(and(eq(patientTrophies.trophy_id, cardId), inArray(patientTrophies.program_id, [NORTHSIDE, LAKEVIEW])));
    expect(new Set(awarded.map((a) => a.program))).toEqual(new Set([NORTHSIDE, LAKEVIEW]));
    expect((await t.call({ method: 'POST', url: `${URL}/run`, token: tokens[NORTH] })).statusCode).toBe(403);
  });
});
