/**
 * The super-admin cases of `pnpm bench:api --only-admin` (issue 19; see README.md), on PostgreSQL with the
 * super-admin scale seed (`pnpm seed --scale N --admin`: 1,000 programs, 1,000,000 patients, 10,000,000
 * audit records): the programs list (first page, searches, sorts; target p95 < 50 ms), patients across
 * programs searched by names, e-mail fragments, phone digits and MRN (target p95 < 100 ms) and the audit
 * trail filtered by patient (target p95 < 100 ms), with its unfiltered first page and by action and dates
 * beside it. Each case asks its paths one after another at ADMIN_CONNECTIONS connections, as a super admin.
 *
 * A route the running server does not document yet (its OpenAPI document) is measured through its
 * equivalent SQL instead — the list's page and its count, run at once on two pooled connections as the
 * repositories do — and its row says so: an early reading of what the database costs, not of the route.
 */
import pg from 'pg';

/** A few super admins at once; the area is not a crowd (more connections on 2 cores measure the queue). */
export const ADMIN_CONNECTIONS = 4;
export const DEFAULT_ADMIN_PATIENTS = 1_000_000;
export const DEFAULT_ADMIN_PROGRAMS = 1_000;
export const DEFAULT_ADMIN_AUDIT_RECORDS = 10_000_000;
/** The issue's targets (PostgreSQL, 2 cores). */
export const PROGRAMS_TARGET_P95_MS = 50;
export const PATIENTS_TARGET_P95_MS = 100;
export const AUDIT_PATIENT_TARGET_P95_MS = 100;

const PROGRAMS_ROUTE = '/api/admin/baritastic-program';
const PATIENTS_ROUTE = '/api/admin/manage-users';
const AUDIT_ROUTE = '/api/admin/audit';
/** The lists' first page as the screens ask for it (the contracts' default page size). */
const PER_PAGE = 10;

/** One statement of a route's equivalent SQL. */
interface SqlStatement {
  text: string;
  values: unknown[];
}

/** What one request does in the database: its statements, run at once (the page and its count). */
type SqlRequest = SqlStatement[];

export interface AdminCase {
  /** The label in the table. */
  route: string;
  /** The documented route (as the OpenAPI document writes it). */
  documented: string;
  /** The paths asked for, one after another. */
  paths: readonly string[];
  /** The same requests in SQL, for when the route is not served. */
  sql: readonly SqlRequest[];
  connections: number;
  /** The issue's p95 target, or null where the issue sets none (printed for information). */
  targetMs: number | null;
}

/** What the data offers the cases: real patients' names, addresses, numbers and the audit trail's busiest. */
interface Samples {
  patients: { first_name: string; last_name: string; email: string; phone: string; mrn_number: string }[];
  busyPatients: number[];
  anyPatients: number[];
}

async function samples(client: pg.Client): Promise<Samples> {
  // Patients of the bench programs, a scattered few (the same ones on every run of the same seed).
  const patients = await client.query<Samples['patients'][number]>(`
    select first_name, last_name, email, phone, mrn_number from patients
    where program_id >= 1000 and email is not null and phone is not null and mrn_number is not null
    order by hashint8(id) limit 10`);
  // The audit trail's busiest patients, from a sample of its pages (counting them all would take seconds).
  const busy = await client.query<{ patient_id: number }>(`
    select patient_id from audit_records tablesample system (1) repeatable (19)
    where patient_id is not null group by patient_id order by count(*) desc, patient_id limit 10`);
  const any = await client.query<{ id: number }>(`select id from patients where program_id >= 1000 order by hashint8(id + 7) limit 20`);
  return { patients: patients.rows, busyPatients: busy.rows.map((r) => Number(r.patient_id)), anyPatients: any.rows.map((r) => Number(r.id)) };
}

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

const likeOf = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------------------------------------------
// Programs (lane P): search over title, owner, e-mail, programmer code and city; sort; live accounts only.

const PROGRAM_TERMS = ['bariatric', 'mercy', 'houston', 'nguyen', 'SAN-0', 'weight loss', 'bench-program-42', 'of texas'];
/** Filters of the list (the contract's status, tier and program_type). */
type ProgramFilters = { status?: 0 | 1; tier?: string; program_type?: string };

/** Sorts with a filter, and the column the SQL orders by. */
const PROGRAM_SORTS: readonly (readonly [string, 'asc' | 'desc', string, ProgramFilters])[] = [
  ['title', 'asc', 'p.title', { tier: 'Premium' }],
  ['owner_name', 'asc', 'p.owner_name', { program_type: 'Hospital' }],
  ['created_at', 'desc', 'p.created_at', { status: 1 }],
  ['programmer_code', 'asc', 'p.programmer_code', {}],
  ['city', 'desc', 'p.city', { status: 0 }],
];

function programsSql(term: string | undefined, order: string, direction: 'asc' | 'desc', filters: ProgramFilters = {}): SqlRequest {
  const values: unknown[] = [];
  const where = ['a.deleted_at is null'];
  if (term) {
    values.push(likeOf(term));
    where.push(`(p.title ilike $${values.length} or p.owner_name ilike $${values.length} or a.email ilike $${values.length} or p.programmer_code ilike $${values.length} or p.city ilike $${values.length})`);
  }
  for (const [key, column] of [['status', 'a.status'], ['tier', 'p.tier'], ['program_type', 'p.program_type']] as const) {
    if (filters[key] === undefined) continue;
    values.push(filters[key]);
    where.push(`${column} = $${values.length}`);
  }
  const condition = where.join(' and ');
  return [
    {
      text: `select p.id, p.title, p.owner_name, p.programmer_code, p.city, p.tier, p.program_type, a.status, a.email, p.created_at
        from programs p join accounts a on a.id = p.id where ${condition} order by ${order} ${direction}, p.id ${direction} limit ${PER_PAGE}`,
      values,
    },
    { text: `select count(*)::int from programs p join accounts a on a.id = p.id where ${condition}`, values },
  ];
}

function programCases(): AdminCase[] {
  const base = { documented: PROGRAMS_ROUTE, connections: ADMIN_CONNECTIONS, targetMs: PROGRAMS_TARGET_P95_MS };
  return [
    { ...base, route: `${PROGRAMS_ROUTE} first page`, paths: [PROGRAMS_ROUTE], sql: [programsSql(undefined, 'p.title', 'asc')] },
    {
      ...base,
      route: `${PROGRAMS_ROUTE} search`,
      paths: PROGRAM_TERMS.map((search) => `${PROGRAMS_ROUTE}${query({ search })}`),
      sql: PROGRAM_TERMS.map((term) => programsSql(term, 'p.title', 'asc')),
    },
    {
      ...base,
      route: `${PROGRAMS_ROUTE} sort + filter`,
      paths: PROGRAM_SORTS.map(([sort, direction, , filters]) => `${PROGRAMS_ROUTE}${query({ sort, direction, ...filters })}`),
      sql: PROGRAM_SORTS.map(([, direction, column, filters]) => programsSql(undefined, column, direction, filters)),
    },
  ];
}

// ---------------------------------------------------------------------------------------------------
// Patients across programs (lane S): the staff list's search text over every program, by name.

/** The staff list's phone rule: a term of digits and punctuation also matches its digits alone. */
const PHONE_LIKE = /^\+?[\d\s().-]*\d[\d\s().-]*$/;

function patientsSql(term: string | undefined): SqlRequest {
  const values: unknown[] = [];
  let where = 'true';
  if (term) {
    values.push(likeOf(term).toLowerCase());
    where = 'p.search_text like $1';
    const digits = term.replace(/\D/g, '');
    if (PHONE_LIKE.test(term) && digits !== term) {
      values.push(`%${digits}%`);
      where = '(p.search_text like $1 or p.search_text like $2)';
    }
  }
  return [
    {
      text: `select p.id, p.first_name, p.last_name, p.name, p.email, p.phone, p.mrn_number, p.current_stage, p.status, p.program_id,
          pr.title as program_name, p.created_at
        from patients p join programs pr on pr.id = p.program_id where ${where}
        order by p.last_name, p.first_name, p.id limit ${PER_PAGE}`,
      values,
    },
    { text: `select count(*)::int from patients p join programs pr on pr.id = p.program_id where ${where}`, values },
  ];
}

/** Short pieces of names, as staff type them (the staff patient-list case's terms). */
const NAME_PIECES = ['smi', 'john', 'gar', 'mar', 'lop', 'will', 'nguy', 'pat', 'lee', 'rob'];

function patientCases(s: Samples): AdminCase[] {
  const people = s.patients;
  const groups: readonly (readonly [string, string[]])[] = [
    ['names', people.flatMap((p) => [`${p.first_name} ${p.last_name}`, p.last_name])],
    ['name pieces', NAME_PIECES],
    // The address before the @, and its first letters and digits but the last two (many people share them).
    ['e-mail fragments', people.flatMap((p) => [p.email.split('@')[0]!, p.email.split('@')[0]!.slice(0, -2)])],
    // Seven digits of the number, and the whole number as it is written.
    ['phone digits', people.flatMap((p) => [p.phone.replace(/\D/g, '').slice(-7), `(${p.phone.slice(2, 5)}) ${p.phone.slice(5, 8)}-${p.phone.slice(8)}`])],
    ['MRN', people.flatMap((p) => [p.mrn_number, p.mrn_number.slice(0, -2)])],
  ];
  const cases: AdminCase[] = [
    {
      route: `${PATIENTS_ROUTE} first page`,
      documented: PATIENTS_ROUTE,
      paths: [PATIENTS_ROUTE],
      sql: [patientsSql(undefined)],
      connections: ADMIN_CONNECTIONS,
      targetMs: null,
    },
  ];
  for (const [label, terms] of groups) {
    cases.push({
      route: `${PATIENTS_ROUTE} search, ${label}`,
      documented: PATIENTS_ROUTE,
      paths: terms.map((search) => `${PATIENTS_ROUTE}${query({ search })}`),
      sql: terms.map((term) => patientsSql(term)),
      connections: ADMIN_CONNECTIONS,
      targetMs: PATIENTS_TARGET_P95_MS,
    });
  }
  return cases;
}

// ---------------------------------------------------------------------------------------------------
// The audit trail (lane A): newest first, 25 a page, with who, which patient and which program.

const AUDIT_PER_PAGE = 25;

function auditSql(conditions: string[], values: unknown[]): SqlRequest {
  const where = conditions.length ? conditions.join(' and ') : 'true';
  return [
    {
      text: `select r.id, r.at, r.action, r.entity, r.entity_id, r.ip, r.user_agent, r.success, r.detail, r.actor_type,
          a.email as actor_email, coalesce(pu.name, pr.title, 'Super admin') as actor_name, pt.name as patient_name, rp.title as program_title
        from audit_records r
        left join accounts a on a.id = r.actor_account_id
        left join program_users pu on pu.id = r.actor_account_id
        left join programs pr on pr.id = r.actor_account_id
        left join patients pt on pt.id = r.patient_id
        left join programs rp on rp.id = r.program_id
        where ${where} order by r.at desc, r.id desc limit ${AUDIT_PER_PAGE}`,
      values,
    },
    { text: `select count(*)::int from audit_records r where ${where}`, values },
  ];
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

function auditCases(s: Samples): AdminCase[] {
  const patientIds = [...s.busyPatients, ...s.anyPatients];
  // An action (or the start of one) over dates: a month, a week, a year, a quarter.
  const byAction: readonly (readonly [string, number])[] = [
    ['patient.read', 30],
    ['login', 7],
    ['manage_users.', 365],
    ['app.', 90],
    ['patient.update', 30],
  ];
  return [
    {
      route: `${AUDIT_ROUTE}?patient_id (busiest and any)`,
      documented: AUDIT_ROUTE,
      paths: patientIds.map((id) => `${AUDIT_ROUTE}${query({ patient_id: id })}`),
      sql: patientIds.map((id) => auditSql(['r.patient_id = $1'], [id])),
      connections: ADMIN_CONNECTIONS,
      targetMs: AUDIT_PATIENT_TARGET_P95_MS,
    },
    {
      route: `${AUDIT_ROUTE} first page`,
      documented: AUDIT_ROUTE,
      paths: [AUDIT_ROUTE],
      sql: [auditSql([], [])],
      connections: ADMIN_CONNECTIONS,
      targetMs: null,
    },
    {
      route: `${AUDIT_ROUTE}?action&from&to`,
      documented: AUDIT_ROUTE,
      paths: byAction.map(([action, days]) => `${AUDIT_ROUTE}${query({ action, from: day(days), to: day(0) })}`),
      sql: byAction.map(([action, days]) =>
        auditSql(['r.action like $1', 'r.at >= $2::date', "r.at < $3::date + interval '1 day'"], [`${action}%`, day(days), day(0)]),
      ),
      connections: ADMIN_CONNECTIONS,
      targetMs: null,
    },
  ];
}

// ---------------------------------------------------------------------------------------------------

/** Every case, each marked with whether the server at `base` documents its route (else: its SQL). */
export async function adminCases(base: string, token: string, databaseUrl: string): Promise<{ cases: (AdminCase & { served: boolean })[]; notes: string[] }> {
  const response = await fetch(`${base}/api/docs/json`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
  if (response.status !== 200) throw new Error(`/api/docs/json answered ${response.status}`);
  const documented = new Set(Object.keys(((await response.json()) as { paths: Record<string, unknown> }).paths));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let found: Samples;
  try {
    found = await samples(client);
  } finally {
    await client.end();
  }
  if (found.patients.length === 0) throw new Error('the database holds no bench patients: seed it with `pnpm seed --scale N --admin`');
  const notes: string[] = [];
  const cases = [...programCases(), ...patientCases(found), ...auditCases(found)].map((c) => ({ ...c, served: documented.has(c.documented) }));
  for (const route of new Set(cases.filter((c) => !c.served).map((c) => c.documented))) {
    notes.push(`${route}: not served by this build; its rows measure the equivalent SQL (the page and its count at once)`);
  }
  return { cases, notes };
}

/** Times of one SQL case: `connections` clients asking its requests in turn for `seconds` (after a warm-up). */
export async function measureSql(
  databaseUrl: string,
  adminCase: AdminCase,
  seconds: number,
  warmupSeconds: number,
): Promise<{ times: number[]; requestsPerSecond: number; errors: number; firstError: string | null }> {
  // Two connections per client: the page and its count run at once, as the repositories' Promise.all does.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: adminCase.connections * 2 });
  let next = 0;
  let errors = 0;
  let firstError: string | null = null;
  const run = async (until: number, times: number[] | null) => {
    while (performance.now() < until) {
      const request = adminCase.sql[next++ % adminCase.sql.length]!;
      const started = performance.now();
      try {
        await Promise.all(request.map((statement) => pool.query(statement.text, statement.values)));
        times?.push(performance.now() - started);
      } catch (error) {
        errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  try {
    const clients = Array.from({ length: adminCase.connections });
    const warm = performance.now() + warmupSeconds * 1000;
    await Promise.all(clients.map(() => run(warm, null)));
    const times: number[] = [];
    const started = performance.now();
    await Promise.all(clients.map(() => run(started + seconds * 1000, times)));
    const elapsed = (performance.now() - started) / 1000;
    return { times, requestsPerSecond: times.length / elapsed, errors, firstError };
  } finally {
    await pool.end();
  }
}

/** Each HTTP path of a case asked once: a path the route refuses is reported, not measured for seconds. */
export async function checkPaths(base: string, token: string, adminCase: AdminCase): Promise<string | null> {
  for (const path of new Set(adminCase.paths)) {
    const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
    const text = await response.text();
    if (response.status !== 200) return `${path} answered ${response.status}: ${text.slice(0, 300)}`;
  }
  return null;
}

interface MeasuredRow {
  route: string;
  p50: number;
  p95: number | null;
  p99: number;
  requestsPerSecond: number;
}

/** PASS/FAIL against the issue's targets; rows without a target are printed for information. */
export function printAdminVerdicts(rows: readonly MeasuredRow[], cases: readonly (AdminCase & { served: boolean })[], notes: readonly string[], seeded: string): boolean {
  console.log('');
  console.log(
    `Super-admin area (PostgreSQL, ${seeded}, ${ADMIN_CONNECTIONS} connections; targets: programs list p95 < ${PROGRAMS_TARGET_P95_MS} ms, ` +
      `patient search p95 < ${PATIENTS_TARGET_P95_MS} ms, audit trail by patient p95 < ${AUDIT_PATIENT_TARGET_P95_MS} ms):`,
  );
  let passed = true;
  for (const row of rows) {
    const adminCase = cases.find((c) => row.route.startsWith(c.route));
    const target = adminCase?.targetMs ?? null;
    const figures = `p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95 === null ? '-' : row.p95.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ${Math.round(row.requestsPerSecond)} req/s`;
    if (target === null) {
      console.log(`info  ${row.route}: ${figures} (no target in the issue)`);
      continue;
    }
    const pass = row.p95 !== null && row.p95 < target;
    passed &&= pass;
    console.log(`${pass ? 'PASS' : 'FAIL'}  ${row.route}: ${figures} (target < ${target} ms)`);
  }
  for (const note of notes) console.log(`      ${note}`);
  return passed;
}
