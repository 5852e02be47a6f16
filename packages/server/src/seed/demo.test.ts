import { sql } from 'drizzle-orm';
import { PERMISSION_SLUGS, PROGRAM_USER_MENU_FLAGS, SUB_MENU_TITLES } from '@baridesk/domain';
import { openDatabase, queryRows, type DatabaseHandle, type Db } from '../db/client';
import { verifyPassword } from '../lib/secrets';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, seedDemoIfEmpty } from './demo';
import { DEMO_PIPELINE_STATUSES } from './pipeline';
import { seedScale } from './scale';

const PER_PROGRAM = 30;
let handle: DatabaseHandle;
let db: Db;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);
/** The demo pipeline's choices (not its times, which follow the clock). */
const pipelineFingerprint = async (target: Db) =>
  (
    await queryRows<{ f: string }>(
      target,
      sql`select md5(
        (select string_agg(concat_ws('|', id, pipeline_status_id, checklist_percent), ',' order by id) from patients) ||
        (select string_agg(concat_ws('|', patient_id, from_status_id, to_status_id, rule_type, trigger_key), ',' order by id) from pipeline_moves) ||
        (select string_agg(concat_ws('|', patient_id, template_item_id, completed_by), ',' order by id) from patient_checklist_items)) as f`,
    )
  )[0]?.f;
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

  it('gives Northside a weekly support group and a monthly seminar series, single events ahead and past, and Lakeview none', async () => {
    const counts = await rows<{ program_id: number; future: number; past: number; series: string[] }>(sql`
      select program_id,
        count(*) filter (where rrule is null and date > ${today()}::date and date <= ${today()}::date + 60)::int as future,
        count(*) filter (where date < ${today()}::date)::int as past,
        coalesce(array_agg(rrule order by rrule) filter (where rrule is not null and recurrence_end is null), '{}') as series
      from events group by program_id order by program_id`);
    const northside = counts.find((c) => c.program_id === 101);
    expect(northside?.future).toBeGreaterThanOrEqual(2);
    expect(northside?.past).toBeGreaterThan(0);
    expect(northside?.series).toEqual([expect.stringMatching(/^FREQ=MONTHLY;BYMONTHDAY=\d+$/), 'FREQ=WEEKLY;BYDAY=TU']);
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
    // Within the last 90 days of the patient's own time zone, in the patient's program (older weigh-ins are the
    // clinic's follow-up visits, tested below).
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select patient_id, program_id, logged_on, false as visit from food_log_entries
        union all select patient_id, program_id, logged_on, source = 'staff' and logged_on < now()::date - 91 from weight_logs
        union all select patient_id, program_id, logged_on, false from water_logs) l
      join patients p on p.id = l.patient_id
      where l.program_id <> p.program_id
         or l.logged_on > (now() at time zone p.timezone)::date
         or (not l.visit and l.logged_on < (now() at time zone p.timezone)::date - 90)`);
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

  it('gives operated patients follow-up visits around their milestones, some missed, before the app logs', async () => {
    const visits = await rows<{ patient_id: number; days: number; weight: number; starting: number; current: number; program_ok: boolean; before_logs: boolean }>(sql`
      select w.patient_id, w.logged_on - p.surgery_date as days, w.weight::float8 as weight, p.starting_weight::float8 as starting,
             p.current_weight::float8 as current, w.program_id = p.program_id and w.entered_by is not null as program_ok,
             w.logged_on < (now() at time zone p.timezone)::date - 90 as before_logs
      from weight_logs w join patients p on p.id = w.patient_id
      where w.source = 'staff' and w.logged_on < (now() at time zone p.timezone)::date - 90`);
    expect(visits.length).toBeGreaterThan(20);
    // Each within 10 days of a planned visit (1, 3, 6 months, 1, 2… years), between the start and the current weight.
    const planned = [30, 91, 182, 365, 730, 1095, 1460, 1825];
    for (const v of visits) {
      expect(planned.some((d) => Math.abs(v.days - d) <= 10)).toBe(true);
      expect(v.program_ok && v.before_logs).toBe(true);
      expect(v.weight).toBeLessThan(v.starting);
      expect(v.weight).toBeGreaterThan(v.current * 0.95);
    }
    // Some planned visits that are past were missed (the follow-up worklist shows them overdue).
    const [missed] = await rows<{ n: number }>(sql`
      select count(*)::int as n from patients p
      where p.surgery_date < now()::date - 400
        and not exists (select 1 from weight_logs w where w.patient_id = p.id and w.logged_on - p.surgery_date between 355 and 375)`);
    expect(missed!.n).toBeGreaterThan(0);
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
      expect(await pipelineFingerprint(again.db)).toBe(await pipelineFingerprint(db));
    } finally {
      await again.close();
    }
  });

  it('gives each demo program its pipeline: statuses, checklist templates, and Northside its rules', async () => {
    const statuses = await rows<{ program_id: number; stage: number; names: string[]; defaults: string[] }>(sql`
      select program_id, stage, array_agg(name order by position) as names,
        array_agg(name order by position) filter (where is_default = 1) as defaults
      from pipeline_statuses where deleted_at is null group by program_id, stage order by program_id, stage`);
    for (const program of [101, 102, 302]) {
      expect(statuses.filter((s) => s.program_id === program).map(({ stage, names, defaults }) => ({ stage, names, defaults }))).toEqual(
        ([1, 2, 3] as const).map((stage) => ({ stage, names: [...DEMO_PIPELINE_STATUSES[stage]], defaults: [DEMO_PIPELINE_STATUSES[stage][0]] })),
      );
    }
    const templates = await rows<{ program_id: number; stage: number; name: string; is_default: number; items: number }>(sql`
      select t.program_id, t.stage, t.name, t.is_default, count(i.id)::int as items
      from checklist_templates t left join checklist_template_items i on i.template_id = t.id
      group by t.id order by t.program_id, t.id`);
    expect(templates.filter((t) => t.program_id === 101).map(({ stage, name, is_default, items }) => [stage, name, is_default, items])).toEqual([
      [1, 'Pre-Op Requirements', 1, 8],
      [1, 'Revision Surgery Extras', 0, 3],
      [2, 'Post-Op Follow-up', 1, 5],
      [3, 'Weight Management Plan', 1, 4],
    ]);
    const dueRules = await rows<{ n: number }>(sql`select count(*)::int as n from checklist_template_items where due_anchor is not null and program_id = 101`);
    expect(dueRules[0]!.n).toBeGreaterThan(5);
    const rules = await rows<{ program_id: number; stage: number; type: number; from_name: string | null; to_name: string; days: number | null; percent: number | null; priority: number; status: number }>(sql`
      select r.program_id, r.stage, r.type, f.name as from_name, t.name as to_name, r.days, r.percent, r.priority, r.status
      from pipeline_rules r left join pipeline_statuses f on f.id = r.from_status_id join pipeline_statuses t on t.id = r.to_status_id
      order by r.program_id, r.stage, r.priority`);
    expect(rules.map(({ program_id, stage, type, from_name, to_name, days, percent, status }) => [program_id, stage, type, from_name, to_name, days ?? percent, status])).toEqual([
      [101, 1, 4, null, 'Ready for Surgery', 100, 1],
      [101, 1, 6, null, 'Surgery Scheduled', null, 1],
      [101, 1, 5, 'Seminar Attended', 'Insurance Review', 90, 0],
      [101, 2, 1, 'Recovering', '30-Day Follow-up', 30, 1],
      [101, 2, 1, '30-Day Follow-up', '90-Day Follow-up', 90, 1],
    ]);
  });

  it('places the demo patients in their stage’s statuses, with their checklists and the moves that put them there', async () => {
    // Every patient has the current stage's default checklist, the percentage matching the ticks.
    const [checklists] = await rows<{ bad: number; ticked: number; open: number }>(sql`
      select count(*) filter (where c.items <> c.template_items or p.checklist_percent <> floor(100.0 * c.done / c.items))::int as bad,
        sum(c.done)::int as ticked, sum(c.items - c.done)::int as open
      from patients p
      join lateral (
        select count(*) as items, count(i.completed_at) as done,
          (select count(*) from checklist_template_items ti join checklist_templates t on t.id = ti.template_id
            where t.program_id = p.program_id and t.stage = p.current_stage and t.is_default = 1) as template_items
        from patient_checklist_items i where i.patient_id = p.id and i.stage = p.current_stage) c on true`);
    expect(checklists).toEqual({ bad: 0, ticked: expect.any(Number), open: expect.any(Number) });
    expect(checklists!.ticked).toBeGreaterThan(0);
    expect(checklists!.open).toBeGreaterThan(0);
    const [ticks] = await rows<{ bad: number }>(sql`
      select count(*)::int as bad from patient_checklist_items i join patients p on p.id = i.patient_id
      where (i.completed_at is null) <> (i.completed_by is null) or i.completed_at > now() or i.program_id <> p.program_id`);
    expect(ticks!.bad).toBe(0);

    // A status of the current stage, or none for a few per program; the last move put them there.
    const placed = await rows<{ program_id: number; placed: number; missing: number; statuses: number; days: number }>(sql`
      select p.program_id, count(p.pipeline_status_id)::int as placed, count(*) filter (where p.pipeline_status_id is null)::int as missing,
        count(distinct p.pipeline_status_id)::int as statuses, count(distinct p.pipeline_status_since::date)::int as days
      from patients p group by p.program_id order by p.program_id`);
    for (const program of placed) {
      expect(program.missing).toBeGreaterThanOrEqual(1);
      expect(program.missing).toBeLessThan(PER_PROGRAM / 5);
      expect(program.statuses).toBeGreaterThanOrEqual(5);
      expect(program.days).toBeGreaterThan(program.placed / 2);
    }
    const [statusBad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from patients p left join pipeline_statuses s on s.id = p.pipeline_status_id
      left join lateral (select m.* from pipeline_moves m where m.patient_id = p.id order by m.moved_at desc, m.id desc limit 1) last on true
      where (p.pipeline_status_id is null and (last.id is not null or p.pipeline_status_since is not null))
         or (p.pipeline_status_id is not null and (s.program_id <> p.program_id or s.stage <> p.current_stage
           or last.to_status_id is distinct from p.pipeline_status_id or last.moved_at <> p.pipeline_status_since))
         or p.pipeline_status_since > now() or p.stage_entered_at > now()`);
    expect(statusBad!.n).toBe(0);
    // Moves chain (each from where the previous one went) and a rule's move carries its rule and key.
    const [chainBad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select m.*, lag(m.to_status_id) over (partition by m.patient_id order by m.moved_at, m.id) as before,
          row_number() over (partition by m.patient_id order by m.moved_at, m.id) as k
        from pipeline_moves m) m
      left join pipeline_rules r on r.id = m.rule_id
      where (m.k > 1 and m.from_status_id is distinct from m.before) or (m.k = 1 and m.from_status_id is not null)
         or (m.rule_id is null) = (m.moved_by is null) or (m.rule_id is not null and (m.rule_type <> r.type or m.trigger_key is null))`);
    expect(chainBad!.n).toBe(0);
    const byRule = await rows<{ type: number; n: number }>(sql`select rule_type as type, count(*)::int as n from pipeline_moves where rule_id is not null group by rule_type order by rule_type`);
    expect(byRule.map((r) => r.type)).toEqual(expect.arrayContaining([1, 6]));
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

    // Follow-up weigh-ins of the operated patients: on a planned day ±10 after surgery, not in the future, between
    // the starting and the current weight (give or take a rounding).
    expect(result.weighIns).toBeGreaterThan(100);
    const [visits] = await rows<{ n: number; bad: number; patients: number }>(sql`
      select count(*)::int as n, count(distinct w.patient_id)::int as patients,
        (count(*) filter (where w.program_id <> p.program_id or w.logged_on > current_date + 1
          or not exists (select 1 from unnest(array[30, 91, 182, 365, 730, 1095, 1460, 1825]) d where abs(w.logged_on - p.surgery_date - d) <= 10)
          or w.weight > p.starting_weight or w.weight < p.current_weight - 0.1))::int as bad
      from weight_logs w join patients p on p.id = w.patient_id
      where w.program_id in (${bench[0]!.id}, ${bench[1]!.id})`);
    expect(visits).toMatchObject({ n: result.weighIns, bad: 0 });
    const [operated] = await rows<{ n: number }>(sql`
      select count(*)::int as n from patients where program_id in (${bench[0]!.id}, ${bench[1]!.id}) and surgery_date < current_date - 40`);
    // About three visits in four are kept: some operated patients have none yet, most have one.
    expect(visits!.patients).toBeGreaterThan(operated!.n / 2);

    // A second run numbers its programs after the first.
    await seedScale(db, 10, { programs: 1 });
    const [next] = await rows<{ n: number }>(
      sql`select count(*)::int as n from accounts where email = 'bench-program-3@baridesk.test'`,
    );
    expect(next?.n).toBe(1);
  });
});
