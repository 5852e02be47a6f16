/**
 * The audit trail's readers: GET /api/admin/audit (filters, cursor paging, the capped count, who may
 * read it, its own audit record), /excel (streamed and in the background) and /choices; and a patient's
 * access history (GET /api/patients/{id}/access-history) for the program's sub user. The records are
 * inserted by the test, dated in 2020 (before anything the app records while the test runs), and every
 * list call of the trail is bounded to 2020 unless it is about the dates.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import {
  AUDIT_COUNT_CAP,
  AUDIT_EXPORT_COLUMNS,
  AUDIT_MESSAGES,
  PATIENT_NOT_FOUND,
  type AuditPage,
  type AuditRecord,
  type ReportExport,
} from '@baridesk/contracts';
import { auditRecords, patients } from '../../../../db/schema';
import { queryRows } from '../../../../db/client';
import { fencedPageIds, namesPatient } from '../plugins/audit-trail';
import { seededDatabase } from '../../../../test/databases';
import { startTestApp, type TestApp } from '../../../../test/app';
import { REPORT_EXPORT_JOB } from '../../../reports';

const NORTH = 101;
const LAKE_ID = 102;
const SUB = 'subuser@northside.test';
const STAFF = 'staff@northside.test';
const STAFF_ID = 201;
const LAKE = 'subuser@lakeview.test';
const ADMIN = 'superadmin@baridesk.test';
const ADMIN2 = 'admin2@baridesk.test';

let t: TestApp;
let tokens: Record<string, string>;
let P1: { id: number; name: string };
let P2: { id: number; name: string };
let PL: { id: number; name: string };
/** The fixture records' ids by name. */
const ids: Record<string, number> = {};

type Fixture = Partial<typeof auditRecords.$inferInsert> & { at: Date; action: string; entity: string };

async function insert(name: string, row: Fixture) {
  const [made] = await t.app.db.insert(auditRecords).values(row).returning({ id: auditRecords.id });
  ids[name] = made!.id;
}

const call = (url: string, who: string) => t.call({ method: 'GET', url, token: tokens[who] });
/** A query of the trail: 2020 unless it names its own dates (a later parameter replaces an earlier one). */
const inTwenty = (query: string) => new URLSearchParams({ from: '2020-01-01', to: '2020-12-31', ...Object.fromEntries(new URLSearchParams(query)) }).toString();
const trail = async (query: string, who = ADMIN) => {
  const res = await call(`/api/admin/audit?${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data as AuditPage;
};
/** The fixture names of a page's records, in its order. */
const names = (page: AuditPage) => page.data.map((row) => Object.entries(ids).find(([, id]) => id === row.id)?.[0] ?? `other ${row.action}`);

beforeAll(async () => {
  const { target, drop } = await seededDatabase({ patientsPerProgram: 6 });
  t = await startTestApp(target, drop, { patientsPerProgram: 6 }, { config: { reportExportStreamMaxRows: 5 } });
  tokens = await t.signIn(SUB, STAFF, LAKE, ADMIN, ADMIN2);
  const first = async (programId: number, offset: number) => {
    const [row] = await t.app.db
      .select({ id: patients.id, first: patients.first_name, last: patients.last_name })
      .from(patients)
      .where(eq(patients.program_id, programId))
      .orderBy(asc(patients.id))
      .limit(1)
      .offset(offset);
    return { id: row!.id, name: `${row!.first} ${row!.last}` };
  };
  [P1, P2, PL] = await Promise.all([first(NORTH, 0), first(NORTH, 1), first(LAKE_ID, 0)]);

  const at = (iso: string) => new Date(iso);
  await insert('staff read P1', {
    at: at('2020-03-01T10:00:00Z'), actor_account_id: STAFF_ID, actor_type: 'program_user', program_id: NORTH,
    action: 'patient.read', entity: 'patient', entity_id: String(P1.id), patient_id: P1.id, ip: '10.0.0.1', user_agent: 'UA-1',
  });
  await insert('sub updated P1', {
    at: at('2020-03-01T11:00:00Z'), actor_account_id: NORTH, actor_type: 'sub_user', program_id: NORTH,
    action: 'patient.update', entity: 'patient', entity_id: String(P1.id), patient_id: P1.id, detail: { fields: ['email'] },
  });
  await insert('staff listed P2 and P1', {
    at: at('2020-03-02T09:00:00Z'), actor_account_id: STAFF_ID, actor_type: 'program_user', program_id: NORTH,
    action: 'patient.list', entity: 'patient', detail: { page: 1, patientIds: [P2.id, P1.id] },
  });
  await insert('P1 signed in to the app', {
    at: at('2020-03-02T09:30:00Z'), actor_type: 'patient', program_id: NORTH, action: 'app.login', entity: 'patient', entity_id: String(P1.id), patient_id: P1.id,
  });
  await insert('admin read P1', {
    at: at('2020-03-03T08:00:00Z'), actor_account_id: 48, actor_type: 'super_admin', program_id: NORTH,
    action: 'patient.read', entity: 'patient', entity_id: String(P1.id), patient_id: P1.id, detail: { acrossPrograms: true },
  });
  await insert('staff read P2', {
    at: at('2020-03-03T08:30:00Z'), actor_account_id: STAFF_ID, actor_type: 'program_user', program_id: NORTH,
    action: 'patient.read', entity: 'patient', entity_id: String(P2.id), patient_id: P2.id,
  });
  await insert('lake read PL', {
    at: at('2020-03-04T12:00:00Z'), actor_account_id: LAKE_ID, actor_type: 'sub_user', program_id: LAKE_ID,
    action: 'patient.read', entity: 'patient', entity_id: String(PL.id), patient_id: PL.id,
  });
  await insert('staff failed sign-in', {
    at: at('2020-03-04T13:00:00Z'), actor_account_id: STAFF_ID, actor_type: 'program_user', program_id: NORTH,
    action: 'login', entity: 'account', entity_id: String(STAFF_ID), success: false, detail: { reason: 'password' },
  });
  await insert('system sweep', { at: at('2020-03-05T00:00:00Z'), action: 'pipeline.sweep', entity: 'pipeline' });
  // Twelve records at one instant and three after it, for paging through ties.
  for (let n = 1; n <= 12; n++) {
    await insert(`tie ${n}`, { at: at('2020-04-01T00:00:00Z'), actor_account_id: NORTH, actor_type: 'sub_user', program_id: NORTH, action: 'patient.read', entity: 'patient', patient_id: P2.id });
  }
  for (let n = 1; n <= 3; n++) {
    await insert(`after ${n}`, { at: at(`2020-04-0${n + 1}T00:00:00Z`), actor_account_id: NORTH, actor_type: 'sub_user', program_id: NORTH, action: 'patient.read', entity: 'patient', patient_id: P2.id });
  }
  // More than the count's cap, in 2019, over a day and a bit (8,639 on 1 June).
  await t.app.db.execute(sql`
    insert into audit_records (at, action, entity, program_id)
    select timestamptz '2019-06-01 00:00:00+00' + make_interval(secs => n * 10), 'bulk.fill', 'test', ${LAKE_ID}
    from generate_series(1, ${AUDIT_COUNT_CAP + 1}) n`);
});
afterAll(() => t?.close());

describe('GET /api/admin/audit', () => {
  it('answers the records newest first, each with who, what, which patient and program, when and from where', async () => {
    const page = await trail(inTwenty('to=2020-03-31&perPage=100'));
    expect(names(page)).toEqual([
      'system sweep', 'staff failed sign-in', 'lake read PL', 'staff read P2', 'admin read P1', 'P1 signed in to the app',
      'staff listed P2 and P1', 'sub updated P1', 'staff read P1',
    ]);
    expect(page).toMatchObject({ total: 9, total_exact: true, perPage: 100, next: null });
    const byName = (name: string) => page.data.find((row) => row.id === ids[name])!;
    expect(byName('staff read P1')).toEqual({
      id: ids['staff read P1']!,
      at: '2020-03-01T10:00:00.000Z',
      actor: { id: STAFF_ID, type: 'program_user', name: 'Jordan Ellis', email: STAFF },
      action: 'patient.read',
      entity: 'patient',
      entity_id: String(P1.id),
      patient: P1,
      patient_count: null,
      program: { id: NORTH, title: 'Northside Bariatrics' },
      ip: '10.0.0.1',
      user_agent: 'UA-1',
      success: true,
      detail: null,
    } satisfies AuditRecord);
    expect(byName('sub updated P1').actor).toEqual({ id: NORTH, type: 'sub_user', name: 'Dr. Elena Marquez', email: SUB });
    expect(byName('admin read P1').actor).toEqual({ id: 48, type: 'super_admin', name: 'Avery Collins', email: ADMIN });
    expect(byName('P1 signed in to the app').actor).toMatchObject({ id: null, type: 'patient', name: P1.name });
    expect(byName('system sweep')).toMatchObject({ actor: null, program: null, patient: null });
    // A list's patients are counted, their ids kept on the server.
    expect(byName('staff listed P2 and P1')).toMatchObject({ patient: null, patient_count: 2, detail: { page: 1 } });
    expect(byName('staff listed P2 and P1').detail).not.toHaveProperty('patientIds');
  });

  it('filters by patient (lists that showed them included), person, actor search, program, action, entity, dates and success', async () => {
    const cases: [string, string[]][] = [
      [`patient_id=${P1.id}`, ['admin read P1', 'P1 signed in to the app', 'staff listed P2 and P1', 'sub updated P1', 'staff read P1']],
      [`actor=${STAFF_ID}&to=2020-03-31`, ['staff failed sign-in', 'staff read P2', 'staff listed P2 and P1', 'staff read P1']],
      ['search=JORDAN&to=2020-03-31', ['staff failed sign-in', 'staff read P2', 'staff listed P2 and P1', 'staff read P1']],
      ['search=collins', ['admin read P1']],
      ['search=subuser@lake', ['lake read PL']],
      ['search=nobody-has-this-name', []],
      [`program_id=${LAKE_ID}`, ['lake read PL']],
      ['action=patient.&to=2020-03-31', ['lake read PL', 'staff read P2', 'admin read P1', 'staff listed P2 and P1', 'sub updated P1', 'staff read P1']],
      ['action=patient.update', ['sub updated P1']],
      ['action=patient', []],
      ['action=nothing.', []],
      ['entity=account', ['staff failed sign-in']],
      ['from=2020-03-03&to=2020-03-03', ['staff read P2', 'admin read P1']],
      ['success=0', ['staff failed sign-in']],
      [`patient_id=${P1.id}&actor=48`, ['admin read P1']],
    ];
    for (const [query, expected] of cases) {
      const page = await trail(inTwenty(`perPage=100&${query}`));
      expect({ query, names: names(page), total: page.total }).toEqual({ query, names: expected, total: expected.length });
    }
  });

  it('pages by cursor through records of the same instant, each record once, in the same order', async () => {
    const query = inTwenty(`patient_id=${P2.id}&from=2020-04-01`);
    const all = await trail(`${query}&perPage=100`);
    expect(all.data).toHaveLength(15);
    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const page: AuditPage = await trail(`${query}&perPage=5${before === null ? '' : `&before=${before}`}`);
      expect(page.total).toBe(15);
      seen.push(...page.data.map((row) => row.id));
      before = page.next;
      pages += 1;
    } while (before !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.data.map((row) => row.id));
    expect(names(all).slice(0, 4)).toEqual(['after 3', 'after 2', 'after 1', 'tie 12']);
    // Within one instant the later record comes first.
    expect(all.data.slice(3).map((row) => row.id)).toEqual([...all.data.slice(3).map((row) => row.id)].sort((a, b) => b - a));
  });

  it("reads a patient's records behind a fence the planner cannot see through (a materialized CTE)", async () => {
    // Without it PostgreSQL walks audit_records_at_idx through every other record (2.4 s at 2.1M records).
    const execute = jest.spyOn(t.app.db, 'execute');
    try {
      await trail(inTwenty(`patient_id=${P1.id}`));
      const statements = execute.mock.calls.map(([query]) => new PgDialect().sqlToQuery(query as SQL).sql);
      expect(statements.filter((text) => /with matching as materialized/.test(text) && /patientIds/.test(text))).toHaveLength(1);
    } finally {
      execute.mockRestore();
    }
    const plan = await queryRows<{ 'QUERY PLAN': string }>(t.app.db, sql`explain ${fencedPageIds(namesPatient(P1.id), 21)}`);
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/CTE Scan on matching/);
  });

  it(`counts up to ${AUDIT_COUNT_CAP.toLocaleString('en-US')} records and says when there are more`, async () => {
    expect(await trail('action=bulk.fill&perPage=10')).toMatchObject({ total: AUDIT_COUNT_CAP, total_exact: false, perPage: 10 });
    expect(await trail('action=bulk.fill&perPage=10&to=2019-06-01')).toMatchObject({ total_exact: true });
  });

  it('records each read of the trail with its filters, and the patient and program it was about', async () => {
    await trail(inTwenty(`patient_id=${P1.id}&program_id=${NORTH}&search=jordan&perPage=10`), ADMIN);
    const [record] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'audit.read')).orderBy(desc(auditRecords.id)).limit(1);
    expect(record).toMatchObject({
      actor_account_id: 48,
      actor_type: 'super_admin',
      patient_id: P1.id,
      program_id: NORTH,
      entity: 'audit_record',
      detail: { patient_id: P1.id, program_id: NORTH, search: 'jordan', from: '2020-01-01', to: '2020-12-31', perPage: 10, count: 2 },
    });
  });

  it('refuses staff, super admins without audit_trail and the signed out; refuses bad filters with 422', async () => {
    for (const [who, status, message] of [
      [SUB, 403, 'This is available to super admins only.'],
      [STAFF, 403, 'This is available to super admins only.'],
      [ADMIN2, 403, 'You do not have permission to do this.'],
    ] as const) {
      for (const path of ['', '/excel', '/choices']) {
        const res = await call(`/api/admin/audit${path}`, who);
        expect({ who, path, status: res.statusCode, body: res.json() }).toEqual({ who, path, status, body: { message } });
      }
    }
    expect((await t.call({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);

    const bad = async (query: string, field: string) => {
      const res = await call(`/api/admin/audit?${query}`, ADMIN);
      expect({ query, status: res.statusCode, fields: Object.keys(res.json().errors ?? {}) }).toEqual({ query, status: 422, fields: [field] });
      return res.json().errors[field] as string[];
    };
    expect(await bad('from=2020-03-02&to=2020-03-01', 'to')).toEqual([AUDIT_MESSAGES.rangeOrder]);
    expect(await bad('before=abc', 'before')).toEqual([AUDIT_MESSAGES.invalidCursor]);
    await bad('action=patient read', 'action');
    await bad('perPage=All', 'perPage');
    await bad('patient_id=0', 'patient_id');
    await bad('success=2', 'success');
    await bad('from=2020-02-30', 'from');
  });
});

describe('GET /api/admin/audit/choices', () => {
  it('lists every action the trail holds, in order, and the programs', async () => {
    const res = await call('/api/admin/audit/choices', ADMIN);
    expect(res.statusCode).toBe(200);
    const { actions, programs } = res.json().data as { actions: string[]; programs: { id: number; title: string }[] };
    expect(actions).toEqual(expect.arrayContaining(['app.login', 'bulk.fill', 'login', 'patient.list', 'patient.read', 'patient.update', 'pipeline.sweep']));
    expect(actions).toEqual([...actions].sort());
    expect(new Set(actions).size).toBe(actions.length);
    expect(programs).toEqual(expect.arrayContaining([{ id: NORTH, title: 'Northside Bariatrics' }]));
  });
});

describe('GET /api/admin/audit/excel', () => {
  async function sheetOf(payload: Buffer): Promise<unknown[][]> {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(payload as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('streams a small file of the filtered records, newest first, and records the export', async () => {
    const res = await call(`/api/admin/audit/excel?${inTwenty(`actor=${STAFF_ID}&to=2020-03-31`)}`, ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual([...AUDIT_EXPORT_COLUMNS]);
    expect(rows.map((row) => row[4])).toEqual(['Action', 'login', 'patient.read', 'patient.list', 'patient.read']);
    expect(rows[4]!.slice(1, 8)).toEqual(['Jordan Ellis', STAFF, 'Program user', 'patient.read', 'patient', String(P1.id), P1.name]);
    const [record] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'audit.export')).orderBy(desc(auditRecords.id)).limit(1);
    expect(record).toMatchObject({ actor_account_id: 48, program_id: null, detail: { format: 'xlsx', count: 4, actor: STAFF_ID, patientIds: [P2.id, P1.id] } });
  });

  it('makes a larger one in the background (202, the job, then the file for the admin who asked)', async () => {
    const asked = await call(`/api/admin/audit/excel?${inTwenty(`patient_id=${P2.id}`)}`, ADMIN);
    expect(asked.statusCode).toBe(202);
    const started = asked.json().data as ReportExport;
    expect(started).toMatchObject({ kind: 'audit-trail', status: 'queued', total: 17 });
    await t.app.jobs.drain([REPORT_EXPORT_JOB]);
    const file = await call(`/api/report-exports/${started.id}/file`, ADMIN);
    expect(file.statusCode).toBe(200);
    const rows = await sheetOf(file.rawPayload);
    expect(rows).toHaveLength(18);
    const [record] = await t.app.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'audit.export'), eq(auditRecords.patient_id, P2.id)))
      .orderBy(desc(auditRecords.id))
      .limit(1);
    expect(record).toMatchObject({ detail: { count: 17, export: started.id } });
  });
});

describe('GET /api/patients/{id}/access-history', () => {
  const history = (patientId: number, who: string, query = '') => call(`/api/patients/${patientId}/access-history${query}`, who);

  it("shows the program's sub user who read or changed the patient's record, newest first, paged", async () => {
    const res = await history(P1.id, SUB, '?perPage=100');
    expect(res.statusCode).toBe(200);
    const page = res.json().data as AuditPage;
    const fixtures = names(page).filter((name) => !name.startsWith('other'));
    expect(fixtures).toEqual(['admin read P1', 'P1 signed in to the app', 'staff listed P2 and P1', 'sub updated P1', 'staff read P1']);
    expect(page.data.every((row) => row.patient?.id === P1.id || row.patient_count !== null)).toBe(true);

    // Page by page: the same records (each read of the history is itself a newer record naming the patient).
    const paged: number[] = [];
    let before: number | null = null;
    do {
      const next: AuditPage = (await history(P1.id, SUB, `?perPage=5${before === null ? '' : `&before=${before}`}`)).json().data;
      expect(next.data.length).toBeLessThanOrEqual(5);
      paged.push(...next.data.map((row) => row.id));
      before = next.next;
    } while (before !== null && paged.length < 100);
    const newest = page.data[0]!.id;
    expect(paged.filter((id) => id <= newest)).toEqual(page.data.map((row) => row.id));

    const [record] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'patient.access-history.read')).orderBy(desc(auditRecords.id)).limit(1);
    expect(record).toMatchObject({ actor_account_id: NORTH, patient_id: P1.id, program_id: NORTH, entity_id: String(P1.id) });
  });

  it("refuses program users (403), and another program's patient is not found (404, recorded)", async () => {
    const staff = await history(P1.id, STAFF);
    expect(staff.statusCode).toBe(403);
    expect(staff.json()).toEqual({ message: 'This is available to the program administrator only.' });
    const other = await history(P1.id, LAKE);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: PATIENT_NOT_FOUND });
    const [refusal] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'patient.access-history.read')).orderBy(desc(auditRecords.id)).limit(1);
    expect(refusal).toMatchObject({ actor_account_id: LAKE_ID, success: false, entity_id: String(P1.id), patient_id: null });
    expect((await history(PL.id, LAKE)).statusCode).toBe(200);
    expect((await history(P1.id, ADMIN)).statusCode).toBe(403);
  });
});
