import { asc, eq, inArray } from 'drizzle-orm';
import { STAFF_CALLERS, routeSuite, type StaffCaller } from '../../../test/app';
import { insuranceCoordinators, patients } from '../../../db/schema';

const url = '/api/insurance-coordinators';
const { NORTH, STAFF, SELF_SERVICE, LAKE, ADMIN } = STAFF_CALLERS;
/** The demo seed's coordinators of Northside (program 101), by name. */
const SEEDED = ['Grace Liu', 'Luis Ortega', 'Tanya Brooks'];

const t = routeSuite(url);
const { get, post, auditOf } = t;

type Coordinator = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: 0 | 1;
  patients_count: number;
  created_at: string;
  updated_at: string;
};
const names = (page: { data: Coordinator[] }) => page.data.map((x) => x.name);

async function store(who: StaffCaller, body: Record<string, unknown>): Promise<Coordinator> {
  const res = await post('/store', who, body);
  expect(res.statusCode).toBe(201);
  return res.json().data as Coordinator;
}

const patientIds = async (programId: number, count: number) =>
  (await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.program_id, programId)).orderBy(asc(patients.id)).limit(count)).map(
    (p) => p.id,
  );

describe('GET /api/insurance-coordinators', () => {
  it("lists the program's own coordinators by name, with their patients count", async () => {
    const res = await get('', NORTH);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 3, page: 1, perPage: 10 });
    expect(names(page)).toEqual(SEEDED);
    const grace = page.data[0] as Coordinator;
    expect(grace).toEqual({
      id: expect.any(Number),
      name: 'Grace Liu',
      email: 'grace.liu@northside.test',
      phone: '+13125550113',
      status: 1,
      patients_count: expect.any(Number),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const assigned = await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.insurance_coordinator_id, grace.id));
    expect(grace.patients_count).toBe(assigned.length);

    expect(names((await get('', LAKE)).json().data)).toEqual(['Omar Farouk', 'Rebecca Haines']);
  });

  it('searches name, e-mail and phone digits, sorts, pages and filters by status', async () => {
    expect(names((await get('?search=ORTEGA', NORTH)).json().data)).toEqual(['Luis Ortega']);
    expect(names((await get('?search=tanya.brooks@', NORTH)).json().data)).toEqual(['Tanya Brooks']);
    expect(names((await get(`?search=${encodeURIComponent('(312) 555-0113')}`, NORTH)).json().data)).toEqual(['Grace Liu']);
    expect((await get(`?search=${encodeURIComponent('%')}`, NORTH)).json().data.total).toBe(0);

    const desc = (await get('?sort=name&direction=desc&perPage=5', NORTH)).json().data;
    expect(names(desc)).toEqual([...SEEDED].reverse());
    const byPhone = (await get('?sort=phone', NORTH)).json().data.data as Coordinator[];
    expect(byPhone.map((x) => x.phone)).toEqual(['+13125550111', '+13125550112', '+13125550113']);

    const off = await store(NORTH, { name: 'Off duty', status: 0 });
    expect(names((await get('?status=0', NORTH)).json().data)).toEqual(['Off duty']);
    expect((await get('?status=1', NORTH)).json().data.total).toBe(3);
    await post('/delete', NORTH, { id: off.id });
  });

  it('rejects a bad sort or status with field errors', async () => {
    const res = await get('?sort=program_id&status=2', NORTH);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      sort: ['The sort must be one of name, email, phone, status, patients_count, created_at, updated_at.'],
      status: ['The value must be 0 or 1.'],
    });
  });
});

describe('GET /api/insurance-coordinators/:id', () => {
  it('shows one coordinator with the patients count; 404 for another program’s', async () => {
    const [one, two] = await patientIds(101, 2);
    const coordinator = await store(NORTH, { name: 'Shown Coordinator', email: 'Shown@Example.test', phone: '(312) 555-0199' });
    await t.app.db.update(patients).set({ insurance_coordinator_id: coordinator.id }).where(inArray(patients.id, [one!, two!]));

    const res = await get(`/${coordinator.id}`, STAFF);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...coordinator, email: 'shown@example.test', patients_count: 2 });

    const other = await get(`/${coordinator.id}`, LAKE);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Insurance coordinator not found.' });
    expect((await get('/0', NORTH)).statusCode).toBe(422);
    await t.app.db.update(patients).set({ insurance_coordinator_id: null }).where(inArray(patients.id, [one!, two!]));
    await post('/delete', NORTH, { id: coordinator.id });
  });
});

describe('store, update, toggle-status and delete', () => {
  it('round-trips a coordinator, auditing each change without contact details', async () => {
    const created = await post('/store', STAFF, { name: ' Maria Santos ', email: ' Maria.Santos@Northside.TEST ', phone: '312-555-0144' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      data: {
        id: expect.any(Number),
        name: 'Maria Santos',
        email: 'maria.santos@northside.test',
        phone: '312-555-0144',
        status: 1,
        patients_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      message: 'Insurance coordinator created successfully.',
    });
    const { id } = created.json().data as Coordinator;
    const [row] = await t.app.db.select().from(insuranceCoordinators).where(eq(insuranceCoordinators.id, id));
    expect(row).toMatchObject({ program_id: 101, name: 'Maria Santos' });
    expect(await auditOf('insurance-coordinator.create', id)).toEqual([
      expect.objectContaining({
        actor_account_id: 201,
        program_id: 101,
        entity: 'insurance_coordinator',
        success: true,
        detail: { name: 'Maria Santos', status: 1 },
      }),
    ]);

    const updated = await post('/update', NORTH, { id, name: 'Maria Santos', email: '', phone: '+1 312 555 0145', status: 1 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      data: expect.objectContaining({ id, name: 'Maria Santos', email: null, phone: '+1 312 555 0145', status: 1 }),
      message: 'Insurance coordinator updated successfully.',
    });
    expect(await auditOf('insurance-coordinator.update', id)).toEqual([
      expect.objectContaining({ actor_account_id: 101, detail: { name: 'Maria Santos', changed: ['email', 'phone'] } }),
    ]);
    expect(JSON.stringify(await auditOf('insurance-coordinator.update', id))).not.toContain('555');

    const toggled = await post('/toggle-status', STAFF, { id, status: 0 });
    expect(toggled.json()).toEqual({ data: { id, status: 0 }, message: 'Insurance coordinator status updated successfully.' });
    expect(await auditOf('insurance-coordinator.toggle-status', id)).toEqual([expect.objectContaining({ detail: { status: 0 } })]);

    const deleted = await post('/delete', NORTH, { id });
    expect(deleted.json()).toEqual({ message: 'Insurance coordinator deleted successfully.' });
    expect(await t.app.db.select().from(insuranceCoordinators).where(eq(insuranceCoordinators.id, id))).toEqual([]);
    expect(await auditOf('insurance-coordinator.delete', id)).toEqual([
      expect.objectContaining({ success: true, detail: { name: 'Maria Santos' } }),
    ]);

    await t.expectEach(
      NORTH,
      [
        ['POST', '/delete', { id }],
        ['POST', '/update', { id, name: 'X', status: 1 }],
        ['POST', '/toggle-status', { id, status: 1 }],
      ],
      { status: 404, body: { message: 'Insurance coordinator not found.' } },
    );
  });

  it('refuses to delete a coordinator with patients (409, with how many), and keeps them assigned', async () => {
    const coordinator = await store(NORTH, { name: 'Busy Coordinator' });
    const ids = await patientIds(101, 4);
    await t.app.db.update(patients).set({ insurance_coordinator_id: coordinator.id }).where(inArray(patients.id, ids));

    const refused = await post('/delete', STAFF, { id: coordinator.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'This insurance coordinator is assigned to 4 patients. Assign them another coordinator first, or switch this one off to hide it from new choices.',
    });
    expect(await t.app.db.select().from(insuranceCoordinators).where(eq(insuranceCoordinators.id, coordinator.id))).toHaveLength(1);
    expect(await t.app.db.select().from(patients).where(eq(patients.insurance_coordinator_id, coordinator.id))).toHaveLength(4);
    expect(await auditOf('insurance-coordinator.delete', coordinator.id)).toEqual([
      expect.objectContaining({ success: false, detail: { refused: 'in-use', patients: 4 } }),
    ]);

    await t.app.db.update(patients).set({ insurance_coordinator_id: null }).where(inArray(patients.id, ids));
    expect((await post('/delete', STAFF, { id: coordinator.id })).statusCode).toBe(200);
  });

  it('answers missing or bad fields with the field messages', async () => {
    const empty = await post('/store', NORTH, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({ message: 'Name is required.', errors: { name: ['Name is required.'] } });
    expect((await post('/store', NORTH, { name: 'A', email: 'not-an-address', phone: '555-0100' })).json().errors).toEqual({
      email: ['The email field must have a valid email address.'],
      phone: ['Please enter valid phone.'],
    });
    expect((await post('/store', NORTH, { name: 'A', phone: `312 ${' '.repeat(30)}555 0100` })).json().errors).toEqual({
      phone: ['Phone may not be greater than 32 characters.'],
    });
    expect((await post('/store', NORTH, { name: 'A', email: 7, phone: [] })).statusCode).toBe(422);
    expect((await post('/update', NORTH, {})).json().errors).toEqual({
      id: ['The id must be a positive integer.'],
      name: ['Name is required.'],
      status: ['The value must be 0 or 1.'],
    });
    // Blank or null contact fields are simply absent.
    const bare = await store(NORTH, { name: 'No contact', email: '  ', phone: null });
    expect(bare).toMatchObject({ email: null, phone: null });
    await post('/delete', NORTH, { id: bare.id });
  });
});

describe('name uniqueness', () => {
  it('refuses a name the program already has, whatever its case', async () => {
    const dup = await post('/store', NORTH, { name: 'grace LIU' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({
      message: 'An insurance coordinator with this name already exists.',
      errors: { name: ['An insurance coordinator with this name already exists.'] },
    });
    const mine = await store(NORTH, { name: 'Renamed Person' });
    const clash = await post('/update', NORTH, { id: mine.id, name: 'TANYA BROOKS', status: 1 });
    expect(clash.statusCode).toBe(422);
    expect((await post('/update', NORTH, { id: mine.id, name: 'renamed person', status: 1 })).statusCode).toBe(200);
    await post('/delete', NORTH, { id: mine.id });
  });

  it('lets only one of several simultaneous stores of a name through', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => post('/store', NORTH, { name: 'Race Person' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
  });

  it('lets another program use the same name', async () => {
    expect((await post('/store', LAKE, { name: 'Grace Liu' })).statusCode).toBe(201);
  });
});

describe('tenancy', () => {
  it('never shows, changes or deletes another program’s coordinator', async () => {
    const north = (await get('', NORTH)).json().data.data as Coordinator[];
    const target = north.find((x) => x.name === 'Luis Ortega')!;
    expect(JSON.stringify((await get('?perPage=All&search=Ortega', LAKE)).json())).not.toContain('Ortega');
    await t.expectEach(
      LAKE,
      [
        ['POST', '/update', { id: target.id, name: 'Hijacked', status: 0 }],
        ['POST', '/toggle-status', { id: target.id, status: 0 }],
        ['POST', '/delete', { id: target.id }],
      ],
      { status: 404 },
    );
    const [row] = await t.app.db.select().from(insuranceCoordinators).where(eq(insuranceCoordinators.id, target.id));
    expect(row).toMatchObject({ name: 'Luis Ortega', status: 1, program_id: 101 });
  });
});

describe('who may use it', () => {
  it('refuses self-service staff with 403 on every route', async () => {
    await t.expectEach(
      SELF_SERVICE,
      [
        ['GET', ''],
        ['GET', '/1'],
        ['POST', '/store', { name: 'Mine' }],
        ['POST', '/update', { id: 1, name: 'Mine', status: 1 }],
        ['POST', '/toggle-status', { id: 1, status: 1 }],
        ['POST', '/delete', { id: 1 }],
      ],
      { status: 403, body: { message: 'This is not available to self-service accounts.' } },
    );
  });

  it('refuses super admins and anonymous callers', async () => {
    expect((await get('', ADMIN)).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.call({ method: 'POST', url: `${url}/store`, payload: { name: 'x' } })).statusCode).toBe(401);
  });
});

describe('hostile input', () => {
  const bodies: unknown[] = [
    null,
    [],
    'text',
    { name: [], email: {}, phone: 5 },
    { id: 1e20, name: 'x', status: 1 },
    { id: '1 or 1=1', name: 'x', status: 1 },
    { id: 1, name: 'x'.repeat(10_000), email: 'a@b.co'.repeat(100), phone: '1'.repeat(100), status: 1 },
    { name: "'; drop table insurance_coordinators; --", email: '\u0000', phone: '\u0000' },
  ];

  it.each(['/store', '/update', '/toggle-status', '/delete'])('never answers 5xx on POST %s', async (path) => {
    for (const body of bodies) {
      const res = await t.sendAs(path, NORTH, body);
      expect({ body, status: res.statusCode < 500 }).toEqual({ body, status: true });
    }
  });
});
