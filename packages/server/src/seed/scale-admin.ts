/**
 * The super-admin area's benchmark data (issue 19): many programs of uneven size, their patients, and a
 * long audit trail. `seedScale` makes the programs (each with its account and a staff account) and the
 * patients, shared out as clinics are (a few large programs, a long tail of small ones) and without the
 * food logs, weigh-ins and pipeline the staff benchmarks need; then the programs get varied profiles
 * (names, owners, cities, tiers, types; some deactivated, some deleted) so a search or a sort of the
 * programs list has work to do; then the audit trail is written by the database from generate_series
 * in chunks, each row's who/what/which patient drawn from hashint8 of its number (the same call gives
 * the same trail). Plain PostgreSQL, so it runs on PGlite as well (at small sizes).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SUPER_ADMIN_ID } from '@baridesk/domain';
import { queryRows, type Db } from '../db/client';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from './names';
import { CITIES, intArray, seedScale, textArray } from './scale';

export interface AdminScaleOptions {
  /** Programs to create (default 1,000). */
  programs?: number;
  /** Audit records to write (default 10 per patient). */
  auditRecords?: number;
  /** Chunks written at once (default 1; each needs a pooled connection). */
  concurrency?: number;
  /** Called after each chunk: which table, the rows written so far and the total. */
  onProgress?: (what: 'patients' | 'audit records', done: number, total: number) => void;
}

export interface AdminScaleResult {
  programs: number;
  patients: number;
  auditRecords: number;
  /** Seconds each part took. */
  seconds: { programsAndPatients: number; profiles: number; auditRecords: number };
}

const DEFAULT_PROGRAMS = 1000;
const AUDIT_CHUNK = 200_000;
/** The trail covers this many days back from now, busier lately (see auditChunk). */
const AUDIT_DAYS = 730;
/** The second demo super admin (demo.ts's admin2). */
const SECOND_SUPER_ADMIN_ID = 49;

/**
 * What the trail holds, by weight (per 1,000 records), with who did it: staff of the patient's program on
 * a patient ('staff-patient') or on the program ('staff'), the patient in the app ('patient'), a super
 * admin on a patient across programs ('admin-patient') or not ('admin'). The shares follow what a
 * clinic's day looks like: records are mostly read, then searched, then changed.
 */
const AUDIT_KINDS: readonly {
  weight: number;
  action: string;
  entity: string;
  who: 'staff-patient' | 'staff' | 'patient' | 'admin-patient' | 'admin';
  success?: false;
  /**
   * A read of many patients at once (a list page, the board, a report table): how many it showed, kept
   * in detail.patientIds with patient_id null, as the audit writer does (the program's own patients; a
   * super admin's list, any program's).
   */
  shows?: number;
}[] = [
  { weight: 360, action: 'patient.read', entity: 'patient', who: 'staff-patient' },
  { weight: 60, action: 'patient.update', entity: 'patient', who: 'staff-patient' },
  { weight: 25, action: 'change_stage', entity: 'patient', who: 'staff-patient' },
  { weight: 15, action: 'add_tag', entity: 'patient', who: 'staff-patient' },
  { weight: 15, action: 'patient.report.pdf', entity: 'patient', who: 'staff-patient' },
  { weight: 10, action: 'pipeline.history', entity: 'patient', who: 'staff-patient' },
  { weight: 90, action: 'patient.list', entity: 'patient', who: 'staff', shows: 10 },
  { weight: 30, action: 'pipeline.board', entity: 'pipeline', who: 'staff', shows: 40 },
  { weight: 40, action: 'dashboard.read', entity: 'dashboard', who: 'staff' },
  { weight: 10, action: 'report.pipeline', entity: 'report', who: 'staff' },
  { weight: 10, action: 'report.follow_up', entity: 'report', who: 'staff', shows: 10 },
  { weight: 10, action: 'message.recipients.read', entity: 'message', who: 'staff' },
  { weight: 15, action: 'calendar.read', entity: 'event', who: 'staff' },
  { weight: 50, action: 'login', entity: 'account', who: 'staff' },
  { weight: 15, action: 'login', entity: 'account', who: 'staff', success: false },
  { weight: 20, action: 'logout', entity: 'account', who: 'staff' },
  { weight: 60, action: 'app.login', entity: 'patient', who: 'patient' },
  { weight: 40, action: 'app.messages.list', entity: 'patient', who: 'patient' },
  { weight: 30, action: 'app.message.read', entity: 'message', who: 'patient' },
  { weight: 20, action: 'app.events.list', entity: 'event', who: 'patient' },
  { weight: 5, action: 'app.event.rsvp', entity: 'event', who: 'patient' },
  { weight: 10, action: 'app.logout', entity: 'patient', who: 'patient' },
  { weight: 30, action: 'manage_users.read', entity: 'patient', who: 'admin-patient' },
  { weight: 10, action: 'manage_users.list', entity: 'patient', who: 'admin', shows: 10 },
  { weight: 10, action: 'baritastic_programs.read', entity: 'program', who: 'admin' },
  { weight: 5, action: 'audit.read', entity: 'audit', who: 'admin' },
  { weight: 5, action: 'login', entity: 'account', who: 'admin' },
];

/** The actions of the trail the seed writes, for a benchmark's filters. */
export const ADMIN_SCALE_AUDIT_ACTIONS: readonly string[] = [...new Set(AUDIT_KINDS.map((k) => k.action))];

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];
const APP_AGENTS = ['BariDesk/3.4 (iPhone; iOS 18.1)', 'BariDesk/3.4 (Android 14; Pixel 8)', 'BariDesk/3.3 (iPhone; iOS 17.6)'];

const PROGRAM_KINDS = [
  'Bariatric Center',
  'Weight Loss Institute',
  'Metabolic & Bariatric Surgery',
  'Surgical Weight Loss',
  'Bariatric Associates',
  'Center for Weight Management',
  'Obesity Medicine Clinic',
];
const PROGRAM_PREFIXES = ['St. Mary', 'Mercy', 'Memorial', 'Providence', 'Summit', 'Riverside', 'Lakeshore', 'Valley', 'Baptist', 'University'];
const TIERS = ['Basic', 'Standard', 'Standard', 'Premium', 'Enterprise'];
const PROGRAM_TYPES = ['Surgical', 'Surgical', 'Surgical', 'Hospital', 'Academic', 'Medical', 'Private Practice'];
const OWNER_FIRST = [...FEMALE_FIRST_NAMES.map(([n]) => n), ...MALE_FIRST_NAMES.map(([n]) => n)];

/** Adds `patients` patients over new programs and `auditRecords` audit records; see the file comment. */
export async function seedAdminScale(db: Db, patients: number, options: AdminScaleOptions = {}): Promise<AdminScaleResult> {
  const programCount = options.programs ?? DEFAULT_PROGRAMS;
  const auditRecords = options.auditRecords ?? patients * 10;
  if (!Number.isInteger(auditRecords) || auditRecords < 0) {
    throw new Error(`The number of audit records must be a whole number of 0 or more, not ${auditRecords}`);
  }
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  let started = performance.now();
  const seeded = await seedScale(db, patients, {
    programs: programCount,
    sizes: 'skewed',
    foodLogsPerPatient: 0,
    followUpWeighIns: false,
    pipeline: false,
    concurrency,
    onProgress: (done, total) => options.onProgress?.('patients', done, total),
  });
  const programsAndPatients = (performance.now() - started) / 1000;

  started = performance.now();
  await profilePrograms(db, seeded.programIds);
  const profiles = (performance.now() - started) / 1000;

  started = performance.now();
  const written = await seedAuditTrail(db, seeded.programIds, auditRecords, concurrency, options.onProgress);
  return {
    programs: seeded.programs,
    patients: seeded.patients,
    auditRecords: written,
    seconds: { programsAndPatients, profiles, auditRecords: (performance.now() - started) / 1000 },
  };
}

/**
 * Gives the new programs what a real list shows: a practice's name in a city, its owner, contact,
 * address, tier and type; about 8% deactivated and 3% deleted (never the first, whose staff the other
 * benchmarks sign in as). One UPDATE each, from hashint8 of the id.
 */
async function profilePrograms(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const first = Math.min(...ids);
  const pick = (values: readonly string[], h: string) => sql.raw(`(${textArrayText(values)})[1 + ${h} % ${values.length}]`);
  await db.execute(sql`
    update programs p set
      title = case when h1 % 3 = 0 then ${pick(PROGRAM_PREFIXES, 'h2')} || ' ' || ${pick(PROGRAM_KINDS, 'h3')}
        else city_name || ' ' || ${pick(PROGRAM_KINDS, 'h3')} end || case when h4 % 4 = 0 then ' of ' || state_name else '' end,
      owner_name = 'Dr. ' || ${pick(OWNER_FIRST, 'h5')} || ' ' || ${pick(LAST_NAMES, 'h6')},
      first_name = ${pick(OWNER_FIRST, 'h5')},
      last_name = ${pick(LAST_NAMES, 'h6')},
      programmer_code = upper(left(regexp_replace(city_name, '[^A-Za-z]', '', 'g'), 3)) || '-' || lpad((p.id % 100000)::text, 5, '0'),
      city = city_name,
      phone = '+1' || area || lpad((h7 % 10000000)::text, 7, '0'),
      address = (100 + h8 % 9800)::text || ' ' || ${pick(['Main St', 'Oak Ave', 'Medical Pkwy', 'Hospital Dr', 'Park Blvd', 'Elm St'], 'h9')},
      pin_code = lpad((h10 % 99999)::text, 5, '0'),
      practice = ${pick(['Bariatric Surgery', 'General Surgery', 'Obesity Medicine', 'Internal Medicine'], 'h11')},
      tier = ${pick(TIERS, 'h12')},
      program_type = ${pick(PROGRAM_TYPES, 'h13')},
      account_number = 'AC' || lpad((h14 % 100000000)::text, 8, '0'),
      status = case when p.id <> ${first} and h15 % 100 < 8 then 0 else 1 end,
      created_at = now() - ((h16 % 3000) || ' days')::interval
    from (
      select id, c.city_name, c.state_name, c.area, h.*
      from programs
      cross join lateral (select ${sql.raw(Array.from({ length: 17 }, (_, k) => `(hashint8(id::bigint * 32 + ${k}) & 2147483647)::bigint as h${k}`).join(', '))}) h
      cross join lateral (select (${textArray(CITIES.map(([city]) => city))})[1 + h.h0 % ${CITIES.length}] as city_name,
        (${textArray(CITIES.map(([city]) => stateOf(city)))})[1 + h.h0 % ${CITIES.length}] as state_name,
        (${textArray(CITIES.map(([, , area]) => area))})[1 + h.h0 % ${CITIES.length}] as area) c
      where id in (${idList})
    ) v
    where p.id = v.id`);
  // The program's account follows its status; a few are deleted (kept, but gone from every list).
  await db.execute(sql`
    update accounts a set status = p.status,
      deleted_at = case when p.id <> ${first} and p.status = 1 and (hashint8(p.id::bigint * 32 + 20) & 2147483647) % 100 < 3 then now() end
    from programs p where p.id = a.id and p.id in (${idList})`);
  await db.execute(sql`analyze programs`);
  await db.execute(sql`analyze accounts`);
}

/** A state's name for the titles ("… of Texas"), from the scale seed's cities. */
function stateOf(city: string): string {
  const states: Record<string, string> = {
    'New York': 'New York', Brooklyn: 'New York', Philadelphia: 'Pennsylvania', Boston: 'Massachusetts', Atlanta: 'Georgia',
    Miami: 'Florida', Orlando: 'Florida', Charlotte: 'North Carolina', Chicago: 'Illinois', Detroit: 'Michigan', Columbus: 'Ohio',
    Nashville: 'Tennessee', Houston: 'Texas', Dallas: 'Texas', 'San Antonio': 'Texas', Denver: 'Colorado', Phoenix: 'Arizona',
    'Las Vegas': 'Nevada', 'Los Angeles': 'California', 'San Diego': 'California', Seattle: 'Washington', Portland: 'Oregon',
  };
  return states[city] ?? 'America';
}

/** The text of `array[...]::text[]` (for pieces built with sql.raw). */
function textArrayText(values: readonly string[]): string {
  return `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`;
}

/**
 * `count` audit records over the patients of the given programs, oldest first, in chunks of AUDIT_CHUNK.
 * Two helper tables (dropped at the end) number the patients in a scrambled order — so the "busy" ones
 * (the first numbers) sit in every program — and give each program its staff account.
 */
async function seedAuditTrail(
  db: Db,
  programIds: readonly number[],
  count: number,
  concurrency: number,
  onProgress?: AdminScaleOptions['onProgress'],
): Promise<number> {
  if (count === 0 || programIds.length === 0) return 0;
  const idList = sql.join(programIds.map((id) => sql`${id}`), sql`, `);
  await db.execute(sql`drop table if exists seed_audit_patients, seed_audit_staff, seed_audit_program_patients`);
  await db.execute(sql`
    create unlogged table seed_audit_patients as
    select row_number() over (order by hashint8(id))::int as n, id as patient_id, program_id
    from patients where program_id in (${idList})`);
  await db.execute(sql`alter table seed_audit_patients add primary key (n)`);
  // Each program's patients numbered 1..size, for the pages of a list read.
  await db.execute(sql`
    create unlogged table seed_audit_program_patients as
    select program_id, row_number() over (partition by program_id order by id)::int as k, id as patient_id
    from patients where program_id in (${idList})`);
  await db.execute(sql`alter table seed_audit_program_patients add primary key (program_id, k)`);
  await db.execute(sql`
    create unlogged table seed_audit_staff as
    select u.program_id, min(u.id) as staff_id, (select count(*)::int from patients p where p.program_id = u.program_id) as size
    from program_users u where u.program_id in (${idList}) group by u.program_id`);
  await db.execute(sql`alter table seed_audit_staff add primary key (program_id)`);
  try {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from seed_audit_patients`);
    const patients = Number(row?.n ?? 0);
    if (patients === 0) return 0;
    const chunks: { first: number; last: number }[] = [];
    for (let first = 1; first <= count; first += AUDIT_CHUNK) chunks.push({ first, last: Math.min(count, first + AUDIT_CHUNK - 1) });
    const now = new Date().toISOString();
    let done = 0;
    let next = 0;
    const worker = async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++]!;
        await db.execute(auditChunk(chunk.first, chunk.last, count, patients, now));
        done += chunk.last - chunk.first + 1;
        onProgress?.('audit records', done, count);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
    await db.execute(sql`analyze audit_records`);
    return done;
  } finally {
    await db.execute(sql`drop table if exists seed_audit_patients, seed_audit_staff, seed_audit_program_patients`);
  }
}

/**
 * Audit records `first`..`last` of `total`. Record i happens at now − AUDIT_DAYS × (1 − √(i/total)), so
 * the trail grows busier towards today (twice the average rate lately). Its patient: three records in
 * four any patient at all, one in five one of the busiest 2%, one in twenty one of the busiest hundred
 * (a patient under close care: a few thousand records each, the heaviest a patient filter meets).
 */
function auditChunk(first: number, last: number, total: number, patients: number, now: string): SQL {
  let upper = 0;
  const kindCase = AUDIT_KINDS.map((kind, k) => {
    upper += kind.weight;
    return `when w < ${upper} then ${k + 1}`;
  }).join(' ');
  const weights = upper;
  const column = (pick: (kind: (typeof AUDIT_KINDS)[number]) => string) => textArray(AUDIT_KINDS.map(pick));
  const busy = Math.max(1, Math.floor(patients / 50));
  const busiest = Math.min(100, patients);
  return sql`
    insert into audit_records (at, actor_account_id, actor_type, program_id, action, entity, entity_id, patient_id, ip, user_agent, success, detail)
    select
      at,
      case who when 'patient' then null when 'admin' then admin_id when 'admin-patient' then admin_id
        else case when h3 % 4 = 0 then sp.program_id else st.staff_id end end,
      case who when 'patient' then 'patient' when 'admin' then 'super_admin' when 'admin-patient' then 'super_admin'
        else case when h3 % 4 = 0 then 'sub_user' else 'program_user' end end,
      case who when 'admin' then null else sp.program_id end,
      action,
      entity,
      case when who in ('staff-patient', 'patient', 'admin-patient') then sp.patient_id::text
        when entity = 'account' then (case when h3 % 4 = 0 then sp.program_id else st.staff_id end)::text
        when entity = 'program' then sp.program_id::text end,
      case when who in ('staff-patient', 'patient', 'admin-patient') then sp.patient_id end,
      case who when 'patient' then '172.' || (16 + h4 % 16) || '.' || (h4 / 16 % 256) || '.' || (1 + h4 / 4096 % 254)
        when 'admin' then '203.0.113.' || (10 + h4 % 20) when 'admin-patient' then '203.0.113.' || (10 + h4 % 20)
        else '198.51.100.' || (1 + sp.program_id % 254) end,
      case who when 'patient' then (${textArray(APP_AGENTS)})[1 + h4 % ${APP_AGENTS.length}]
        else (${textArray(USER_AGENTS)})[1 + (h3 + sp.program_id) % ${USER_AGENTS.length}] end,
      not failed,
      case
        when action = 'patient.update' then jsonb_build_object('fields', (array['["phone"]', '["email"]', '["current_weight"]', '["surgery_date","type_of_surgery"]', '["location_id"]']::jsonb[])[1 + h5 % 5])
        when action = 'change_stage' then jsonb_build_object('from', 1 + h5 % 2, 'to', 2 + h5 % 2)
        when shows > 0 and who = 'admin' then jsonb_build_object('acrossPrograms', true, 'count', shows, 'patientIds',
          (select jsonb_agg(a.patient_id order by a.n) from seed_audit_patients a where a.n >= 1 + h6 % greatest(${patients} - shows, 1) and a.n < 1 + h6 % greatest(${patients} - shows, 1) + shows))
        when shows > 0 then jsonb_build_object('count', least(shows, st.size), 'patientIds',
          (select jsonb_agg(pp.patient_id order by pp.k) from seed_audit_program_patients pp
            where pp.program_id = sp.program_id and pp.k >= 1 + h6 % greatest(st.size - shows + 1, 1) and pp.k < 1 + h6 % greatest(st.size - shows + 1, 1) + shows))
        when action like 'manage_users.%' then jsonb_build_object('acrossPrograms', true)
        when failed then jsonb_build_object('reason', 'password')
      end
    from (
      select g.*, k.*,
        ${sql.raw(String(SUPER_ADMIN_ID))} + (h5 % 4 = 0)::int * ${sql.raw(String(SECOND_SUPER_ADMIN_ID - SUPER_ADMIN_ID))} as admin_id,
        case when h1 % 100 < 75 then 1 + h2 % ${patients} when h1 % 100 < 95 then 1 + h2 % ${busy} else 1 + h2 % ${busiest} end as pick
      from (
        select i,
          ${now}::timestamptz - make_interval(secs => ${AUDIT_DAYS * 86_400}::float8 * (1 - sqrt((i - 0.5) / ${total}::float8))) as at,
          (hashint8(i * 8) & 2147483647)::bigint % ${weights} as w,
          (hashint8(i * 8 + 1) & 2147483647)::bigint as h1, (hashint8(i * 8 + 2) & 2147483647)::bigint as h2,
          (hashint8(i * 8 + 3) & 2147483647)::bigint as h3, (hashint8(i * 8 + 4) & 2147483647)::bigint as h4,
          (hashint8(i * 8 + 5) & 2147483647)::bigint as h5, (hashint8(i * 8 + 6) & 2147483647)::bigint as h6
        from generate_series(${first}::bigint, ${last}::bigint) as i
        offset 0
      ) g
      cross join lateral (select ${sql.raw(`case ${kindCase} end`)} as kind) kk
      cross join lateral (
        select (${column((k) => k.action)})[kind] as action, (${column((k) => k.entity)})[kind] as entity,
          (${column((k) => k.who)})[kind] as who, (${column((k) => (k.success === false ? 'f' : 't'))})[kind] = 'f' as failed,
          (${intArray(AUDIT_KINDS.map((k) => k.shows ?? 0))})[kind] as shows
      ) k
      offset 0
    ) r
    join seed_audit_patients sp on sp.n = r.pick
    join seed_audit_staff st on st.program_id = sp.program_id`;
}
