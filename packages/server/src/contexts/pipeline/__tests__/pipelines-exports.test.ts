/**
 * The average days per status (GET /api/get-pipeline-patient-average-days) over days that pass on a
 * ManualClock, and the board's two spreadsheets (GET /api/pipeline-patients-excel and
 * /by-average-days), read back with exceljs.
 */
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import { PIPELINE_AVERAGE_DAYS_EXCEL_COLUMNS, PIPELINE_EXCEL_COLUMNS, type PipelineAverageDaysRow } from '@baridesk/contracts';
import { formatPhone } from '@baridesk/domain';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, patients } from '../../../db/schema';
import { clearPipelines } from './pipelines-fixtures';

const NORTH = 'subuser@northside.test';
const LAKE = 'subuser@lakeview.test';
const NORTH_ID = 101;
const LAKE_ID = 102;
const NORTH_ZONE = 'America/Chicago';
const DAY = 86_400_000;

let t: TestApp;
/** Tokens signed in at the clock's present time (sessions end after 90 idle minutes, so days that pass end them). */
const tokens = new Map<string, string>();
async function tokenOf(who: string): Promise<string> {
  if (!tokens.has(who)) tokens.set(who, await t.login(who));
  return tokens.get(who)!;
}
function advanceDays(days: number) {
  t.clock.advance(days * DAY);
  tokens.clear();
}
const get = async (url: string, who = NORTH) => t.call({ method: 'GET', url: `/api${url}`, token: await tokenOf(who) });
const post = async (url: string, body: object, who = NORTH) => t.call({ method: 'POST', url: `/api${url}`, token: await tokenOf(who), payload: body });

const s = { S1: 0, S2: 0, S3: 0 };
const p = { p1: 0, p2: 0, p3: 0, p5: 0 };
const FORMULA_NAME = '=HYPERLINK("http://evil.example","Open") Exporttest';

async function move(patientId: number, from: number | null, to: number) {
  const res = await post('/pipeline-patients/move', { patient_id: patientId, from_status_id: from, to_status_id: to });
  expect({ patientId, status: res.statusCode }).toEqual({ patientId, status: 200 });
}

async function averageDays(): Promise<PipelineAverageDaysRow[]> {
  const res = await get('/get-pipeline-patient-average-days?stage=1');
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The program's calendar date now. */
const today = () => DateTime.fromJSDate(t.clock.now(), { zone: NORTH_ZONE }).toISODate()!;

interface Sheet {
  name: string | undefined;
  header: unknown[];
  rows: unknown[][];
}

async function download(url: string, width: number, who = NORTH): Promise<Sheet> {
  const res = await get(url, who);
  expect({ url, status: res.statusCode, type: res.headers['content-type'] }).toEqual({
    url,
    status: 200,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const values = (row: ExcelJS.Row) =>
    Array.from({ length: width }, (_, i) => {
      const value = row.getCell(i + 1).value;
      return value === undefined ? null : value;
    });
  const rows: unknown[][] = [];
  sheet.eachRow((row, index) => {
    if (index > 1) rows.push(values(row));
  });
  const disposition = String(res.headers['content-disposition']);
  return { name: /filename="([^"]+)"/.exec(disposition)?.[1], header: values(sheet.getRow(1)), rows };
}

beforeAll(async () => {
  t = await createTestApp();
  // Noon in the program's zone: whole days later it is noon again, whatever daylight saving does.
  const now = DateTime.fromJSDate(t.clock.now(), { zone: NORTH_ZONE });
  let noon = now.set({ hour: 12, minute: 0, second: 0, millisecond: 0 });
  if (noon <= now) noon = noon.plus({ days: 1 });
  t.clock.advance(noon.toMillis() - now.toMillis());
  await clearPipelines(t.app.db, [NORTH_ID, LAKE_ID]);
  for (const [key, name] of [
    ['S1', 'Seminar'],
    ['S2', 'Consult'],
    ['S3', 'Ready'],
  ] as const) {
    const res = await post('/pipelines/store', { stage: 1, name });
    expect(res.statusCode).toBe(201);
    s[key] = res.json().data.id;
  }
  const stamp = { created_at: t.clock.now(), updated_at: t.clock.now() };
  const insert = async (values: Omit<typeof patients.$inferInsert, 'program_id' | 'name'>) => {
    const [row] = await t.app.db
      .insert(patients)
      .values({ program_id: NORTH_ID, name: `${values.first_name} ${values.last_name}`, ...stamp, ...values })
      .returning({ id: patients.id });
    return row!.id;
  };
  p.p1 = await insert({
    first_name: '=HYPERLINK("http://evil.example","Open")',
    last_name: 'Exporttest',
    email: '@evil@example.org',
    phone: '+1 (312) 555-0101',
    mrn_number: '-12',
    checklist_percent: 40,
    surgery_date: '2026-06-01',
  });
  p.p2 = await insert({ first_name: 'Amy', last_name: 'Exporttest', email: 'amy@example.org' });
  p.p3 = await insert({ first_name: 'Cara', last_name: 'Exporttest', mrn_number: 'MRN-3', checklist_percent: 100 });
  p.p5 = await insert({ first_name: 'Eli', last_name: 'Exporttest' });
});
afterAll(() => t?.close());

describe('average days per status', () => {
  it('counts the patients now, their days so far, and the stays that ended, in whole days of the program', async () => {
    // Day 0: three patients enter Seminar; day 1 a fourth.
    await move(p.p1, null, s.S1);
    await move(p.p2, null, s.S1);
    await move(p.p3, null, s.S1);
    advanceDays(1);
    await move(p.p5, null, s.S1);
    advanceDays(1); // day 2
    await move(p.p1, s.S1, s.S2);
    advanceDays(1); // day 3
    await move(p.p2, s.S1, s.S2);
    advanceDays(2); // day 5
    await move(p.p1, s.S2, s.S3);
    advanceDays(1); // day 6
    expect(await averageDays()).toEqual([
      { status_id: s.S1, name: 'Seminar', patients: 2, current_average_days: 5.5, completed_stays: 2, completed_average_days: 2.5 },
      { status_id: s.S2, name: 'Consult', patients: 1, current_average_days: 3, completed_stays: 1, completed_average_days: 3 },
      { status_id: s.S3, name: 'Ready', patients: 1, current_average_days: 1, completed_stays: 0, completed_average_days: null },
    ]);
  });

  it('shows another program none of it', async () => {
    expect((await get('/get-pipeline-patient-average-days?stage=1', LAKE)).json()).toEqual({ data: [] });
  });
});

describe('the board as a spreadsheet', () => {
  it('writes every card of the stage column by column, longest waiting first, with text that cannot run', async () => {
    const sheet = await download('/pipeline-patients-excel?stage=1', PIPELINE_EXCEL_COLUMNS.length);
    expect(sheet.name).toBe(`pipeline-pre-op-${today()}.xlsx`);
    expect(sheet.header).toEqual([...PIPELINE_EXCEL_COLUMNS]);
    expect(sheet.rows).toEqual([
      ['Seminar', 'Cara Exporttest', 6, 100, null, null, null, 'MRN-3'],
      ['Seminar', 'Eli Exporttest', 5, 0, null, null, null, null],
      ['Consult', 'Amy Exporttest', 3, 0, null, 'amy@example.org', null, null],
      [
        'Ready',
        `'${FORMULA_NAME}`,
        1,
        40,
        new Date(Date.UTC(2026, 5, 1)),
        "'@evil@example.org",
        formatPhone('+1 (312) 555-0101'),
        "'-12",
      ],
    ]);
    const [audit] = await t.app.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'pipeline.export'))
      .orderBy(desc(auditRecords.id))
      .limit(1);
    expect(audit).toMatchObject({
      entity: 'patient',
      actor_account_id: NORTH_ID,
      detail: { format: 'xlsx', stage: 1, count: 4, searchLength: 0 },
    });
    expect(JSON.stringify(audit!.detail)).not.toContain('Exporttest');
  });

  it('takes the board’s search, and shows another program nothing', async () => {
    const cara = await download('/pipeline-patients-excel?stage=1&search=cara%20export', PIPELINE_EXCEL_COLUMNS.length);
    expect(cara.rows.map((row) => row[1])).toEqual(['Cara Exporttest']);
    const lake = await download('/pipeline-patients-excel?stage=1', PIPELINE_EXCEL_COLUMNS.length, LAKE);
    expect(lake.rows).toEqual([]);
    const stage2 = await download('/pipeline-patients-excel?stage=2', PIPELINE_EXCEL_COLUMNS.length);
    expect(stage2.name).toBe(`pipeline-post-op-${today()}.xlsx`);
    expect((await get('/pipeline-patients-excel?stage=9')).statusCode).toBe(422);
  });

  it('writes the average days per status', async () => {
    const sheet = await download('/pipeline-patients-excel/by-average-days?stage=1', PIPELINE_AVERAGE_DAYS_EXCEL_COLUMNS.length);
    expect(sheet.name).toBe(`pipeline-average-days-pre-op-${today()}.xlsx`);
    expect(sheet.header).toEqual([...PIPELINE_AVERAGE_DAYS_EXCEL_COLUMNS]);
    expect(sheet.rows).toEqual([
      ['Seminar', 2, 5.5, 2, 2.5],
      ['Consult', 1, 3, 1, 3],
      ['Ready', 1, 1, 0, null],
    ]);
    const audits = await t.app.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.action, 'pipeline.average-days-export'), eq(auditRecords.actor_account_id, NORTH_ID)));
    expect(audits).toEqual([expect.objectContaining({ success: true, detail: { format: 'xlsx', stage: 1, count: 3 } })]);
  });
});

describe('a year later', () => {
  it('counts only the stays that ended in the last 365 days', async () => {
    advanceDays(366); // day 372
    await move(p.p3, s.S1, s.S2);
    expect(await averageDays()).toEqual([
      // Cara's stay of 372 days just ended; the stays that ended on days 2 and 3 are over a year old.
      { status_id: s.S1, name: 'Seminar', patients: 1, current_average_days: 371, completed_stays: 1, completed_average_days: 372 },
      { status_id: s.S2, name: 'Consult', patients: 2, current_average_days: 184.5, completed_stays: 0, completed_average_days: null },
      { status_id: s.S3, name: 'Ready', patients: 1, current_average_days: 367, completed_stays: 0, completed_average_days: null },
    ]);
  });
});
