/**
 * Checklist templates: per stage, with ordered items and due-date rules, unique names per stage, one
 * default per stage, soft deletes; scoped to the caller's program and refused to self-service staff.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  CHECKLIST_MESSAGES as MESSAGES,
  NOT_FOR_SELF_SERVICE,
  type ChecklistTemplate,
  type ChecklistTemplateDetail,
  type ChecklistTemplateStoreBody,
} from '@baridesk/contracts';
import { STAFF_CALLERS, routeSuite, type StaffCaller } from '../../../test/app';
import { checklistTemplateItems, checklistTemplates, patientChecklistItems, patients, programs } from '../../../db/schema';

const { NORTH, STAFF, SELF_SERVICE, LAKE } = STAFF_CALLERS;
/** A Northside program user without administrative rights: templates are not restricted to them. */
const LIMITED = 'limited@northside.test';
const NORTH_ID = 101;

const t = routeSuite('/api/checklist/templates');
const { get, post, auditOf } = t;

/** Tokens for calls outside the suite's url, and for LIMITED. */
type Caller = typeof LIMITED | typeof NORTH | typeof STAFF | typeof LAKE | typeof SELF_SERVICE;
let tokens: Record<Caller, string>;
let limitedToken: string;
beforeAll(async () => {
  tokens = await t.signIn(LIMITED, NORTH, STAFF, LAKE, SELF_SERVICE);
  limitedToken = tokens[LIMITED];
});
const stageNames = (who: Caller) => t.call({ method: 'GET', url: '/api/checklist/stage-names', token: tokens[who] });

type Input = Omit<ChecklistTemplateStoreBody, 'status' | 'is_default' | 'items'> & {
  status?: 0 | 1;
  is_default?: 0 | 1;
  items: { id?: number; title: string; description?: string | null; due_anchor?: string | null; due_days?: number | string | null }[];
};

async function store(who: StaffCaller, body: Input): Promise<ChecklistTemplateDetail> {
  const res = await post('/store', who, body);
  expect({ status: res.statusCode, message: res.json().message }).toEqual({ status: 201, message: MESSAGES.templateCreated });
  return res.json().data as ChecklistTemplateDetail;
}

async function update(who: StaffCaller, body: Omit<Input, 'stage'> & { id: number }): Promise<ChecklistTemplateDetail> {
  const res = await post('/update', who, body);
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status: 200, body: { message: MESSAGES.templateUpdated } });
  return res.json().data as ChecklistTemplateDetail;
}

const stamp = () => t.clock.now().toISOString();
const names = (rows: { name: string }[]) => rows.map((row) => row.name);

describe('POST /api/checklist/templates/store', () => {
  it('adds a template with its items in order and audits it without the items’ text', async () => {
    t.clock.advance(60_000);
    const res = await post('/store', STAFF, {
      stage: '1',
      name: '  Insurance workup ',
      description: 'What insurers ask for.',
      items: [
        { title: 'Psych evaluation', description: 'With the program psychologist', due_anchor: 'consult_date', due_days: '14' },
        { title: 'Nutrition class', due_anchor: 'stage_start', due_days: 30 },
        { title: 'Pre-op labs', due_anchor: 'surgery_date', due_days: -10 },
        { title: 'Sign consent' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: MESSAGES.templateCreated,
      data: {
        id: expect.any(Number),
        stage: 1,
        name: 'Insurance workup',
        description: 'What insurers ask for.',
        status: 1,
        is_default: 0,
        item_count: 4,
        updated_at: stamp(),
        items: [
          { id: expect.any(Number), title: 'Psych evaluation', description: 'With the program psychologist', position: 1, due_anchor: 'consult_date', due_days: 14 },
          { id: expect.any(Number), title: 'Nutrition class', description: null, position: 2, due_anchor: 'stage_start', due_days: 30 },
          { id: expect.any(Number), title: 'Pre-op labs', description: null, position: 3, due_anchor: 'surgery_date', due_days: -10 },
          { id: expect.any(Number), title: 'Sign consent', description: null, position: 4, due_anchor: null, due_days: null },
        ],
      },
    });
    const [row] = await t.app.db.select().from(checklistTemplates).where(eq(checklistTemplates.id, body.data.id));
    expect(row).toMatchObject({ program_id: NORTH_ID, created_by: 201, deleted_at: null });
    expect(await auditOf('checklist-template.create', body.data.id)).toEqual([
      expect.objectContaining({
        actor_account_id: 201,
        program_id: NORTH_ID,
        success: true,
        detail: { stage: 1, name: 'Insurance workup', status: 1, is_default: 0, items: 4 },
      }),
    ]);
    // GET answers the same.
    const read = await get(`/${body.data.id}`, NORTH);
    expect({ status: read.statusCode, body: read.json() }).toEqual({ status: 200, body: { data: body.data } });
  });

  it('is open to staff without administrative rights, and keeps no ids of a copy’s items', async () => {
    const source = await store(NORTH, { stage: 2, name: 'Copy source', items: [{ title: 'One' }, { title: 'Two' }] });
    const res = await t.call({
      method: 'POST',
      url: '/api/checklist/templates/store',
      token: limitedToken,
      payload: { stage: 2, name: 'Copy of Copy source', items: source.items.map((item) => ({ ...item })) },
    });
    expect(res.statusCode).toBe(201);
    const copy = res.json().data as ChecklistTemplateDetail;
    expect(copy.items.map((item) => item.title)).toEqual(['One', 'Two']);
    expect(copy.items.map((item) => item.id).some((id) => source.items.some((s) => s.id === id))).toBe(false);
    expect((await get(`/${source.id}`, NORTH)).json().data.items).toEqual(source.items);
  });

  it('answers field messages and saves nothing', async () => {
    const before = (await t.app.db.select().from(checklistTemplates)).length;
    const empty = await post('/store', STAFF, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ stage: ['Stage is required.'], name: ['Name is required.'], items: [MESSAGES.noItems] });

    const noItems = await post('/store', STAFF, { stage: 1, name: 'Nothing', items: [] });
    expect(noItems.json().errors).toEqual({ items: [MESSAGES.noItems] });

    const tooMany = await post('/store', STAFF, { stage: 1, name: 'Big', items: Array.from({ length: 201 }, (_, i) => ({ title: `Item ${i}` })) });
    expect(tooMany.json().errors).toEqual({ items: [MESSAGES.tooManyItems] });

    const badItems = await post('/store', STAFF, {
      stage: 4,
      name: 'x'.repeat(255),
      items: [
        { title: '' },
        { title: 'Days without anchor', due_days: 3 },
        { title: 'Anchor without days', due_anchor: 'surgery_date' },
        { title: 'Too far', due_anchor: 'stage_start', due_days: 3651 },
        { title: 'Not whole', due_anchor: 'stage_start', due_days: '1.5' },
        { title: 'Bad anchor', due_anchor: 'birthday', due_days: 1 },
      ],
    });
    expect(badItems.statusCode).toBe(422);
    expect(badItems.json().errors).toEqual({
      stage: ['Please enter valid stage.'],
      name: ['Name may not be greater than 254 characters.'],
      'items.0.title': ['Title is required.'],
      'items.1.due_anchor': [MESSAGES.dueDaysWithoutAnchor],
      'items.2.due_days': [MESSAGES.dueAnchorWithoutDays],
      'items.3.due_days': [MESSAGES.dueDays],
      'items.4.due_days': [MESSAGES.dueDays],
      'items.5.due_anchor': ['Please enter valid due anchor.'],
    });
    expect((await t.app.db.select().from(checklistTemplates)).length).toBe(before);
  });

  it('refuses a name the stage already has, whatever its case, but not in another stage or program', async () => {
    await store(STAFF, { stage: 3, name: 'Annual review', items: [{ title: 'Labs' }] });
    const taken = await post('/store', NORTH, { stage: 3, name: 'ANNUAL REVIEW', items: [{ title: 'Labs' }] });
    expect({ status: taken.statusCode, body: taken.json() }).toEqual({
      status: 422,
      body: { message: MESSAGES.duplicateName, errors: { name: [MESSAGES.duplicateName] } },
    });
    await store(STAFF, { stage: 2, name: 'Annual review', items: [{ title: 'Labs' }] });
    await store(LAKE, { stage: 3, name: 'Annual review', items: [{ title: 'Labs' }] });
  });

  it('lets only one of several simultaneous stores of a name through', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => post('/store', NORTH, { stage: 1, name: i % 2 ? 'Race template' : 'RACE TEMPLATE', items: [{ title: 'A' }] })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    const rows = await t.app.db
      .select()
      .from(checklistTemplates)
      .where(and(eq(checklistTemplates.program_id, NORTH_ID), eq(checklistTemplates.stage, 1)));
    expect(rows.filter((row) => row.name.toLowerCase() === 'race template')).toHaveLength(1);
  });
});

describe('the default template of a stage', () => {
  it('is one per stage: a new default replaces the previous one of its stage only', async () => {
    const stage1 = await store(NORTH, { stage: 1, name: 'Default A', is_default: 1, items: [{ title: 'A' }] });
    const stage2 = await store(NORTH, { stage: 2, name: 'Default other stage', is_default: 1, items: [{ title: 'B' }] });
    const next = await store(NORTH, { stage: 1, name: 'Default B', is_default: 1, items: [{ title: 'B' }] });
    expect(next.is_default).toBe(1);
    const defaultsOf = async (stage: number) =>
      (
        await t.app.db
          .select({ id: checklistTemplates.id })
          .from(checklistTemplates)
          .where(and(eq(checklistTemplates.program_id, NORTH_ID), eq(checklistTemplates.stage, stage), eq(checklistTemplates.is_default, 1)))
      ).map((row) => row.id);
    expect(await defaultsOf(1)).toEqual([next.id]);
    expect(await defaultsOf(2)).toEqual([stage2.id]);

    // Updating the first back to default switches again; updating it off leaves the stage without one.
    const again = await update(NORTH, { id: stage1.id, name: 'Default A', is_default: 1, items: stage1.items });
    expect(again.is_default).toBe(1);
    expect(await defaultsOf(1)).toEqual([stage1.id]);
    expect((await get(`/${next.id}`, NORTH)).json().data.is_default).toBe(0);
    await update(NORTH, { id: stage1.id, name: 'Default A', is_default: 0, items: stage1.items });
    expect(await defaultsOf(1)).toEqual([]);

    // A deleted default is no default any more.
    expect((await post('/delete', NORTH, { id: stage2.id })).statusCode).toBe(200);
    expect(await defaultsOf(2)).toEqual([]);
  });
});

describe('POST /api/checklist/templates/update', () => {
  it('keeps items with an id (changed in place), adds those without, removes the others softly, in the body’s order', async () => {
    const before = await store(NORTH, {
      stage: 2,
      name: 'Post-op month one',
      items: [{ title: 'Wound check' }, { title: 'Diet stage 2', due_anchor: 'surgery_date', due_days: 14 }, { title: 'Support group' }],
    });
    const [wound, diet, group] = before.items as [ChecklistTemplateDetail['items'][number], ChecklistTemplateDetail['items'][number], ChecklistTemplateDetail['items'][number]];
    // A patient already has the template's items: their copies stay whatever the template becomes.
    const [patient] = await t.app.db
      .insert(patients)
      .values({ program_id: NORTH_ID, first_name: 'Tess', last_name: 'Template', name: 'Tess Template', current_stage: 2 })
      .returning({ id: patients.id });
    const applied = await t.call({
      method: 'POST',
      url: '/api/checklists/apply-template',
      token: limitedToken,
      payload: { patient_id: patient!.id, template_id: before.id },
    });
    expect(applied.statusCode).toBe(200);

    t.clock.advance(60_000);
    const after = await update(STAFF, {
      id: before.id,
      name: 'Post-op month 1',
      description: 'First month after surgery',
      status: 0,
      items: [
        { id: diet.id, title: 'Diet stage 2 (soft foods)', due_anchor: 'surgery_date', due_days: 10 },
        { title: 'Vitamin check', due_anchor: 'stage_start', due_days: 21 },
        { id: wound.id, title: 'Wound check' },
      ],
    });
    expect(after).toEqual({
      id: before.id,
      stage: 2,
      name: 'Post-op month 1',
      description: 'First month after surgery',
      status: 0,
      is_default: 0,
      item_count: 3,
      updated_at: stamp(),
      items: [
        { id: diet.id, title: 'Diet stage 2 (soft foods)', description: null, position: 1, due_anchor: 'surgery_date', due_days: 10 },
        { id: expect.any(Number), title: 'Vitamin check', description: null, position: 2, due_anchor: 'stage_start', due_days: 21 },
        { id: wound.id, title: 'Wound check', description: null, position: 3, due_anchor: null, due_days: null },
      ],
    });
    const [removed] = await t.app.db.select().from(checklistTemplateItems).where(eq(checklistTemplateItems.id, group.id));
    expect(removed).toMatchObject({ title: 'Support group', deleted_at: t.clock.now() });
    // The patient's copies are untouched, the removed item's too.
    const copies = await t.app.db
      .select({ title: patientChecklistItems.title, template_item_id: patientChecklistItems.template_item_id })
      .from(patientChecklistItems)
      .where(eq(patientChecklistItems.patient_id, patient!.id))
      .orderBy(asc(patientChecklistItems.position));
    expect(copies).toEqual([
      { title: 'Wound check', template_item_id: wound.id },
      { title: 'Diet stage 2', template_item_id: diet.id },
      { title: 'Support group', template_item_id: group.id },
    ]);
    expect(await auditOf('checklist-template.update', before.id)).toEqual([
      expect.objectContaining({
        actor_account_id: 201,
        success: true,
        detail: {
          stage: 2,
          name: 'Post-op month 1',
          previousName: 'Post-op month one',
          status: 0,
          is_default: 0,
          items: 3,
          itemsAdded: 1,
          itemsRemoved: [group.id],
        },
      }),
    ]);
  });

  it('refuses an item that is not a live item of this template, a taken name, and an unknown template', async () => {
    const mine = await store(NORTH, { stage: 3, name: 'Mine', items: [{ title: 'Keep' }, { title: 'Drop' }] });
    const other = await store(NORTH, { stage: 3, name: 'Other', items: [{ title: 'Theirs' }] });
    const notInTemplate = { status: 422, body: { message: MESSAGES.itemNotInTemplate, errors: { items: [MESSAGES.itemNotInTemplate] } } };
    const send = async (body: object) => {
      const res = await post('/update', NORTH, body);
      return { status: res.statusCode, body: res.json() };
    };
    expect(await send({ id: mine.id, name: 'Mine', items: [{ id: other.items[0]!.id, title: 'Theirs' }] })).toEqual(notInTemplate);
    expect(await send({ id: mine.id, name: 'Mine', items: [{ id: mine.items[0]!.id, title: 'A' }, { id: mine.items[0]!.id, title: 'B' }] })).toEqual(
      notInTemplate,
    );
    // Once removed, an item cannot come back by its id.
    await update(NORTH, { id: mine.id, name: 'Mine', items: [{ id: mine.items[0]!.id, title: 'Keep' }] });
    expect(await send({ id: mine.id, name: 'Mine', items: [{ id: mine.items[1]!.id, title: 'Drop' }] })).toEqual(notInTemplate);

    expect(await send({ id: mine.id, name: 'OTHER', items: [{ title: 'A' }] })).toEqual({
      status: 422,
      body: { message: MESSAGES.duplicateName, errors: { name: [MESSAGES.duplicateName] } },
    });
    expect(await send({ id: 999_999, name: 'Gone', items: [{ title: 'A' }] })).toEqual({ status: 404, body: { message: MESSAGES.templateNotFound } });
    // Nothing of the refused saves was kept.
    expect((await get(`/${mine.id}`, NORTH)).json().data).toMatchObject({ name: 'Mine', items: [{ id: mine.items[0]!.id, title: 'Keep' }] });
  });
});

describe('toggle-status, delete', () => {
  it('switches a template off and on', async () => {
    const template = await store(STAFF, { stage: 1, name: 'Toggle me', items: [{ title: 'A' }] });
    const off = await post('/toggle-status', STAFF, { id: template.id });
    const { items: _items, ...summary } = template;
    expect({ status: off.statusCode, body: off.json() }).toEqual({
      status: 200,
      body: { message: MESSAGES.templateOff, data: { ...summary, status: 0, updated_at: stamp() } },
    });
    const on = await post('/toggle-status', STAFF, { id: template.id });
    expect(on.json()).toMatchObject({ message: MESSAGES.templateOn, data: { status: 1 } });
    expect((await auditOf('checklist-template.toggle-status', template.id)).map((r) => r.detail)).toEqual([{ status: 0 }, { status: 1 }]);
  });

  it('deletes softly: gone from every list, its name free again, its rows kept', async () => {
    const template = await store(STAFF, { stage: 1, name: 'Short lived', items: [{ title: 'A' }] });
    const res = await post('/delete', STAFF, { id: template.id });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 200, body: { message: MESSAGES.templateDeleted } });
    expect((await get(`/${template.id}`, STAFF)).statusCode).toBe(404);
    expect((await post('/delete', STAFF, { id: template.id })).json()).toEqual({ message: MESSAGES.templateNotFound });
    expect((await post('/toggle-status', STAFF, { id: template.id })).statusCode).toBe(404);
    expect(names((await get('?stage=1&search=Short%20lived', STAFF)).json().data.data)).toEqual([]);
    expect(names((await get('/allActive?stage=1', STAFF)).json().data)).not.toContain('Short lived');
    const [row] = await t.app.db.select().from(checklistTemplates).where(eq(checklistTemplates.id, template.id));
    expect(row).toMatchObject({ deleted_by: 201, deleted_at: t.clock.now() });
    expect(await auditOf('checklist-template.delete', template.id)).toEqual([
      expect.objectContaining({ success: true, detail: { stage: 1, name: 'Short lived' } }),
    ]);
    await store(STAFF, { stage: 1, name: 'Short lived', items: [{ title: 'A' }] });
  });
});

describe('GET /api/checklist/templates', () => {
  it('pages one stage’s templates, sorted, searched and filtered by status', async () => {
    const made: ChecklistTemplateDetail[] = [];
    for (const [name, count] of [['Lst Bravo', 3], ['lst alpha', 1], ['Lst Delta', 2], ['Lst Charlie', 5]] as const) {
      t.clock.advance(1000);
      made.push(await store(NORTH, { stage: 2, name, items: Array.from({ length: count }, (_, i) => ({ title: `Item ${i}` })) }));
    }
    // Switching one off is its latest change.
    t.clock.advance(1000);
    await post('/toggle-status', NORTH, { id: made[2]!.id });
    await store(NORTH, { stage: 3, name: 'Lst Echo', items: [{ title: 'A' }] });
    const list = async (query: string) => {
      const params = new URLSearchParams({ stage: '2', search: 'lst' });
      for (const [key, value] of new URLSearchParams(query)) params.set(key, value);
      const res = await get(`?${params}`, NORTH);
      expect({ status: res.statusCode, errors: res.json().errors }).toEqual({ status: 200 });
      return res.json().data as { data: ChecklistTemplate[]; total: number; page: number; perPage: number | 'All' };
    };
    const first = await list('perPage=5');
    expect(first).toMatchObject({ total: 4, page: 1, perPage: 5 });
    expect(names(first.data)).toEqual(['lst alpha', 'Lst Bravo', 'Lst Charlie', 'Lst Delta']);
    expect(first.data[1]).toEqual({ ...(({ items: _, ...rest }) => rest)(made[0]!) });
    expect(names((await list('sort=name&direction=desc&perPage=5&page=1')).data)).toEqual(['Lst Delta', 'Lst Charlie', 'Lst Bravo', 'lst alpha']);
    expect(names((await list('sort=item_count&direction=desc')).data)).toEqual(['Lst Charlie', 'Lst Bravo', 'Lst Delta', 'lst alpha']);
    expect(names((await list('sort=updated_at')).data)).toEqual(['Lst Bravo', 'lst alpha', 'Lst Charlie', 'Lst Delta']);
    expect(names((await list('sort=updated_at&direction=desc')).data)).toEqual(['Lst Delta', 'Lst Charlie', 'lst alpha', 'Lst Bravo']);
    expect(names((await list('status=0')).data)).toEqual(['Lst Delta']);
    expect(names((await list('status=1&search=lst%20CHAR')).data)).toEqual(['Lst Charlie']);
    const paged = await get('?stage=2&search=lst&perPage=5&page=2', NORTH);
    expect(paged.json().data).toEqual({ data: [], total: 4, page: 2, perPage: 5 });
    // Another program's list holds none of them.
    expect((await get('?stage=2&search=lst', LAKE)).json().data.total).toBe(0);
  });

  it('needs a stage and checks the list’s parameters', async () => {
    const res = await get('?sort=stage&perPage=7&status=5', NORTH);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      perPage: ['The perPage must be one of 5, 10, 15, 20, 50, 100 or All.'],
      sort: ['The sort must be one of name, item_count, updated_at.'],
      status: ['The value must be 0 or 1.'],
      stage: ['Stage is required.'],
    });
  });
});

describe('GET /allActive, /other and /api/checklist/stage-names', () => {
  it('lists the active templates, of a stage or all, the default first', async () => {
    const off = await store(NORTH, { stage: 3, name: 'Act inactive', status: 0, items: [{ title: 'A' }] });
    const res = await get('/allActive?stage=3', NORTH);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; stage: number; name: string; is_default: number; item_count: number }[];
    expect(data.every((row) => row.stage === 3)).toBe(true);
    expect(data.map((row) => row.id)).not.toContain(off.id);
    const def = await store(NORTH, { stage: 3, name: 'Act default', is_default: 1, items: [{ title: 'A' }, { title: 'B' }] });
    const withDefault = (await get('/allActive?stage=3', NORTH)).json().data;
    expect(withDefault[0]).toEqual({ id: def.id, stage: 3, name: 'Act default', is_default: 1, item_count: 2 });
    const all = (await get('/allActive', NORTH)).json().data as { stage: number }[];
    expect(new Set(all.map((row) => row.stage))).toEqual(new Set([1, 2, 3]));
    expect(all.map((row) => row.stage)).toEqual([...all.map((row) => row.stage)].sort());
    expect((await get('/allActive?stage=4', NORTH)).json().errors).toEqual({ stage: ['Please enter valid stage.'] });
    expect(names((await get('/allActive', LAKE)).json().data)).not.toContain('Act default');
  });

  it('offers the templates of a stage the patient does not fully have yet, and audits the read', async () => {
    const [patient] = await t.app.db
      .insert(patients)
      .values({ program_id: NORTH_ID, first_name: 'Otto', last_name: 'Other', name: 'Otto Other', current_stage: 1 })
      .returning({ id: patients.id });
    const id = patient!.id;
    const a = await store(NORTH, { stage: 1, name: 'Oth A', items: [{ title: 'A1' }, { title: 'A2' }] });
    const b = await store(NORTH, { stage: 1, name: 'Oth B', items: [{ title: 'B1' }] });
    const offered = async () =>
      ((await get(`/other?patient_id=${id}&stage=1`, STAFF)).json().data as { id: number }[]).map((row) => row.id).filter((x) => [a.id, b.id].includes(x));
    expect(await offered()).toEqual([a.id, b.id]);
    const apply = (templateId: number) =>
      t.call({ method: 'POST', url: '/api/checklists/apply-template', token: limitedToken, payload: { patient_id: id, template_id: templateId } });
    expect((await apply(a.id)).statusCode).toBe(200);
    expect(await offered()).toEqual([b.id]);
    // A new item in the template makes it worth adding again.
    await update(NORTH, { id: a.id, name: 'Oth A', items: [...a.items, { title: 'A3' }] });
    expect(await offered()).toEqual([a.id, b.id]);
    expect((await get(`/other?patient_id=${id}&stage=2`, STAFF)).json().data.map((row: { id: number }) => row.id)).not.toContain(a.id);

    const reads = await auditOf('patient.checklist-templates.other', id);
    expect(reads.at(-1)).toMatchObject({ patient_id: id, success: true, detail: { stage: 2 } });
    const refused = await get(`/other?patient_id=${id}&stage=1`, LAKE);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 404, body: { message: 'Patient not found.' } });
    expect((await auditOf('patient.checklist-templates.other', id)).at(-1)).toMatchObject({ success: false, actor_account_id: 102 });
    expect((await get('/other?stage=1', STAFF)).json().errors).toEqual({ patient_id: ['Patient ID is required.'] });
  });

  it('names the three checklists, the third as the program calls it', async () => {
    const names3 = async (who: Caller) => (await stageNames(who)).json();
    expect(await names3(NORTH)).toEqual({
      data: [
        { stage: 1, name: 'Pre-Op' },
        { stage: 2, name: 'Post-Op' },
        { stage: 3, name: 'Weight Management' },
      ],
    });
    await t.app.db.update(programs).set({ third_checklist_name: 'Medical Weight Loss' }).where(eq(programs.id, 102));
    expect((await names3(LAKE)).data[2]).toEqual({ stage: 3, name: 'Medical Weight Loss' });
    expect((await names3(NORTH)).data[2]).toEqual({ stage: 3, name: 'Weight Management' });
  });
});

describe('who may call', () => {
  it('refuses self-service staff everything', async () => {
    const forbidden = { status: 403, body: { message: NOT_FOR_SELF_SERVICE } };
    await t.expectEach(
      SELF_SERVICE,
      [
        ['GET', '?stage=1'],
        ['GET', '/1'],
        ['GET', '/allActive'],
        ['GET', '/other?patient_id=1&stage=1'],
        ['POST', '/store', { stage: 1, name: 'X', items: [{ title: 'A' }] }],
        ['POST', '/update', { id: 1 }],
        ['POST', '/toggle-status', { id: 1 }],
        ['POST', '/delete', { id: 1 }],
      ],
      forbidden,
    );
    const names3 = await stageNames(SELF_SERVICE);
    expect({ status: names3.statusCode, body: names3.json() }).toEqual(forbidden);
  });

  it('finds no template of another program', async () => {
    const template = await store(NORTH, { stage: 1, name: 'Northside only', items: [{ title: 'A' }] });
    const notFound = { status: 404, body: { message: MESSAGES.templateNotFound } };
    await t.expectEach(
      LAKE,
      [
        ['GET', `/${template.id}`],
        ['POST', '/update', { id: template.id, name: 'Taken over', items: [{ title: 'A' }] }],
        ['POST', '/toggle-status', { id: template.id }],
        ['POST', '/delete', { id: template.id }],
      ],
      notFound,
    );
    expect((await get(`/${template.id}`, NORTH)).json().data).toEqual(template);
  });
});
