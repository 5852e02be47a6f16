import { desc, eq, sql } from 'drizzle-orm';
import type { Dashboard } from '@baridesk/contracts';
import { createTestApp, type TestApp } from '../../../test/app';
import { queryRows } from '../../../db/client';
import { auditRecords, events, patients } from '../../../db/schema';

const NORTH = 101;
const LAKE = 102;
const CHICAGO = 'America/Chicago';
const DETROIT = 'America/Detroit';

let t: TestApp;
let tokens: Record<string, string>;
const signIn = async () => {
  tokens = await t.signIn(
    'subuser@northside.test',
    'staff@northside.test',
    'selfservice@northside.test',
    'limited@northside.test',
    'subuser@lakeview.test',
    'superadmin@baridesk.test',
  );
};

beforeAll(async () => {
  t = await createTestApp({ patientsPerProgram: 40 });
  await signIn();
});
afterAll(() => t.close());

const get = (who: string) => t.call({ method: 'GET', url: '/api/dashboard', token: tokens[who] });
async function dashboard(who = 'staff@northside.test'): Promise<Dashboard> {
  const res = await get(who);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** The calendar day of an instant in a timezone, "yyyy-MM-dd" (computed here without the database). */
const dayIn = (zone: string, at: Date = t.clock.now()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The figures, counted with plain SQL over the program's active patients. */
async function expected(programId: number, today: string): Promise<Dashboard> {
  const n = async (condition: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ n: number }>(
      t.app.db,
      sql`select count(*)::int as n from patients where program_id = ${programId} and status = 1 and (${condition})`,
    );
    return row?.n ?? 0;
  };
  // The calendar's own occurrences (a weekly series on each of its days), tested with the events.
  const upcoming = (await t.app.events.occurrences(programId, today, plusDays(today, 366), { activeOnly: true }))
    .slice(0, 5)
    .map((o) => ({ id: o.id, event_title: o.event_title, date: o.date, time: `${o.time}:00`, location: o.location_name }));
  const recent = await queryRows<{ id: number; name: string; current_stage: 1 | 2 | 3; created_at: string }>(
    t.app.db,
    sql`select id, name, current_stage, created_at from patients where program_id = ${programId} and status = 1
        order by created_at desc, id desc limit 5`,
  );
  return {
    // The program's day, so the screen links each surgery figure to the list over the same dates.
    today,
    patients: {
      total: await n(sql`true`),
      byStage: { 1: await n(sql`current_stage = 1`), 2: await n(sql`current_stage = 2`), 3: await n(sql`current_stage = 3`) },
      neverUsedApp: await n(sql`last_app_activity_at is null`),
      snoozed: await n(sql`snooze_status = 1`),
    },
    surgeries: {
      upcoming30Days: await n(sql`surgery_date >= ${today}::date and surgery_date <= ${plusDays(today, 30)}::date`),
      last30Days: await n(sql`surgery_date >= ${plusDays(today, -30)}::date and surgery_date < ${today}::date`),
    },
    events: { upcoming },
    recentPatients: recent.map((p) => ({ ...p, created_at: new Date(p.created_at).toISOString() })),
  };
}

const addPatient = async (values: Partial<typeof patients.$inferInsert> & { last_name: string }) => {
  const [row] = await t.app.db
    .insert(patients)
    .values({
      program_id: NORTH,
      first_name: 'Dash',
      name: `Dash ${values.last_name}`,
      current_stage: 2,
      created_at: t.clock.now(),
      updated_at: t.clock.now(),
      ...values,
    })
    .returning({ id: patients.id });
  return row?.id as number;
};

describe('GET /api/dashboard', () => {
  it("gives the program's figures, equal to counts made independently", async () => {
    const data = await dashboard();
    const want = await expected(NORTH, dayIn(CHICAGO));
    expect(data).toEqual(want);
    expect(data.patients.total).toBe(data.patients.byStage[1] + data.patients.byStage[2] + data.patients.byStage[3]);
    expect(data.patients.total).toBeGreaterThan(0);
    expect(data.events.upcoming.length).toBeGreaterThan(0);
    // The demo's weekly support group is one series: each coming week's date is listed.
    const group = data.events.upcoming.filter((e) => e.event_title === 'Post-Op Support Group');
    expect(group.length).toBeGreaterThanOrEqual(2);
    expect(group[1]?.date).toBe(plusDays(group[0]!.date, 7));
    expect(group[1]?.id).toBe(group[0]?.id);
    expect(data.recentPatients).toHaveLength(5);
  });

  it('counts surgeries from today to today + 30 and from today − 30 to yesterday, active patients only', async () => {
    const today = dayIn(CHICAGO);
    const before = await dashboard();
    for (const [offset, status] of [
      [0, 1],
      [30, 1],
      [31, 1],
      [-1, 1],
      [-30, 1],
      [-31, 1],
      [0, 0],
      [-1, 0],
    ] as const) {
      await addPatient({ last_name: `Surgery${offset}x${status}`, surgery_date: plusDays(today, offset), status });
    }
    const after = await dashboard();
    expect(after.surgeries).toEqual({
      upcoming30Days: before.surgeries.upcoming30Days + 2,
      last30Days: before.surgeries.last30Days + 2,
    });
    expect(after.patients.total).toBe(before.patients.total + 6);
    expect(after.patients.byStage[2]).toBe(before.patients.byStage[2] + 6);
    expect(after.patients.neverUsedApp).toBe(before.patients.neverUsedApp + 6);
    expect(after).toEqual(await expected(NORTH, today));
  });

  it('lists the newest active patients first', async () => {
    t.clock.advance(1000);
    const newest = await addPatient({ last_name: 'Newest', current_stage: 3 });
    await addPatient({ last_name: 'NewestInactive', status: 0 });
    const data = await dashboard();
    expect(data.recentPatients[0]).toEqual({
      id: newest,
      name: 'Dash Newest',
      current_stage: 3,
      created_at: t.clock.now().toISOString(),
    });
    expect(data.recentPatients.map((p) => p.id)).toEqual((await expected(NORTH, dayIn(CHICAGO))).recentPatients.map((p) => p.id));
  });

  it('counts snoozed patients and leaves out inactive events', async () => {
    const before = await dashboard();
    await addPatient({ last_name: 'Snoozer', snooze_status: 1, last_app_activity_at: t.clock.now() });
    const [first] = before.events.upcoming;
    await t.app.db.update(events).set({ status: 0 }).where(eq(events.id, first?.id as number));
    const after = await dashboard();
    expect(after.patients.snoozed).toBe(before.patients.snoozed + 1);
    expect(after.patients.neverUsedApp).toBe(before.patients.neverUsedApp);
    expect(after.events.upcoming.map((e) => e.id)).not.toContain(first?.id);
    expect(after).toEqual(await expected(NORTH, dayIn(CHICAGO)));
    await t.app.db.update(events).set({ status: 1 }).where(eq(events.id, first?.id as number));
  });

  it("shows Lakeview its own figures only (it has no events)", async () => {
    const data = await dashboard('subuser@lakeview.test');
    expect(data).toEqual(await expected(LAKE, dayIn(DETROIT)));
    expect(data.events.upcoming).toEqual([]);
    const northIds = new Set(
      (await t.app.db.select({ id: patients.id }).from(patients).where(eq(patients.program_id, NORTH))).map((p) => p.id),
    );
    expect(data.recentPatients.some((p) => northIds.has(p.id))).toBe(false);
    expect(JSON.stringify(data)).not.toContain('Dash ');
  });

  it('is for every staff member, self-service too, and not for super admins', async () => {
    const figures = await dashboard('subuser@northside.test');
    expect(figures.recentPatients.length).toBeGreaterThan(0);
    // Patients' names only for staff who may open patients (manage_user; never self-service).
    expect(await dashboard('selfservice@northside.test')).toEqual({ ...figures, recentPatients: [] });
    expect(await dashboard('limited@northside.test')).toEqual({ ...figures, recentPatients: [] });
    const admin = await get('superadmin@baridesk.test');
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toBe('This is available to program staff only.');
    expect((await t.call({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });

  it('records each read with the caller and the ids of the patients shown, never their names', async () => {
    const data = await dashboard('staff@northside.test');
    expect(data.recentPatients.length).toBeGreaterThan(0);
    const [record] = await t.app.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.action, 'dashboard.read'))
      .orderBy(desc(auditRecords.id))
      .limit(1);
    expect(record).toMatchObject({
      actor_account_id: 201,
      actor_type: 'program_user',
      program_id: NORTH,
      entity: 'dashboard',
      detail: { patientIds: data.recentPatients.map((p) => p.id) },
    });
    expect(JSON.stringify(record?.detail)).not.toContain('Dash');
  });

  it("reads today in the program's timezone, not the server's", async () => {
    // Move the clock to the next 03:00 UTC: the UTC date is already tomorrow, Chicago's is still today.
    const now = t.clock.now();
    const target = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 3));
    if (target <= now) target.setUTCDate(target.getUTCDate() + 1);
    t.clock.advance(target.getTime() - now.getTime());
    await signIn();
    const chicagoToday = dayIn(CHICAGO);
    const utcToday = t.clock.now().toISOString().slice(0, 10);
    expect(chicagoToday).toBe(plusDays(utcToday, -1));

    const stamp = { created_at: t.clock.now(), updated_at: t.clock.now() };
    const [late] = await t.app.db
      .insert(events)
      .values([
        { program_id: NORTH, event_title: 'Late Evening Seminar', date: chicagoToday, time: '20:30:00', location: 'Main Campus', ...stamp },
        { program_id: NORTH, event_title: 'Yesterday Seminar', date: plusDays(chicagoToday, -1), time: '08:00:00', ...stamp },
      ])
      .returning({ id: events.id });
    await addPatient({ last_name: 'ChicagoToday', surgery_date: chicagoToday });

    const data = await dashboard();
    // The demo's Tuesday group may share the day: the late seminar is among today's, not necessarily first.
    expect(data.events.upcoming).toContainEqual({
      id: late?.id,
      event_title: 'Late Evening Seminar',
      date: chicagoToday,
      time: '20:30:00',
      location: 'Main Campus',
    });
    expect(data.events.upcoming.map((e) => e.event_title)).not.toContain('Yesterday Seminar');
    expect(data).toEqual(await expected(NORTH, chicagoToday));
  });
});
