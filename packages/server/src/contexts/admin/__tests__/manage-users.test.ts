import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { MANAGE_USERS_MESSAGES, patientEditBody, type ManageUserRecord } from '@baridesk/contracts';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, patients, patientTags } from '../../../db/schema';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('superadmin@baridesk.test');
});
afterAll(() => t.close());

const base = '/api/admin/manage-users';
const get = (url: string, token = admin) => t.call({ method: 'GET', url, token });

/** A patient of Lakeview (102), as stored. */
async function lakeviewPatient(offset = 0) {
  const [row] = await t.app.db
    .select({ id: patients.id, last_name: patients.last_name, mrn: patients.mrn_number })
    .from(patients)
    .where(eq(patients.program_id, 102))
    .orderBy(patients.id)
    .offset(offset)
    .limit(1);
  return row!;
}

/** The audit records written after `afterId` for this patient. */
async function auditSince(afterId: number, patientId: number) {
  return t.app.db
    .select()
    .from(auditRecords)
    .where(and(gt(auditRecords.id, afterId), eq(auditRecords.patient_id, patientId)))
    .orderBy(auditRecords.id);
}
const lastAuditId = async () => (await t.app.db.select({ id: sql<number>`coalesce(max(${auditRecords.id}), 0)::int` }).from(auditRecords))[0]!.id;

describe('who may', () => {
  it.each([
    ['GET', base],
    ['GET', `${base}/1`],
    ['PUT', `${base}/1`],
    ['DELETE', `${base}/1`],
    ['GET', `${base}/patient-report/excel`],
    ['GET', `${base}/programs`],
  ] as const)('%s %s refuses admin2, who lacks manage_users', async (method, url) => {
    const token = await t.login('admin2@baridesk.test');
    const res = await t.call({ method, url, token, ...(method === 'PUT' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do this.');
  });

  it('refuses program staff', async () => {
    const token = await t.login('subuser@northside.test');
    expect((await get(base, token)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/manage-users', () => {
  it('finds a patient of any program by last name, MRN or e-mail, with the program named', async () => {
    const patient = await lakeviewPatient();
    const res = await get(`${base}?search=${encodeURIComponent(patient.last_name)}&perPage=100`);
    expect(res.statusCode).toBe(200);
    const row = res.json().data.data.find((r: { id: number }) => r.id === patient.id);
    expect(row).toMatchObject({ program_id: 102, program_name: expect.stringMatching(/Lakeview/) });
    if (patient.mrn) {
      const byMrn = await get(`${base}?search=${encodeURIComponent(patient.mrn)}`);
      expect(byMrn.json().data.data.map((r: { id: number }) => r.id)).toContain(patient.id);
    }
  });

  it('lists every program, and one program with the filter', async () => {
    const all = (await get(`${base}?perPage=All`)).json().data;
    expect(new Set(all.data.map((r: { program_id: number }) => r.program_id)).size).toBeGreaterThan(1);
    const [counted] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(patients);
    expect(all.total).toBe(counted!.n);
    const one = (await get(`${base}?program=102&perPage=All`)).json().data;
    expect(one.data.length).toBeGreaterThan(0);
    expect(one.data.every((r: { program_id: number }) => r.program_id === 102)).toBe(true);
    const stage = (await get(`${base}?stage=2&perPage=All`)).json().data;
    expect(stage.data.every((r: { current_stage: number }) => r.current_stage === 2)).toBe(true);
  });

  it('sorts by program, both ways', async () => {
    const up = (await get(`${base}?sort=program&perPage=All`)).json().data.data.map((r: { program_name: string }) => r.program_name);
    expect(up).toEqual([...up].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const down = (await get(`${base}?sort=program&direction=desc&perPage=All`)).json().data.data.map((r: { program_name: string }) => r.program_name);
    expect(down).toEqual([...up].reverse());
  });

  it('pages a search of 3 letters or more (matches sorted apart from the name index) exactly as the whole list does', async () => {
    // The e-mail domain most patients share: a term of every program, with many matches.
    const [{ domain } = { domain: '' }] = await t.app.db
      .select({ domain: sql<string>`split_part(${patients.email}, '@', 2)` })
      .from(patients)
      .groupBy(sql`1`)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    const term = encodeURIComponent(domain);
    const ids = (url: string) => get(url).then((res) => res.json().data as { data: { id: number }[]; total: number });
    for (const [sort, direction] of [['name', 'asc'], ['program', 'desc'], ['status', 'asc']] as const) {
      const whole = await ids(`${base}?search=${term}&sort=${sort}&direction=${direction}&perPage=All`);
      expect(whole.total).toBeGreaterThan(5);
      const first = await ids(`${base}?search=${term}&sort=${sort}&direction=${direction}&perPage=5`);
      const second = await ids(`${base}?search=${term}&sort=${sort}&direction=${direction}&perPage=5&page=2`);
      expect(first.total).toBe(whole.total);
      expect([...first.data, ...second.data].map((r) => r.id)).toEqual(whole.data.slice(0, 10).map((r) => r.id));
    }
    const past = await ids(`${base}?search=${term}&perPage=5&page=999`);
    expect(past.data).toEqual([]);
  });

  it('audits the list across programs with the patients shown, never the search text', async () => {
    const before = await lastAuditId();
    await get(`${base}?search=smith&program=101`);
    const [record] = await t.app.db.select().from(auditRecords).where(gt(auditRecords.id, before)).orderBy(desc(auditRecords.id)).limit(1);
    expect(record).toMatchObject({ action: 'patient.list', program_id: 101, actor_account_id: 48 });
    expect(record!.detail).toMatchObject({ acrossPrograms: true, program: 101, searchLength: 5 });
    expect(JSON.stringify(record!.detail)).not.toContain('smith');
  });

  it('offers the live programs to filter by', async () => {
    const res = await get(`${base}/programs`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([101, 102]));
  });

  it('refuses bad filters with 422', async () => {
    const res = await get(`${base}?program=abc&sort=nope`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toBeDefined();
  });
});

describe('GET /api/admin/manage-users/{id}', () => {
  it('reads a patient of another program with its program, audited with the patient', async () => {
    const patient = await lakeviewPatient();
    const before = await lastAuditId();
    const res = await get(`${base}/${patient.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: patient.id, program_id: 102, program_name: expect.stringMatching(/Lakeview/) });
    const [record] = await auditSince(before, patient.id);
    expect(record).toMatchObject({ action: 'patient.read', entity_id: String(patient.id), program_id: 102, detail: { acrossPrograms: true } });
  });

  it('answers 404 for an id no program has, and records the probe', async () => {
    const before = await lastAuditId();
    const res = await get(`${base}/987654`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MANAGE_USERS_MESSAGES.notFound);
    const [record] = await t.app.db.select().from(auditRecords).where(gt(auditRecords.id, before));
    expect(record).toMatchObject({ action: 'patient.read', entity_id: '987654', success: false });
  });
});

describe('PUT /api/admin/manage-users/{id}', () => {
  const read = async (id: number) => (await get(`${base}/${id}`)).json().data as ManageUserRecord;
  const put = (id: number, payload: object) => t.call({ method: 'PUT', url: `${base}/${id}`, token: admin, payload });

  it('saves the staff fields inside the patient’s program, audited with what changed', async () => {
    const patient = await read((await lakeviewPatient(1)).id);
    const before = await lastAuditId();
    const res = await put(patient.id, patientEditBody(patient, { phone: '312-555-0199', city: 'Evanston' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: MANAGE_USERS_MESSAGES.updated, data: { city: 'Evanston', program_id: 102, version: patient.version + 1 } });
    const [record] = await auditSince(before, patient.id);
    expect(record).toMatchObject({ action: 'patient.update', program_id: 102, detail: { acrossPrograms: true } });
    expect((record!.detail as { changed: string[] }).changed.sort()).toEqual(['city', 'phone']);
  });

  it('applies the staff rules: a stale version is 409, another program’s tag 422, an id unlike the address 422', async () => {
    const patient = await read((await lakeviewPatient(2)).id);
    const stale = await put(patient.id, patientEditBody(patient, { version: patient.version + 5 }));
    expect(stale.statusCode).toBe(409);
    const [northsideTag] = await t.app.db.select({ id: patientTags.id }).from(patientTags).where(eq(patientTags.program_id, 101)).limit(1);
    const foreignTag = await put(patient.id, patientEditBody(patient, { user_cat_id: String(northsideTag!.id) }));
    expect(foreignTag.statusCode).toBe(422);
    expect(Object.keys(foreignTag.json().errors)).toEqual(['user_cat_id']);
    const mismatch = await put(patient.id, patientEditBody(patient, { id: patient.id + 1 }));
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ id: [MANAGE_USERS_MESSAGES.idMismatch] });
    const blank = await put(patient.id, { ...patientEditBody(patient), first_name: '' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.first_name).toBeDefined();
    expect((await read(patient.id)).version).toBe(patient.version);
  });
});

describe('DELETE /api/admin/manage-users/{id}', () => {
  it('keeps the patient, inactive, audited; a second delete is 409', async () => {
    const patient = await lakeviewPatient(3);
    const before = await lastAuditId();
    const res = await t.call({ method: 'DELETE', url: `${base}/${patient.id}`, token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MANAGE_USERS_MESSAGES.deleted);
    const [row] = await t.app.db.select({ status: patients.status }).from(patients).where(eq(patients.id, patient.id));
    expect(row!.status).toBe(0);
    const records = await auditSince(before, patient.id);
    expect(records.map((r) => r.action)).toContain('patient.delete');
    expect(records.find((r) => r.action === 'patient.delete')).toMatchObject({ program_id: 102, success: true, detail: { acrossPrograms: true, status: 0 } });
    const again = await t.call({ method: 'DELETE', url: `${base}/${patient.id}`, token: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MANAGE_USERS_MESSAGES.alreadyDeleted);
    const inactive = (await get(`${base}?status=0&program=102&perPage=All`)).json().data.data.map((r: { id: number }) => r.id);
    expect(inactive).toContain(patient.id);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await t.call({ method: 'DELETE', url: `${base}/987654`, token: admin })).statusCode).toBe(404);
  });
});

describe('GET /api/admin/manage-users/patient-report/excel', () => {
  it('streams the filtered patients of every program, audited across programs with the patients written', async () => {
    const before = await lastAuditId();
    const res = await get(`${base}/patient-report/excel?program=102&sort=name`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['content-disposition']).toMatch(/patients-all-programs-\d{4}-\d{2}-\d{2}\.xlsx/);
    const [record] = await t.app.db.select().from(auditRecords).where(and(gt(auditRecords.id, before), eq(auditRecords.action, 'patient.export')));
    const lakeview = await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.program_id, 102));
    expect(record).toMatchObject({ program_id: 102, success: true, detail: { acrossPrograms: true, program: 102 } });
    expect([...(record!.detail as { patientIds: number[] }).patientIds].sort()).toEqual(lakeview.map((p) => p.id).sort());
  });
});
