import { sql } from 'drizzle-orm';
import { PERMISSION_SLUGS, PROGRAM_USER_MENU_FLAGS, SUB_MENU_TITLES } from '@baridesk/domain';
import { openDatabase, queryRows, type DatabaseHandle, type Db } from '../db/client';
import { verifyPassword } from '../lib/secrets';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, seedDemoIfEmpty } from './demo';
import { seedScale } from './scale';

jest.setTimeout(60_000);

const PER_PROGRAM = 30;
let handle: DatabaseHandle;
let db: Db;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
  db = handle.db;
  const result = await seedDemo(db, { patientsPerProgram: PER_PROGRAM });
  expect(result).toMatchObject({ accounts: DEMO_ACCOUNTS.length, patients: 3 * PER_PROGRAM });
  expect(result.logs.food).toBeGreaterThan(0);
});

afterAll(async () => {
  await handle?.close();
});

describe('seedDemo', () => {
  it('creates every demo account with its id and type, password Demo1234', async () => {
    const found = await rows<{ id: number; email: string; type: string; password_hash: string }>(
      sql`select id, email, type, password_hash from accounts order by id`,
    );
    expect(found.map(({ id, email, type }) => ({ id, email, type }))).toEqual(
      [...DEMO_ACCOUNTS].sort((a, b) => a.id - b.id).map(({ id, email, type }) => ({ id, email, type })),
    );
    // One hash for all, made once.
    expect(new Set(found.map((a) => a.password_hash)).size).toBe(1);
    await expect(verifyPassword(found[0]?.password_hash, DEMO_PASSWORD)).resolves.toBe(true);
  });

  it('gives super admin 48 every permission and admin2 only its two', async () => {
    const perms = await rows<{ id: number; slug: string }>(sql`select id, slug from permissions order by id`);
    expect(perms.map((p) => p.id)).toEqual(PERMISSION_SLUGS.map((_, i) => i + 1));
    const granted = await rows<{ super_admin_id: number; slug: string }>(sql`
      select sap.super_admin_id, p.slug from super_admin_permissions sap
      join permissions p on p.id = sap.permission_id order by p.slug`);
    const of = (id: number) => granted.filter((g) => g.super_admin_id === id).map((g) => g.slug);
    expect(of(48).sort()).toEqual([...PERMISSION_SLUGS].sort());
    expect(of(49)).toEqual(['cards_and_trophies', 'manage_events']);
    const admins = await rows<{ id: number }>(sql`select id from super_admins order by id`);
    expect(admins.map((a) => a.id)).toEqual([48, 49]);
  });

  it('creates programs 101, 102 and 302 with their codes and menus', async () => {
    const found = await rows<{ id: number; programmer_code: string; title: string; popup_status: number; popup_msg: string | null }>(
      sql`select id, programmer_code, title, popup_status, popup_msg from programs order by id`,
    );
    expect(found.map((p) => [p.id, p.programmer_code])).toEqual([
      [101, 'NSB-1001'],
      [102, 'LWC-2002'],
      [302, 'RMW-0302'],
    ]);
    expect(found[0]?.title).toBe('Northside Bariatrics');
    expect(found[1]?.title).toBe('Lakeview Weight Loss Center');
    expect(found[1]?.popup_status).toBe(1);
    expect(found[1]?.popup_msg).toBe("Welcome to BariDesk! Your program's new reporting dashboard is live.");

    const menus = await rows<{ program_id: number; total: number; on: number }>(sql`
      select program_id, count(*)::int as total, count(*) filter (where status = 1)::int as "on"
      from sub_menu_managers group by program_id order by program_id`);
    expect(menus).toEqual([
      { program_id: 101, total: SUB_MENU_TITLES.length, on: SUB_MENU_TITLES.length },
      { program_id: 102, total: SUB_MENU_TITLES.length, on: expect.any(Number) },
      { program_id: 302, total: SUB_MENU_TITLES.length, on: SUB_MENU_TITLES.length },
    ]);
    expect(menus[1]!.on).toBeLessThan(SUB_MENU_TITLES.length);
  });

  it('gives Northside upcoming and past events and Lakeview none', async () => {
    const counts = await rows<{ program_id: number; future: number; past: number }>(sql`
      select program_id,
        count(*) filter (where date > ${today()}::date and date <= ${today()}::date + 60)::int as future,
        count(*) filter (where date < ${today()}::date)::int as past
      from events group by program_id order by program_id`);
    const northside = counts.find((c) => c.program_id === 101);
    expect(northside?.future).toBeGreaterThanOrEqual(4);
    expect(northside?.past).toBeGreaterThan(0);
    expect(counts.find((c) => c.program_id === 102)).toBeUndefined();
  });

  it('sets up the Northside staff as described', async () => {
    const staff = await rows<Record<string, number | string>>(sql`
      select pu.*, a.email, a.is_password_changed from program_users pu join accounts a on a.id = pu.id order by pu.id`);
    expect(staff.map((s) => s.id)).toEqual([201, 202, 203, 204, 205]);
    const byEmail = (email: string) => staff.find((s) => s.email === email)!;
    const full = byEmail('staff@northside.test');
    const menuFlags = PROGRAM_USER_MENU_FLAGS.filter((flag) => flag !== 'self_service');
    for (const flag of [...menuFlags, 'shop_url', 'administrative_rights']) expect(full[flag]).toBe(1);
    expect(full.self_service).toBe(0); // a restriction, not a menu: the full-access account does not have it
    const limited = byEmail('limited@northside.test');
    const limitedOn = [...PROGRAM_USER_MENU_FLAGS, 'shop_url'].filter((flag) => limited[flag] === 1);
    expect(limitedOn.sort()).toEqual(['event', 'pipeline_status']);
    expect(limited.administrative_rights).toBe(0);
    expect(byEmail('selfservice@northside.test')).toMatchObject({ self_service: 1, terms_and_conditions_check: 0 });
    expect(byEmail('newstaff@northside.test')).toMatchObject({ is_password_changed: 0, terms_and_conditions_check: 1 });
    expect(full.terms_and_conditions_check).toBe(1);
    // One account asks its security question after the password; it has not chosen one yet.
    expect(staff.filter((s) => s.security_status === 1).map((s) => s.email)).toEqual(['secure@northside.test']);
    const answers = await rows<{ n: number }>(sql`select count(*)::int as n from security_answers`);
    expect(answers[0]?.n).toBe(0);
  });

  it('keeps every seeded e-mail unique and lower-case', async () => {
    const emails = (
      await rows<{ email: string }>(sql`
        select email from accounts union all select email from patients where email is not null
        union all select email from insurance_coordinators where email is not null`)
    ).map((r) => r.email);
    expect(emails.length).toBeGreaterThan(3 * PER_PROGRAM);
    for (const email of emails) expect(email).toBe(email.toLowerCase());
    const accountEmails = (await rows<{ email: string }>(sql`select email from accounts`)).map((r) => r.email);
    expect(new Set(accountEmails).size).toBe(accountEmails.length);
    expect(new Set(emails).size).toBe(emails.length);
  });

  it('gives each program its patients with unique MRNs and consistent values', async () => {
    const perProgram = await rows<{ program_id: number; total: number; mrns: number }>(sql`
      select program_id, count(*)::int as total, count(distinct mrn_number)::int as mrns
      from patients group by program_id order by program_id`);
    expect(perProgram).toEqual([
      { program_id: 101, total: PER_PROGRAM, mrns: PER_PROGRAM },
      { program_id: 102, total: PER_PROGRAM, mrns: PER_PROGRAM },
      { program_id: 302, total: PER_PROGRAM, mrns: PER_PROGRAM },
    ]);
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from patients p
      left join patient_tags t on t.id = p.user_cat_id
      left join locations l on l.id = p.location_id
      left join programs pr on pr.id = p.program_id
      where p.mrn_number !~ '^MRN[0-9]{7}$'
         or t.program_id is distinct from p.program_id or t.name is distinct from p.user_cat_name
         or l.program_id is distinct from p.program_id
         or p.timezone is distinct from pr.timezone
         or (p.current_stage in (2, 3) and (p.surgery_date is null or p.surgery_date > ${today()}::date))
         or (p.current_stage = 3 and p.surgery_date > ${today()}::date - 365)
         or p.hight not between 58 and 76 or p.starting_weight not between 220 and 420
         or (p.current_stage > 1 and (p.current_weight > p.starting_weight * 0.9 or p.current_weight < p.starting_weight * 0.55))
         or p.dob not between '1955-01-01' and '2002-12-31'`);
    expect(bad?.n).toBe(0);
  });

  it("gives the app's recent users 90 days of food, weight and water logs, none in the future", async () => {
    const [counts] = await rows<{ food: number; weight: number; water: number; loggers: number; weighers: number }>(sql`
      select (select count(*)::int from food_log_entries) as food, (select count(*)::int from weight_logs) as weight,
        (select count(*)::int from water_logs) as water,
        (select count(distinct patient_id)::int from food_log_entries) as loggers,
        (select count(distinct patient_id)::int from weight_logs) as weighers`);
    expect(counts!.loggers).toBeGreaterThan(3);
    expect(counts!.weighers).toBeGreaterThanOrEqual(counts!.loggers);
    expect(counts!.food).toBeGreaterThan(counts!.loggers * 60);
    expect(counts!.water).toBeGreaterThan(counts!.loggers * 30);
    // Within the last 90 days of the patient's own time zone, in the patient's program.
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select patient_id, program_id, logged_on from food_log_entries
        union all select patient_id, program_id, logged_on from weight_logs
        union all select patient_id, program_id, logged_on from water_logs) l
      join patients p on p.id = l.patient_id
      where l.program_id <> p.program_id
         or l.logged_on > (now() at time zone p.timezone)::date
         or l.logged_on < (now() at time zone p.timezone)::date - 90`);
    expect(bad?.n).toBe(0);
    // The latest weigh-in of each patient is the patient's current weight.
    const [mismatch] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select distinct on (patient_id) patient_id, weight from weight_logs
        order by patient_id, logged_on desc, created_at desc, id desc) w
      join patients p on p.id = w.patient_id where w.weight <> p.current_weight`);
    expect(mismatch?.n).toBe(0);
    // Every meal type appears, and some serving sizes are words or blank (they count as 1).
    const meals = await rows<{ meal_type: string }>(sql`select distinct meal_type from food_log_entries order by 1`);
    expect(meals.map((m) => m.meal_type)).toEqual(['breakfast', 'dinner', 'lunch', 'other', 'snacks']);
    const [odd] = await rows<{ n: number }>(
      sql`select count(*)::int as n from food_log_entries where user_serving_size is null or user_serving_size !~ '^[0-9.]+$'`,
    );
    expect(odd?.n).toBeGreaterThan(0);
  });

  it('makes the same logs from the same seed', async () => {
    const fingerprint = async (target: Db) =>
      (
        await queryRows<{ f: string }>(
          target,
          sql`select md5(string_agg(concat_ws('|', patient_id, meal_type, item_name, user_serving_size, nf_calories), ',' order by id)) as f
              from food_log_entries`,
        )
      )[0]?.f;
    const again = await openDatabase({ kind: 'pglite' });
    try {
      await seedDemo(again.db, { patientsPerProgram: PER_PROGRAM });
      expect(await fingerprint(again.db)).toBe(await fingerprint(db));
    } finally {
      await again.close();
    }
  });

  it('does nothing when asked to seed a database that has accounts', async () => {
    await expect(seedDemoIfEmpty(db, { patientsPerProgram: PER_PROGRAM })).resolves.toBeNull();
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from accounts`);
    expect(count?.n).toBe(DEMO_ACCOUNTS.length);
  });

  it('leaves the sequences past the seeded ids', async () => {
    const [account] = await rows<{ id: number }>(
      sql`insert into accounts (type, email) values ('super_admin', 'later@baridesk.test') returning id`,
    );
    expect(account!.id).toBeGreaterThanOrEqual(1000);
    const [permission] = await rows<{ id: number }>(
      sql`insert into permissions (name, slug) values ('Later', 'later') returning id`,
    );
    expect(permission!.id).toBe(PERMISSION_SLUGS.length + 1);
    const [menu] = await rows<{ id: number }>(sql`insert into sub_menus (title) values ('Later') returning id`);
    expect(menu!.id).toBe(SUB_MENU_TITLES.length + 1);
    await db.execute(sql`delete from accounts where id = ${account!.id}`);
    await db.execute(sql`delete from permissions where id = ${permission!.id}`);
    await db.execute(sql`delete from sub_menus where id = ${menu!.id}`);
  });
});

describe('seedScale', () => {
  it('adds patients spread over new bench programs, leaving the rest alone', async () => {
    const progress: number[] = [];
    const result = await seedScale(db, 1200, {
      programs: 2,
      concurrency: 2, // one chunk per program, both at once
      onProgress: (done) => progress.push(done),
    });
    expect(result).toMatchObject({ programs: 2, patients: 1200, foodLogs: 1200 * 20 });
    expect(progress).toEqual([600, 1200]);

    const bench = await rows<{ id: number; email: string; total: number; staff: number }>(sql`
      select a.id, a.email,
        (select count(*)::int from patients p where p.program_id = a.id) as total,
        (select count(*)::int from program_users pu where pu.program_id = a.id) as staff
      from accounts a where a.email like 'bench-program-%' order by a.id`);
    expect(bench.map((b) => b.email)).toEqual(['bench-program-1@baridesk.test', 'bench-program-2@baridesk.test']);
    expect(bench.map((b) => b.total)).toEqual([600, 600]);
    expect(bench.every((b) => b.id >= 1000 && b.staff === 1)).toBe(true);
    const staff = await rows<Record<string, number | string>>(sql`
      select pu.*, a.email from program_users pu join accounts a on a.id = pu.id
      where a.email like 'bench-staff-%' order by pu.id`);
    expect(staff.map((s) => [s.email, s.program_id])).toEqual([
      ['bench-staff-1@baridesk.test', bench[0]!.id],
      ['bench-staff-2@baridesk.test', bench[1]!.id],
    ]);
    for (const flag of [...PROGRAM_USER_MENU_FLAGS.filter((f) => f !== 'self_service'), 'shop_url', 'administrative_rights']) {
      expect(staff[0]![flag]).toBe(1);
    }
    expect(staff[0]!.self_service).toBe(0);

    const [demo] = await rows<{ n: number }>(sql`select count(*)::int as n from patients where program_id in (101, 102, 302)`);
    expect(demo?.n).toBe(3 * PER_PROGRAM);

    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from patients p join patient_tags t on t.id = p.user_cat_id
      where p.program_id in (${bench[0]!.id}, ${bench[1]!.id})
        and (t.program_id <> p.program_id or t.name <> p.user_cat_name
          or p.current_stage not in (1, 2, 3) or p.starting_weight not between 220 and 420
          or (p.current_stage > 1 and p.surgery_date > ${today()}::date)
          or p.email !~ '^[a-z0-9]+[.][a-z0-9]+[0-9]+@example[.]com$')`);
    expect(bad?.n).toBe(0);

    // 20 food-log entries per new patient, in the patient's program, on the last 90 days, of valid meal types.
    const logs = await rows<{ program_id: number; patients: number; entries: number; oldest: string; newest: string }>(sql`
      select f.program_id, count(distinct f.patient_id)::int as patients, count(*)::int as entries,
        min(f.logged_on)::text as oldest, max(f.logged_on)::text as newest
      from food_log_entries f join patients p on p.id = f.patient_id and p.program_id = f.program_id
      where f.program_id in (${bench[0]!.id}, ${bench[1]!.id}) group by f.program_id order by f.program_id`);
    expect(logs.map((l) => [l.program_id, l.patients, l.entries])).toEqual([
      [bench[0]!.id, 600, 12_000],
      [bench[1]!.id, 600, 12_000],
    ]);
    const utcToday = new Date().toISOString().slice(0, 10);
    const earliest = new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10);
    for (const l of logs) {
      expect(l.newest <= utcToday).toBe(true);
      expect(l.oldest >= earliest).toBe(true);
    }
    const [unnamed] = await rows<{ n: number }>(sql`
      select count(*)::int as n from food_log_entries where program_id in (${bench[0]!.id}, ${bench[1]!.id})
        and (item_name = '' or nf_calories is null)`);
    expect(unnamed?.n).toBe(0);

    // A second run numbers its programs after the first.
    await seedScale(db, 10, { programs: 1 });
    const [next] = await rows<{ n: number }>(
      sql`select count(*)::int as n from accounts where email = 'bench-program-3@baridesk.test'`,
    );
    expect(next?.n).toBe(1);
  });
});
