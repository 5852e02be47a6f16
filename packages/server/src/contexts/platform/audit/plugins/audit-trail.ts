/**
 * The audit trail's reader (`fastify.auditTrail`): the records matching a set of filters, newest first,
 * a page at a time by a cursor; a capped count; the actions the trail holds. The writer stays
 * `fastify.audit` (plugins/audit.ts); this one only reads.
 *
 * Every query leads with a column of an index (audit/schema.ts): patient (with the list reads' GIN
 * index of `detail.patientIds`), program, actor, action or time, each (…, at); the order is (at, id)
 * descending and the next page starts below the last row's (at, id), so page 500 costs what page 1 does.
 * Names (who, which patient, which program) are read for the page's rows alone, after the page.
 */
import fp from 'fastify-plugin';
import { and, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { AUDIT_COUNT_CAP, type AuditChoices, type AuditFilters, type AuditRecord } from '@baridesk/contracts';
import { queryRows, type Db } from '../../../../db/client';
import { accounts, auditRecords, patients, programUsers, programs, superAdmins } from '../../../../db/schema';
import { likePattern } from '../../../../lib/paging';

declare module 'fastify' {
  interface FastifyInstance {
    auditTrail: AuditTrail;
  }
}

/** How many accounts an actor search may name: a search that matches more must be narrowed. */
const ACTOR_SEARCH_LIMIT = 1_000;

export interface AuditPageRequest {
  perPage: number;
  /** The id of the last record of the previous page. */
  before?: number | undefined;
}

const t = auditRecords;

/** A record names the patient: its own patient, or one of the patients a list, export or bulk change showed. */
export const namesPatient = (patientId: number): SQL =>
  sql`(${t.patient_id} = ${patientId} or (${t.detail} ? 'patientIds' and ${t.detail} -> 'patientIds' @> ${JSON.stringify([patientId])}::jsonb))`;

/**
 * The ids of a page, newest first, among the records `matching` selects, collected first (a materialized
 * CTE, which the planner never merges into the outer query) and then sorted. Written in SQL: drizzle
 * writes no OFFSET 0 (the usual fence), so `.offset(0)` left the planner free to walk audit_records_at_idx.
 */
export const fencedPageIds = (matching: SQL, limit: number): SQL => sql`
  with matching as materialized (select ${t.id} as id, ${t.at} as at from ${t} where ${matching})
  select id from matching order by at desc, id desc limit ${limit}`;

/** The start of a day in UTC, and the start of the next one. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

export function createAuditTrail(db: Db) {
  /** Every action the trail holds, by a skip scan of audit_records_action_idx (one probe per action). */
  async function actions(): Promise<string[]> {
    const rows = (await db.execute(sql`
      with recursive found(action) as (
        (select action from audit_records order by action limit 1)
        union all
        select (select a.action from audit_records a where a.action > found.action order by a.action limit 1)
        from found where found.action is not null
      )
      select action from found where action is not null`)) as unknown as { rows: { action: string }[] };
    return rows.rows.map((row) => row.action);
  }

  /** Accounts whose e-mail or name holds the text (deleted ones too: their records stay). */
  async function actorsMatching(search: string): Promise<number[]> {
    const pattern = likePattern(search.toLowerCase());
    const rows = await db
      .select({ id: accounts.id })
      .from(accounts)
      .leftJoin(superAdmins, eq(superAdmins.id, accounts.id))
      .leftJoin(programUsers, eq(programUsers.id, accounts.id))
      .leftJoin(programs, eq(programs.id, accounts.id))
      .where(
        or(
          sql`lower(${accounts.email}) like ${pattern}`,
          sql`lower(concat_ws(' ', ${superAdmins.first_name}, ${superAdmins.last_name})) like ${pattern}`,
          sql`lower(${programUsers.name}) like ${pattern}`,
          sql`lower(${programs.owner_name}) like ${pattern}`,
          sql`lower(${programs.title}) like ${pattern}`,
        ),
      )
      .limit(ACTOR_SEARCH_LIMIT);
    return rows.map((row) => row.id);
  }

  /** The WHERE of the filters; null when they can match nothing (no actor or action answers them). */
  async function conditions(filters: Partial<AuditFilters>): Promise<SQL[] | null> {
    const where: SQL[] = [];
    if (filters.patient_id !== undefined) where.push(namesPatient(filters.patient_id));
    if (filters.program_id !== undefined) where.push(eq(t.program_id, filters.program_id));
    if (filters.actor !== undefined) where.push(eq(t.actor_account_id, filters.actor));
    if (filters.search) {
      const ids = await actorsMatching(filters.search);
      if (ids.length === 0) return null;
      where.push(inArray(t.actor_account_id, ids));
    }
    if (filters.action !== undefined) {
      if (filters.action.endsWith('.')) {
        // A prefix: the actions that begin with it, as a list the action index answers (a LIKE would
        // need a pattern-ops index under the database's collation).
        const prefix = filters.action;
        const matching = (await actions()).filter((action) => action.startsWith(prefix));
        if (matching.length === 0) return null;
        where.push(inArray(t.action, matching));
      } else {
        where.push(eq(t.action, filters.action));
      }
    }
    if (filters.entity !== undefined) where.push(eq(t.entity, filters.entity));
    if (filters.from !== undefined) where.push(sql`${t.at} >= ${dayStart(filters.from).toISOString()}::timestamptz`);
    if (filters.to !== undefined) where.push(lt(t.at, sql`${nextDay(filters.to).toISOString()}::timestamptz`));
    if (filters.success !== undefined) where.push(eq(t.success, filters.success === 1));
    return where;
  }

  /** Below the (at, id) of record `before`, written so that `at <= …` bounds the index scan. */
  const below = (before: number): SQL[] => {
    const at = sql`(select b.at from audit_records b where b.id = ${before})`;
    return [sql`${t.at} <= ${at}`, sql`(${t.at} < ${at} or ${t.id} < ${before})`];
  };

  /** Names of the accounts, patients and programs a page shows, each read once. */
  async function namesFor(rows: { actor_account_id: number | null; patient_id: number | null; program_id: number | null }[]) {
    const unique = (values: (number | null)[]) => [...new Set(values.filter((v): v is number => v !== null))];
    const actorIds = unique(rows.map((r) => r.actor_account_id));
    const patientIds = unique(rows.map((r) => r.patient_id));
    const programIds = unique(rows.map((r) => r.program_id));
    const [actorRows, patientRows, programRows] = await Promise.all([
      actorIds.length === 0
        ? []
        : db
            .select({
              id: accounts.id,
              email: accounts.email,
              type: accounts.type,
              admin: sql<string | null>`nullif(concat_ws(' ', ${superAdmins.first_name}, ${superAdmins.last_name}), '')`,
              programUser: programUsers.name,
              owner: sql<string | null>`coalesce(${programs.owner_name}, ${programs.title})`,
            })
            .from(accounts)
            .leftJoin(superAdmins, eq(superAdmins.id, accounts.id))
            .leftJoin(programUsers, eq(programUsers.id, accounts.id))
            .leftJoin(programs, eq(programs.id, accounts.id))
            .where(inArray(accounts.id, actorIds)),
      patientIds.length === 0
        ? []
        : db
            .select({ id: patients.id, first: patients.first_name, last: patients.last_name, email: patients.email })
            .from(patients)
            .where(inArray(patients.id, patientIds)),
      programIds.length === 0 ? [] : db.select({ id: programs.id, title: programs.title }).from(programs).where(inArray(programs.id, programIds)),
    ]);
    const actorsById = new Map(
      actorRows.map((a) => [
        a.id,
        { id: a.id, type: a.type as string, email: a.email, name: (a.type === 'super_admin' ? a.admin : a.type === 'program_user' ? a.programUser : a.owner) ?? a.email },
      ]),
    );
    const patientsById = new Map(patientRows.map((p) => [p.id, { id: p.id, name: `${p.first} ${p.last}`.trim(), email: p.email }]));
    const programsById = new Map(programRows.map((p) => [p.id, { id: p.id, title: p.title }]));
    return { actorsById, patientsById, programsById };
  }

  const pageColumns = {
    id: t.id,
    at: t.at,
    actor_account_id: t.actor_account_id,
    actor_type: t.actor_type,
    program_id: t.program_id,
    action: t.action,
    entity: t.entity,
    entity_id: t.entity_id,
    patient_id: t.patient_id,
    ip: t.ip,
    user_agent: t.user_agent,
    success: t.success,
    // The patients' ids stay here: a 100,000-row export's list is 700 kB; the page says how many.
    detail: sql<Record<string, unknown> | null>`${t.detail} - 'patientIds'`,
    patient_count: sql<number | null>`case when jsonb_typeof(${t.detail} -> 'patientIds') = 'array' then jsonb_array_length(${t.detail} -> 'patientIds') end`,
  };

  /**
   * A page of records matching the filters, newest first, from below `before`; `next` is the cursor of
   * the following page (null when this is the last).
   */
  async function page(filters: Partial<AuditFilters>, { perPage, before }: AuditPageRequest): Promise<{ data: AuditRecord[]; next: number | null }> {
    const where = await conditions(filters);
    if (where === null) return { data: [], next: null };
    const matching = and(...where, ...(before === undefined ? [] : below(before)));
    // By patient: the planner cannot tell how few records name one patient (a jsonb containment has no
    // statistics) and would walk the time index backwards through millions of others. The materialized
    // CTE (never merged into its query) makes it collect that patient's records by the two patient
    // indexes (a BitmapOr) and sort them: 0.5 ms against 170 ms on 400,000 records.
    const found =
      filters.patient_id === undefined
        ? await db.select({ id: t.id }).from(t).where(matching).orderBy(desc(t.at), desc(t.id)).limit(perPage + 1)
        : await queryRows<{ id: number | string }>(db, fencedPageIds(matching ?? sql`true`, perPage + 1));
    const more = found.length > perPage;
    // A raw query answers a bigint as text.
    const pageIds = found.slice(0, perPage).map((row) => Number(row.id));
    // The page's columns for its rows alone (a large export's detail is read for the rows shown only).
    const shown =
      pageIds.length === 0 ? [] : await db.select(pageColumns).from(t).where(inArray(t.id, pageIds)).orderBy(desc(t.at), desc(t.id));
    const { actorsById, patientsById, programsById } = await namesFor(shown);
    const data = shown.map((row): AuditRecord => {
      const patient = row.patient_id === null ? null : (patientsById.get(row.patient_id) ?? { id: row.patient_id, name: `#${row.patient_id}`, email: null });
      const account = row.actor_account_id === null ? null : actorsById.get(row.actor_account_id);
      const actor =
        row.actor_type === 'patient' && patient
          ? { id: null, type: 'patient', name: patient.name, email: patient.email }
          : row.actor_account_id === null
            ? null
            : (account ?? { id: row.actor_account_id, type: row.actor_type, name: `#${row.actor_account_id}`, email: null });
      return {
        id: Number(row.id),
        at: row.at.toISOString(),
        actor,
        action: row.action,
        entity: row.entity,
        entity_id: row.entity_id,
        patient: patient && { id: patient.id, name: patient.name },
        patient_count: row.patient_count === null ? null : Number(row.patient_count),
        program: row.program_id === null ? null : (programsById.get(row.program_id) ?? { id: row.program_id, title: `#${row.program_id}` }),
        ip: row.ip,
        user_agent: row.user_agent,
        success: row.success,
        detail: row.detail && Object.keys(row.detail).length > 0 ? row.detail : null,
      };
    });
    return { data, next: more ? data[data.length - 1]!.id : null };
  }

  /** Records matching, counted up to `cap` (exact below it): a count of millions costs seconds. */
  async function count(filters: Partial<AuditFilters>, cap: number = AUDIT_COUNT_CAP): Promise<{ total: number; exact: boolean }> {
    const where = await conditions(filters);
    if (where === null) return { total: 0, exact: true };
    const limited = db.select({ one: sql`1` }).from(t).where(and(...where)).limit(cap + 1).as('limited');
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(limited);
    const n = Number(row?.n ?? 0);
    return n > cap ? { total: cap, exact: false } : { total: n, exact: true };
  }

  async function choices(): Promise<AuditChoices> {
    const [found, programRows] = await Promise.all([
      actions(),
      db.select({ id: programs.id, title: programs.title }).from(programs).orderBy(programs.title, programs.id),
    ]);
    return { actions: found, programs: programRows };
  }

  /** Whether the program has the patient (any status: an inactive patient's history still counts). */
  async function programHasPatient(programId: number, patientId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: patients.id })
      .from(patients)
      .where(and(eq(patients.id, patientId), eq(patients.program_id, programId)))
      .limit(1);
    return row !== undefined;
  }

  return { page, count, choices, programHasPatient };
}

export type AuditTrail = ReturnType<typeof createAuditTrail>;

export default fp(
  async (fastify) => {
    fastify.decorate('auditTrail', createAuditTrail(fastify.db));
  },
  { name: 'audit-trail', dependencies: ['database'] },
);
