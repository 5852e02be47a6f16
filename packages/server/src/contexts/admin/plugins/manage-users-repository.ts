import fp from 'fastify-plugin';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  patientEditBody,
  toFieldErrors,
  patientUpdateBody,
  type ManageUserListItem,
  type ManageUserRecord,
  type ManageUsersExportQuery,
  type ManageUsersListQuery,
  type PatientUpdateBody,
} from '@baridesk/contracts';
import * as v from 'valibot';
import type { Db } from '../../../db/client';
import { accounts, patients, programs } from '../../../db/schema';
import { pageWindow, toPage } from '../../../lib/paging';
import type { Scope, StaffScope } from '../../../lib/scope';
import { asFlag } from '../../../lib/sql';
import { inOrderOf, isTrigramSearch, listConditions, listOrder, listSortKeys, searchedPageIds, type PatientsRepository } from '../../patients';

declare module 'fastify' {
  interface FastifyInstance {
    manageUsers: ManageUsersRepository;
  }
}

type Criteria = Omit<ManageUsersExportQuery, 'sort' | 'direction'>;

/**
 * The staff list's conditions (one search text, the trigram index's column; stage; status), across
 * programs. listConditions puts the program's condition first: it is kept only when the program filter
 * names one. The GIN index (program_id, search_text) serves a condition on search_text alone too.
 */
export function acrossPrograms({ program, search, stage, status }: Criteria): SQL[] {
  const [programCondition, ...rest] = listConditions({ programId: program ?? 0 } as StaffScope, { search, stage, status });
  return program === undefined ? rest : [programCondition!, ...rest];
}

const OWN_SORTS: Partial<Record<ManageUsersListQuery['sort'], readonly (AnyPgColumn | SQL)[]>> = {
  program: [programs.title],
  status: [patients.status],
};

/** The sort keys of a sort (before the id), as values of the patients' row: the program's title read by its id. */
function acrossKeys(sort: ManageUsersListQuery['sort']): (AnyPgColumn | SQL)[] {
  if (sort === 'program') return [sql`(select p.title from programs p where p.id = ${patients.program_id})`];
  if (sort === 'status') return [patients.status];
  return [...listSortKeys(sort)];
}

/** The list's order: the staff list's for the sorts it has, the program's title or the status otherwise; ties by id. */
export function acrossOrder({ sort, direction }: Pick<ManageUsersListQuery, 'sort' | 'direction'>): SQL[] {
  const own = OWN_SORTS[sort];
  if (!own) return listOrder({ sort: sort as Exclude<typeof sort, 'program' | 'status'>, direction });
  const order = direction === 'desc' ? desc : asc;
  return [...own, patients.id].map((column) => order(column));
}

const LIST_COLUMNS = {
  id: patients.id,
  first_name: patients.first_name,
  last_name: patients.last_name,
  name: patients.name,
  email: patients.email,
  phone: patients.phone,
  mrn_number: patients.mrn_number,
  current_stage: patients.current_stage,
  status: patients.status,
  program_id: patients.program_id,
  program_name: programs.title,
  created_at: patients.created_at,
};

type ListRow = Omit<ManageUserListItem, 'current_stage' | 'status' | 'created_at'> & { current_stage: number; status: number; created_at: Date };

const toItem = (row: ListRow): ManageUserListItem => ({
  ...row,
  current_stage: row.current_stage as ManageUserListItem['current_stage'],
  status: asFlag(row.status),
  created_at: row.created_at.toISOString(),
});

/**
 * A super admin acting on one patient does it inside the patient's program, with the reach of the
 * program's own account (every menu, no self-service limit), so the staff record's reads, checks and
 * writes apply unchanged; the acting account stays the super admin's (created_by, the pipeline's mover,
 * the audit record).
 */
export function actingInProgram(scope: Scope, programId: number): StaffScope {
  return { ...scope, type: 'sub_user', programId, flags: null, selfService: false, administrativeRights: true };
}

/** Patients across every program, for super admins with manage_users. */
export function createManageUsersRepository(db: Db, staffPatients: () => PatientsRepository) {
  const rowsWhere = (where: SQL | undefined) =>
    db.select(LIST_COLUMNS).from(patients).innerJoin(programs, eq(programs.id, patients.program_id)).where(where);

  const programOf = async (id: number): Promise<number | null> => {
    const [row] = await db.select({ programId: patients.program_id }).from(patients).where(eq(patients.id, id)).limit(1);
    return row?.programId ?? null;
  };

  async function find(scope: Scope, id: number, now: Date): Promise<ManageUserRecord | null> {
    const programId = await programOf(id);
    if (programId === null) return null;
    const record = await staffPatients().find(actingInProgram(scope, programId), id, now);
    if (!record) return null;
    const [program] = await db.select({ title: programs.title }).from(programs).where(eq(programs.id, programId));
    return { ...record, program_id: programId, program_name: program?.title ?? '' };
  }

  return {
    async list(query: ManageUsersListQuery) {
      const where = and(...acrossPrograms(query));
      const { limit, offset } = pageWindow(query.page, query.perPage);
      if (isTrigramSearch(query.search) && query.perPage !== 'All') {
        // Across every program the name index has no program to lead with: a selective search sorted by
        // name would walk it through most patients ('wright': 441 ms at 200,000 against 55 ms fenced).
        const { ids, total } = await searchedPageIds(db, where, acrossKeys(query.sort), query.direction, limit, offset);
        if (ids.length > 0) {
          const rows = await rowsWhere(inArray(patients.id, ids));
          return toPage(inOrderOf(ids, rows).map(toItem), total ?? 0, query.page, query.perPage);
        }
        if (offset === 0) return toPage([], 0, query.page, query.perPage);
      }
      const [rows, [counted]] = await Promise.all([
        rowsWhere(where).orderBy(...acrossOrder(query)).limit(limit).offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(patients).where(where),
      ]);
      return toPage(rows.map(toItem), counted?.total ?? 0, query.page, query.perPage);
    },

    find,

    /** The programs the list filters by: live ones, by title. */
    async programs() {
      return db
        .select({ id: programs.id, name: programs.title })
        .from(programs)
        .innerJoin(accounts, eq(accounts.id, programs.id))
        .where(isNull(accounts.deleted_at))
        .orderBy(programs.title, programs.id);
    },

    /** The staff edit, inside the patient's program: the same checks, the version lock, the pipeline's reaction. */
    async update(scope: Scope, body: PatientUpdateBody, now: Date) {
      const programId = await programOf(body.id);
      if (programId === null) return null;
      const result = await staffPatients().update(actingInProgram(scope, programId), body, now);
      return result === null ? null : { result, programId };
    },

    /**
     * Deleting keeps the patient: the record is saved inactive (status 0) through the staff edit, so no
     * message, app session, reminder or report reaches them and their history stays. An inactive patient
     * answers 'already'.
     */
    async deactivate(scope: Scope, id: number, now: Date) {
      const record = await find(scope, id, now);
      if (!record) return null;
      if (record.status === 0) return { kind: 'already' as const, record };
      // A record the staff rules no longer accept (e.g. an old e-mail) must be corrected before it is deleted.
      const body = v.safeParse(patientUpdateBody, patientEditBody(record, { status: 0 }));
      if (!body.success) return { kind: 'invalid' as const, errors: toFieldErrors(body.issues), record };
      const result = await staffPatients().update(actingInProgram(scope, record.program_id), body.output, now);
      return { kind: 'saved' as const, result, record };
    },

    /** The ids the export writes, in the list's order. */
    async exportIds(query: ManageUsersExportQuery): Promise<number[]> {
      const rows = await db
        .select({ id: patients.id })
        .from(patients)
        .innerJoin(programs, eq(programs.id, patients.program_id))
        .where(and(...acrossPrograms(query)))
        .orderBy(...acrossOrder(query));
      return rows.map((row) => row.id);
    },

    async exportRows(ids: readonly number[]): Promise<ManageUserListItem[]> {
      const rows = await rowsWhere(inArray(patients.id, [...ids]));
      const position = new Map(ids.map((id, index) => [id, index]));
      return rows.map(toItem).sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
    },
  };
}

export type ManageUsersRepository = ReturnType<typeof createManageUsersRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('manageUsers', createManageUsersRepository(fastify.db, () => fastify.patients));
  },
  { name: 'manage-users-repository', dependencies: ['database', 'patients-repository'] },
);
