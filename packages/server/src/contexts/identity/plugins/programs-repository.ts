import fp from 'fastify-plugin';
import { and, asc, eq, sql } from 'drizzle-orm';
import { STAGES } from '@baridesk/domain';
import type { Db } from '../../../db/client';
import {
  events,
  insuranceCoordinators,
  locations,
  patientTags,
  patients,
  programs,
  programUsers,
  subMenuManagers,
  subMenus,
} from '../../../db/schema';
import type { StaffScope } from '../../../lib/scope';
import { asFlag } from '../../../lib/sql';

declare module 'fastify' {
  interface FastifyInstance {
    programs: ProgramsRepository;
  }
}

/** What a program account and its staff see of their own program. Every method is bound to scope.programId. */
export function createProgramsRepository(db: Db) {
  return {
    async hasEvents(programId: number): Promise<boolean> {
      const rows = await db
        .select({ one: sql<number>`1` })
        .from(events)
        .where(and(eq(events.program_id, programId), eq(events.status, 1)))
        .limit(1);
      return rows.length > 0;
    },

    /** Each content sub-menu with whether the program switched it on. */
    async subMenuManagers(scope: StaffScope) {
      const rows = await db
        .select({ id: subMenuManagers.id, status: subMenuManagers.status, menuId: subMenus.id, title: subMenus.title })
        .from(subMenuManagers)
        .innerJoin(subMenus, eq(subMenus.id, subMenuManagers.sub_menu_id))
        .where(eq(subMenuManagers.program_id, scope.programId))
        .orderBy(asc(subMenus.id));
      return rows.map((r) => ({
        id: r.id,
        status: asFlag(r.status),
        sub_menu: { id: r.menuId, title: r.title },
      }));
    },

    /** The sub user has seen the dashboard popup: it is not shown again. */
    async dismissPopup(scope: StaffScope, now: Date) {
      await db
        .update(programs)
        .set({ popup_status: 0, updated_at: now })
        .where(eq(programs.id, scope.programId));
    },

    /** Records that a program user accepted the licence terms. */
    async acceptTerms(scope: StaffScope, programUserId: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(programUsers)
        .set({ terms_and_conditions_check: 1, updated_at: now })
        .where(and(eq(programUsers.id, programUserId), eq(programUsers.program_id, scope.programId)))
        .returning({ id: programUsers.id });
      return rows.length > 0;
    },

    /** The choices of the patient-list filters: stages and the program's active tags, coordinators, locations. */
    async preLoadFilters(scope: StaffScope) {
      const [tags, coordinators, places, surgeryTypes] = await Promise.all([
        db
          .select({ id: patientTags.id, name: patientTags.name })
          .from(patientTags)
          .where(and(eq(patientTags.program_id, scope.programId), eq(patientTags.status, 1)))
          .orderBy(asc(patientTags.name)),
        db
          .select({ id: insuranceCoordinators.id, name: insuranceCoordinators.name })
          .from(insuranceCoordinators)
          .where(and(eq(insuranceCoordinators.program_id, scope.programId), eq(insuranceCoordinators.status, 1)))
          .orderBy(asc(insuranceCoordinators.name)),
        db
          .select({ id: locations.id, name: locations.name })
          .from(locations)
          .where(and(eq(locations.program_id, scope.programId), eq(locations.status, 1)))
          .orderBy(asc(locations.name)),
        // One spelling per type, whatever its case or surrounding spaces (the reports match it case-insensitively).
        db
          .select({ name: sql<string>`min(trim(${patients.type_of_surgery}))` })
          .from(patients)
          .where(and(eq(patients.program_id, scope.programId), sql`trim(${patients.type_of_surgery}) <> ''`))
          .groupBy(sql`lower(trim(${patients.type_of_surgery}))`)
          .orderBy(sql`lower(trim(${patients.type_of_surgery}))`),
      ]);
      return {
        stages: STAGES.map((s) => ({ id: s.id, label: s.label })),
        tags,
        coordinators,
        locations: places,
        surgeryTypes: surgeryTypes.map((row) => row.name),
      };
    },
  };
}

export type ProgramsRepository = ReturnType<typeof createProgramsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('programs', createProgramsRepository(fastify.db));
  },
  { name: 'programs-repository', dependencies: ['database'] },
);
