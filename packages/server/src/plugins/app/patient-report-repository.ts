import fp from 'fastify-plugin';
import { aliasedTable, and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { accounts, checklistNotes, internalNotes, programs, programUsers, superAdmins } from '../../db/schema';
import type { StaffScope } from '../../lib/scope';

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

/** A staff note as the report prints it; `author` is null when the account is gone. */
export interface ReportInternalNote {
  id: number;
  note_type: string;
  note: string;
  created_at: Date;
  author: string | null;
}

export interface ReportChecklistNote {
  id: number;
  /** The checklist: 1 Pre-Op, 2 Post-Op, 3 the program's third checklist. */
  stage: number;
  note: string;
  created_at: Date;
  author: string | null;
}

/** The account a note's author column points to, by name (the programs table under another name, for the sub user). */
const authorProgram = aliasedTable(programs, 'author_program');
const authorName = sql<string | null>`coalesce(
  ${programUsers.name},
  nullif(trim(concat_ws(' ', ${superAdmins.first_name}, ${superAdmins.last_name})), ''),
  ${authorProgram.owner_name}, ${authorProgram.title})`;

/**
 * The reads of the patient PDF report that no other repository has: the program's header, and a
 * patient's internal and checklist notes with their authors' names. Deleted notes are left out.
 * Every method is bound to scope.programId; the patient must already be known to be the program's.
 */
export function createPatientReportRepository(db: Db) {
  /** Joins a note's created_by to whoever wrote it: a program user, a super admin or a program account. */
  const authorJoins = (createdBy: AnyPgColumn) => ({
    account: eq(accounts.id, createdBy),
    programUser: eq(programUsers.id, accounts.id),
    superAdmin: eq(superAdmins.id, accounts.id),
    program: eq(authorProgram.id, accounts.id),
  });

  return {
    async program(scope: StaffScope): Promise<ReportProgram | null> {
      const [row] = await db
        .select({ title: programs.title, timezone: programs.timezone, third_checklist_name: programs.third_checklist_name })
        .from(programs)
        .where(eq(programs.id, scope.programId));
      return row ?? null;
    },

    /** The patient's internal notes, newest first (all of them, or the latest `limit`), and how many there are. */
    async internalNotes(
      scope: StaffScope,
      patientId: number,
      limit?: number,
    ): Promise<{ notes: ReportInternalNote[]; total: number }> {
      const where = and(
        eq(internalNotes.program_id, scope.programId),
        eq(internalNotes.patient_id, patientId),
        isNull(internalNotes.deleted_at),
      );
      const join = authorJoins(internalNotes.created_by);
      const query = db
        .select({
          id: internalNotes.id,
          note_type: internalNotes.note_type,
          note: internalNotes.note,
          created_at: internalNotes.created_at,
          author: authorName,
        })
        .from(internalNotes)
        .leftJoin(accounts, join.account)
        .leftJoin(programUsers, join.programUser)
        .leftJoin(superAdmins, join.superAdmin)
        .leftJoin(authorProgram, join.program)
        .where(where)
        .orderBy(desc(internalNotes.created_at), desc(internalNotes.id));
      const [notes, counted] = await Promise.all([
        limit === undefined ? query : query.limit(limit),
        db.select({ total: count() }).from(internalNotes).where(where),
      ]);
      return { notes, total: Number(counted[0]?.total ?? 0) };
    },

    /** Every checklist note of the patient, newest first. */
    async checklistNotes(scope: StaffScope, patientId: number): Promise<ReportChecklistNote[]> {
      const join = authorJoins(checklistNotes.created_by);
      return db
        .select({
          id: checklistNotes.id,
          stage: checklistNotes.stage,
          note: checklistNotes.note,
          created_at: checklistNotes.created_at,
          author: authorName,
        })
        .from(checklistNotes)
        .leftJoin(accounts, join.account)
        .leftJoin(programUsers, join.programUser)
        .leftJoin(superAdmins, join.superAdmin)
        .leftJoin(authorProgram, join.program)
        .where(
          and(
            eq(checklistNotes.program_id, scope.programId),
            eq(checklistNotes.patient_id, patientId),
            isNull(checklistNotes.deleted_at),
          ),
        )
        .orderBy(desc(checklistNotes.created_at), desc(checklistNotes.id));
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
