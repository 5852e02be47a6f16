/**
 * Outcomes and the follow-up worklist against numbers worked out by hand from rows inserted here (a surgery type
 * of their own keeps them apart from the demo's patients).
 */
import { desc, eq } from 'drizzle-orm';
import type { FollowUpPage, OutcomeCohorts, OutcomePatientRow } from '@baridesk/contracts';
import { createTestApp, type TestApp } from '../../../test/app';
import { auditRecords, eventRsvps, events, patients, weightLogs } from '../../../db/schema';

const NORTH = 101;
const TYPE = 'Outcome Test Sleeve';

let t: TestApp;
let tokens: Record<string, string>;
let today: string;
const ids: Record<'a' | 'b' | 'c' | 'd', number> = { a: 0, b: 0, c: 0, d: 0 };

const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const chicagoToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(t.clock.now());

async function addPatient(last: string, values: Partial<typeof patients.$inferInsert>, weighIns: [day: number, lb: number][]) {
  const [row] = await t.app.db
    .insert(patients)
    .values({
      program_id: NORTH,
      first_name: 'Outcome',
      last_name: last,
      name: `Outcome ${last}`,
      current_stage: 2,
      type_of_surgery: TYPE,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
      ...values,
    })
    .returning({ id: patients.id });
  const id = row!.id;
  const surgery = values.surgery_date!;
  if (weighIns.length > 0) {
    await t.app.db
      .insert(weightLogs)
      .values(weighIns.map(([day, lb]) => ({ program_id: NORTH, patient_id: id, logged_on: plusDays(surgery, day), weight: String(lb), source: 'staff' as const })));
  }
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ patientsPerProgram: 20 });
  tokens = await t.signIn('staff@northside.test', 'limited@northside.test', 'selfservice@northside.test', 'subuser@lakeview.test');
  today = chicagoToday();
  // A: 66 in, 300 lb, operated 800 days ago. Day 85 (6 from the 3-month target 91) beats day 100 (9 from it).
  ids.a = await addPatient('Able', { hight: '66', starting_weight: '300', surgery_date: plusDays(today, -800) }, [
    [85, 270], [100, 265], [180, 250], [370, 220], [740, 210],
  ]);
  // B: no height, 250 lb, 400 days ago: %TWL only.
  ids.b = await addPatient('Baker', { starting_weight: '250', surgery_date: plusDays(today, -400) }, [[95, 230], [360, 200]]);
  // C: 70 in, 150 lb (BMI 21.5, no excess weight), 200 days ago.
  ids.c = await addPatient('Clark', { hight: '70', starting_weight: '150', surgery_date: plusDays(today, -200) }, [[91, 145]]);
  // D: 150 days ago, no weigh-in after surgery, at a support group on day 20 (the 30-day visit).
  ids.d = await addPatient('Dunn', { hight: '64', starting_weight: '240', surgery_date: plusDays(today, -150) }, []);
  const [group] = await t.app.db
    .insert(events)
    .values({ program_id: NORTH, event_title: 'Outcome test group', type: 'Support Group', date: plusDays(today, -130), time: '18:00' })
    .returning({ id: events.id });
  await t.app.db.insert(eventRsvps).values({ program_id: NORTH, event_id: group!.id, event_date: plusDays(today, -130), patient_id: ids.d, attended: 1 });
});
afterAll(() => t.close());

const get = (url: string, who = 'staff@northside.test') => t.call({ method: 'GET', url, token: tokens[who] });

describe('GET /api/reports/outcomes/cohorts', () => {
  it('gives the means a hand computation gives, with the patients behind each', async () => {
    const res = await get(`/api/reports/outcomes/cohorts?surgery_type=${encodeURIComponent(TYPE)}`);
    expect(res.statusCode).toBe(200);
    const data: OutcomeCohorts = res.json().data;
    expect(data.milestones).toEqual([3, 6, 12, 24]);
    expect(data.rows).toHaveLength(1);
    const [row] = data.rows;
    expect(row!.cohort).toBe(TYPE);
    expect(row!.patients).toBe(4);
    // BMI-25 weight at 66 in: 25 × 66² / 703 = 154.9075 lb, so A's excess is 145.0925 lb.
    // 3 months: A 30/300 = 10 %, B 20/250 = 8 %, C 5/150 = 3.333 %: mean 7.111; %EWL A alone 30/145.0925 = 20.677 %.
    expect(row!.figures[0]).toEqual({ months: 3, patients: 3, excess_patients: 1, twl: 7.1, ewl: 20.7, ebmil: 20.7 });
    // 6 months: A's day 180, 50/300 = 16.667 %.
    expect(row!.figures[1]).toEqual({ months: 6, patients: 1, excess_patients: 1, twl: 16.7, ewl: 34.5, ebmil: 34.5 });
    // 12 months: A 80/300 = 26.667 %, B 50/250 = 20 %: 23.333; %EWL A 80/145.0925 = 55.137 %.
    expect(row!.figures[2]).toEqual({ months: 12, patients: 2, excess_patients: 1, twl: 23.3, ewl: 55.1, ebmil: 55.1 });
    // 24 months: A 90/300 = 30 %, 90/145.0925 = 62.029 %.
    expect(row!.figures[3]).toEqual({ months: 24, patients: 1, excess_patients: 1, twl: 30, ewl: 62, ebmil: 62 });
    expect(data.total.patients).toBe(4);
  });

  it('groups by the quarter of the surgery', async () => {
    const res = await get(`/api/reports/outcomes/cohorts?group=surgery_quarter&surgery_type=${encodeURIComponent(TYPE)}`);
    const data: OutcomeCohorts = res.json().data;
    const quarterOf = (day: string) => `${day.slice(0, 4)} Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
    const want = new Map<string, number>();
    for (const days of [-800, -400, -200, -150]) {
      const q = quarterOf(plusDays(today, days));
      want.set(q, (want.get(q) ?? 0) + 1);
    }
    expect(Object.fromEntries(data.rows.map((r) => [r.cohort, r.patients]))).toEqual(Object.fromEntries(want));
    expect(data.rows.map((r) => r.cohort)).toEqual([...want.keys()].sort().reverse());
  });

  it("answers only the caller's program, and records the patients behind the figures", async () => {
    const res = await get(`/api/reports/outcomes/cohorts?surgery_type=${encodeURIComponent(TYPE)}`, 'subuser@lakeview.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rows).toEqual([]);
    expect(res.json().data.total.patients).toBe(0);
    await get(`/api/reports/outcomes/cohorts?surgery_type=${encodeURIComponent(TYPE)}`);
    const [record] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'report.outcome_cohorts')).orderBy(desc(auditRecords.id)).limit(1);
    expect(record).toMatchObject({ program_id: NORTH, entity: 'patient' });
    expect([...(record!.detail as { patientIds: number[] }).patientIds].sort()).toEqual([ids.a, ids.b, ids.c, ids.d].sort());
  });

  it('refuses a bad group and a range that ends before it starts (422), and staff without reports (403)', async () => {
    const bad = await get('/api/reports/outcomes/cohorts?group=surgeon');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.group).toBeDefined();
    const range = await get('/api/reports/outcomes/cohorts?from=2025-02-01&to=2025-01-01');
    expect(range.statusCode).toBe(422);
    expect(range.json().errors.to).toEqual(['The to date must be on or after the from date.']);
    expect((await get('/api/reports/outcomes/cohorts', 'limited@northside.test')).statusCode).toBe(403);
    expect((await get('/api/reports/outcomes/cohorts', 'selfservice@northside.test')).statusCode).toBe(403);
  });
});

describe('GET /api/reports/outcomes/patients', () => {
  it("lists each patient's milestones, newest surgery first", async () => {
    const res = await get(`/api/reports/outcomes/patients?surgery_type=${encodeURIComponent(TYPE)}`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(4);
    const rows: OutcomePatientRow[] = page.data;
    expect(rows.map((r) => r.id)).toEqual([ids.d, ids.c, ids.b, ids.a]);
    const a = rows[3]!;
    expect(a).toMatchObject({ start_weight: 300, height: 66, surgery_date: plusDays(today, -800), type_of_surgery: TYPE });
    expect(a.milestones[0]).toEqual({ months: 3, date: plusDays(a.surgery_date, 85), weight: 270, twl: 10, ewl: 20.7, ebmil: 20.7 });
    expect(a.milestones[3]).toMatchObject({ months: 24, weight: 210, twl: 30 });
    const b = rows[2]!;
    expect(b.milestones[0]).toEqual({ months: 3, date: plusDays(b.surgery_date, 95), weight: 230, twl: 8, ewl: null, ebmil: null });
    expect(b.milestones[1]).toEqual({ months: 6, date: null, weight: null, twl: null, ewl: null, ebmil: null });
    const c = rows[1]!;
    expect(c.milestones[0]).toMatchObject({ twl: 3.3, ewl: null, ebmil: null });
  });

  it('answers the filtered patients as a spreadsheet, and audits them', async () => {
    const res = await get(`/api/reports/outcomes/patients/excel?surgery_type=${encodeURIComponent(TYPE)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('outcomes-');
    const [record] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'report.outcome_patients.excel')).orderBy(desc(auditRecords.id)).limit(1);
    expect([...(record!.detail as { patientIds: number[] }).patientIds].sort()).toEqual([ids.a, ids.b, ids.c, ids.d].sort());
  });

  it('pages and sorts by name', async () => {
    const res = await get(`/api/reports/outcomes/patients?surgery_type=${encodeURIComponent(TYPE)}&sort=name&direction=asc&perPage=5&page=1`);
    expect(res.json().data.data.map((r: OutcomePatientRow) => r.name)).toEqual(['Outcome Able', 'Outcome Baker', 'Outcome Clark', 'Outcome Dunn']);
    const second = await get(`/api/reports/outcomes/patients?surgery_type=${encodeURIComponent(TYPE)}&perPage=5&page=2`);
    expect(second.json().data).toMatchObject({ data: [], total: 4, page: 2 });
  });
});

describe('GET /api/reports/follow-up', () => {
  const url = (extra = '') => `/api/reports/follow-up?surgery_type=${encodeURIComponent(TYPE)}${extra}`;

  it('says who is due, overdue or seen in each window, with the counts per window', async () => {
    const res = await get(url('&perPage=All'));
    expect(res.statusCode).toBe(200);
    const data: FollowUpPage = res.json().data;
    const summary = Object.fromEntries(data.summary.map((s) => [s.window, [s.due, s.overdue, s.seen]]));
    // 30 days (7–60): D seen at the group on day 20; A, B, C had no visit: overdue.
    expect(summary['30d']).toEqual([0, 3, 1]);
    // 6 months (120–240, target 182): A seen day 180; B (day 95 is outside) and C (day 200 now) overdue; D (day 150) due.
    expect(summary['6m']).toEqual([1, 2, 1]);
    // 1 year (300–455): A day 370 and B day 360 seen; 2 years (640–820): A day 740.
    expect(summary['1y']).toEqual([0, 0, 2]);
    expect(summary['2y']).toEqual([0, 0, 1]);
    expect(summary['3y']).toEqual([0, 0, 0]);
    expect(data.total).toBe(4 + 4 + 2 + 1);
    const d30 = data.data.find((r) => r.id === ids.d && r.window === '30d');
    expect(d30).toMatchObject({ state: 'seen', seen_on: plusDays(today, -130), opens: plusDays(today, -143), target_date: plusDays(today, -120), closes: plusDays(today, -90) });
    const d6 = data.data.find((r) => r.id === ids.d && r.window === '6m');
    expect(d6).toMatchObject({ state: 'due', seen_on: null, window_label: '6 months', target_date: plusDays(today, 32) });
  });

  it('filters by window and state, the summary staying whole', async () => {
    const res = await get(url('&window=6m&state=overdue'));
    const data: FollowUpPage = res.json().data;
    expect(data.data.map((r) => r.id).sort()).toEqual([ids.b, ids.c].sort());
    expect(data.total).toBe(2);
    expect(data.summary).toHaveLength(7);
    const [record] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'report.follow_up')).orderBy(desc(auditRecords.id)).limit(1);
    expect([...(record!.detail as { patientIds: number[] }).patientIds].sort()).toEqual([ids.b, ids.c].sort());
    const byName: FollowUpPage = (await get(url('&window=30d&sort=name&direction=desc'))).json().data;
    expect(byName.data.map((r) => r.name)).toEqual(['Outcome Dunn', 'Outcome Clark', 'Outcome Baker', 'Outcome Able']);
  });

  it('answers the worklist as a spreadsheet of the rows the window and state keep', async () => {
    const res = await get(url('&window=6m'));
    expect(res.json().data.total).toBe(4);
    const file = await get(url('&window=6m').replace('/follow-up?', '/follow-up/excel?'));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('follow-up-');
    const [record] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'report.follow_up.excel')).orderBy(desc(auditRecords.id)).limit(1);
    expect([...(record!.detail as { patientIds: number[] }).patientIds].sort()).toEqual([ids.a, ids.b, ids.c, ids.d].sort());
  });

  it("refuses a window it does not know (422) and shows another program's caller nothing", async () => {
    const bad = await get(url('&window=7y'));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.window).toBeDefined();
    const lake = await get(url(), 'subuser@lakeview.test');
    expect(lake.json().data.total).toBe(0);
    expect(lake.json().data.summary.every((s: { due: number; overdue: number; seen: number }) => s.due + s.overdue + s.seen === 0)).toBe(true);
    expect((await get(url(), 'limited@northside.test')).statusCode).toBe(403);
  });
});

describe('on the demo data', () => {
  it("shows the demo's operated patients' outcomes and a worklist with seen and overdue visits", async () => {
    const cohorts: OutcomeCohorts = (await get('/api/reports/outcomes/cohorts')).json().data;
    // The demo's clinic visits (seed/follow-up-visits.ts) give milestone weigh-ins.
    expect(cohorts.total.figures.some((f) => f.patients > 0 && f.twl !== null && f.twl > 0)).toBe(true);
    const summary: FollowUpPage['summary'] = (await get('/api/reports/follow-up')).json().data.summary;
    expect(summary.reduce((n, s) => n + s.seen, 0)).toBeGreaterThan(0);
    expect(summary.reduce((n, s) => n + s.overdue, 0)).toBeGreaterThan(0);
    const lake: OutcomeCohorts = (await get('/api/reports/outcomes/cohorts', 'subuser@lakeview.test')).json().data;
    expect(lake.total.patients).toBeGreaterThan(0);
    expect(lake.rows.some((r) => r.cohort === TYPE)).toBe(false);
  });
});
