/**
 * The /api/seminar2surgery reports against patients inserted here by hand: each scenario's patients carry
 * a tag of their own, so a report filtered by that tag shows exactly them, whatever the demo seed holds.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import ExcelJS from 'exceljs';
import { createTestApp, startTestApp, type TestApp } from '../../../test/app';
import { seededDatabase } from '../../../test/databases';
import { REPORT_EXPORT_JOB } from '../exports/definitions';
import { auditRecords, checklistTemplateItems, checklistTemplates, patientChecklistItems, patientTags, patients, weightLogs } from '../../../db/schema';
import { programDay } from '../../../lib/program-day';

const NORTH = 101;
const LAKE = 102;
const BASE = '/api/seminar2surgery';

let t: TestApp;
let tokens: Record<string, string>;
let today: string;
let zone: string;

beforeAll(async () => {
  t = await createTestApp({ patientsPerProgram: 12 });
  tokens = await t.signIn(
    'subuser@northside.test',
    'staff@northside.test',
    'selfservice@northside.test',
    'limited@northside.test',
    'subuser@lakeview.test',
  );
  ({ today, zone } = await programDay(t.app.db, NORTH, t.clock.now()));
});
afterAll(() => t.close());

const plusDays = (day: string, n: number) => DateTime.fromISO(day, { zone: 'UTC' }).plus({ days: n }).toISODate()!;
/** Noon of the program's day `n` days from today, as an instant. */
const daysAgo = (n: number) => DateTime.fromISO(plusDays(today, -n), { zone }).set({ hour: 12 }).toJSDate();

const get = (path: string, who = 'staff@northside.test') => t.call({ method: 'GET', url: `${BASE}${path}`, token: tokens[who] });
/** What the tests read of an answer's data: a page, a graph or a chart (each test reads its own part). */
interface Answer {
  data: { id: number; name: string; [key: string]: unknown }[];
  total: number;
  page: number;
  perPage: number | 'All';
  from: string;
  to: string;
  points: { period: string; lost: number }[];
  months: string[];
  series: { surgery_type: string; counts: number[] }[];
}
async function ok<T = Answer>(path: string, who?: string): Promise<T> {
  const res = await get(path, who);
  expect({ path, status: res.statusCode, body: res.statusCode === 200 ? null : res.json() }).toEqual({ path, status: 200, body: null });
  return res.json().data as T;
}

let tagCount = 0;
async function newTag(program = NORTH): Promise<number> {
  tagCount += 1;
  const [row] = await t.app.db
    .insert(patientTags)
    .values({ program_id: program, name: `Report scenario ${tagCount}` })
    .returning({ id: patientTags.id });
  return row!.id;
}

async function addPatient(values: Partial<typeof patients.$inferInsert> & { last_name: string }): Promise<number> {
  const now = t.clock.now();
  const [row] = await t.app.db
    .insert(patients)
    .values({
      program_id: NORTH,
      first_name: 'Rep',
      name: `Rep ${values.last_name}`,
      current_stage: 1,
      stage_entered_at: now,
      created_at: now,
      updated_at: now,
      ...values,
    })
    .returning({ id: patients.id });
  return row!.id;
}

async function addItem(patientId: number, values: Partial<typeof patientChecklistItems.$inferInsert> & { title: string }) {
  await t.app.db.insert(patientChecklistItems).values({ program_id: NORTH, patient_id: patientId, stage: 1, ...values });
}

const ids = (page: { data: { id: number }[] }) => page.data.map((row) => row.id);

async function auditDetail(action: string) {
  const [row] = await t.app.db
    .select()
    .from(auditRecords)
    .where(eq(auditRecords.action, action))
    .orderBy(sql`${auditRecords.id} desc`)
    .limit(1);
  return row;
}

describe('stalled patients', () => {
  let tag: number;
  const p: Record<string, number> = {};
  beforeAll(async () => {
    tag = await newTag();
    const quiet = { user_cat_id: tag, stage_entered_at: daysAgo(60) };
    p.a = await addPatient({ ...quiet, last_name: 'Stalled A' });
    p.ticked = await addPatient({ ...quiet, last_name: 'Ticked recently' });
    await addItem(p.ticked, { title: 'Labs', completed_at: daysAgo(10) });
    p.app = await addPatient({ ...quiet, last_name: 'Uses app', last_app_activity_at: daysAgo(5) });
    p.moved = await addPatient({ ...quiet, last_name: 'Moved status', pipeline_status_since: daysAgo(3) });
    p.d = await addPatient({ ...quiet, last_name: 'Stalled D', current_stage: 2 });
    await addItem(p.d, { title: 'Labs', completed_at: daysAgo(40) });
    await addItem(p.d, { title: 'Psych Eval' });
    p.inactive = await addPatient({ ...quiet, last_name: 'Inactive', status: 0 });
    p.fresh = await addPatient({ user_cat_id: tag, stage_entered_at: daysAgo(10), last_name: 'Fresh' });
    // Exactly 30 days without progress counts; 29 does not.
    p.edge = await addPatient({ user_cat_id: tag, stage_entered_at: daysAgo(30), last_name: 'Edge 30' });
    p.edge29 = await addPatient({ user_cat_id: tag, stage_entered_at: daysAgo(29), last_name: 'Edge 29' });
  });

  it('lists active patients without a move, a tick or app use for 30 days, longest quiet first', async () => {
    const page = await ok(`/stalled-patients/children?tag=${tag}`);
    expect(ids(page)).toEqual([p.a, p.d, p.edge]);
    expect(page.total).toBe(3);
    const [a, d] = page.data;
    expect(a).toMatchObject({ name: 'Rep Stalled A', stage: 1, last_progress_on: plusDays(today, -60), days_without_progress: 60, stage_entered_on: plusDays(today, -60) });
    expect(d).toMatchObject({ stage: 2, last_progress_on: plusDays(today, -40), days_without_progress: 40 });
    const audit = await auditDetail('report.stalled-patients');
    expect(audit?.detail).toMatchObject({ patientIds: [p.a, p.d, p.edge] });
    expect(audit?.program_id).toBe(NORTH);
  });

  it('takes days, stage, a checklist item not ticked, from/to on the last progress day and the sort', async () => {
    expect(ids(await ok(`/stalled-patients/children?tag=${tag}&days=50`))).toEqual([p.a]);
    // Five days: the patient who ticked ten days ago and the one who used the app five days ago too.
    expect(ids(await ok(`/stalled-patients/children?tag=${tag}&days=5`))).toEqual([p.a, p.d, p.edge, p.edge29, p.ticked, p.fresh, p.app]);
    expect(ids(await ok(`/stalled-patients/children?tag=${tag}&stage=2`))).toEqual([p.d]);
    expect(ids(await ok(`/stalled-patients/children?tag=${tag}&checklist_item=psych%20eval`))).toEqual([p.d]);
    expect(ids(await ok(`/stalled-patients/children?tag=${tag}&from=${plusDays(today, -45)}&to=${plusDays(today, -35)}`))).toEqual([p.d]);
    expect(ids(await ok(`/stalled-patients/children?tag=${tag}&sort=last_progress&direction=desc`))).toEqual([p.edge, p.d, p.a]);
    expect(ids(await ok(`/stalled-patients/children?tag=${tag}&sort=name&perPage=5&page=1`))).toEqual([p.edge, p.a, p.d]);
    const second = await ok(`/stalled-patients/children?tag=${tag}&days=5&sort=name&perPage=5&page=2`);
    expect(second).toMatchObject({ total: 7, page: 2, perPage: 5 });
    expect(ids(second)).toEqual([p.ticked, p.app]);
  });
});

describe('lost patients', () => {
  let tag: number;
  const p: Record<string, number> = {};
  beforeAll(async () => {
    tag = await newTag();
    p.l100 = await addPatient({ user_cat_id: tag, stage_entered_at: daysAgo(100), last_name: 'Lost 100' });
    p.l200 = await addPatient({ user_cat_id: tag, stage_entered_at: daysAgo(300), last_name: 'Lost 200' });
    await addItem(p.l200, { title: 'Seminar', completed_at: daysAgo(200) });
    p.operated = await addPatient({ user_cat_id: tag, stage_entered_at: daysAgo(100), surgery_date: plusDays(today, -95), last_name: 'Operated' });
    p.l50 = await addPatient({ user_cat_id: tag, stage_entered_at: daysAgo(50), last_name: 'Quiet 50' });
    p.old = await addPatient({ user_cat_id: tag, stage_entered_at: daysAgo(600), last_name: 'Lost long ago' });
  });

  it('lists patients without surgery and without progress for 90 days, lost within the last 12 months', async () => {
    const page = await ok(`/lost-patients?tag=${tag}`);
    expect(ids(page)).toEqual([p.l200, p.l100]);
    expect(page.data[0]).toMatchObject({ last_progress_on: plusDays(today, -200), lost_on: plusDays(today, -110), days_without_progress: 200 });
    expect(page.data[1]).toMatchObject({ last_progress_on: plusDays(today, -100), lost_on: plusDays(today, -10) });
    // A wider range reaches the patient lost 510 days ago; days=40 adds the one quiet for 50 days.
    expect(ids(await ok(`/lost-patients?tag=${tag}&from=${plusDays(today, -600)}`))).toEqual([p.old, p.l200, p.l100]);
    expect(ids(await ok(`/lost-patients?tag=${tag}&days=40`))).toEqual([p.l200, p.l100, p.l50]);
    expect(ids(await ok(`/lost-patients?tag=${tag}&from=${plusDays(today, -20)}&to=${today}`))).toEqual([p.l100]);
    expect(ids(await ok(`/lost-patients?tag=${tag}&sort=name`))).toEqual([p.l100, p.l200]);
  });

  it('counts them per period of their lost day, every period of the range', async () => {
    const graph = await ok(`/lost-patients-line-graph-stats?tag=${tag}&time_gap=month`);
    const start = DateTime.fromISO(today, { zone: 'UTC' }).startOf('month').minus({ months: 11 });
    expect(graph.from).toBe(start.toISODate());
    expect(graph.to).toBe(today);
    expect(graph.points).toHaveLength(12);
    expect(graph.points.map((x: { period: string }) => x.period)).toEqual(Array.from({ length: 12 }, (_, i) => start.plus({ months: i }).toISODate()));
    const monthOf = (day: string) => DateTime.fromISO(day, { zone: 'UTC' }).startOf('month').toISODate();
    const want = new Map<string, number>();
    for (const day of [plusDays(today, -110), plusDays(today, -10)]) want.set(monthOf(day)!, (want.get(monthOf(day)!) ?? 0) + 1);
    for (const point of graph.points) expect([point.period, point.lost]).toEqual([point.period, want.get(point.period) ?? 0]);
    expect(graph.total).toBe(2);

    const weeks = await ok(`/lost-patients-line-graph-stats?tag=${tag}&time_gap=week&from=${plusDays(today, -120)}&to=${today}`);
    for (const point of weeks.points) expect(DateTime.fromISO(point.period).weekday).toBe(1);
    expect(weeks.total).toBe(2);
    const quarters = await ok(`/lost-patients-line-graph-stats?tag=${tag}&time_gap=quarter`);
    expect(quarters.total).toBe(2);
    expect(quarters.points.length).toBeGreaterThanOrEqual(4);
  });
});

describe('Pre-Op: surgery-date-patients', () => {
  let tag: number;
  const p: Record<string, number> = {};
  beforeAll(async () => {
    tag = await newTag();
    p.soon = await addPatient({ user_cat_id: tag, surgery_date: plusDays(today, 10), type_of_surgery: 'Sleeve', checklist_percent: 33, last_name: 'Soon' });
    await addItem(p.soon, { title: 'Done', completed_at: daysAgo(3), due_date: plusDays(today, -5) });
    await addItem(p.soon, { title: 'Labs late', due_date: plusDays(today, -1) });
    await addItem(p.soon, { title: 'Clearance', due_date: plusDays(today, 5) });
    await addItem(p.soon, { title: 'Other stage', stage: 2 });
    p.today = await addPatient({ user_cat_id: tag, surgery_date: today, last_name: 'Today' });
    p.later = await addPatient({ user_cat_id: tag, surgery_date: plusDays(today, 100), last_name: 'Later' });
    p.past = await addPatient({ user_cat_id: tag, surgery_date: plusDays(today, -1), last_name: 'Past' });
    p.inactive = await addPatient({ user_cat_id: tag, surgery_date: plusDays(today, 3), status: 0, last_name: 'Inactive' });
  });

  it('lists surgeries from today to 90 days ahead with the readiness of the current checklist', async () => {
    const page = await ok(`/surgery-date-patients?tag=${tag}`);
    expect(ids(page)).toEqual([p.today, p.soon]);
    expect(page.data[0]).toMatchObject({ surgery_date_difference: 'Today', open_items: 0, overdue_items: 0, next_item_title: null });
    expect(page.data[1]).toEqual({
      id: p.soon,
      name: 'Rep Soon',
      stage: 1,
      email: null,
      phone: null,
      surgery_date: plusDays(today, 10),
      surgery_date_difference: '10 days',
      type_of_surgery: 'Sleeve',
      coordinator: null,
      checklist_percent: 33,
      open_items: 2,
      overdue_items: 1,
      next_item_title: 'Labs late',
      next_item_due: plusDays(today, -1),
    });
    expect(ids(await ok(`/surgery-date-patients?tag=${tag}&to=${plusDays(today, 120)}&sort=surgery_date&direction=desc`))).toEqual([p.later, p.soon, p.today]);
    expect(ids(await ok(`/surgery-date-patients?tag=${tag}&from=${plusDays(today, -5)}&surgery_type=SLEEVE`))).toEqual([p.soon]);
  });
});

describe('Post-Op: post-op-patients', () => {
  let tag: number;
  const p: Record<string, number> = {};
  beforeAll(async () => {
    tag = await newTag();
    p.q1 = await addPatient({
      user_cat_id: tag,
      current_stage: 2,
      surgery_date: plusDays(today, -100),
      starting_weight: '300.0',
      current_weight: '240.0',
      hight: '65.0',
      last_name: 'Q1',
    });
    for (const [ago, weight] of [
      [30, '250.0'],
      [2, '240.0'],
    ] as const) {
      await t.app.db.insert(weightLogs).values({ program_id: NORTH, patient_id: p.q1, logged_on: plusDays(today, -ago), weight });
    }
    p.noHeight = await addPatient({ user_cat_id: tag, current_stage: 2, surgery_date: plusDays(today, -10), starting_weight: '200.0', current_weight: '210.0', last_name: 'Q2' });
    p.old = await addPatient({ user_cat_id: tag, current_stage: 3, surgery_date: plusDays(today, -800), last_name: 'Old' });
    p.future = await addPatient({ user_cat_id: tag, surgery_date: plusDays(today, 3), last_name: 'Future' });
  });

  it('lists operated patients of the last two years with days since surgery and %TWL/%EWL', async () => {
    const page = await ok(`/post-op-patients?tag=${tag}&sort=surgery_date&direction=desc`);
    expect(ids(page)).toEqual([p.noHeight, p.q1]);
    // By hand: 60 lb of 300 is 20 %TWL; the BMI-25 weight at 65 in is 25 × 65² / 703 = 150.25 lb, so the
    // excess is 149.75 lb and 60 lb of it is 40.07 %EWL.
    expect(page.data[1]).toEqual({
      id: p.q1,
      name: 'Rep Q1',
      stage: 2,
      surgery_date: plusDays(today, -100),
      days_since_surgery: 100,
      type_of_surgery: null,
      coordinator: null,
      starting_weight: 300,
      current_weight: 240,
      weight_lost: 60,
      twl: 20,
      ewl: 40.1,
      last_weigh_in_on: plusDays(today, -2),
      last_weigh_in_weight: 240,
    });
    expect(page.data[0]).toMatchObject({ weight_lost: -10, twl: -5, ewl: null, last_weigh_in_on: null });
    // A range into the future stops at today; an older range reaches the older surgery.
    expect(ids(await ok(`/post-op-patients?tag=${tag}&from=${plusDays(today, -900)}&to=${plusDays(today, 30)}`))).toEqual([p.old, p.q1, p.noHeight]);
    expect(ids(await ok(`/post-op-patients?tag=${tag}&sort=weight_lost`))).toEqual([p.noHeight, p.q1]);
  });
});

describe('Never Used App: not-connected-patients and the invite', () => {
  let tag: number;
  const p: Record<string, number> = {};
  let lakePatient: number;
  beforeAll(async () => {
    tag = await newTag();
    p.n1 = await addPatient({ user_cat_id: tag, email: 'never.one@example.test', phone: '5551234567', last_name: 'N1' });
    p.uses = await addPatient({ user_cat_id: tag, email: 'uses@example.test', last_app_activity_at: daysAgo(1), last_name: 'Uses' });
    p.noMail = await addPatient({ user_cat_id: tag, last_name: 'No Mail', created_at: daysAgo(40) });
    p.inactive = await addPatient({ user_cat_id: tag, email: 'inactive@example.test', status: 0, last_name: 'Inactive' });
    lakePatient = await addPatient({ program_id: LAKE, email: 'lake@example.test', last_name: 'Lake' });
  });

  it('lists active patients who never used the app; from/to on the day added', async () => {
    const page = await ok(`/not-connected-patients?tag=${tag}`);
    expect(ids(page)).toEqual([p.n1, p.noMail]);
    expect(page.data[0]).toEqual({
      id: p.n1,
      name: 'Rep N1',
      stage: 1,
      email: 'never.one@example.test',
      phone: '5551234567',
      invited: 0,
      added_on: today,
      coordinator: null,
    });
    expect(ids(await ok(`/not-connected-patients?tag=${tag}&to=${plusDays(today, -1)}`))).toEqual([p.noMail]);
    expect(ids(await ok(`/not-connected-patients?tag=${tag}&search=no%20mail`))).toEqual([p.noMail]);
  });

  it('invites with the record\'s invitation and says why the others were skipped', async () => {
    const res = await t.call({
      method: 'POST',
      url: `${BASE}/not-connected-patients/invite`,
      token: tokens['staff@northside.test'],
      payload: { ids: [p.n1, p.uses, p.noMail, p.inactive, lakePatient, p.n1] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        invited: 1,
        skipped: [
          { id: p.uses, reason: 'The patient already uses the app.' },
          { id: p.noMail, reason: 'The patient has no e-mail address.' },
          { id: p.inactive, reason: 'The patient is inactive.' },
          { id: lakePatient, reason: 'Patient not found.' },
        ],
      },
      message: '1 patient was invited to the app.',
    });
    const flags = await t.app.db.select({ id: patients.id, invited: patients.is_invited }).from(patients).where(inArray(patients.id, [p.n1!, lakePatient]));
    expect(Object.fromEntries(flags.map((row) => [row.id, row.invited]))).toEqual({ [p.n1!]: 1, [lakePatient]: 0 });
    const invites = await t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'patient.invite'), eq(auditRecords.patient_id, p.n1!)));
    expect(invites).toHaveLength(1);
    const call = await auditDetail('report.not-connected-invite');
    expect(call?.detail).toMatchObject({ patientIds: [p.n1, p.uses, p.noMail, p.inactive, lakePatient], invited: 1 });
    expect((await ok(`/not-connected-patients?tag=${tag}`)).data[0]).toMatchObject({ id: p.n1, invited: 1 });
  });

  it('refuses an empty or oversized list (422)', async () => {
    for (const payload of [{ ids: [] }, { ids: ['x'] }, {}, { ids: Array.from({ length: 101 }, (_, i) => i + 1) }]) {
      const res = await t.call({ method: 'POST', url: `${BASE}/not-connected-patients/invite`, token: tokens['staff@northside.test'], payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.ids).toBeDefined();
    }
  });
});

describe('surgery volume', () => {
  let tag: number;
  const p: Record<string, number> = {};
  beforeAll(async () => {
    tag = await newTag();
    const monthAgo = DateTime.fromISO(today, { zone: 'UTC' }).startOf('month').minus({ months: 1 }).toISODate()!;
    p.v1 = await addPatient({ user_cat_id: tag, surgery_date: today, type_of_surgery: 'Sleeve', last_name: 'V1' });
    p.v2 = await addPatient({ user_cat_id: tag, surgery_date: monthAgo, type_of_surgery: ' sleeve ', last_name: 'V2' });
    p.v3 = await addPatient({ user_cat_id: tag, surgery_date: plusDays(monthAgo, 3), type_of_surgery: 'Bypass', last_name: 'V3' });
    p.v4 = await addPatient({ user_cat_id: tag, surgery_date: plusDays(today, -400), type_of_surgery: 'Bypass', last_name: 'V4' });
    p.v5 = await addPatient({ user_cat_id: tag, surgery_date: today, last_name: 'V5' });
  });

  it('counts surgeries per month by type over the last 12 months', async () => {
    const chart = await ok(`/surgery-volume/chart?tag=${tag}`);
    expect(chart.months).toHaveLength(12);
    expect(chart.months[11]).toBe(today.slice(0, 7));
    const zeros = (at: Record<number, number>) => Array.from({ length: 12 }, (_, i) => at[i] ?? 0);
    expect(chart.series).toEqual([
      { surgery_type: 'Bypass', counts: zeros({ 10: 1 }) },
      { surgery_type: 'Sleeve', counts: zeros({ 10: 1, 11: 1 }) },
      { surgery_type: 'Not specified', counts: zeros({ 11: 1 }) },
    ]);
    expect(chart.total).toBe(4);
    expect((await ok(`/surgery-volume/chart?tag=${tag}&surgery_type=bypass`)).total).toBe(1);
    const list = await ok(`/surgery-volume/list?tag=${tag}&sort=surgery_date&direction=desc`);
    expect(list.total).toBe(4);
    expect(new Set(ids(list).slice(0, 2))).toEqual(new Set([p.v1, p.v5]));
    expect(ids(list).slice(2)).toEqual([p.v3, p.v2]);
  });

  it("gives the program's surgery types to the filters, one spelling each", async () => {
    const res = await t.call({ method: 'GET', url: '/api/pre-load-filters', token: tokens['subuser@northside.test'] });
    const types: string[] = res.json().data.surgeryTypes;
    expect(types.filter((type) => type.toLowerCase() === 'sleeve')).toHaveLength(1);
    expect(types).toContain('Bypass');
    expect(types).toEqual([...types].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const lake = await t.call({ method: 'GET', url: '/api/pre-load-filters', token: tokens['subuser@lakeview.test'] });
    expect(lake.statusCode).toBe(200);
  });

  it('gives the same choices to the report screens at /api/reports/filters, refused outside the reports area', async () => {
    const asked = (url: string, email = 'subuser@northside.test') => t.call({ method: 'GET', url, token: tokens[email] });
    const [patientsDoor, reportsDoor] = await Promise.all([asked('/api/pre-load-filters'), asked('/api/reports/filters')]);
    expect(reportsDoor.statusCode).toBe(200);
    expect(reportsDoor.json()).toEqual(patientsDoor.json());
    expect((await asked('/api/reports/filters', 'limited@northside.test')).statusCode).toBe(403);
    expect((await asked('/api/reports/filters', 'selfservice@northside.test')).statusCode).toBe(403);
  });
});

describe('checklist item names', () => {
  it("lists the distinct titles of the program's live template items, by stage", async () => {
    const [template] = await t.app.db.insert(checklistTemplates).values({ program_id: NORTH, stage: 3, name: 'Report names' }).returning({ id: checklistTemplates.id });
    const [gone] = await t.app.db.insert(checklistTemplates).values({ program_id: NORTH, stage: 3, name: 'Gone', deleted_at: t.clock.now() }).returning({ id: checklistTemplates.id });
    await t.app.db.insert(checklistTemplateItems).values([
      { program_id: NORTH, template_id: template!.id, title: 'Zeta check' },
      { program_id: NORTH, template_id: template!.id, title: 'zeta check ' },
      { program_id: NORTH, template_id: template!.id, title: 'Removed item', deleted_at: t.clock.now() },
      { program_id: NORTH, template_id: gone!.id, title: 'In a deleted template' },
    ]);
    const names: { stage: number; title: string }[] = await ok('/checklist-item-names?stage=3');
    const titles = names.map((n) => n.title);
    expect(titles.filter((title) => title.toLowerCase() === 'zeta check')).toHaveLength(1);
    expect(titles).not.toContain('Removed item');
    expect(titles).not.toContain('In a deleted template');
    expect(names.every((n) => n.stage === 3)).toBe(true);
    const all: { stage: number }[] = await ok('/checklist-item-names');
    expect(all.map((n) => n.stage)).toEqual([...all.map((n) => n.stage)].sort());
    const lake: { title: string }[] = await ok('/checklist-item-names', 'subuser@lakeview.test');
    expect(lake.map((n) => n.title)).not.toContain('Zeta check');
  });
});

describe('every report', () => {
  const paths = [
    '/lost-patients-line-graph-stats',
    '/lost-patients',
    '/stalled-patients/children',
    '/surgery-date-patients',
    '/post-op-patients',
    '/not-connected-patients',
    '/surgery-volume/chart',
    '/surgery-volume/list',
    '/checklist-item-names',
  ];

  it("shows another program's caller none of this program's patients", async () => {
    const north = new Set<number>();
    for (const path of paths.filter((x) => !x.includes('chart') && !x.includes('graph') && !x.includes('names'))) {
      for (const row of (await ok(`${path}?perPage=All&days=1&from=2000-01-01&to=2100-01-01`, 'subuser@northside.test')).data) north.add(row.id);
      const lake = await ok(`${path}?perPage=All&days=1&from=2000-01-01&to=2100-01-01`, 'subuser@lakeview.test');
      expect(lake.data.filter((row: { id: number }) => north.has(row.id))).toEqual([]);
    }
    expect(north.size).toBeGreaterThan(10);
    const lakeIds = await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.program_id, LAKE));
    const lakeSet = new Set(lakeIds.map((row) => row.id));
    expect([...north].filter((id) => lakeSet.has(id))).toEqual([]);
  });

  it('refuses self-service staff and a program user without the reports flag (403)', async () => {
    for (const path of [...paths, '/lost-patients/excel']) {
      expect([path, (await get(path, 'selfservice@northside.test')).statusCode]).toEqual([path, 403]);
      expect([path, (await get(path, 'limited@northside.test')).statusCode]).toEqual([path, 403]);
    }
    const invite = await t.call({ method: 'POST', url: `${BASE}/not-connected-patients/invite`, token: tokens['limited@northside.test'], payload: { ids: [1] } });
    expect(invite.statusCode).toBe(403);
  });

  it('answers 422 with the field for bad input', async () => {
    const cases: [string, string][] = [
      [`/lost-patients?from=${today}&to=${plusDays(today, -1)}`, 'to'],
      ['/lost-patients?from=2026-02-30', 'from'],
      ['/stalled-patients/children?days=0', 'days'],
      ['/stalled-patients/children?days=abc', 'days'],
      ['/lost-patients-line-graph-stats?time_gap=year', 'time_gap'],
      ['/post-op-patients?sort=bogus', 'sort'],
      ['/surgery-date-patients?perPage=7', 'perPage'],
      ['/surgery-volume/chart?stage=4', 'stage'],
      ['/not-connected-patients?tag=abc', 'tag'],
      ['/checklist-item-names?stage=9', 'stage'],
    ];
    for (const [path, field] of cases) {
      const res = await get(path);
      expect([path, res.statusCode]).toEqual([path, 422]);
      expect([path, Object.keys(res.json().errors)]).toEqual([path, [field]]);
    }
    expect((await get(`/lost-patients?from=${today}&to=${plusDays(today, -1)}`)).json().errors.to).toEqual(['The to date must be on or after the from date.']);
  });
});

describe('Excel', () => {
  async function workbook(path: string) {
    const res = await get(path);
    expect([path, res.statusCode]).toEqual([path, 200]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return book.worksheets[0]!;
  }
  const values = (sheet: ExcelJS.Worksheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  it('writes what the table shows, in its order, dates as date cells', async () => {
    const tag = await newTag();
    const a = await addPatient({ user_cat_id: tag, surgery_date: plusDays(today, 7), type_of_surgery: 'Sleeve', last_name: 'Xa', email: 'xa@example.test' });
    const b = await addPatient({ user_cat_id: tag, surgery_date: plusDays(today, 2), last_name: 'Xb' });
    await addItem(a, { title: 'Labs', due_date: plusDays(today, 1) });
    const sheet = await workbook(`/surgery-date-patients/excel?tag=${tag}`);
    const rows = values(sheet);
    expect(rows[0]).toEqual(['Name', 'Stage', 'E-mail', 'Phone', 'Surgery date', 'Until surgery', 'Surgery type', 'Insurance coordinator', 'Checklist %', 'Open items', 'Overdue items', 'Next item', 'Next item due']);
    expect(rows.slice(1).map((row) => row[0])).toEqual(['Rep Xb', 'Rep Xa']);
    const xa = rows[2]!;
    expect(xa[4]).toEqual(new Date(`${plusDays(today, 7)}T00:00:00Z`));
    expect(xa.slice(5, 13)).toEqual(['7 days', 'Sleeve', undefined, 0, 1, 0, 'Labs', new Date(`${plusDays(today, 1)}T00:00:00Z`)]);
    expect(sheet.getCell('E2').numFmt).toBe('mm/dd/yyyy');
    const audit = await auditDetail('report.surgery-date-patients.excel');
    expect(audit?.detail).toMatchObject({ patientIds: [b, a] });
  });

  it('writes each report\'s sheet', async () => {
    for (const [path, table, header] of [
      ['/lost-patients/excel?days=1&from=2000-01-01', '/lost-patients?days=1&from=2000-01-01', 'Lost on'],
      ['/stalled-patients/children/excel?days=1', '/stalled-patients/children?days=1', 'Days without progress'],
      ['/post-op-patients/excel', '/post-op-patients', '%EWL'],
      ['/not-connected-patients/excel', '/not-connected-patients', 'Invited'],
      ['/surgery-volume/excel', '/surgery-volume/list', 'Surgery type'],
    ] as const) {
      const sheet = await workbook(path);
      const rows = values(sheet);
      expect([path, rows[0]?.[0], rows[0]?.includes(header)]).toEqual([path, 'Name', true]);
      const list = await ok(`${table}${table.includes('?') ? '&' : '?'}perPage=All`);
      expect([path, rows.length - 1]).toEqual([path, list.total]);
      expect([path, rows.slice(1).map((row) => row[0])]).toEqual([path, list.data.map((row: { name: string }) => row.name)]);
    }
  });
});

describe('a long Excel', () => {
  // An app whose exports go to the background job beyond 2 rows (the kit's limit is 10,000).
  let big: TestApp;
  let token: string;
  beforeAll(async () => {
    const { target, drop } = await seededDatabase({ patientsPerProgram: 12 });
    big = await startTestApp(target, drop, { patientsPerProgram: 12 }, { config: { reportExportStreamMaxRows: 2 } });
    token = (await big.signIn('staff@northside.test'))['staff@northside.test'];
  });
  afterAll(() => big?.close());

  it('is made by the job from the same query, with the rows the table shows', async () => {
    const query = 'days=1&sort=name&direction=desc';
    const res = await big.call({ method: 'GET', url: `${BASE}/stalled-patients/children/excel?${query}`, token });
    expect(res.statusCode).toBe(202);
    const id: string = res.json().data.id;
    await big.app.jobs.drain([REPORT_EXPORT_JOB]);
    const done = (await big.call({ method: 'GET', url: `/api/report-exports/${id}`, token })).json().data;
    expect(done).toMatchObject({ kind: 'stalled-patients', status: 'done' });
    const file = await big.call({ method: 'GET', url: `/api/report-exports/${id}/file`, token });
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const names: unknown[] = [];
    book.worksheets[0]!.eachRow((row, n) => n > 1 && names.push(row.getCell(1).value));
    const list = (await big.call({ method: 'GET', url: `${BASE}/stalled-patients/children?${query}&perPage=All`, token })).json().data;
    expect(list.total).toBeGreaterThan(2);
    expect(done.total).toBe(list.total);
    expect(names).toEqual(list.data.map((row: { name: string }) => row.name));
  });
});
