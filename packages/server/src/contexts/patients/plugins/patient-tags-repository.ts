import fp from 'fastify-plugin';
import { and, asc, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type {
  PatientTag,
  PatientTagListQuery,
  PatientTagOption,
  PatientTagSort,
  PatientTagStoreBody,
  PatientTagToggleBody,
  PatientTagUpdateBody,
} from '@baridesk/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { patientTags as tags, patients } from '../../../db/schema';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import type { StaffScope } from '../../../lib/scope';
import { unlessUniqueViolation } from '../../../lib/pg-errors';

declare module 'fastify' {
  interface FastifyInstance {
    patientTags: PatientTagsRepository;
  }
}

/** The program's patients carrying the tag, as their first or second tag. */
// Written out with explicit qualifiers: inside a subquery drizzle leaves column names bare, and a bare
// "id" would then mean the patient's.
const patientsCount = sql<number>`(select count(*)::int from patients p where p.program_id = patient_tags.program_id
  and (p.user_cat_id = patient_tags.id or p.user_cat_id2 = patient_tags.id))`.mapWith(Number);

const COLUMNS = {
  id: tags.id,
  name: tags.name,
  status: tags.status,
  patients_count: patientsCount,
  created_at: tags.created_at,
  updated_at: tags.updated_at,
};

type Row = { id: number; name: string; status: number; patients_count: number; created_at: Date; updated_at: Date };
const toTag = (row: Row): PatientTag => ({
  id: row.id,
  name: row.name,
  status: row.status === 1 ? 1 : 0,
  patients_count: row.patients_count,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const SORT_COLUMNS: Record<PatientTagSort, SQL | AnyPgColumn> = {
  name: tags.name,
  status: tags.status,
  patients_count: patientsCount,
  created_at: tags.created_at,
  updated_at: tags.updated_at,
};

/** The outcome of a store or update: saved, refused for a name the program already has, or no such tag. */
export type TagSaveResult = { saved: PatientTag } | { nameTaken: true } | null;
/** The outcome of a delete: done, refused while patients carry the tag, or no such tag. */
export type TagDeleteResult = { deleted: { id: number; name: string } } | { inUse: number } | null;

/**
 * A program's patient tags. Every method is bound to scope.programId: another program's id is not found.
 *
 * Names are unique per program whatever their case: checked before the write for a clear answer, and
 * held by the unique index on (program_id, lower(name)) when two saves of one name race.
 */
export function createPatientTagsRepository(db: Db) {
  const own = (scope: StaffScope, id: number) => and(eq(tags.id, id), eq(tags.program_id, scope.programId));


  const nameTaken = async (tx: Tx, scope: StaffScope, name: string, exceptId?: number) => {
    const rows = await tx
      .select({ id: tags.id })
      .from(tags)
      .where(
        and(
          eq(tags.program_id, scope.programId),
          sql`lower(${tags.name}) = ${name.toLowerCase()}`,
          exceptId === undefined ? undefined : ne(tags.id, exceptId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  };

  const findIn = async (tx: Tx, scope: StaffScope, id: number) => {
    const rows = await tx.select(COLUMNS).from(tags).where(own(scope, id));
    return rows[0] ? toTag(rows[0]) : null;
  };

  return {
    async list(scope: StaffScope, query: PatientTagListQuery) {
      const conditions: (SQL | undefined)[] = [eq(tags.program_id, scope.programId)];
      if (query.search) conditions.push(ilike(tags.name, likePattern(query.search)));
      if (query.status !== undefined) conditions.push(eq(tags.status, query.status));
      const where = and(...conditions);
      const order = query.direction === 'desc' ? desc : asc;
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const [rows, counted] = await Promise.all([
        db
          .select(COLUMNS)
          .from(tags)
          .where(where)
          .orderBy(order(SORT_COLUMNS[query.sort]), order(tags.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: sql<number>`count(*)::int` }).from(tags).where(where),
      ]);
      return toPage(rows.map(toTag), counted[0]?.total ?? 0, query.page, query.perPage);
    },

    /** The program's active tags, by name: what a patient's tag pickers offer. */
    async activeOptions(scope: StaffScope): Promise<PatientTagOption[]> {
      return db
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(and(eq(tags.program_id, scope.programId), eq(tags.status, 1)))
        .orderBy(asc(tags.name), asc(tags.id));
    },

    find: (scope: StaffScope, id: number) => findIn(db, scope, id),

    async create(scope: StaffScope, body: PatientTagStoreBody, now: Date): Promise<TagSaveResult> {
      return unlessUniqueViolation(
        () =>
          db.transaction(async (tx) => {
            if (await nameTaken(tx, scope, body.name)) return { nameTaken: true };
            const [row] = await tx
              .insert(tags)
              .values({ program_id: scope.programId, name: body.name, status: body.status, created_at: now, updated_at: now })
              .returning({ id: tags.id });
            return { saved: (await findIn(tx, scope, row!.id))! };
          }),
        { nameTaken: true } as const,
      );
    },

    /**
     * Saves the tag; a new name is also written on the patients that carry it (their copy of the tag's
     * name, user_cat_name / user_cat_name2), so no patient shows a name the tag no longer has.
     */
    async update(scope: StaffScope, body: PatientTagUpdateBody, now: Date): Promise<TagSaveResult> {
      return unlessUniqueViolation(
        () =>
          db.transaction(async (tx) => {
            if (await nameTaken(tx, scope, body.name, body.id)) return { nameTaken: true };
            const rows = await tx
              .update(tags)
              .set({ name: body.name, status: body.status, updated_at: now })
              .where(own(scope, body.id))
              .returning({ id: tags.id });
            if (rows.length === 0) return null;
            const inProgram = eq(patients.program_id, scope.programId);
            await tx.update(patients).set({ user_cat_name: body.name }).where(and(inProgram, eq(patients.user_cat_id, body.id)));
            await tx.update(patients).set({ user_cat_name2: body.name }).where(and(inProgram, eq(patients.user_cat_id2, body.id)));
            return { saved: (await findIn(tx, scope, body.id))! };
          }),
        { nameTaken: true } as const,
      );
    },

    /** Sets the status; null when the program has no tag with this id. */
    async setStatus(scope: StaffScope, body: PatientTagToggleBody, now: Date) {
      const rows = await db
        .update(tags)
        .set({ status: body.status, updated_at: now })
        .where(own(scope, body.id))
        .returning({ id: tags.id, status: tags.status });
      return rows[0] ? { id: rows[0].id, status: rows[0].status === 1 ? (1 as const) : (0 as const) } : null;
    },

    /** Deletes the tag unless patients of the program carry it. */
    async remove(scope: StaffScope, id: number): Promise<TagDeleteResult> {
      return db.transaction(async (tx) => {
        // Locks the tag, so no rename or second delete runs while its patients are counted.
        const [tag] = await tx.select({ id: tags.id, name: tags.name }).from(tags).where(own(scope, id)).for('update');
        if (!tag) return null;
        const [counted] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(patients)
          .where(and(eq(patients.program_id, scope.programId), or(eq(patients.user_cat_id, id), eq(patients.user_cat_id2, id))));
        const inUse = counted?.n ?? 0;
        if (inUse > 0) return { inUse };
        await tx.delete(tags).where(own(scope, id));
        return { deleted: tag };
      });
    },
  };
}

export type PatientTagsRepository = ReturnType<typeof createPatientTagsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('patientTags', createPatientTagsRepository(fastify.db));
  },
  { name: 'patient-tags-repository', dependencies: ['database'] },
);
