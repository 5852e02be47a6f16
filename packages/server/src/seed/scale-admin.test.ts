import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from '../db/client';
import { programShares } from './scale';
import { ADMIN_SCALE_AUDIT_ACTIONS, seedAdminScale } from './scale-admin';

let handle: DatabaseHandle;
let result: Awaited<ReturnType<typeof seedAdminScale>>;

beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
  result = await seedAdminScale(handle.db, 3000, { programs: 30, auditRecords: 20_000 });
});

afterAll(async () => {
  await handle?.close();
});

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(handle.db, query);

describe('programShares', () => {
  it('shares every patient out, evenly or falling from the first program to the last', () => {
    expect(programShares(10, 3, 'even')).toEqual([4, 3, 3]);
    const skewed = programShares(1_000_000, 1000, 'skewed');
    expect(skewed.reduce((a, b) => a + b, 0)).toBe(1_000_000);
    expect(skewed[0]).toBeGreaterThan(12_000);
    expect(skewed[999]).toBeLessThan(300);
    expect(skewed.every((n, k) => k === 0 || n <= skewed[k - 1]! + 1)).toBe(true);
  });
});

describe('seedAdminScale', () => {
  it('makes the programs with their accounts and staff, uneven in size, with varied profiles', async () => {
    expect(result).toMatchObject({ programs: 30, patients: 3000, auditRecords: 20_000 });
    const programs = await rows<{ id: number; title: string; city: string; code: string; status: number; deleted: boolean; patients: number; staff: number }>(sql`
      select p.id, p.title, p.city, p.programmer_code as code, p.status, a.deleted_at is not null as deleted,
        (select count(*)::int from patients x where x.program_id = p.id) as patients,
        (select count(*)::int from program_users u where u.program_id = p.id) as staff
      from programs p join accounts a on a.id = p.id where a.email like 'bench-program-%' order by p.id`);
    expect(programs).toHaveLength(30);
    expect(programs.every((p) => p.staff === 1 && p.title.length > 5 && p.city && p.code)).toBe(true);
    expect(new Set(programs.map((p) => p.title)).size).toBeGreaterThan(15);
    expect(programs[0]!.patients).toBeGreaterThan(2 * programs[29]!.patients);
    // The first program stays live: the staff benchmarks sign in as its staff.
    expect(programs[0]).toMatchObject({ status: 1, deleted: false });
    // No pipeline, food logs or weigh-ins: the super-admin benchmarks read none.
    const [extras] = await rows<{ n: number }>(sql`
      select (select count(*) from food_log_entries where program_id >= 1000) + (select count(*) from weight_logs where program_id >= 1000)
        + (select count(*) from pipeline_statuses where program_id >= 1000) as n`);
    expect(Number(extras!.n)).toBe(0);
  });

  it('writes an audit trail of the programs\' own people, newest busiest, some patients far busier than others', async () => {
    const [wrong] = await rows<{ n: number }>(sql`
      select count(*)::int as n from audit_records r left join patients p on p.id = r.patient_id
      where r.program_id >= 1000 and ((r.patient_id is not null and p.program_id <> r.program_id)
        or (r.actor_type in ('program_user', 'sub_user') and r.actor_account_id not in (
          select id from program_users where program_id = r.program_id union select r.program_id)))`);
    expect(wrong!.n).toBe(0);
    const actions = await rows<{ action: string }>(sql`select distinct action from audit_records order by action`);
    expect(actions.map((a) => a.action)).toEqual([...ADMIN_SCALE_AUDIT_ACTIONS].sort());
    const [spread] = await rows<{ recent: number; old: number; failed: number; admins: number }>(sql`
      select count(*) filter (where at > now() - interval '365 days')::int as recent,
        count(*) filter (where at <= now() - interval '365 days')::int as old,
        count(*) filter (where not success)::int as failed,
        count(*) filter (where actor_account_id in (48, 49) and actor_type = 'super_admin')::int as admins
      from audit_records`);
    expect(spread!.recent).toBeGreaterThan(2 * spread!.old);
    expect(spread!.failed).toBeGreaterThan(0);
    expect(spread!.admins).toBeGreaterThan(0);
    // A list read keeps the patients it showed (its own program's), with no patient of its own.
    const [lists] = await rows<{ n: number; bad: number }>(sql`
      select count(*)::int as n, count(*) filter (where r.patient_id is not null
        or jsonb_array_length(r.detail -> 'patientIds') <> least(10, (select count(*) from patients p where p.program_id = r.program_id))
        or exists (select 1 from jsonb_array_elements_text(r.detail -> 'patientIds') e join patients p on p.id = e::int where p.program_id <> r.program_id))::int as bad
      from audit_records r where r.action = 'patient.list'`);
    expect(lists!.n).toBeGreaterThan(0);
    expect(lists!.bad).toBe(0);
    const [boards] = await rows<{ n: number }>(sql`
      select count(*)::int as n from audit_records where action = 'pipeline.board' and jsonb_array_length(detail -> 'patientIds') > 10`);
    expect(boards!.n).toBeGreaterThan(0);
    const [busy] = await rows<{ top: number; median: number }>(sql`
      select max(n)::int as top, percentile_disc(0.5) within group (order by n)::int as median
      from (select count(*) as n from audit_records where patient_id is not null group by patient_id) x`);
    expect(busy!.top).toBeGreaterThan(10 * busy!.median);
  });
});
