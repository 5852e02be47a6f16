/**
 * A program whose stored time zone is not one PostgreSQL or luxon knows (a typo, a retired name): every
 * read of the program's "today" goes through lib/program-day.ts, which falls back to UTC, so no call that
 * works out a date in the program's zone answers 500 (PostgreSQL's `at time zone` would refuse the name).
 */
import { eq, sql } from 'drizzle-orm';
import { STAFF_CALLERS, createTestApp, type TestApp } from '../test/app';
import { patients, programs } from '../db/schema';
import { REPORT_EXPORT_JOB } from '../contexts/reports';

const NORTHSIDE = 101;
const { STAFF, NORTH } = STAFF_CALLERS;
let t: TestApp;
let tokens: Record<string, string>;
let patientId: number;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await t.signIn(STAFF, NORTH);
  const [patient] = await t.app.db
    .select({ id: patients.id })
    .from(patients)
    .where(eq(patients.program_id, NORTHSIDE))
    .orderBy(patients.id)
    .limit(1);
  patientId = patient!.id;
  await t.app.db.update(programs).set({ timezone: 'Mars/Olympus_Mons' }).where(eq(programs.id, NORTHSIDE));
});
afterAll(() => t.close());

it('the stored zone is one PostgreSQL refuses (the situation under test)', async () => {
  await expect(t.app.db.execute(sql`select now() at time zone 'Mars/Olympus_Mons'`)).rejects.toThrow(/time zone/);
});

it.each([
  '/api/dashboard',
  '/api/patients',
  '/api/patients/excel',
  '/api/pipeline-patients-by-stage?stage=1',
  '/api/get-pipeline-patient-average-days?stage=1',
  '/api/pipeline-patients-excel?stage=1',
  '/api/checklist-items?stage=1',
])('GET %s answers 200', async (url) => {
  const res = await t.call({ method: 'GET', url, token: tokens[STAFF] });
  expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
});

it("reads one patient's record, logs, checklist and PDF report", async () => {
  const urls = [
    `/api/patients/${patientId}`,
    `/api/weight-logs?patient_id=${patientId}`,
    `/api/nutrition/food-logs?user_id=${patientId}&month=2&year=2031`,
    `/api/nutrition/macro-nutrients?patient_id=${patientId}&month=2&year=2031`,
    `/api/reports/water-logs?patientId=${patientId}&month=2&year=2031`,
    `/api/checklists/${patientId}`,
  ];
  for (const url of urls) {
    const res = await t.call({ method: 'GET', url, token: tokens[STAFF] });
    expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
  }
  // The PDF is made by the export job (202), then read as the browser does.
  const asked = await t.call({ method: 'GET', url: `/api/patients-report/pdf?patientId=${patientId}`, token: tokens[STAFF] });
  expect(asked.statusCode).toBe(202);
  await t.app.jobs.drain([REPORT_EXPORT_JOB]);
  const file = await t.call({ method: 'GET', url: `/api/report-exports/${asked.json().data.id}/file`, token: tokens[STAFF] });
  expect({ status: file.statusCode, type: file.headers['content-type'] }).toEqual({ status: 200, type: 'application/pdf' });
});

it("stores a weight and a new patient (dated in the program's day: UTC's here)", async () => {
  const weight = await t.call({
    method: 'POST',
    url: '/api/weight-logs/store',
    token: tokens[STAFF],
    payload: { patient_id: patientId, date: '2020-01-02', weight: 210 },
  });
  expect(weight.statusCode).toBeLessThan(300);
  const stored = await t.call({
    method: 'POST',
    url: '/api/patients/store',
    token: tokens[NORTH],
    payload: { first_name: 'Zone', last_name: 'Probe', email: 'zone.probe@example.org', current_stage: '1', sex: 'Female' },
  });
  expect({ status: stored.statusCode, body: stored.json() }).toMatchObject({ status: 201 });
});

it("sweeps the program's pipeline on UTC's day", async () => {
  const swept = await t.app.pipelineAutomation.sweepDue(new Date(t.clock.now().getTime() + 2 * 86_400_000));
  expect(swept.some((result) => result.programId === NORTHSIDE)).toBe(true);
});
