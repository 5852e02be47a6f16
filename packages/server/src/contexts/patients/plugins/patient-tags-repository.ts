import fp from 'fastify-plugin';
import { and, eq, or, sql } from 'drizzle-orm';
import { patientTagResource } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { patientTags as tags, patients } from '../../../db/schema';
import { createResourceRepository } from '../../platform/resource-kit';

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

/**
 * A program's patient tags, on the resource kit. Names are unique per program whatever their case
 * (checked before the write, held by the unique index on (program_id, lower(name)) when two saves race).
 */
export function createPatientTagsRepository(db: Db) {
  return createResourceRepository(db, patientTagResource, {
    table: tags,
    computed: { patients_count: patientsCount },
    /** A new name is also written on the patients carrying the tag (their copy, user_cat_name / user_cat_name2). */
    async afterUpdate(tx, scope, before, after) {
      if (before.name === after.name) return;
      const inProgram = eq(patients.program_id, scope.programId!);
      await tx.update(patients).set({ user_cat_name: after.name }).where(and(inProgram, eq(patients.user_cat_id, after.id)));
      await tx.update(patients).set({ user_cat_name2: after.name }).where(and(inProgram, eq(patients.user_cat_id2, after.id)));
    },
    /** A tag the program's patients carry is not deleted. */
    async inUse(tx, scope, id) {
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(patients)
        .where(and(eq(patients.program_id, scope.programId!), or(eq(patients.user_cat_id, id), eq(patients.user_cat_id2, id))));
      return counted?.n ?? 0;
    },
  });
}

export type PatientTagsRepository = ReturnType<typeof createPatientTagsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('patientTags', createPatientTagsRepository(fastify.db));
  },
  { name: 'patient-tags-repository', dependencies: ['database'] },
);
