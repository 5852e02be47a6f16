/**
 * A patient's checklists: reading a stage's items, ticking (who and when, under the patient's row lock,
 * with the automation rules after it), correcting who ticked, adding a template or an item, deactivating
 * with a reason; the pipeline's side (applyStageDefaults, recomputePercent); checklist notes on items.
 */
import { and, asc, eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import {
  CHECKLIST_MESSAGES as MESSAGES,
  NOT_FOR_SELF_SERVICE,
  PATIENT_NOT_FOUND,
  type ChecklistTemplateDetail,
  type PatientChecklist,
  type PatientChecklistItem,
} from '@baridesk/contracts';
import { addCalendarDays } from '@baridesk/domain';
import { STAFF_CALLERS, routeSuite, type StaffCaller } from '../../../test/app';
import {
  accounts,
  auditRecords,
  patientChecklistItems,
  patients,
  pipelineMoves,
  pipelineRules,
  pipelineStatuses,
  programUsers,
} from '../../../db/schema';

const { NORTH, STAFF, SELF_SERVICE, LAKE } = STAFF_CALLERS;
const NORTH_ID = 101;
const LAKE_ID = 102;
const STAFF_ID = 201;
const ZONE = 'America/Chicago';
const NORTH_OWNER = 'Dr. Elena Marquez';

const t = routeSuite('/api/checklists');
const { get, post, auditOf } = t;

type Caller = typeof NORTH | typeof STAFF | typeof LAKE | typeof SELF_SERVICE;
let tokens: Record<Caller, string>;
beforeAll(async () => {
  tokens = await t.signIn(NORTH, STAFF, LAKE, SELF_SERVICE);
});

/** Calls outside the suite's url (/api/...). */
const api = (method: 'GET' | 'POST' | 'DELETE', path: string, who: Caller, payload?: object) =>
  t.call({ method, url: `/api${path}`, token: tokens[who], payload });

const today = () => DateTime.fromJSDate(t.clock.now(), { zone: ZONE }).toISODate()!;
const day = (offset: number) => addCalendarDays(today(), offset)!;
const daysAgo = (n: number) => new Date(t.clock.now().getTime() - n * 86_400_000);

type PatientValues = Partial<typeof patients.$inferInsert>;
async function makePatient(name: string, values: PatientValues = {}, programId = NORTH_ID): Promise<number> {
  const [first = name, last = 'Patient'] = name.split(' ');
  const [row] = await t.app.db
    .insert(patients)
    .values({ program_id: programId, first_name: first, last_name: last, name, ...values })
    .returning({ id: patients.id });
  return row!.id;
}

type ItemValues = Partial<typeof patientChecklistItems.$inferInsert> & { title: string };
async function makeItems(patientId: number, stage: number, items: ItemValues[], programId = NORTH_ID): Promise<number[]> {
  const rows = await t.app.db
    .insert(patientChecklistItems)
    .values(items.map((item, i) => ({ program_id: programId, patient_id: patientId, stage, position: i + 1, ...item })))
    .returning({ id: patientChecklistItems.id });
  return rows.map((row) => row.id);
}

async function storeTemplate(body: object, who: Caller = NORTH): Promise<ChecklistTemplateDetail> {
  const res = await api('POST', '/checklist/templates/store', who, body);
  expect(res.statusCode).toBe(201);
  return res.json().data as ChecklistTemplateDetail;
}

const rowsOf = (patientId: number) =>
  t.app.db
    .select()
    .from(patientChecklistItems)
    .where(eq(patientChecklistItems.patient_id, patientId))
    .orderBy(asc(patientChecklistItems.stage), asc(patientChecklistItems.position), asc(patientChecklistItems.id));
const percentOf = async (patientId: number) =>
  (await t.app.db.select({ p: patients.checklist_percent }).from(patients).where(eq(patients.id, patientId)))[0]!.p;
const tick = (id: number, completed: 0 | 1, who: StaffCaller = STAFF) => post('/update-detail', who, { id, completed });

// ---------------------------------------------------------------------------------------------
// The pipeline's side
// ---------------------------------------------------------------------------------------------

describe('fastify.checklists.applyStageDefaults and recomputePercent', () => {
  const enter = (patientId: number, stage: 1 | 2 | 3) =>
    t.app.db.transaction((tx) => t.app.checklists.applyStageDefaults(tx, { programId: NORTH_ID, patientId, stage, actorId: STAFF_ID, now: t.clock.now() }));

  it('copies the stage’s default active template with due dates from each anchor, none without the anchor’s date, once', async () => {
    const template = await storeTemplate({
      stage: 2,
      name: 'Post-op defaults',
      is_default: 1,
      items: [
        { title: 'Two-week visit', due_anchor: 'stage_start', due_days: 14 },
        { title: 'Psych follow-up', due_anchor: 'consult_date', due_days: -3 },
        { title: 'Labs', due_anchor: 'surgery_date', due_days: 10 },
        { title: 'Join the support group' },
        { title: 'Removed before entry' },
      ],
    });
    // Only live items are copied.
    const kept = template.items.slice(0, 4);
    expect((await api('POST', '/checklist/templates/update', NORTH, { id: template.id, name: template.name, is_default: 1, items: kept })).statusCode).toBe(200);
    // A template of the stage that is not the default is not applied.
    await storeTemplate({ stage: 2, name: 'Post-op extras', items: [{ title: 'Extra' }] });

    const dated = await makePatient('Dee Dated', { current_stage: 2, consult_date: '2026-01-10', surgery_date: '2026-04-01' });
    const undated = await makePatient('Una Dated', { current_stage: 2 });
    await enter(dated, 2);
    await enter(undated, 2);

    const copies = await rowsOf(dated);
    expect(copies.map((row) => [row.stage, row.title, row.position, row.due_date, row.template_id, row.template_item_id, row.created_by])).toEqual([
      [2, 'Two-week visit', 1, day(14), template.id, kept[0]!.id, STAFF_ID],
      [2, 'Psych follow-up', 2, '2026-01-07', template.id, kept[1]!.id, STAFF_ID],
      [2, 'Labs', 3, '2026-04-11', template.id, kept[2]!.id, STAFF_ID],
      [2, 'Join the support group', 4, null, template.id, kept[3]!.id, STAFF_ID],
    ]);
    expect(copies.every((row) => row.completed_at === null && row.program_id === NORTH_ID)).toBe(true);
    expect((await rowsOf(undated)).map((row) => [row.title, row.due_date])).toEqual([
      ['Two-week visit', day(14)],
      ['Psych follow-up', null],
      ['Labs', null],
      ['Join the support group', null],
    ]);

    // Entering again adds nothing, and recomputes the percentage.
    await t.app.db.update(patientChecklistItems).set({ completed_at: t.clock.now(), completed_by: STAFF_ID }).where(eq(patientChecklistItems.id, copies[0]!.id));
    await enter(dated, 2);
    expect(await rowsOf(dated)).toHaveLength(4);
    expect(await percentOf(dated)).toBe(25);

    // A default that is switched off is not applied; the stage with no default adds nothing either.
    expect((await api('POST', '/checklist/templates/toggle-status', NORTH, { id: template.id })).statusCode).toBe(200);
    const later = await makePatient('Lee Later', { current_stage: 2 });
    await enter(later, 2);
    expect(await rowsOf(later)).toEqual([]);
    expect(await percentOf(later)).toBe(0);
  });

  it('recomputes the percentage of the current stage only: floor(100 × done / total), 0 with no items', async () => {
    const patient = await makePatient('Per Cent', { current_stage: 1, checklist_percent: 50 });
    const recompute = () => t.app.db.transaction((tx) => t.app.checklists.recomputePercent(tx, patient));
    expect(await recompute()).toBe(0);
    expect(await percentOf(patient)).toBe(0);
    const done = { completed_at: t.clock.now(), completed_by: STAFF_ID };
    await makeItems(patient, 1, [{ title: 'a', ...done }, { title: 'b' }, { title: 'c' }]);
    // Ticked items of another stage do not count.
    await makeItems(patient, 2, [{ title: 'd', ...done }, { title: 'e', ...done }]);
    expect(await recompute()).toBe(33);
    expect(await percentOf(patient)).toBe(33);
    await t.app.db.update(patients).set({ current_stage: 2 }).where(eq(patients.id, patient));
    expect(await recompute()).toBe(100);
  });
});

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

describe('GET /api/checklists/{patientId}', () => {
  it('answers one stage’s items in order, with overdue, who ticked, notes and templates, and audits the read', async () => {
    const template = await storeTemplate({ stage: 1, name: 'Read template', items: [{ title: 'From the template' }] });
    const [status] = await t.app.db
      .insert(pipelineStatuses)
      .values({ program_id: NORTH_ID, stage: 1, name: 'Rd Workup', position: 80 })
      .returning({ id: pipelineStatuses.id });
    const id = await makePatient('Gail Getter', { current_stage: 1, surgery_date: '2026-09-01', pipeline_status_id: status!.id, pipeline_status_since: daysAgo(1) });
    const doneAt = new Date('2026-01-15T16:30:00.000Z');
    const [overdue, done, dueToday] = await makeItems(id, 1, [
      { title: 'From the template', description: 'Copied', due_date: day(-1), template_id: template.id, template_item_id: template.items[0]!.id, position: 1 },
      { title: 'Done late', due_date: day(-5), completed_at: doneAt, completed_by: STAFF_ID, position: 2 },
      { title: 'Due today', due_date: day(0), position: 2 },
    ]);
    const [ownerTicked] = await makeItems(id, 1, [{ title: 'Ticked by the program', completed_at: doneAt, completed_by: NORTH_ID, position: 3 }]);
    await makeItems(id, 2, [{ title: 'Post-op item' }]);
    // Notes: two on the first item (one then deleted), one on the stage itself.
    const note = async (itemId?: number) => {
      const res = await api('POST', '/checklist/notes', STAFF, { patient_id: id, stage: 1, note: 'Checked', ...(itemId ? { checklist_item_id: itemId } : {}) });
      expect(res.statusCode).toBe(201);
      return res.json().data.id as number;
    };
    await note(overdue);
    const gone = await note(overdue);
    await note(dueToday);
    await note();
    expect((await api('DELETE', `/checklist/notes/${gone}`, STAFF)).statusCode).toBe(200);

    const res = await get(`/${id}`, STAFF);
    expect(res.statusCode).toBe(200);
    const item = (values: Partial<PatientChecklistItem>): PatientChecklistItem => ({
      id: 0,
      stage: 1,
      title: '',
      description: null,
      position: 1,
      due_date: null,
      overdue: false,
      template_id: null,
      template_name: null,
      template_item_id: null,
      completed: 0,
      completed_at: null,
      completed_by: null,
      note_count: 0,
      ...values,
    });
    expect(res.json()).toEqual({
      data: {
        patient: {
          id,
          name: 'Gail Getter',
          current_stage: 1,
          surgery_date: '2026-09-01',
          checklist_deactivate: 0,
          checklist_deactivate_reason: null,
          pipeline_status: { id: status!.id, name: 'Rd Workup' },
        },
        stage: 1,
        stage_name: 'Pre-Op',
        items: [
          item({
            id: overdue,
            title: 'From the template',
            description: 'Copied',
            due_date: day(-1),
            overdue: true,
            template_id: template.id,
            template_name: 'Read template',
            template_item_id: template.items[0]!.id,
            note_count: 1,
          }),
          item({
            id: done,
            title: 'Done late',
            position: 2,
            due_date: day(-5),
            completed: 1,
            completed_at: '2026-01-15T16:30:00.000Z',
            completed_by: { id: STAFF_ID, name: 'Jordan Ellis' },
          }),
          item({ id: dueToday, title: 'Due today', position: 2, due_date: day(0), note_count: 1 }),
          item({
            id: ownerTicked,
            title: 'Ticked by the program',
            position: 3,
            completed: 1,
            completed_at: '2026-01-15T16:30:00.000Z',
            completed_by: { id: NORTH_ID, name: NORTH_OWNER },
          }),
        ],
        completed: 2,
        total: 4,
        percent: 50,
        templates: [{ id: template.id, name: 'Read template' }],
      },
    });
    expect(await auditOf('patient.checklist.read', id)).toEqual([
      expect.objectContaining({ actor_account_id: STAFF_ID, patient_id: id, success: true, detail: { stage: 1, items: 4, completed: 2 } }),
    ]);

    // Another stage on request; the third is named by the program.
    const post2 = (await get(`/${id}?stage=2`, STAFF)).json().data as PatientChecklist;
    expect([post2.stage, post2.stage_name, post2.items.map((i) => i.title), post2.percent]).toEqual([2, 'Post-Op', ['Post-op item'], 0]);
    const third = (await get(`/${id}?stage=3`, STAFF)).json().data as PatientChecklist;
    expect(third).toMatchObject({ stage: 3, stage_name: 'Weight Management', items: [], completed: 0, total: 0, percent: 0, templates: [] });

    expect((await get(`/${id}?stage=4`, STAFF)).json().errors).toEqual({ stage: ['Please enter valid stage.'] });
    const refused = await get(`/${id}`, LAKE);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 404, body: { message: PATIENT_NOT_FOUND } });
    expect((await auditOf('patient.checklist.read', id)).at(-1)).toMatchObject({ actor_account_id: LAKE_ID, success: false });
  });
});

// ---------------------------------------------------------------------------------------------
// Ticking
// ---------------------------------------------------------------------------------------------

describe('POST /api/checklists/update-detail', () => {
  it('ticks by the caller and now, answers the item, the stage’s counts and the pipeline card, and unticks', async () => {
    const [status] = await t.app.db
      .insert(pipelineStatuses)
      .values({ program_id: NORTH_ID, stage: 1, name: 'Tk Waiting', position: 81 })
      .returning({ id: pipelineStatuses.id });
    const since = daysAgo(3);
    const id = await makePatient('Tia Ticker', { current_stage: 1, surgery_date: '2026-10-02', pipeline_status_id: status!.id, pipeline_status_since: since });
    const [first, second, third] = await makeItems(id, 1, [{ title: 'One', due_date: day(-2) }, { title: 'Two' }, { title: 'Three' }]);

    t.clock.advance(60_000);
    const res = await tick(first!, 1);
    const card = {
      id,
      name: 'Tia Ticker',
      pipeline_status_id: status!.id,
      status_since: since.toISOString(),
      days_in_status: 3,
      checklist_percent: 33,
      checklist_deactivated: 0,
      surgery_date: '2026-10-02',
    };
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 200,
      body: {
        message: MESSAGES.ticked,
        data: {
          item: {
            id: first,
            stage: 1,
            title: 'One',
            description: null,
            position: 1,
            due_date: day(-2),
            overdue: false,
            template_id: null,
            template_name: null,
            template_item_id: null,
            completed: 1,
            completed_at: t.clock.now().toISOString(),
            completed_by: { id: STAFF_ID, name: 'Jordan Ellis' },
            note_count: 0,
          },
          completed: 1,
          total: 3,
          percent: 33,
          moves: [],
          card,
        },
      },
    });
    const [row] = await t.app.db.select().from(patientChecklistItems).where(eq(patientChecklistItems.id, first!));
    expect(row).toMatchObject({ completed_at: t.clock.now(), completed_by: STAFF_ID });
    expect(await percentOf(id)).toBe(33);
    await tick(second!, 1, NORTH);
    expect(await percentOf(id)).toBe(66);

    const off = await tick(first!, 0);
    expect(off.json()).toMatchObject({
      message: MESSAGES.unticked,
      data: { item: { id: first, completed: 0, completed_at: null, completed_by: null, overdue: true }, completed: 1, total: 3, percent: 33, card: { checklist_percent: 33 } },
    });
    expect(await percentOf(id)).toBe(33);

    const audit = await auditOf('patient.checklist-item.update', id);
    expect(audit.map((r) => [r.actor_account_id, r.patient_id, r.entity, r.success, r.detail])).toEqual([
      [STAFF_ID, id, 'patient', true, { itemId: first, stage: 1, completed: 1, dueDate: 'unchanged', completionChanged: true, dueDateChanged: false, percent: 33, moves: [] }],
      [NORTH_ID, id, 'patient', true, { itemId: second, stage: 1, completed: 1, dueDate: 'unchanged', completionChanged: true, dueDateChanged: false, percent: 66, moves: [] }],
      [STAFF_ID, id, 'patient', true, { itemId: first, stage: 1, completed: 0, dueDate: 'unchanged', completionChanged: true, dueDateChanged: false, percent: 33, moves: [] }],
    ]);
    // Never the item's title.
    expect(JSON.stringify(audit.map((r) => r.detail))).not.toContain('One');

    // The due date alone.
    const dated = await post('/update-detail', STAFF, { id: third, due_date: day(-1) });
    expect(dated.json()).toMatchObject({ message: MESSAGES.detailSaved, data: { item: { id: third, due_date: day(-1), overdue: true, completed: 0 } } });
    const cleared = await post('/update-detail', STAFF, { id: third, due_date: '' });
    expect(cleared.json()).toMatchObject({ message: MESSAGES.detailSaved, data: { item: { due_date: null, overdue: false } } });
    expect((await auditOf('patient.checklist-item.update', id)).at(-1)!.detail).toMatchObject({ itemId: third, dueDate: 'cleared', dueDateChanged: true, completionChanged: false });
  });

  it('leaves a ticked item as it is when it is ticked again, and records one tick of two at the same time', async () => {
    const id = await makePatient('Twice Ticked', { current_stage: 2 });
    const [a, b, c] = await makeItems(id, 2, [{ title: 'A' }, { title: 'B' }, { title: 'C' }]);
    const firstTick = await tick(a!, 1);
    const at = firstTick.json().data.item.completed_at;
    t.clock.advance(5 * 60_000);
    const again = await tick(a!, 1, NORTH);
    expect({ status: again.statusCode, message: again.json().message }).toEqual({ status: 200, message: MESSAGES.ticked });
    expect(again.json().data.item).toMatchObject({ completed_at: at, completed_by: { id: STAFF_ID, name: 'Jordan Ellis' } });
    expect((await auditOf('patient.checklist-item.update', id)).at(-1)!.detail).toMatchObject({ completionChanged: false });

    // Two people tick the same item at once: both are told it is done, one tick is recorded.
    t.clock.advance(60_000);
    const both = await Promise.all([tick(b!, 1, STAFF), tick(b!, 1, NORTH)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const [row] = await t.app.db.select().from(patientChecklistItems).where(eq(patientChecklistItems.id, b!));
    expect([STAFF_ID, NORTH_ID]).toContain(row!.completed_by);
    expect(row!.completed_at).toEqual(t.clock.now());
    const answers = both.map((r) => r.json().data);
    for (const answer of answers) {
      expect(answer.item).toMatchObject({ completed: 1, completed_at: t.clock.now().toISOString(), completed_by: { id: row!.completed_by } });
      expect([answer.completed, answer.total, answer.percent]).toEqual([2, 3, 66]);
    }
    const changed = (await auditOf('patient.checklist-item.update', id)).slice(-2).map((r) => (r.detail as { completionChanged: boolean }).completionChanged);
    expect(changed.sort()).toEqual([false, true]);
    expect(await percentOf(id)).toBe(66);
    expect(c).toBeDefined();
  });

  it('ticks an item of another stage than the current one without touching the current stage’s percentage', async () => {
    const id = await makePatient('Stage Hopper', { current_stage: 2 });
    await makeItems(id, 2, [{ title: 'Current', completed_at: t.clock.now(), completed_by: STAFF_ID }, { title: 'Current 2' }]);
    const [old] = await makeItems(id, 1, [{ title: 'Old stage' }]);
    await t.app.db.transaction((tx) => t.app.checklists.recomputePercent(tx, id));
    const res = await tick(old!, 1);
    expect(res.json().data).toMatchObject({ item: { stage: 1, completed: 1 }, completed: 1, total: 1, percent: 100, card: { checklist_percent: 50 } });
    expect(await percentOf(id)).toBe(50);
  });

  it('runs the automation rules after a tick and answers the moves they made', async () => {
    // Stage 3, which the demo's rules leave alone.
    const [waiting, ready] = await t.app.db
      .insert(pipelineStatuses)
      .values([
        { program_id: NORTH_ID, stage: 3, name: 'Mv Waiting', position: 90 },
        { program_id: NORTH_ID, stage: 3, name: 'Mv Ready', position: 91 },
      ])
      .returning({ id: pipelineStatuses.id });
    const [rule] = await t.app.db
      .insert(pipelineRules)
      .values({ program_id: NORTH_ID, stage: 3, type: 4, from_status_id: waiting!.id, to_status_id: ready!.id, percent: 100, priority: 0, status: 1 })
      .returning({ id: pipelineRules.id });
    const id = await makePatient('Mo Mover', {
      current_stage: 3,
      pipeline_status_id: waiting!.id,
      pipeline_status_since: daysAgo(2),
      stage_entered_at: daysAgo(5),
    });
    const [done, last] = await makeItems(id, 3, [{ title: 'Done', completed_at: daysAgo(1), completed_by: STAFF_ID }, { title: 'Last' }]);
    expect(done).toBeDefined();
    t.clock.advance(60_000);
    const res = await tick(last!, 1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      percent: 100,
      moves: [{ rule_id: rule!.id, rule_description: 'Checklist % Complete reaches 100%', from_status: { id: waiting!.id, name: 'Mv Waiting' }, to_status: { id: ready!.id, name: 'Mv Ready' } }],
      card: { id, pipeline_status_id: ready!.id, status_since: t.clock.now().toISOString(), days_in_status: 0, checklist_percent: 100 },
    });
    const moves = await t.app.db.select().from(pipelineMoves).where(eq(pipelineMoves.patient_id, id));
    expect(moves).toEqual([expect.objectContaining({ rule_id: rule!.id, from_status_id: waiting!.id, to_status_id: ready!.id, moved_by: null, moved_at: t.clock.now() })]);
    expect((await auditOf('patient.checklist-item.update', id)).at(-1)!.detail).toMatchObject({ moves: [{ ruleId: rule!.id, toStatusId: ready!.id }] });
    // Unticking and ticking again does not move the patient twice for the same rule.
    await tick(last!, 0);
    expect((await tick(last!, 1)).json().data.moves).toEqual([]);
  });

  it('refuses an unknown item, another program’s item, and input that is not valid', async () => {
    const lakePatient = await makePatient('Lake Side', { current_stage: 1 }, LAKE_ID);
    const [lakeItem] = await makeItems(lakePatient, 1, [{ title: 'Lake item' }], LAKE_ID);
    const notFound = { status: 404, body: { message: MESSAGES.itemNotFound } };
    for (const itemId of [lakeItem!, 2_000_000]) {
      const res = await tick(itemId, 1, NORTH);
      expect({ status: res.statusCode, body: res.json() }).toEqual(notFound);
    }
    expect((await auditOf('patient.checklist-item.update', lakeItem!)).map((r) => [r.entity, r.success, r.actor_account_id])).toEqual([
      ['patient_checklist_item', false, NORTH_ID],
    ]);
    const [row] = await t.app.db.select().from(patientChecklistItems).where(eq(patientChecklistItems.id, lakeItem!));
    expect(row!.completed_at).toBeNull();

    const bad = await post('/update-detail', STAFF, { id: 'x', completed: 2, due_date: '2026-02-30' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ id: ['The id must be a positive integer.'], completed: ['The value must be 0 or 1.'], due_date: ['Please enter valid due date.'] });
  });
});

// ---------------------------------------------------------------------------------------------
// Deactivation
// ---------------------------------------------------------------------------------------------

describe('POST /api/checklists/deactivate', () => {
  it('needs a reason to deactivate; a deactivated checklist refuses every change with the reason; activating clears it', async () => {
    const id = await makePatient('Dora Deactivated', { current_stage: 1 });
    const [item] = await makeItems(id, 1, [{ title: 'Blocked', completed_at: daysAgo(2), completed_by: STAFF_ID }, { title: 'Other' }]);
    const template = await storeTemplate({ stage: 1, name: 'Deactivation template', items: [{ title: 'X' }] });

    const noReason = await post('/deactivate', STAFF, { patient_id: id, checklist_deactivate: 1, checklist_deactivate_reason: '  ' });
    expect({ status: noReason.statusCode, body: noReason.json() }).toEqual({
      status: 422,
      body: { message: MESSAGES.reasonRequired, errors: { checklist_deactivate_reason: [MESSAGES.reasonRequired] } },
    });
    expect((await post('/deactivate', STAFF, { patient_id: id })).json().errors).toEqual({ checklist_deactivate: ['Checklist deactivate is required.'] });

    const res = await post('/deactivate', STAFF, { patient_id: id, checklist_deactivate: 1, checklist_deactivate_reason: 'Moved out of state' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MESSAGES.deactivatedSaved,
      data: { patient: { id, checklist_deactivate: 1, checklist_deactivate_reason: 'Moved out of state' }, stage: 1, total: 2 },
    });
    const conflict = { status: 409, body: { message: `${MESSAGES.deactivated} Reason: Moved out of state` } };
    const answers = [
      await tick(item!, 0),
      await post('/update-detail', STAFF, { id: item, due_date: day(3) }),
      await post('/update_checked_by_in_report', STAFF, { id: item, completed_by: STAFF_ID, completed_on: day(-1) }),
      await post('/apply-template', STAFF, { patient_id: id, template_id: template.id }),
      await post('/add-item', STAFF, { patient_id: id, stage: 1, title: 'New' }),
    ];
    for (const answer of answers) expect({ status: answer.statusCode, body: answer.json() }).toEqual(conflict);
    expect((await rowsOf(id)).map((r) => [r.title, r.completed_by])).toEqual([
      ['Blocked', STAFF_ID],
      ['Other', null],
    ]);
    expect((await auditOf('patient.checklist-item.update', id)).map((r) => [r.success, (r.detail as { refused?: string }).refused])).toEqual([
      [false, 'deactivated'],
      [false, 'deactivated'],
    ]);

    const on = await post('/deactivate', NORTH, { patient_id: id, checklist_deactivate: 0, checklist_deactivate_reason: 'ignored' });
    expect(on.json()).toMatchObject({ message: MESSAGES.activatedSaved, data: { patient: { checklist_deactivate: 0, checklist_deactivate_reason: null } } });
    const [saved] = await t.app.db.select().from(patients).where(eq(patients.id, id));
    expect([saved!.checklist_deactivate, saved!.checklist_deactivate_reason]).toEqual([0, null]);
    expect((await tick(item!, 0)).statusCode).toBe(200);

    const audit = await auditOf('patient.checklist.deactivate', id);
    expect(audit.map((r) => r.detail)).toEqual([
      { checklistDeactivate: 1, moves: 0 },
      { checklistDeactivate: 0, moves: 0 },
    ]);
    const all = await t.app.db.select().from(auditRecords).where(eq(auditRecords.patient_id, id));
    expect(JSON.stringify(all.map((r) => r.detail))).not.toContain('Moved out');

    const other = await post('/deactivate', LAKE, { patient_id: id, checklist_deactivate: 1, checklist_deactivate_reason: 'x' });
    expect({ status: other.statusCode, body: other.json() }).toEqual({ status: 404, body: { message: PATIENT_NOT_FOUND } });
  });
});

// ---------------------------------------------------------------------------------------------
// Who ticked
// ---------------------------------------------------------------------------------------------

describe('POST /api/checklists/update_checked_by_in_report', () => {
  it('corrects who ticked and on which day, on ticked items only, naming the program’s staff, never a future day', async () => {
    const id = await makePatient('Cora Corrected', { current_stage: 1 });
    const tickedAt = daysAgo(10);
    const [ticked, open] = await makeItems(id, 1, [{ title: 'Ticked', completed_at: tickedAt, completed_by: STAFF_ID }, { title: 'Open' }]);
    const correct = (body: object, who: StaffCaller = STAFF) => post('/update_checked_by_in_report', who, body);

    const notDone = await correct({ id: open, completed_by: STAFF_ID, completed_on: day(-1) });
    expect({ status: notDone.statusCode, body: notDone.json() }).toEqual({ status: 409, body: { message: MESSAGES.notCompleted } });

    const unknown = await correct({ id: ticked, completed_by: LAKE_ID, completed_on: day(1) });
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 422,
      body: { message: MESSAGES.checkerUnknown, errors: { completed_by: [MESSAGES.checkerUnknown], completed_on: [MESSAGES.futureCheck] } },
    });
    expect((await correct({ id: ticked, completed_by: 999_999, completed_on: day(-1) })).json().errors).toEqual({ completed_by: [MESSAGES.checkerUnknown] });
    expect((await correct({ id: ticked })).json().errors).toEqual({
      completed_by: ['Completed by is required.'],
      completed_on: ['Completed on is required'],
    });

    // Another day: noon of that day in the program's zone.
    const res = await correct({ id: ticked, completed_by: 202, completed_on: day(-3) });
    const noon = DateTime.fromISO(day(-3), { zone: ZONE }).set({ hour: 12 }).toUTC().toISO();
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 200,
      body: {
        message: MESSAGES.checkerSaved,
        data: expect.objectContaining({ id: ticked, completed: 1, completed_at: noon, completed_by: { id: 202, name: 'Priya Raman' } }),
      },
    });
    // The same day again: the time is kept; the program's own account may be named.
    const same = await correct({ id: ticked, completed_by: NORTH_ID, completed_on: day(-3) });
    expect(same.json().data).toMatchObject({ completed_at: noon, completed_by: { id: NORTH_ID, name: NORTH_OWNER } });
    // Today: noon, or now if that is earlier (never a time to come).
    const now = await correct({ id: ticked, completed_by: STAFF_ID, completed_on: day(0) });
    const todayNoon = DateTime.fromISO(day(0), { zone: ZONE }).set({ hour: 12 }).toJSDate();
    const expected = todayNoon.getTime() > t.clock.now().getTime() ? t.clock.now() : todayNoon;
    expect(now.json().data.completed_at).toBe(expected.toISOString());

    expect((await auditOf('patient.checklist-item.checked-by', id)).filter((r) => r.success).map((r) => r.detail)).toEqual([
      { itemId: ticked, stage: 1, completedBy: 202 },
      { itemId: ticked, stage: 1, completedBy: NORTH_ID },
      { itemId: ticked, stage: 1, completedBy: STAFF_ID },
    ]);
    const lake = await correct({ id: ticked, completed_by: LAKE_ID, completed_on: day(-1) }, LAKE);
    expect({ status: lake.statusCode, body: lake.json() }).toEqual({ status: 404, body: { message: MESSAGES.itemNotFound } });
  });
});

describe('GET /api/checklists/checkers', () => {
  it('lists the program’s own account and its active staff, by name', async () => {
    const list = async () => {
      const res = await get('/checkers', STAFF);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    expect(await list()).toEqual({
      data: [
        { id: 205, name: 'Dana Whitfield' },
        { id: NORTH_ID, name: NORTH_OWNER },
        { id: 204, name: 'Hannah Kowalski' },
        { id: STAFF_ID, name: 'Jordan Ellis' },
        { id: 203, name: 'Marcus Bell' },
        { id: 202, name: 'Priya Raman' },
      ],
    });
    // Staff past their deactivation date, or switched off, are not offered and cannot be named.
    await t.app.db.update(programUsers).set({ deactivation_date: today() }).where(eq(programUsers.id, 204));
    await t.app.db.update(accounts).set({ status: 0 }).where(eq(accounts.id, 205));
    try {
      expect((await list()).data.map((p: { id: number }) => p.id)).toEqual([NORTH_ID, STAFF_ID, 203, 202]);
      const id = await makePatient('Chk Checker', { current_stage: 1 });
      const [item] = await makeItems(id, 1, [{ title: 'A', completed_at: daysAgo(1), completed_by: STAFF_ID }]);
      const res = await post('/update_checked_by_in_report', STAFF, { id: item, completed_by: 204, completed_on: day(-1) });
      expect(res.json().errors).toEqual({ completed_by: [MESSAGES.checkerUnknown] });
    } finally {
      await t.app.db.update(programUsers).set({ deactivation_date: null }).where(eq(programUsers.id, 204));
      await t.app.db.update(accounts).set({ status: 1 }).where(eq(accounts.id, 205));
    }
    expect((await get('/checkers', LAKE)).json().data).toEqual([{ id: LAKE_ID, name: expect.any(String) }]);
  });
});

// ---------------------------------------------------------------------------------------------
// Adding items
// ---------------------------------------------------------------------------------------------

describe('POST /api/checklists/apply-template', () => {
  it('adds the template’s items not there yet to the template’s stage, with due dates, and answers that checklist', async () => {
    const id = await makePatient('Abe Applied', { current_stage: 1, consult_date: '2026-02-01', stage_entered_at: daysAgo(10) });
    await makeItems(id, 1, [{ title: 'Done first', completed_at: daysAgo(1), completed_by: STAFF_ID }]);
    await t.app.db.transaction((tx) => t.app.checklists.recomputePercent(tx, id));
    const template = await storeTemplate({
      stage: 1,
      name: 'Apply me',
      items: [
        { title: 'Five days in', due_anchor: 'stage_start', due_days: 5 },
        { title: 'After consult', due_anchor: 'consult_date', due_days: 7 },
        { title: 'Before surgery', due_anchor: 'surgery_date', due_days: -7 },
      ],
    });
    const res = await post('/apply-template', STAFF, { patient_id: id, template_id: template.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const entered = DateTime.fromJSDate(daysAgo(10), { zone: ZONE }).toISODate()!;
    expect(body.message).toBe(MESSAGES.templateApplied);
    expect(body.data).toMatchObject({ stage: 1, completed: 1, total: 4, percent: 25, templates: [{ id: template.id, name: 'Apply me' }] });
    expect((body.data as PatientChecklist).items.map((i) => [i.title, i.position, i.due_date, i.template_id, i.template_item_id])).toEqual([
      ['Done first', 1, null, null, null],
      ['Five days in', 2, addCalendarDays(entered, 5), template.id, template.items[0]!.id],
      ['After consult', 3, '2026-02-08', template.id, template.items[1]!.id],
      ['Before surgery', 4, null, template.id, template.items[2]!.id],
    ]);
    expect(await percentOf(id)).toBe(25);

    // Again: nothing more to add.
    const again = await post('/apply-template', STAFF, { patient_id: id, template_id: template.id });
    expect(again.json().data.total).toBe(4);
    expect((await auditOf('patient.checklist.apply-template', id)).map((r) => r.detail)).toEqual([
      { templateId: template.id, stage: 1, itemsAdded: 3 },
      { templateId: template.id, stage: 1, itemsAdded: 0 },
    ]);

    // A template of another stage fills that stage's checklist; its start is not known yet.
    const later = await storeTemplate({ stage: 3, name: 'Apply later', items: [{ title: 'Yearly labs', due_anchor: 'stage_start', due_days: 365 }] });
    const third = await post('/apply-template', STAFF, { patient_id: id, template_id: later.id });
    expect(third.json().data).toMatchObject({ stage: 3, stage_name: 'Weight Management', items: [{ title: 'Yearly labs', due_date: null, stage: 3 }] });
    expect(await percentOf(id)).toBe(25);
  });

  it('finds no inactive, deleted or other program’s template, and no other program’s patient', async () => {
    const id = await makePatient('Nia Nope', { current_stage: 1 });
    const inactive = await storeTemplate({ stage: 1, name: 'Apply inactive', status: 0, items: [{ title: 'A' }] });
    const deleted = await storeTemplate({ stage: 1, name: 'Apply deleted', items: [{ title: 'A' }] });
    await api('POST', '/checklist/templates/delete', NORTH, { id: deleted.id });
    const lakes = await storeTemplate({ stage: 1, name: 'Lake template', items: [{ title: 'A' }] }, LAKE);
    for (const templateId of [inactive.id, deleted.id, lakes.id]) {
      const res = await post('/apply-template', STAFF, { patient_id: id, template_id: templateId });
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { message: MESSAGES.templateNotFound } });
    }
    const res = await post('/apply-template', LAKE, { patient_id: id, template_id: lakes.id });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 404, body: { message: PATIENT_NOT_FOUND } });
    expect(await rowsOf(id)).toEqual([]);
    expect((await post('/apply-template', STAFF, {})).json().errors).toEqual({ patient_id: ['Patient ID is required.'], template_id: ['Template ID is required.'] });
  });
});

describe('POST /api/checklists/add-item', () => {
  it('adds an item of this patient only at the end of the stage’s list', async () => {
    const id = await makePatient('Ada Added', { current_stage: 2 });
    await makeItems(id, 2, [{ title: 'Existing', completed_at: daysAgo(1), completed_by: STAFF_ID, position: 7 }]);
    const res = await post('/add-item', NORTH, { patient_id: id, stage: 2, title: '  Call the insurer ', due_date: day(3) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.itemAdded);
    expect(body.data).toMatchObject({ stage: 2, completed: 1, total: 2, percent: 50 });
    const added = (body.data as PatientChecklist).items[1]!;
    expect(added).toEqual({
      id: expect.any(Number),
      stage: 2,
      title: 'Call the insurer',
      description: null,
      position: 8,
      due_date: day(3),
      overdue: false,
      template_id: null,
      template_name: null,
      template_item_id: null,
      completed: 0,
      completed_at: null,
      completed_by: null,
      note_count: 0,
    });
    expect(await percentOf(id)).toBe(50);
    const [row] = await t.app.db.select().from(patientChecklistItems).where(eq(patientChecklistItems.id, added.id));
    expect(row).toMatchObject({ created_by: NORTH_ID, program_id: NORTH_ID, patient_id: id });
    expect(await auditOf('patient.checklist-item.create', id)).toEqual([
      expect.objectContaining({ patient_id: id, success: true, detail: { itemId: added.id, stage: 2, dueDate: true } }),
    ]);
    // Another stage's item leaves the current percentage alone.
    await post('/add-item', NORTH, { patient_id: id, stage: 1, title: 'Old' });
    expect(await percentOf(id)).toBe(50);

    const bad = await post('/add-item', NORTH, { patient_id: id, stage: 0, title: ' ', due_date: 'soon' });
    expect(bad.json().errors).toEqual({ stage: ['Please enter valid stage.'], title: ['Title is required.'], due_date: ['Please enter valid due date.'] });
    const other = await post('/add-item', LAKE, { patient_id: id, stage: 2, title: 'Sneaky' });
    expect({ status: other.statusCode, body: other.json() }).toEqual({ status: 404, body: { message: PATIENT_NOT_FOUND } });
  });
});

// ---------------------------------------------------------------------------------------------
// Checklist notes on items
// ---------------------------------------------------------------------------------------------

describe('POST /api/checklist/notes with an item', () => {
  it('takes only an item of that patient’s checklist of that stage', async () => {
    const id = await makePatient('Ned Noted', { current_stage: 1 });
    const other = await makePatient('Olga Other', { current_stage: 1 });
    const [stage1] = await makeItems(id, 1, [{ title: 'Mine' }]);
    const [stage2] = await makeItems(id, 2, [{ title: 'Mine later' }]);
    const [theirs] = await makeItems(other, 1, [{ title: 'Theirs' }]);
    const note = (checklist_item_id: number, patient_id = id) => api('POST', '/checklist/notes', STAFF, { patient_id, stage: 1, note: 'Done', checklist_item_id });
    const refused = { status: 422, body: { message: MESSAGES.itemNotFound, errors: { checklist_item_id: [MESSAGES.itemNotFound] } } };
    for (const itemId of [stage2!, theirs!, 2_000_000]) {
      const res = await note(itemId);
      expect({ status: res.statusCode, body: res.json() }).toEqual(refused);
    }
    expect((await t.app.db.select().from(auditRecords).where(and(eq(auditRecords.action, 'patient.checklist-note.create'), eq(auditRecords.patient_id, id)))).map((r) => r.success)).toEqual([
      false,
      false,
      false,
    ]);
    const ok = await note(stage1!);
    expect(ok.json()).toMatchObject({ data: { checklist_item_id: stage1, stage: 1 } });
    // Another program's patient is not found before the item is looked at.
    const lake = await api('POST', '/checklist/notes', LAKE, { patient_id: id, stage: 1, note: 'x', checklist_item_id: stage1 });
    expect({ status: lake.statusCode, body: lake.json() }).toEqual({ status: 404, body: { message: PATIENT_NOT_FOUND } });
  });
});

// ---------------------------------------------------------------------------------------------
// Who may call
// ---------------------------------------------------------------------------------------------

describe('who may call', () => {
  it('refuses self-service staff everything', async () => {
    const forbidden = { status: 403, body: { message: NOT_FOR_SELF_SERVICE } };
    await t.expectEach(
      SELF_SERVICE,
      [
        ['GET', '/1'],
        ['GET', '/checkers'],
        ['POST', '/update-detail', { id: 1, completed: 1 }],
        ['POST', '/update_checked_by_in_report', { id: 1 }],
        ['POST', '/apply-template', { patient_id: 1, template_id: 1 }],
        ['POST', '/add-item', { patient_id: 1, stage: 1, title: 'x' }],
        ['POST', '/deactivate', { patient_id: 1, checklist_deactivate: 0 }],
      ],
      forbidden,
    );
    const worklist = await api('GET', '/checklist-items?stage=1', SELF_SERVICE);
    expect({ status: worklist.statusCode, body: worklist.json() }).toEqual(forbidden);
  });
});
