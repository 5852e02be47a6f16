/**
 * GET /api/dashboard/widgets against counts made here with plain SQL, and GET /api/calendar: surgeries and
 * consults for staff with patients, events for everyone with the calendar.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { DashboardWidgets, StaffCalendarEntry } from '@baridesk/contracts';
import { createTestApp, type TestApp } from '../../../test/app';
import { queryRows } from '../../../db/client';
import { auditRecords, events, patients } from '../../../db/schema';

const NORTH = 101;
let t: TestApp;
let tokens: Record<string, string>;

const chicagoToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(t.clock.now());
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ patientsPerProgram: 40 });
  tokens = await t.signIn('staff@northside.test', 'limited@northside.test', 'selfservice@northside.test', 'subuser@lakeview.test');
});
afterAll(() => t?.close());

const get = (url: string, who = 'staff@northside.test') => t.call({ method: 'GET', url, token: tokens[who] });

describe('GET /api/dashboard/widgets', () => {
  it('gives the figures plain SQL gives', async () => {
    const res = await get('/api/dashboard/widgets');
    expect(res.statusCode).toBe(200);
    const data: DashboardWidgets = res.json().data;
    const today = chicagoToday();
    const n = async (where: ReturnType<typeof sql>) =>
      (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from patients where program_id = ${NORTH} and status = 1 and (${where})`))[0]!.n;
    expect(data.today).toBe(today);
    expect(data.byStage).toEqual({ 1: await n(sql`current_stage = 1`), 2: await n(sql`current_stage = 2`), 3: await n(sql`current_stage = 3`) });
    expect(data.surgeries.thisMonth).toBe(await n(sql`to_char(surgery_date, 'YYYY-MM') = ${today.slice(0, 7)}`));
    expect(data.surgeries.perMonth.months).toHaveLength(12);
    expect(data.surgeries.perMonth.months[11]).toBe(today.slice(0, 7));
    expect(data.surgeries.perMonth.counts[11]).toBe(data.surgeries.thisMonth);
    const [lost] = await queryRows<{ lb: number; n: number }>(
      t.app.db,
      sql`select coalesce(sum(starting_weight - current_weight), 0)::float8 as lb, count(*)::int as n from patients
          where program_id = ${NORTH} and status = 1 and current_weight < starting_weight`,
    );
    expect(data.weightLost).toEqual({ totalLb: Math.round(lost!.lb * 10) / 10, patients: lost!.n });
    const total = await n(sql`true`);
    expect(data.appUse.total).toBe(total);
    expect(data.appUse.neverUsed).toBe(await n(sql`last_app_activity_at is null`));
    expect(data.appUse.activeRecently + data.appUse.lapsed + data.appUse.neverUsed).toBe(total);
    expect(data.newPatients.counts.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(total);
  });

  it('is in the reports area', async () => {
    expect((await get('/api/dashboard/widgets', 'limited@northside.test')).statusCode).toBe(403);
    expect((await get('/api/dashboard/widgets', 'selfservice@northside.test')).statusCode).toBe(403);
  });
});

describe('GET /api/calendar', () => {
  let patientId: number;
  let eventId: number;
  let today: string;
  beforeAll(async () => {
    today = chicagoToday();
    const now = t.clock.now();
    const [row] = await t.app.db
      .insert(patients)
      .values({
        program_id: NORTH, first_name: 'Cal', last_name: 'Endar', name: 'Cal Endar', type_of_surgery: 'Sleeve',
        surgery_date: plusDays(today, 3), consult_date: plusDays(today, 1), created_at: now, updated_at: now,
      })
      .returning({ id: patients.id });
    patientId = row!.id;
    const [event] = await t.app.db
      .insert(events)
      .values({ program_id: NORTH, event_title: 'Calendar test seminar', type: 'Seminar', date: plusDays(today, 2), time: '18:30' })
      .returning({ id: events.id });
    eventId = event!.id;
  });

  const range = () => `/api/calendar?from=${today}&to=${plusDays(today, 6)}`;

  it('puts surgeries, consults and events on one calendar, and audits the patients shown', async () => {
    const res = await get(range());
    expect(res.statusCode).toBe(200);
    const entries: StaffCalendarEntry[] = res.json().data;
    expect(entries).toContainEqual({ kind: 'surgery', date: plusDays(today, 3), time: null, title: 'Surgery: Cal Endar (Sleeve)', patient_id: patientId });
    expect(entries).toContainEqual({ kind: 'consult', date: plusDays(today, 1), time: null, title: 'Consult: Cal Endar', patient_id: patientId });
    expect(entries).toContainEqual({ kind: 'event', date: plusDays(today, 2), time: '18:30', title: 'Calendar test seminar', event_id: eventId });
    expect(entries.map((e) => e.date)).toEqual([...entries.map((e) => e.date)].sort());
    const [record] = await t.app.db.select().from(auditRecords).where(eq(auditRecords.action, 'calendar.read')).orderBy(desc(auditRecords.id)).limit(1);
    expect((record!.detail as { patientIds: number[] }).patientIds).toContain(patientId);
  });

  it('gives self-service staff the events without patients', async () => {
    const res = await get(range(), 'selfservice@northside.test');
    expect(res.statusCode).toBe(200);
    const entries: StaffCalendarEntry[] = res.json().data;
    expect(entries.some((e) => e.event_id === eventId)).toBe(true);
    expect(entries.every((e) => e.kind === 'event' && e.patient_id === undefined)).toBe(true);
  });

  it("shows another program's caller none of it", async () => {
    const entries: StaffCalendarEntry[] = (await get(range(), 'subuser@lakeview.test')).json().data;
    expect(entries.some((e) => e.patient_id === patientId || e.event_id === eventId)).toBe(false);
  });

  it('refuses a missing day, a reversed and a too long range (422)', async () => {
    const missing = await get('/api/calendar?from=2026-01-01');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.to).toBeDefined();
    const reversed = await get('/api/calendar?from=2026-01-10&to=2026-01-01');
    expect(reversed.json().errors.to).toEqual(['The to date must be on or after the from date.']);
    const long = await get('/api/calendar?from=2026-01-01&to=2026-04-01');
    expect(long.json().errors.to).toEqual(['Ask for at most 62 days at a time.']);
  });
});
