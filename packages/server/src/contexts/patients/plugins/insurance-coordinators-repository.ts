import fp from 'fastify-plugin';
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  InsuranceCoordinator,
  InsuranceCoordinatorListQuery,
  InsuranceCoordinatorSort,
  InsuranceCoordinatorStoreBody,
  InsuranceCoordinatorToggleBody,
  InsuranceCoordinatorUpdateBody,
} from '@baridesk/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { insuranceCoordinators as coordinators, patients } from '../../../db/schema';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import type { StaffScope } from '../../../lib/scope';
import { unlessUniqueViolation } from '../../../lib/pg-errors';

declare module 'fastify' {
  interface FastifyInstance {
    insuranceCoordinators: InsuranceCoordinatorsRepository;
  }
}

/** The program's patients this coordinator looks after. */
// Written out with explicit qualifiers: inside a subquery drizzle leaves column names bare, and a bare
// "id" would then mean the patient's.
const patientsCount = sql<number>`(select count(*)::int from patients p where p.program_id = insurance_coordinators.program_id
  and p.insurance_coordinator_id = insurance_coordinators.id)`.mapWith(Number);

const COLUMNS = {
  id: coordinators.id,
  name: coordinators.name,
  email: coordinators.email,
  phone: coordinators.phone,
  status: coordinators.status,
  patients_count: patientsCount,
  created_at: coordinators.created_at,
  updated_at: coordinators.updated_at,
};

type Row = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: number;
  patients_count: number;
  created_at: Date;
  updated_at: Date;
};
const toCoordinator = (row: Row): InsuranceCoordinator => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  status: row.status === 1 ? 1 : 0,
  patients_count: row.patients_count,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const SORT_COLUMNS: Record<InsuranceCoordinatorSort, SQL | AnyPgColumn> = {
  name: coordinators.name,
  email: coordinators.email,
  phone: coordinators.phone,
  status: coordinators.status,
  patients_count: patientsCount,
  created_at: coordinators.created_at,
  updated_at: coordinators.updated_at,
};

/** A search that looks like (part of) a phone number: digits and the usual punctuation only. */
const PHONE_LIKE = /^\+?[\d\s().-]*\d[\d\s().-]*$/;

export type CoordinatorSaveResult = { saved: InsuranceCoordinator } | { nameTaken: true } | null;
export type CoordinatorDeleteResult = { deleted: { id: number; name: string } } | { inUse: number } | null;

/**
 * A program's insurance coordinators. Every method is bound to scope.programId: another program's id is
 * not found. Names are unique per program whatever their case (checked first, held by the unique index
 * on (program_id, lower(name)) when two saves race).
 */
export function createInsuranceCoordinatorsRepository(db: Db) {
  const own = (scope: StaffScope, id: number) => and(eq(coordinators.id, id), eq(coordinators.program_id, scope.programId));


  const nameTaken = async (tx: Tx, scope: StaffScope, name: string, exceptId?: number) => {
    const rows = await tx
      .select({ id: coordinators.id })
      .from(coordinators)
      .where(
        and(
          eq(coordinators.program_id, scope.programId),
          sql`lower(${coordinators.name}) = ${name.toLowerCase()}`,
          exceptId === undefined ? undefined : ne(coordinators.id, exceptId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  };

  const findIn = async (tx: Tx, scope: StaffScope, id: number) => {
    const rows = await tx.select(COLUMNS).from(coordinators).where(own(scope, id));
    return rows[0] ? toCoordinator(rows[0]) : null;
  };

  return {
    async list(scope: StaffScope, query: InsuranceCoordinatorListQuery) {
      const conditions: (SQL | undefined)[] = [eq(coordinators.program_id, scope.programId)];
      const search = query.search;
      if (search) {
        const pattern = likePattern(search);
        const matches: SQL[] = [ilike(coordinators.name, pattern), ilike(coordinators.email, pattern)];
        if (PHONE_LIKE.test(search)) {
          const digits = search.replace(/\D/g, '');
          matches.push(sql`regexp_replace(coalesce(${coordinators.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`);
        }
        conditions.push(or(...matches));
      }
      if (query.status !== undefined) conditions.push(eq(coordinators.status, query.status));
      const where = and(...conditions);
      const order = query.direction === 'desc' ? desc : asc;
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const [rows, counted] = await Promise.all([
        db
          .select(COLUMNS)
          .from(coordinators)
          .where(where)
          .orderBy(order(SORT_COLUMNS[query.sort]), order(coordinators.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(coordinators).where(where),
      ]);
      return toPage(rows.map(toCoordinator), counted[0]?.total ?? 0, query.page, query.perPage);
    },

    find: (scope: StaffScope, id: number) => findIn(db, scope, id),

    async create(scope: StaffScope, body: InsuranceCoordinatorStoreBody, now: Date): Promise<CoordinatorSaveResult> {
      return unlessUniqueViolation(
        () =>
          db.transaction(async (tx) => {
            if (await nameTaken(tx, scope, body.name)) return { nameTaken: true };
            const [row] = await tx
              .insert(coordinators)
              .values({
                program_id: scope.programId,
                name: body.name,
                email: body.email ?? null,
                phone: body.phone ?? null,
                status: body.status,
                created_at: now,
                updated_at: now,
              })
              .returning({ id: coordinators.id });
            return { saved: (await findIn(tx, scope, row!.id))! };
          }),
        { nameTaken: true } as const,
      );
    },

    /** Saves every field; a blank e-mail or phone clears it. */
    async update(scope: StaffScope, body: InsuranceCoordinatorUpdateBody, now: Date): Promise<CoordinatorSaveResult> {
      return unlessUniqueViolation(
        () =>
          db.transaction(async (tx) => {
            if (await nameTaken(tx, scope, body.name, body.id)) return { nameTaken: true };
            const rows = await tx
              .update(coordinators)
              .set({ name: body.name, email: body.email ?? null, phone: body.phone ?? null, status: body.status, updated_at: now })
              .where(own(scope, body.id))
              .returning({ id: coordinators.id });
            if (rows.length === 0) return null;
            return { saved: (await findIn(tx, scope, body.id))! };
          }),
        { nameTaken: true } as const,
      );
    },

    /** Sets the status; null when the program has no coordinator with this id. */
    async setStatus(scope: StaffScope, body: InsuranceCoordinatorToggleBody, now: Date) {
      const rows = await db
        .update(coordinators)
        .set({ status: body.status, updated_at: now })
        .where(own(scope, body.id))
        .returning({ id: coordinators.id, status: coordinators.status });
      return rows[0] ? { id: rows[0].id, status: rows[0].status === 1 ? (1 as const) : (0 as const) } : null;
    },

    /** Deletes the coordinator unless patients of the program are assigned to them. */
    async remove(scope: StaffScope, id: number): Promise<CoordinatorDeleteResult> {
      return db.transaction(async (tx) => {
        const [coordinator] = await tx
          .select({ id: coordinators.id, name: coordinators.name })
          .from(coordinators)
          .where(own(scope, id))
          .for('update');
        if (!coordinator) return null;
        const [counted] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(patients)
          .where(and(eq(patients.program_id, scope.programId), eq(patients.insurance_coordinator_id, id)));
        const inUse = counted?.n ?? 0;
        if (inUse > 0) return { inUse };
        await tx.delete(coordinators).where(own(scope, id));
        return { deleted: coordinator };
      });
    },
  };
}

export type InsuranceCoordinatorsRepository = ReturnType<typeof createInsuranceCoordinatorsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('insuranceCoordinators', createInsuranceCoordinatorsRepository(fastify.db));
  },
  { name: 'insurance-coordinators-repository', dependencies: ['database'] },
);
