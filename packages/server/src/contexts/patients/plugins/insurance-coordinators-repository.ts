import fp from 'fastify-plugin';
import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { insuranceCoordinatorResource } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { insuranceCoordinators as coordinators, patients } from '../../../db/schema';
import { likePattern } from '../../../lib/paging';
import { createResourceRepository } from '../../platform/resource-kit';

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

/** A search that looks like (part of) a phone number: digits and the usual punctuation only. */
const PHONE_LIKE = /^\+?[\d\s().-]*\d[\d\s().-]*$/;

/** Name or e-mail contains the text; a phone-like text also matches the phone's digits, however it is written. */
function search(text: string): SQL | undefined {
  const pattern = likePattern(text);
  const matches: SQL[] = [ilike(coordinators.name, pattern), ilike(coordinators.email, pattern)];
  if (PHONE_LIKE.test(text)) {
    const digits = text.replace(/\D/g, '');
    matches.push(sql`regexp_replace(coalesce(${coordinators.phone}, ''), '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  }
  return or(...matches);
}

/**
 * A program's insurance coordinators, on the resource kit. Names are unique per program whatever their
 * case (checked first, held by the unique index on (program_id, lower(name)) when two saves race).
 */
export function createInsuranceCoordinatorsRepository(db: Db) {
  return createResourceRepository(db, insuranceCoordinatorResource, {
    table: coordinators,
    computed: { patients_count: patientsCount },
    search,
    /** A coordinator assigned to patients of the program is not deleted. */
    async inUse(tx, scope, id) {
      const [counted] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(patients)
        .where(and(eq(patients.program_id, scope.programId!), eq(patients.insurance_coordinator_id, id)));
      return counted?.n ?? 0;
    },
  });
}

export type InsuranceCoordinatorsRepository = ReturnType<typeof createInsuranceCoordinatorsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('insuranceCoordinators', createInsuranceCoordinatorsRepository(fastify.db));
  },
  { name: 'insurance-coordinators-repository', dependencies: ['database'] },
);
