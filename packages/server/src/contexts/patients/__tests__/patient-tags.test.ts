import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { STAFF_CALLERS, routeSuite, type StaffCaller } from '../../../test/app';
import { patientTags, patients } from '../../../db/schema';

const url = '/api/user-category';
const { NORTH, STAFF, SELF_SERVICE, LAKE, ADMIN } = STAFF_CALLERS;
/** The demo seed's tags of Northside (program 101). */
const SEEDED = ['Diabetic', 'Insurance Approved', 'Needs Psych Eval', 'Revision Candidate', 'Self Pay', 'Support Group Regular'];

const t = routeSuite(url);
const { get, post, auditOf } = t;

type Tag = { id: number; name: string; status: 0 | 1; patients_count: number; created_at: string; updated_at: string };
const names = (page: { data: Tag[] }) => page.data.map((x) => x.name);

/** A new tag of the caller's program, by the API. */
async function store(who: StaffCaller, name: string, status?: 0 | 1): Promise<Tag> {
  const res = await post('/store', who, status === undefined ? { name } : { name, status });
  expect(res.statusCode).toBe(201);
  return res.json().data as Tag;
}

/** Patients of a program, with ids, for putting tags on them directly. */
const patientIds = async (programId: number, count: number) =>
  (await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.program_id, programId)).orderBy(asc(patients.id)).limit(count)).map(
    (p) => p.id,
  );

describe('GET /api/user-category', () => {
  it("lists the program's own tags by name, with how many patients carry each", async () => {
    const res = await get('?perPage=All', NORTH);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: SEEDED.length, page: 1, perPage: 'All' });
    expect(names(page)).toEqual(SEEDED);
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      name: 'Diabetic',
      status: 1,
      patients_count: expect.any(Number),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [counted] = await t.app.db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.program_id, 101), or(eq(patients.user_cat_id, page.data[1].id), eq(patients.user_cat_id2, page.data[1].id))))
      .then((rows) => [rows.length]);
    expect(page.data[1].patients_count).toBe(counted);

    const lake = (await get('', LAKE)).json().data;
    expect(names(lake)).toEqual(['Insurance Approved', 'Medicare', 'Needs Psych Eval', 'Self Pay']);
  });

  it('pages, sorts, searches and filters by status', async () => {
    const first = (await get('?perPage=5&sort=name&direction=desc', NORTH)).json().data;
    expect(first).toMatchObject({ total: 6, page: 1, perPage: 5 });
    expect(names(first)).toEqual([...SEEDED].reverse().slice(0, 5));
    const second = (await get('?perPage=5&page=2&sort=name&direction=desc', NORTH)).json().data;
    expect(names(second)).toEqual(['Diabetic']);

    expect(names((await get('?search=PAY', NORTH)).json().data)).toEqual(['Self Pay']);
    expect((await get(`?search=${encodeURIComponent('_')}`, NORTH)).json().data.total).toBe(0);

    const byCount = (await get('?sort=patients_count&direction=desc&perPage=All', NORTH)).json().data.data as Tag[];
    const counts = byCount.map((x) => x.patients_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));

    const off = await store(NORTH, 'Paused tag', 0);
    expect(names((await get('?status=0', NORTH)).json().data)).toEqual(['Paused tag']);
    expect((await get('?status=1', NORTH)).json().data.total).toBe(6);
    await post('/delete', NORTH, { id: off.id });
  });

  it('rejects a bad sort, page size, direction or status with field errors', async () => {
    const res = await get('?sort=program_id&perPage=7&direction=up&status=2', NORTH);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      sort: ['The sort must be one of name, status, patients_count, created_at, updated_at.'],
      perPage: ['The perPage must be one of 5, 10, 15, 20, 50, 100 or All.'],
      direction: ['The direction must be asc or desc.'],
      status: ['The value must be 0 or 1.'],
    });
  });
});

describe('GET /api/user-category/1 (the pickers)', () => {
  it("gives the program's active tags only, by name, as id and name", async () => {
    const off = await store(NORTH, 'Archived tag', 0);
    const res = await get('/1', STAFF);
    expect(res.statusCode).toBe(200);
    const options = res.json().data as { id: number; name: string }[];
    expect(options.map((x) => x.name)).toEqual(SEEDED);
    expect(Object.keys(options[0]!)).toEqual(['id', 'name']);
    expect((await get('/1', LAKE)).json().data.map((x: { name: string }) => x.name)).toEqual([
      'Insurance Approved',
      'Medicare',
      'Needs Psych Eval',
      'Self Pay',
    ]);
    await post('/delete', NORTH, { id: off.id });
  });
});

describe('GET /api/user-category/show/:id', () => {
  it('shows one tag of the program, and 404 for another program’s or an unknown one', async () => {
    const tag = await store(NORTH, 'Shown tag');
    const res = await get(`/show/${tag.id}`, STAFF);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ...tag } });

    const other = await get(`/show/${tag.id}`, LAKE);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Tag not found.' });
    expect((await get('/show/999999', NORTH)).statusCode).toBe(404);
    expect((await get('/show/abc', NORTH)).statusCode).toBe(422);
    await post('/delete', NORTH, { id: tag.id });
  });
});

describe('store, update, toggle-status and delete', () => {
  it('round-trips a tag, auditing each change', async () => {
    const created = await post('/store', STAFF, { name: '  Bariatric Clinic A  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      data: {
        id: expect.any(Number),
        name: 'Bariatric Clinic A',
        status: 1,
        patients_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      message: 'Tag created successfully.',
    });
    const { id } = created.json().data as Tag;
    const [row] = await t.app.db.select().from(patientTags).where(eq(patientTags.id, id));
    expect(row).toMatchObject({ program_id: 101, name: 'Bariatric Clinic A', status: 1 });
    expect(await auditOf('patient-tag.create', id)).toEqual([
      expect.objectContaining({
        actor_account_id: 201,
        program_id: 101,
        entity: 'patient_tag',
        success: true,
        detail: { name: 'Bariatric Clinic A', status: 1 },
      }),
    ]);

    const updated = await post('/update', NORTH, { id, name: 'Clinic A', status: 0 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      data: expect.objectContaining({ id, name: 'Clinic A', status: 0, patients_count: 0 }),
      message: 'Tag updated successfully.',
    });
    expect(await auditOf('patient-tag.update', id)).toEqual([
      expect.objectContaining({ actor_account_id: 101, detail: { name: 'Clinic A', previousName: 'Bariatric Clinic A', patientsRelabelled: 0, status: 0 } }),
    ]);

    const toggled = await post('/toggle-status', STAFF, { id, status: true });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json()).toEqual({ data: { id, status: 1 }, message: 'Tag status updated successfully.' });
    expect((await t.app.db.select().from(patientTags).where(eq(patientTags.id, id)))[0]!.status).toBe(1);
    expect(await auditOf('patient-tag.toggle-status', id)).toEqual([expect.objectContaining({ detail: { status: 1 } })]);

    const deleted = await post('/delete', NORTH, { id });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: 'Tag deleted successfully.' });
    expect(await t.app.db.select().from(patientTags).where(eq(patientTags.id, id))).toEqual([]);
    expect(await auditOf('patient-tag.delete', id)).toEqual([expect.objectContaining({ success: true, detail: { name: 'Clinic A' } })]);

    await t.expectEach(
      NORTH,
      [
        ['POST', '/delete', { id }],
        ['POST', '/update', { id, name: 'X', status: 1 }],
        ['POST', '/toggle-status', { id, status: 0 }],
      ],
      { status: 404, body: { message: 'Tag not found.' } },
    );
  });

  it('writes a new name on the patients that carry the tag', async () => {
    const tag = await store(NORTH, 'Old label');
    const [first, second] = await patientIds(101, 2);
    await t.app.db.update(patients).set({ user_cat_id: tag.id, user_cat_name: 'Old label' }).where(eq(patients.id, first!));
    await t.app.db.update(patients).set({ user_cat_id2: tag.id, user_cat_name2: 'Old label' }).where(eq(patients.id, second!));

    const res = await post('/update', NORTH, { id: tag.id, name: 'New label', status: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.patients_count).toBe(2);
    const rows = await t.app.db
      .select({ id: patients.id, a: patients.user_cat_name, b: patients.user_cat_name2, c1: patients.user_cat_id, c2: patients.user_cat_id2 })
      .from(patients)
      .where(inArray(patients.id, [first!, second!]))
      .orderBy(asc(patients.id));
    expect(rows[0]).toMatchObject({ a: 'New label', c1: tag.id });
    expect(rows[1]).toMatchObject({ b: 'New label', c2: tag.id });
    expect((await auditOf('patient-tag.update', tag.id))[0]!.detail).toEqual({
      name: 'New label',
      previousName: 'Old label',
      patientsRelabelled: 2,
      status: 1,
    });
  });

  it('refuses to delete a tag patients carry (409, with how many), and keeps it', async () => {
    const tag = await store(NORTH, 'Busy tag');
    const ids = await patientIds(101, 3);
    await t.app.db.update(patients).set({ user_cat_id2: tag.id, user_cat_name2: 'Busy tag' }).where(inArray(patients.id, ids));

    const refused = await post('/delete', NORTH, { id: tag.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'This tag is used by 3 patients. Remove it from them first, or switch it off to hide it from new choices.',
    });
    expect(await t.app.db.select().from(patientTags).where(eq(patientTags.id, tag.id))).toHaveLength(1);
    expect((await t.app.db.select().from(patients).where(eq(patients.user_cat_id2, tag.id))).length).toBe(3);
    expect(await auditOf('patient-tag.delete', tag.id)).toEqual([
      expect.objectContaining({ success: false, detail: { refused: 'in-use', patients: 3 } }),
    ]);

    await t.app.db.update(patients).set({ user_cat_id2: null, user_cat_name2: null }).where(inArray(patients.id, ids.slice(1)));
    const single = await post('/delete', NORTH, { id: tag.id });
    expect(single.statusCode).toBe(409);
    expect(single.json().message).toMatch(/^This tag is used by 1 patient\. /);

    await t.app.db.update(patients).set({ user_cat_id2: null, user_cat_name2: null }).where(inArray(patients.id, ids));
    expect((await post('/delete', NORTH, { id: tag.id })).statusCode).toBe(200);
  });

  it('answers missing, blank, long or bad fields with the field messages', async () => {
    const empty = await post('/store', NORTH, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ message: 'Name is required.', errors: { name: ['Name is required.'] } });
    expect((await post('/store', NORTH, { name: '  \t ' })).json().errors).toEqual({ name: ['Name is required.'] });
    expect((await post('/store', NORTH, { name: 'n'.repeat(255), status: 2 })).json().errors).toEqual({
      name: ['Name may not be greater than 254 characters.'],
      status: ['The value must be 0 or 1.'],
    });
    expect((await post('/store', NORTH, { name: 'a\u0000b' })).json().errors).toEqual({ name: ['Please enter valid name.'] });
    expect((await post('/update', NORTH, {})).json().errors).toEqual({
      id: ['The id must be a positive integer.'],
      name: ['Name is required.'],
      status: ['The value must be 0 or 1.'],
    });
    expect((await post('/toggle-status', NORTH, { id: 'x' })).json().errors).toEqual({
      id: ['The id must be a positive integer.'],
      status: ['The value must be 0 or 1.'],
    });
    expect((await post('/delete', NORTH, {})).json().errors).toEqual({ id: ['The id must be a positive integer.'] });
  });
});

describe('name uniqueness', () => {
  it('refuses a name the program already has, whatever its case, on store and update', async () => {
    const dup = await post('/store', NORTH, { name: 'self pay' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ message: 'A tag with this name already exists.', errors: { name: ['A tag with this name already exists.'] } });

    const tag = await store(NORTH, 'Renamable');
    const clash = await post('/update', NORTH, { id: tag.id, name: 'DIABETIC', status: 1 });
    expect(clash.statusCode).toBe(422);
    expect(clash.json().errors).toEqual({ name: ['A tag with this name already exists.'] });
    const own = await post('/update', NORTH, { id: tag.id, name: 'RENAMABLE', status: 1 });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.name).toBe('RENAMABLE');
    await post('/delete', NORTH, { id: tag.id });
  });

  it('lets only one of several simultaneous stores of a name through', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => post('/store', NORTH, { name: i % 2 ? 'Race tag' : 'RACE TAG' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
    const rows = await t.app.db.select().from(patientTags).where(and(eq(patientTags.program_id, 101), inArray(patientTags.name, ['Race tag', 'RACE TAG'])));
    expect(rows).toHaveLength(1);
  });

  it('lets another program use the same name', async () => {
    const res = await post('/store', LAKE, { name: 'Diabetic' });
    expect(res.statusCode).toBe(201);
  });
});

describe('tenancy', () => {
  it('never shows, changes or deletes another program’s tag', async () => {
    const north = (await get('?perPage=All', NORTH)).json().data.data as Tag[];
    const target = north.find((x) => x.name === 'Revision Candidate')!;
    const lakeList = JSON.stringify((await get('?perPage=All&search=Revision', LAKE)).json());
    expect(lakeList).not.toContain('Revision Candidate');

    await t.expectEach(
      LAKE,
      [
        ['POST', '/update', { id: target.id, name: 'Hijacked', status: 0 }],
        ['POST', '/toggle-status', { id: target.id, status: 0 }],
        ['POST', '/delete', { id: target.id }],
      ],
      { status: 404, body: { message: 'Tag not found.' } },
    );
    const [row] = await t.app.db.select().from(patientTags).where(eq(patientTags.id, target.id));
    expect(row).toMatchObject({ name: 'Revision Candidate', status: 1, program_id: 101 });
  });
});

describe('who may use it', () => {
  it('refuses self-service staff with 403 on every route', async () => {
    await t.expectEach(
      SELF_SERVICE,
      [
        ['GET', ''],
        ['GET', '/1'],
        ['GET', '/show/1'],
        ['POST', '/store', { name: 'Mine' }],
        ['POST', '/update', { id: 1, name: 'Mine', status: 1 }],
        ['POST', '/toggle-status', { id: 1, status: 1 }],
        ['POST', '/delete', { id: 1 }],
      ],
      { status: 403, body: { message: 'This is not available to self-service accounts.' } },
    );
  });

  it('refuses super admins and anonymous callers', async () => {
    const admin = await get('', ADMIN);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe('This is available to program staff only.');
    expect((await get('/1', ADMIN)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: `${url}/1` })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: `${url}/delete`, payload: { id: 1 } })).statusCode).toBe(401);
  });
});

describe('hostile input', () => {
  const bodies: unknown[] = [
    null,
    [],
    'text',
    42,
    { name: [], status: {} },
    { name: { $ne: 1 } },
    { id: -1, name: 'x', status: 1 },
    { id: 1e20, name: 'x', status: 1 },
    { id: '1 or 1=1', name: 'x', status: 1 },
    { id: 1, name: 'x'.repeat(10_000), status: 'yes' },
    { name: "'; drop table patient_tags; --", status: null },
    { __proto__: { status: 1 }, constructor: { prototype: {} } },
  ];

  it.each(['/store', '/update', '/toggle-status', '/delete'])('never answers 5xx on POST %s', async (path) => {
    for (const body of bodies) {
      const res = await t.sendAs(path, NORTH, body);
      expect({ body, status: res.statusCode < 500 }).toEqual({ body, status: true });
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('never answers 5xx to bad query strings', async () => {
    for (const query of ['page=-1', 'perPage=0', 'perPage=All&page=9999999999', 'sort[]=x', `search=${'%'.repeat(300)}`, 'status[]=1', 'search=%00']) {
      const res = await get(`?${query}`, NORTH);
      expect({ query, status: res.statusCode < 500 }).toEqual({ query, status: true });
    }
  });
});
