/**
 * A large synthetic data set for benchmarks: a few "bench" programs, each with one full-access staff
 * account, tags, coordinators and locations, and as many patients as asked for, made inside the
 * database by `INSERT ... SELECT ... FROM generate_series` in chunks of 50,000 rows. Plain PostgreSQL
 * only, so it runs on PGlite as well. Pseudo-random values come from hashint8 of the row number, so
 * the same call gives the same people. It only ever adds: new programs take the next ids of the
 * accounts sequence and nothing existing is changed or deleted. Each new patient also gets food-log
 * entries (20 by default), made the same way, and each operated one the weigh-ins of the clinic's follow-up
 * visits (seed/follow-up-visits.ts's days, about one in four missed), so the outcome reports have work to do.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PROGRAM_USER_MENU_FLAGS } from '@baridesk/domain';
import { queryRows, type Db } from '../db/client';
import {
  accounts,
  insuranceCoordinators,
  locations,
  patientTags,
  programUsers,
  programs,
} from '../db/schema';
import { hashPassword } from '../lib/secrets';
import { DEMO_PASSWORD } from './demo';
import {
  CHECKLIST_DEACTIVATE_REASONS,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  emailPart,
} from './names';
import { SEED_FOODS, type SeedFood } from './foods';
import { FOLLOW_UP_VISIT_DAYS } from './follow-up-visits';
import { isoDate } from './patients';
import { seedScalePipeline } from './scale-pipeline';

export interface ScaleSeedOptions {
  /** Bench programs to create (default: one per 50,000 patients, at least one). */
  programs?: number;
  /** Called after each chunk with the patients written so far and the total. */
  onProgress?: (done: number, total: number) => void;
  /**
   * Chunks written at once (default 1). More helps on a PostgreSQL server with spare cores (each needs
   * a pooled connection); PGlite runs one statement at a time anyway.
   */
  concurrency?: number;
  /** Food-log entries per new patient (default 20, the benchmark's 20,000,000 for 1,000,000 patients). */
  foodLogsPerPatient?: number;
  /** Called after each chunk of food-log entries with the entries written so far and the total. */
  onFoodLogProgress?: (done: number, total: number) => void;
  /**
   * How the patients are shared out: 'even' (default; every program the same size) or 'skewed', as
   * clinics are: a few large programs and a long tail of small ones (see programShares).
   */
  sizes?: 'even' | 'skewed';
  /** The operated patients' follow-up weigh-ins (default true). */
  followUpWeighIns?: boolean;
  /** Each new program's pipeline, the patients' statuses and checklists (default true; seed/scale-pipeline.ts). */
  pipeline?: boolean;
}

export interface ScaleSeedResult {
  programs: number;
  /** The new bench programs' ids, in the order they were made. */
  programIds: number[];
  patients: number;
  foodLogs: number;
  /** Follow-up weigh-ins of the operated patients. */
  weighIns: number;
  ms: number;
}

const CHUNK = 50_000;
const DEFAULT_FOOD_LOGS_PER_PATIENT = 20;
/** Serving sizes of the scale seed's entries, as patients type them. */
const SCALE_SERVINGS = ['1', '1', '1', '1', '2', '0.5', '1.5', '', '1 cup', '1'];
const PATIENTS_PER_PROGRAM = 50_000;
const FIRST_FREE_ACCOUNT_ID = 1000;
// Any fixed 64-bit number: two bench runs at once still number their programs apart.
const SCALE_LOCK_KEY = 7_208_451_995;

const TIMEZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Phoenix'];
const TAGS = ['Insurance Approved', 'Self Pay', 'Needs Psych Eval', 'Revision Candidate', 'Diabetic'];
const COORDINATORS = ['Alex Morgan', 'Jamie Chen', 'Taylor Brooks'];
const LOCATIONS = ['Main Campus', 'North Clinic', 'Satellite Office'];
/** [city, state FIPS code, area code]: spread over the country. */
export const CITIES: readonly (readonly [string, number, string])[] = [
  ['New York', 36, '212'],
  ['Brooklyn', 36, '718'],
  ['Philadelphia', 42, '215'],
  ['Boston', 25, '617'],
  ['Atlanta', 13, '404'],
  ['Miami', 12, '305'],
  ['Orlando', 12, '407'],
  ['Charlotte', 37, '704'],
  ['Chicago', 17, '312'],
  ['Detroit', 26, '313'],
  ['Columbus', 39, '614'],
  ['Nashville', 47, '615'],
  ['Houston', 48, '713'],
  ['Dallas', 48, '214'],
  ['San Antonio', 48, '210'],
  ['Denver', 8, '303'],
  ['Phoenix', 4, '602'],
  ['Las Vegas', 32, '702'],
  ['Los Angeles', 6, '213'],
  ['San Diego', 6, '619'],
  ['Seattle', 53, '206'],
  ['Portland', 41, '503'],
];

/** Adds `patients` synthetic patients spread over new bench programs; see the file comment. */
export async function seedScale(db: Db, patients: number, options: ScaleSeedOptions = {}): Promise<ScaleSeedResult> {
  if (!Number.isInteger(patients) || patients < 0) {
    throw new Error(`The number of patients must be a whole number of 0 or more, not ${patients}`);
  }
  const programCount = options.programs ?? Math.max(1, Math.ceil(patients / PATIENTS_PER_PROGRAM));
  if (!Number.isInteger(programCount) || programCount < 1) {
    throw new Error(`The number of programs must be a whole number of 1 or more, not ${programCount}`);
  }
  const started = performance.now();
  const now = new Date();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const benchPrograms = await createPrograms(db, programCount, passwordHash, now);

  // Rows first..last of this run, in chunks that each stay within one program.
  const chunks: { program: BenchProgram; first: number; last: number }[] = [];
  let rowNumber = 0;
  const shares = programShares(patients, programCount, options.sizes ?? 'even');
  for (const [k, program] of benchPrograms.entries()) {
    const share = shares[k] ?? 0;
    for (let offset = 0; offset < share; offset += CHUNK) {
      const size = Math.min(CHUNK, share - offset);
      chunks.push({ program, first: rowNumber + 1, last: rowNumber + size });
      rowNumber += size;
    }
  }
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      await db.execute(patientChunk(chunk.program, chunk.first, chunk.last, now));
      done += chunk.last - chunk.first + 1;
      options.onProgress?.(done, patients);
    }
  };
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
  // Fresh statistics, so the benchmarks that follow get the plans they would get in production.
  if (patients > 0) await db.execute(sql`analyze patients`);
  const foodLogs = await seedFoodLogs(db, benchPrograms, options.foodLogsPerPatient ?? DEFAULT_FOOD_LOGS_PER_PATIENT, {
    concurrency,
    now,
    onProgress: options.onFoodLogProgress,
  });
  const weighIns = options.followUpWeighIns === false ? 0 : await seedFollowUpWeighIns(db, benchPrograms, { concurrency, now });
  // Statuses, templates, rules, each patient's status and checklist (only for programs without a pipeline).
  if (options.pipeline !== false) await seedScalePipeline(db);
  return {
    programs: programCount,
    programIds: benchPrograms.map((p) => p.id),
    patients: done,
    foodLogs,
    weighIns,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * How many of `patients` each of `programs` programs gets, in program order, summing to `patients`.
 * 'even': the same for all (give or take one). 'skewed': shares falling as 1/(k + 20) for the k-th
 * program, so with 1,000 programs and 1,000,000 patients the largest has about 12,700 and the smallest
 * about 250 (the largest remainders take the rows the rounding leaves over).
 */
export function programShares(patients: number, programs: number, sizes: 'even' | 'skewed'): number[] {
  if (sizes === 'even') {
    return Array.from({ length: programs }, (_, k) => Math.floor(patients / programs) + (k < patients % programs ? 1 : 0));
  }
  const weights = Array.from({ length: programs }, (_, k) => 1 / (k + 20));
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (patients * w) / sum);
  const shares = exact.map(Math.floor);
  let left = patients - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, k) => [x - Math.floor(x), k] as const).sort((a, b) => b[0] - a[0]);
  for (const [, k] of byRemainder) {
    if (left <= 0) break;
    shares[k]! += 1;
    left--;
  }
  return shares;
}

/**
 * Food-log entries for every patient of the new bench programs, `perPatient` each, over the last 90
 * days, made by the database from generate_series in chunks of about 50,000 rows (patient id ranges).
 */
async function seedFoodLogs(
  db: Db,
  benchPrograms: readonly BenchProgram[],
  perPatient: number,
  options: { concurrency: number; now: Date; onProgress?: (done: number, total: number) => void },
): Promise<number> {
  if (!Number.isInteger(perPatient) || perPatient < 0) {
    throw new Error(`The number of food-log entries per patient must be a whole number of 0 or more, not ${perPatient}`);
  }
  if (perPatient === 0 || benchPrograms.length === 0) return 0;
  const ranges = await queryRows<{ program_id: number; first: number | null; last: number | null; n: number }>(
    db,
    sql`select program_id, min(id) as first, max(id) as last, count(*)::int as n from patients
        where program_id in (${sql.join(benchPrograms.map((p) => sql`${p.id}`), sql`, `)}) group by program_id`,
  );
  const patientsPerChunk = Math.max(1, Math.floor(CHUNK / perPatient));
  const chunks: { programId: number; first: number; last: number }[] = [];
  let total = 0;
  for (const range of ranges) {
    if (range.first === null || range.last === null) continue;
    total += Number(range.n) * perPatient;
    for (let first = Number(range.first); first <= Number(range.last); first += patientsPerChunk) {
      chunks.push({ programId: Number(range.program_id), first, last: Math.min(Number(range.last), first + patientsPerChunk - 1) });
    }
  }
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      const [row] = await queryRows<{ n: number }>(db, foodLogChunk(chunk.programId, chunk.first, chunk.last, perPatient, options.now));
      done += Number(row?.n ?? 0);
      options.onProgress?.(done, total);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, chunks.length) }, worker));
  await db.execute(sql`analyze food_log_entries`);
  return done;
}

/** The patients of the new bench programs in id ranges of about `size`, one program per range. */
async function patientRanges(db: Db, benchPrograms: readonly BenchProgram[], size: number) {
  if (benchPrograms.length === 0) return [];
  const ranges = await queryRows<{ program_id: number; first: number | null; last: number | null }>(
    db,
    sql`select program_id, min(id) as first, max(id) as last from patients
        where program_id in (${sql.join(benchPrograms.map((p) => sql`${p.id}`), sql`, `)}) group by program_id`,
  );
  const chunks: { programId: number; first: number; last: number }[] = [];
  for (const range of ranges) {
    if (range.first === null || range.last === null) continue;
    for (let first = Number(range.first); first <= Number(range.last); first += size) {
      chunks.push({ programId: Number(range.program_id), first, last: Math.min(Number(range.last), first + size - 1) });
    }
  }
  return chunks;
}

/**
 * The follow-up visits' weigh-ins of the operated patients of the new bench programs: on each planned day
 * (FOLLOW_UP_VISIT_DAYS, ±10 days) that has passed, three in four attended, the weight on the way from the
 * starting weight to the current one along the demo's curve (1 − e^(−days/150)), reaching it today.
 */
async function seedFollowUpWeighIns(
  db: Db,
  benchPrograms: readonly BenchProgram[],
  options: { concurrency: number; now: Date },
): Promise<number> {
  const chunks = await patientRanges(db, benchPrograms, CHUNK / 4);
  const today = isoDate(options.now);
  const plannedDays = sql.raw(`array[${FOLLOW_UP_VISIT_DAYS.join(', ')}]::int[]`);
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`with inserted as (
              insert into weight_logs (program_id, patient_id, logged_on, weight, source, entered_by, created_at)
              select ${chunk.programId}::int, id, surgery_date + day,
                round((start_w - (start_w - current_w) * (1 - exp(-day / 150.0)) / (1 - exp(-greatest(since, day) / 150.0)))::numeric, 1),
                'staff', ${chunk.programId}::int, (surgery_date + day) + interval '10 hours'
              from (
                select p.id, p.surgery_date, p.starting_weight::float8 as start_w, p.current_weight::float8 as current_w,
                  ${today}::date - p.surgery_date as since, planned + (h % 21)::int - 10 as day, h
                from patients p
                cross join unnest(${plannedDays}) as planned
                cross join lateral (select (hashint8(p.id::bigint * 16 + planned) & 2147483647)::bigint as h) r
                where p.program_id = ${chunk.programId} and p.id between ${chunk.first} and ${chunk.last}
                  and p.surgery_date <= ${today}::date and p.starting_weight is not null and p.current_weight is not null
                offset 0
              ) v
              where h / 21 % 100 < 75 and surgery_date + day <= ${today}::date
              returning 1
            )
            select count(*)::int as n from inserted`,
      );
      done += Number(row?.n ?? 0);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, chunks.length) }, worker));
  if (done > 0) await db.execute(sql`analyze weight_logs`);
  return done;
}

/** `array[1.5, null, ...]::numeric[]` from our own constants. */
function numericArray(values: readonly (number | null)[]): SQL {
  return sql.raw(`array[${values.map((v) => (v === null ? 'null' : String(v))).join(', ')}]::numeric[]`);
}

/**
 * The food-log entries of the patients of one program with ids first..last: `perPatient` each, on days
 * of the last 90, each a food of SEED_FOODS at one of its usual meals, with a serving size as typed
 * (now and then a word or blank, which counts as 1). h is a pseudo-random number of the row.
 */
function foodLogChunk(programId: number, first: number, last: number, perPatient: number, now: Date): SQL {
  const foods = SEED_FOODS;
  const column = (pick: (food: SeedFood) => number | null) => numericArray(foods.map(pick));
  return sql`
    with inserted as (
      insert into food_log_entries (
        program_id, patient_id, logged_on, meal_type, item_name, user_serving_size, nf_calories, nf_total_carbohydrate,
        nf_protein, nf_total_fat, nf_sugars, nf_sugar_added, nf_dietary_fiber, nf_water, created_at, updated_at
      )
      select ${programId}::int, id, day, (${textArray(foods.map((f) => f.meals[0] ?? 'other'))})[fi],
        (${textArray(foods.map((f) => f.name))})[fi], (${textArray(SCALE_SERVINGS)})[1 + h / 97 % ${SCALE_SERVINGS.length}],
        (${column((f) => f.calories)})[fi], (${column((f) => f.carb)})[fi], (${column((f) => f.protein)})[fi],
        (${column((f) => f.fat)})[fi], (${column((f) => f.sugars)})[fi], (${column((f) => f.addedSugar)})[fi],
        (${column((f) => f.fiber)})[fi], (${column((f) => f.water)})[fi], stamp, stamp
      from (
        select p.id, h, 1 + h / 7 % ${foods.length} as fi, ${isoDate(now)}::date - (h % 90)::int as day,
          (${isoDate(now)}::date - (h % 90)::int) + (6 * 3600 + h / 13 % 57600) * interval '1 second' as stamp
        from patients p
        cross join generate_series(1, ${perPatient}::int) as k
        cross join lateral (select (hashint8(p.id::bigint * 64 + k) & 2147483647)::bigint as h) r
        where p.program_id = ${programId} and p.id between ${first} and ${last}
        offset 0
      ) g
      returning 1
    )
    select count(*)::int as n from inserted`;
}

interface BenchProgram {
  id: number;
  timezone: string;
  tags: { id: number; name: string }[];
  coordinatorIds: number[];
  locationIds: number[];
}

async function createPrograms(db: Db, count: number, passwordHash: string, now: Date): Promise<BenchProgram[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCALE_LOCK_KEY})`);
    // Keep clear of the small ids the demo data and the specs use (48, 101, 302...).
    await tx.execute(sql`
      select setval(pg_get_serial_sequence('accounts', 'id'), greatest(
        (select max(id) from accounts),
        pg_sequence_last_value(pg_get_serial_sequence('accounts', 'id')::regclass),
        ${FIRST_FREE_ACCOUNT_ID - 1}))`);
    const [last] = await queryRows<{ n: number }>(
      tx,
      sql`select coalesce(max(substring(email from '^bench-program-([0-9]+)@baridesk[.]test$')::int), 0) as n
          from accounts where email like 'bench-program-%'`,
    );
    const first = Number(last?.n ?? 0) + 1;
    // Every menu flag on but self_service, which would hide the patient pages the benchmarks call.
    const flags = {
      ...Object.fromEntries(PROGRAM_USER_MENU_FLAGS.map((flag) => [flag, 1])),
      self_service: 0,
      shop_url: 1,
      administrative_rights: 1,
      send_email_check: 1,
      terms_and_conditions_check: 1,
    };
    const account = (email: string, type: 'sub_user' | 'program_user') => ({
      type,
      email,
      password_hash: passwordHash,
      status: 1,
      is_password_changed: 1,
      email_verified_at: now,
      password_changed_at: now,
    });

    const created: BenchProgram[] = [];
    for (let n = first; n < first + count; n++) {
      const timezone = TIMEZONES[(n - 1) % TIMEZONES.length] as string;
      const [programAccount] = await tx
        .insert(accounts)
        .values(account(`bench-program-${n}@baridesk.test`, 'sub_user'))
        .returning({ id: accounts.id });
      const id = programAccount!.id;
      await tx.insert(programs).values({
        id,
        username: `bench${n}`,
        owner_name: `Bench Owner ${n}`,
        programmer_code: `BENCH-${n}`,
        title: `Bench Program ${n}`,
        first_name: 'Bench',
        last_name: `Owner ${n}`,
        status: 1,
        tier: 'Standard',
        timezone,
        program_type: 'Surgical',
      });
      const [staffAccount] = await tx
        .insert(accounts)
        .values(account(`bench-staff-${n}@baridesk.test`, 'program_user'))
        .returning({ id: accounts.id });
      await tx.insert(programUsers).values({
        id: staffAccount!.id,
        program_id: id,
        name: `Bench Staff ${n}`,
        username: `benchstaff${n}`,
        role: 'Program Coordinator',
        default_stage: 1,
        ...flags,
      });
      const tags = await tx
        .insert(patientTags)
        .values(TAGS.map((name) => ({ program_id: id, name })))
        .returning({ id: patientTags.id, name: patientTags.name });
      const coordinators = await tx
        .insert(insuranceCoordinators)
        .values(
          COORDINATORS.map((name) => ({
            program_id: id,
            name,
            email: `${emailPart(name.split(' ')[0] ?? name)}.${n}@bench.baridesk.test`,
            phone: `+1555555${String(100 + (n % 100)).padStart(4, '0')}`,
          })),
        )
        .returning({ id: insuranceCoordinators.id });
      const places = await tx
        .insert(locations)
        .values(LOCATIONS.map((name) => ({ program_id: id, name: `${name} ${n}`, timezone })))
        .returning({ id: locations.id });
      await tx.execute(
        sql`insert into sub_menu_managers (program_id, sub_menu_id, status) select ${id}::int, id, 1 from sub_menus`,
      );
      created.push({
        id,
        timezone,
        tags,
        coordinatorIds: coordinators.map((c) => c.id),
        locationIds: places.map((l) => l.id),
      });
    }
    return created;
  });
}

/** `array['a', null, ...]::text[]` from our own constants (quotes doubled). */
export function textArray(values: readonly (string | null)[]): SQL {
  const items = values.map((v) => (v === null ? 'null' : `'${v.replace(/'/g, "''")}'`));
  return sql.raw(`array[${items.join(', ')}]::text[]`);
}

export function intArray(values: readonly number[]): SQL {
  return sql.raw(`array[${values.map((v) => String(Math.trunc(v))).join(', ')}]::int[]`);
}

const FEMALE = FEMALE_FIRST_NAMES.map(([name]) => name);
const FEMALE_NICK = FEMALE_FIRST_NAMES.map(([, nick]) => nick);
const MALE = MALE_FIRST_NAMES.map(([name]) => name);
const MALE_NICK = MALE_FIRST_NAMES.map(([, nick]) => nick);

/**
 * One chunk of patients, rows `from`..`to` of this run. Each h<k> is an independent 31-bit
 * pseudo-random number of the row; the cumulative thresholds mirror the demo generator's shares.
 */
function patientChunk(program: BenchProgram, from: number, to: number, now: Date): SQL {
  const today = isoDate(now);
  const nowText = now.toISOString();
  const id = sql.raw(String(Math.trunc(program.id)));
  const hashes = sql.raw(
    Array.from({ length: 19 }, (_, k) => `(hashint8(i * 32 + ${k}) & 2147483647)::bigint as h${k}`).join(', '),
  );
  return sql`
    insert into patients (
      program_id, insurance_coordinator_id, name, nick_name, first_name, last_name, email, phone, dob, city,
      state_id, hight, age, sex, inital_stage, current_stage, surgery_date, type_of_surgery, starting_weight,
      current_weight, target_weight, weight_loss_gain, total_weight_lost, timezone, location_id, protien, fiber,
      water, calories, snooze_status, snooze_date, user_cat_id, user_cat_name, user_cat_id2, user_cat_name2,
      checklist_deactivate, checklist_deactivate_reason, due_date_auto_cal, consult_date, chat_status, is_invited,
      last_app_activity_at, mrn_number, status, created_by, created_at, updated_at
    )
    with g as (
      select i, ${hashes} from generate_series(${from}::bigint, ${to}::bigint) as i offset 0
    ), base as (
      select g.*,
        h0 % 100 < 78 as female,
        case when h1 % 100 < 40 then 1 when h1 % 100 < 75 then 2 else 3 end as stage,
        1 + h2 % ${LAST_NAMES.length} as li,
        1 + h3 % ${CITIES.length} as ci,
        1 + h4 % ${program.tags.length} as t1,
        ${today}::date as today,
        ${nowText}::timestamptz as now
      from g offset 0
    ), person as (
      select base.*,
        case when female then 1 + h5 % ${FEMALE.length} else 1 + h5 % ${MALE.length} end as fi,
        (case when female then 120 + h6 % 21 else 130 + h6 % 23 end)::float8 / 2 as height,
        case stage when 1 then null when 2 then (case when h7 % 10 < 8 then 7 + h7 / 10 % 359 else 366 + h7 / 10 % 635 end)
          else 370 + h7 / 10 % 715 end as days_since
      from base offset 0
    ), body as (
      select person.*,
        least(420, greatest(220, (38 + (h8 % 2400)::float8 / 100) * height * height / 703)) as start_w,
        (26 + h8 / 2400 % 7)::float8 * height * height / 703 as goal_w,
        case when female then (${textArray(FEMALE)})[fi] else (${textArray(MALE)})[fi] end as first_name,
        case when female then (${textArray(FEMALE_NICK)})[fi] else (${textArray(MALE_NICK)})[fi] end as nick,
        (${textArray(LAST_NAMES)})[li] as last_name,
        case when female then (${textArray(FEMALE.map(emailPart))})[fi] else (${textArray(MALE.map(emailPart))})[fi] end
          as first_email,
        (${textArray(LAST_NAMES.map(emailPart))})[li] as last_email,
        case when stage = 1 then (case when h9 % 10 < 4 then today + (5 + (h9 / 10 % 146))::int end)
          else today - days_since::int end as surgery_date,
        case when h10 % 100 < 52 then 'Sleeve Gastrectomy' when h10 % 100 < 78 then 'Roux-en-Y Gastric Bypass'
          when h10 % 100 < 82 then 'Duodenal Switch' when h10 % 100 < 85 then 'Adjustable Gastric Band'
          when h10 % 100 < 91 then 'SADI-S' else 'Revision' end as procedure
      from person offset 0
    ), plan as (
      select body.*,
        case when stage = 1 then start_w * (1 - ((h11 % 75) - 15)::float8 / 1000)
          else start_w * (1 - least(0.45, greatest(0.10,
            0.10 + 0.34 * (1 - exp(-(days_since::float8 / 30.44) / 5)) * (0.72 + (h11 % 34)::float8 / 100)
              * (case procedure when 'Adjustable Gastric Band' then 0.6 when 'Revision' then 0.8 else 1 end)
            - (case when days_since > 730 then (h11 / 34 % 50)::float8 / 1000 else 0 end))))
        end as current_w,
        case when stage = 1 then today - (7 + h12 % 414)::int else surgery_date - (45 + h12 % 196)::int end as consult
      from body offset 0
    ), timed as (
      select plan.*,
        least(now, greatest(now - interval '3 years' + interval '1 day', (consult - (h13 % 31)::int)::timestamptz)
          + ((8 * 3600 + h13 / 31 % 36000) * interval '1 second')) as created
      from plan offset 0
    ), active as (
      select timed.*,
        h14 % 100 < 92 as invited,
        -- Of those who use the app: 60% seen in the last week, 25% in the last two months, 15% within a year.
        case when h14 % 100 < 92 and h14 / 100 % 100 >= 18
          then greatest(created, now - (case when h16 % 100 < 60 then h17 % (7 * 86400)
            when h16 % 100 < 85 then 7 * 86400 + h17 % (53 * 86400)
            else 60 * 86400 + h17 % (305 * 86400) end) * interval '1 second') end as last_seen
      from timed offset 0
    )
    select
      ${id},
      case when h15 % 100 < 85 then (${intArray(program.coordinatorIds)})[1 + h15 / 100 % ${program.coordinatorIds.length}] end,
      first_name || ' ' || last_name,
      case when h15 / 100 % 100 < 15 then nick end,
      first_name,
      last_name,
      first_email || '.' || last_email || i || '@example.com',
      -- A number of the city's area code, an exchange and a line: a search by phone digits finds one person.
      '+1' || (${textArray(CITIES.map(([, , area]) => area))})[ci] || (200 + h18 % 800) || lpad((h18 / 800 % 10000)::text, 4, '0'),
      date '1955-01-01' + (h1 / 100 % 17531)::int,
      (${textArray(CITIES.map(([city]) => city))})[ci],
      (${intArray(CITIES.map(([, fips]) => fips))})[ci],
      height,
      extract(year from age(today, date '1955-01-01' + (h1 / 100 % 17531)::int))::smallint,
      case when female then 'Female' else 'Male' end,
      1,
      stage,
      surgery_date,
      case when stage = 1 and surgery_date is null and h10 / 100 % 100 < 35 then null else procedure end,
      round(start_w::numeric, 1),
      round(current_w::numeric, 1),
      round(least(start_w * 0.8, goal_w)::numeric, 0),
      round((case when stage = 2 and days_since < 200 then -(0.5 + (h2 / 100 % 56) / 10.0)
        else ((h2 / 100 % 56) - 25) / 10.0 end)::numeric, 1),
      round(start_w::numeric, 1) - round(current_w::numeric, 1),
      ${program.timezone}::text,
      (${intArray(program.locationIds)})[1 + h3 / 100 % ${program.locationIds.length}],
      60 + (h4 / 100 % 9) * 5,
      25,
      64,
      1000 + (h5 / 100 % 11) * 50,
      case when h6 / 100 % 100 < 4 then 1 else 0 end,
      case when h6 / 100 % 100 < 4 then today + (3 + h6 / 10000 % 43)::int end,
      (${intArray(program.tags.map((t) => t.id))})[t1],
      (${textArray(program.tags.map((t) => t.name))})[t1],
      case when h7 / 100000 % 100 < 35 then (${intArray(program.tags.map((t) => t.id))})[1 + (t1 + h8 / 100000 % ${Math.max(1, program.tags.length - 1)}) % ${program.tags.length}] end,
      case when h7 / 100000 % 100 < 35 then (${textArray(program.tags.map((t) => t.name))})[1 + (t1 + h8 / 100000 % ${Math.max(1, program.tags.length - 1)}) % ${program.tags.length}] end,
      case when h9 / 10000 % 100 < 3 then 1 else 0 end,
      case when h9 / 10000 % 100 < 3 then (${textArray(CHECKLIST_DEACTIVATE_REASONS)})[1 + h9 / 1000000 % ${CHECKLIST_DEACTIVATE_REASONS.length}] end,
      (h10 / 10000 % 2)::smallint,
      consult,
      case when last_seen is not null and h11 / 100000 % 10 < 7 then 1 else 0 end,
      case when invited then 1 else 0 end,
      last_seen,
      'MRN' || ${id} || lpad(i::text, 7, '0'),
      case when h12 / 1000 % 100 < 96 then 1 else 0 end,
      ${id},
      created,
      coalesce(greatest(last_seen, created), created)
    from active`;
}
