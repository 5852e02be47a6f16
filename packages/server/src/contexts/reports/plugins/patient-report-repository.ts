import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { programs } from '../../../db/schema';
import { usableZone } from '../../../lib/program-day';
import type { StaffScope } from '../../../lib/scope';

declare module 'fastify' {
  interface FastifyInstance {
    patientReport: PatientReportRepository;
  }
}

/** The program as the report's header names it. */
export interface ReportProgram {
  title: string;
  timezone: string;
  /** The name of the program's third checklist (stage 3), e.g. "Weight Management". */
  third_checklist_name: string;
}

/**
 * The read of the patient PDF report that no other repository has: the program's header. (The notes come
 * from the notes repository, the weights and water from the logs repository.) Bound to scope.programId.
 */
export function createPatientReportRepository(db: Db) {
  return {
    async program(scope: StaffScope): Promise<ReportProgram | null> {
      const [row] = await db
        .select({ title: programs.title, timezone: programs.timezone, third_checklist_name: programs.third_checklist_name })
        .from(programs)
        .where(eq(programs.id, scope.programId));
      return row ? { ...row, timezone: usableZone(row.timezone) } : null;
    },
  };
}

export type PatientReportRepository = ReturnType<typeof createPatientReportRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('patientReport', createPatientReportRepository(fastify.db));
  },
  { name: 'patient-report-repository', dependencies: ['database'] },
);
