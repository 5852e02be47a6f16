/**
 * GET /api/checklist-items: the program's worklist of one stage — items of active patients now in that
 * stage whose checklist is active; open, overdue or completed; searched, sorted and paged; audited.
 */
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { ChecklistWorklistItem, Page } from '@baridesk/contracts';
import { addCalendarDays } from '@baridesk/domain';
import { STAFF_CALLERS, createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, patientChecklistItems, patients } from '../../../db/schema';

const { NORTH, STAFF, LAKE } = STAFF_CALLERS;
const NORTH_ID = 101;
const LAKE_ID = 102;
const STAFF_ID = 201;
const ZONE = 'America/Chicago';
const STAGE = 3;

// A demo without patients (so without their checklists): the worklist holds only this file's items.
let t: TestApp;
let tokens: Record<typeof NORTH | typeof STAFF | typeof LAKE, string>;
const get = (query: string, who: keyof typeof tokens) => t.call({ method: 'GET', url: `/api/checklist-items${query}`, token: tokens[who] });
afterAll(() => t?.close());

const today = () => DateTime.fromJSDate(t.clock.now(), { zone: ZONE }).toISODate()!;
const day = (offset: number) => addCalendarDays(today(), offset)!;

let zed: number;
let amy: number;
const ids: Record<string, number> = {};
let doneAt: Date;

beforeAll(async () => {
  t = await createTestApp({ patientsPerProgram: 0 });
  tokens = await t.signIn(NORTH, STAFF, LAKE);
  const make = async (first: string, last: string, values: Partial<typeof patients.$inferInsert> = {}, programId = NORTH_ID) => {
    const [row] = await t.app.db
      .insert(patients)
      .values({ program_id: programId, first_name: first, last_name: last, name: `${first} ${last}`, current_stage: STAGE, ...values })
      .returning({ id: patients.id });
    return row!.id;
  };
  zed = await make('Zed', 'Worklist');
  amy = await make('Amy', 'Adams');
  const elsewhere = await make('Sam', 'Stage', { current_stage: 1 });
  const inactive = await make('Ina', 'Inactive', { status: 0 });
  const deactivated = await make('Dee', 'Off', { checklist_deactivate: 1, checklist_deactivate_reason: 'Paused' });
  const lake = await make('Lou', 'Lake', {}, LAKE_ID);
  doneAt = new Date(t.clock.now().getTime() - 3_600_000);
  const item = async (key: string, patientId: number, title: string, values: Partial<typeof patientChecklistItems.$inferInsert> = {}, programId = NORTH_ID) => {
    const [row] = await t.app.db
      .insert(patientChecklistItems)
      .values({ program_id: programId, patient_id: patientId, stage: STAGE, title, ...values })
      .returning({ id: patientChecklistItems.id });
    ids[key] = row!.id;
  };
  await item('zedLate', zed, 'Annual labs', { due_date: day(-3) });
  await item('zedSoon', zed, 'Dietitian visit', { due_date: day(2) });
  await item('zedNoDate', zed, 'Bone density scan');
  await item('zedDone', zed, 'Vitamin panel', { due_date: day(-10), completed_at: doneAt, completed_by: STAFF_ID });
  await item('amyLate', amy, 'Dietitian visit', { due_date: day(-1) });
  await item('amyDone', amy, 'Annual labs', { completed_at: new Date(doneAt.getTime() - 86_400_000), completed_by: NORTH_ID });
  // None of these are on the worklist.
  await item('otherStage', zed, 'Pre-op item', { stage: 1, due_date: day(-5) });
  await item('elsewhere', elsewhere, 'Annual labs', { due_date: day(-5) });
  await item('inactive', inactive, 'Annual labs', { due_date: day(-5) });
  await item('deactivated', deactivated, 'Annual labs', { due_date: day(-5) });
  await item('lake', lake, 'Annual labs', { due_date: day(-5) }, LAKE_ID);
});

async function list(query: string, who: typeof NORTH | typeof STAFF | typeof LAKE = STAFF): Promise<Page<ChecklistWorklistItem>> {
  const res = await get(`?stage=${STAGE}&${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
const keysOf = (page: Page<ChecklistWorklistItem>) => page.data.map((row) => Object.keys(ids).find((key) => ids[key] === row.id));

describe('GET /api/checklist-items', () => {
  it('lists the open items of the stage, soonest due first and undated last, with exact rows', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 4, page: 1, perPage: 10 });
    expect(keysOf(page)).toEqual(['zedLate', 'amyLate', 'zedSoon', 'zedNoDate']);
    expect(page.data[0]).toEqual({
      id: ids.zedLate,
      patient_id: zed,
      patient_name: 'Zed Worklist',
      title: 'Annual labs',
      template_name: null,
      due_date: day(-3),
      overdue: true,
      completed_at: null,
      completed_by: null,
    });
    expect(page.data[2]).toMatchObject({ id: ids.zedSoon, overdue: false });
    expect(keysOf(await list('status=open&direction=desc'))).toEqual(['zedSoon', 'amyLate', 'zedLate', 'zedNoDate']);
  });

  it('filters overdue and completed items', async () => {
    expect(keysOf(await list('status=overdue'))).toEqual(['zedLate', 'amyLate']);
    const done = await list('status=completed&sort=completed_at&direction=desc');
    expect(keysOf(done)).toEqual(['zedDone', 'amyDone']);
    expect(done.data[0]).toEqual({
      id: ids.zedDone,
      patient_id: zed,
      patient_name: 'Zed Worklist',
      title: 'Vitamin panel',
      template_name: null,
      due_date: day(-10),
      overdue: false,
      completed_at: doneAt.toISOString(),
      completed_by: { id: STAFF_ID, name: 'Jordan Ellis' },
    });
    expect(done.data[1]!.completed_by).toEqual({ id: NORTH_ID, name: 'Dr. Elena Marquez' });
  });

  it('sorts by patient and title, searches the patient’s name or the item’s title, and pages', async () => {
    expect(keysOf(await list('sort=patient'))).toEqual(['amyLate', 'zedLate', 'zedSoon', 'zedNoDate']);
    expect(keysOf(await list('sort=patient&direction=desc'))).toEqual(['zedLate', 'zedSoon', 'zedNoDate', 'amyLate']);
    expect(keysOf(await list('sort=title'))).toEqual(['zedLate', 'zedNoDate', 'zedSoon', 'amyLate']);
    expect(keysOf(await list('search=dietitian'))).toEqual(['amyLate', 'zedSoon']);
    expect(keysOf(await list('search=ADAMS&status=completed'))).toEqual(['amyDone']);
    expect(keysOf(await list(`search=${encodeURIComponent('%')}`))).toEqual([]);
    const second = await list('perPage=5&page=1&sort=due_date');
    expect(second).toMatchObject({ total: 4, perPage: 5 });
    const paged = await get(`?stage=${STAGE}&perPage=5&page=2`, STAFF);
    expect(paged.json().data).toEqual({ data: [], total: 4, page: 2, perPage: 5 });
  });

  it('shows another program nothing of these, and audits each read with the patients shown', async () => {
    const lake = await list('perPage=All', LAKE);
    expect(keysOf(lake)).toEqual(['lake']);
    await list('search=dietitian', NORTH);
    const [last] = await t.app.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'patient.checklist-items.list'))
      .orderBy(auditRecords.id)
      .then((rows) => rows.slice(-1));
    expect(last).toMatchObject({
      actor_account_id: NORTH_ID,
      entity: 'patient',
      success: true,
      detail: { stage: STAGE, status: 'open', sort: 'due_date', direction: 'asc', page: 1, perPage: 10, searchLength: 9, count: 2, total: 2, patientIds: [amy, zed] },
    });
    expect(JSON.stringify(last!.detail)).not.toContain('ietitian');
  });

  it('needs a stage and checks the filters', async () => {
    const res = await get('?status=late&sort=priority', STAFF);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      sort: ['The sort must be one of due_date, patient, title, completed_at.'],
      stage: ['Stage is required.'],
      status: ['Please enter valid status.'],
    });
    expect((await get(`?stage=${STAGE}`, LAKE)).json().data.data.map((row: ChecklistWorklistItem) => row.patient_name)).toEqual(['Lou Lake']);
    expect(ids.otherStage && ids.elsewhere && ids.inactive && ids.deactivated).toBeTruthy();
  });
});
