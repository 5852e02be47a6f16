/**
 * The Patient Pipeline report against moves, statuses and seminar attendance inserted here (a surgery type of
 * their own keeps the patients apart from the demo's).
 */
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { PipelineMoveRow, PipelineReport } from '@baridesk/contracts';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, eventRsvps, events, patients, pipelineMoves, pipelineStatuses } from '../../../db/schema';

const NORTH = 101;
const TYPE = 'Pipeline Test Band';
const DAY = 86_400_000;

let t: TestApp;
let tokens: Record<string, string>;
let first: { id: number; name: string };
let second: { id: number; name: string };
const ids = { p1: 0, p2: 0 };

const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const chicagoToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(t.clock.now());

beforeAll(async () => {
  t = await createTestApp({ patientsPerProgram: 20 });
  tokens = await t.signIn('staff@northside.test', 'limited@northside.test', 'selfservice@northside.test', 'subuser@lakeview.test');
  const today = chicagoToday();
  const statuses = await t.app.db
    .select({ id: pipelineStatuses.id, name: pipelineStatuses.name })
    .from(pipelineStatuses)
    .where(and(eq(pipelineStatuses.program_id, NORTH), eq(pipelineStatuses.stage, 1), isNull(pipelineStatuses.deleted_at)))
    .orderBy(asc(pipelineStatuses.position), asc(pipelineStatuses.id));
  [first, second] = statuses as [typeof first, typeof second];
  const now = t.clock.now();
  const add = async (last: string, values: Partial<typeof patients.$inferInsert>) => {
    const [row] = await t.app.db
      .insert(patients)
      .values({ program_id: NORTH, first_name: 'Pipe', last_name: last, name: `Pipe ${last}`, current_stage: 1, type_of_surgery: TYPE, created_at: now, updated_at: now, ...values })
      .returning({ id: patients.id });
    return row!.id;
  };
  // P1: into the first status 20 days ago, on to the second 10 days ago (a stay of exactly 10 days); operated 5 days ago.
  ids.p1 = await add('One', { pipeline_status_id: second.id, surgery_date: plusDays(today, -5) });
  // P2: into the first status 4 days ago by a rule, still there; no surgery.
  ids.p2 = await add('Two', { pipeline_status_id: first.id });
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY);
  await t.app.db.insert(pipelineMoves).values([
    { program_id: NORTH, patient_id: ids.p1, stage: 1, from_status_id: null, to_status_id: first.id, moved_by: 201, moved_at: at(20) },
    { program_id: NORTH, patient_id: ids.p1, stage: 1, from_status_id: first.id, to_status_id: second.id, moved_by: 201, moved_at: at(10) },
    { program_id: NORTH, patient_id: ids.p2, stage: 1, from_status_id: null, to_status_id: first.id, rule_type: 1, moved_at: at(4) },
    // Long before the period: counted nowhere by default.
    { program_id: NORTH, patient_id: ids.p2, stage: 1, from_status_id: null, to_status_id: second.id, moved_by: 201, moved_at: at(200) },
  ]);
  // Seminars: P1 attended 30 days ago (operated 25 days later), P2 40 days ago; P2's webinar 35 days ago is not the first.
  const [seminar] = await t.app.db
    .insert(events)
    .values({ program_id: NORTH, event_title: 'Pipeline test seminar', type: 'Seminar', date: plusDays(today, -40), time: '18:00' })
    .returning({ id: events.id });
  await t.app.db.insert(eventRsvps).values([
    { program_id: NORTH, event_id: seminar!.id, event_date: plusDays(today, -30), patient_id: ids.p1, attended: 1 },
    { program_id: NORTH, event_id: seminar!.id, event_date: plusDays(today, -40), patient_id: ids.p2, attended: 1 },
    { program_id: NORTH, event_id: seminar!.id, event_date: plusDays(today, -35), patient_id: ids.p2, attended: 1 },
  ]);
});
afterAll(() => t?.close());

const get = (url: string, who = 'staff@northside.test') => t.call({ method: 'GET', url, token: tokens[who] });
const filtered = (path: string, extra = '') => `/api/reports/pipeline${path}?surgery_type=${encodeURIComponent(TYPE)}${extra}`;

describe('GET /api/reports/pipeline', () => {
  it('counts patients, moves in and the mean stay per status, and the seminar-to-surgery conversion', async () => {
    const res = await get(filtered(''));
    expect(res.statusCode).toBe(200);
    const data: PipelineReport = res.json().data;
    expect(data.to).toBe(chicagoToday());
    expect(data.from).toBe(plusDays(chicagoToday(), -89));
    expect(data.stages.map((s) => s.stage)).toEqual([1, 2, 3]);
    const stage1 = data.stages[0]!.statuses;
    expect(stage1.find((s) => s.id === first.id)).toEqual({ id: first.id, name: first.name, patients: 1, moves_in: 2, average_days: 10 });
    expect(stage1.find((s) => s.id === second.id)).toEqual({ id: second.id, name: second.name, patients: 1, moves_in: 1, average_days: null });
    // Cohort: both first attended a seminar in the period; P1 operated 25 days after: 1 of 2, 50 %.
    expect(data.conversion).toEqual({ cohort: 2, operated: 1, rate: 50, median_days: 25 });
  });

  it('takes the period and the stage from the query', async () => {
    const today = chicagoToday();
    const res = await get(filtered('', `&stage=1&from=${plusDays(today, -15)}&to=${today}`));
    const data: PipelineReport = res.json().data;
    expect(data.stages.map((s) => s.stage)).toEqual([1]);
    // Only P2's rule move and P1's second move fall in the last 15 days.
    expect(data.stages[0]!.statuses.find((s) => s.id === first.id)).toMatchObject({ moves_in: 1, average_days: 10 });
    // P1's seminar 30 days ago and P2's 40 days ago are before the period.
    expect(data.conversion).toEqual({ cohort: 0, operated: 0, rate: null, median_days: null });
  });

  it("shows another program's caller none of these patients", async () => {
    const res = await get(filtered(''), 'subuser@lakeview.test');
    expect(res.statusCode).toBe(200);
    const data: PipelineReport = res.json().data;
    expect(data.stages.flatMap((s) => s.statuses).every((s) => s.patients === 0 && s.moves_in === 0)).toBe(true);
    expect(data.stages.flatMap((s) => s.statuses.map((x) => x.id))).not.toContain(first.id);
  });

  it('is refused without the reports flag and to self-service staff; a bad stage is 422', async () => {
    expect((await get('/api/reports/pipeline', 'limited@northside.test')).statusCode).toBe(403);
    expect((await get('/api/reports/pipeline', 'selfservice@northside.test')).statusCode).toBe(403);
    const bad = await get('/api/reports/pipeline?stage=4&from=yesterday');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['from', 'stage']);
  });
});

describe('GET /api/reports/pipeline/moves', () => {
  it("lists the period's moves newest first, who moved them, and audits the patients shown", async () => {
    const res = await get(filtered('/moves'));
    expect(res.statusCode).toBe(200);
    const rows: PipelineMoveRow[] = res.json().data.data;
    expect(res.json().data.total).toBe(3);
    expect(rows.map((r) => [r.id, r.from_status, r.to_status, r.moved_by])).toEqual([
      [ids.p2, null, first.name, 'rule'],
      [ids.p1, first.name, second.name, 'staff'],
      [ids.p1, null, first.name, 'staff'],
    ]);
    const [record] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'report.pipeline_moves')).orderBy(desc(auditRecords.id)).limit(1);
    expect(record).toMatchObject({ program_id: NORTH, entity: 'patient' });
    expect([...(record!.detail as { patientIds: number[] }).patientIds].sort()).toEqual([ids.p1, ids.p2].sort());
  });

  it('searches by name and sorts by it', async () => {
    const res = await get(filtered('/moves', '&search=two'));
    expect(res.json().data.data.map((r: PipelineMoveRow) => r.id)).toEqual([ids.p2]);
    const byName = await get(filtered('/moves', '&sort=name&direction=asc'));
    expect(byName.json().data.data.map((r: PipelineMoveRow) => r.name)).toEqual(['Pipe One', 'Pipe One', 'Pipe Two']);
  });

  it('answers the moves as a spreadsheet', async () => {
    const res = await get(filtered('/moves/excel'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('pipeline-moves-');
  });
});
