import fp from 'fastify-plugin';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { PROGRAM_MESSAGES, programResource, type ProgramWithTags } from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { accounts, patientTags, programs, sessions } from '../../../db/schema';
import { asFlag } from '../../../lib/sql';
import { grantContentSwitches } from '../../content';
import { createAccountResourceRepository, type SessionsRepository } from '../../identity';
import { searchColumns } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    programsAdmin: ProgramsAdmin;
  }
}

/** The program's staff accounts (its own account, a self-registered practice's one person, aside). */
const staffOf = (programId: number) =>
  sql`select pu.id from program_users pu where pu.program_id = ${programId} and pu.id <> ${programId}`;

/**
 * Programs as super admins manage them (/api/admin/baritastic-program): the program's account (e-mail,
 * status, soft delete) and its programs profile, through identity's account-backed resources. A
 * program's status is kept in step with its account's, and sign-in checks both for the program's staff.
 */
export function createProgramsAdmin(db: Db, sessionsRepository: SessionsRepository, fileUrl: (key: string) => string) {
  /**
   * Switching a program off ends its staff's sessions (each signed-in call also checks the program's
   * status, so they are refused at once either way); deleting it deletes their accounts too, softly: they
   * leave every list, keep their history, and their addresses are free again.
   */
  const deactivateStaff = async (tx: Tx, programId: number, now: Date, deleted: boolean) => {
    const staff = staffOf(programId);
    if (deleted) {
      await tx
        .update(accounts)
        .set({ deleted_at: now, status: 0, updated_at: now })
        .where(and(inArray(accounts.id, sql`(${staff})`), isNull(accounts.deleted_at)));
    }
    await tx
      .update(sessions)
      .set({ revoked_at: now })
      .where(and(inArray(sessions.account_id, sql`(${staff})`), isNull(sessions.revoked_at)));
    sessionsRepository.cache.evictProgram(programId);
  };

  const repository = createAccountResourceRepository(db, sessionsRepository, programResource, {
    type: 'sub_user',
    table: programs,
    search: searchColumns(programs.title, programs.owner_name, accounts.email, programs.programmer_code, programs.city),
    computed: {
      password_set: sql<0 | 1>`(case when ${accounts.password_hash} is null then 0 else 1 end)::int`,
      users_count: sql<number>`(select count(*)::int from program_users pu join accounts a on a.id = pu.id
        where pu.program_id = ${programs.id} and pu.id <> ${programs.id} and a.deleted_at is null)`,
    },
    fileUrl,
    // Programmer codes are unique among every program, deleted ones too (patients of a deleted program may
    // still hold its code); compared without case, so two codes a patient could confuse never coexist.
    async checks(tx, _scope, values, exceptId) {
      const code = values.programmer_code;
      if (typeof code !== 'string') return null;
      const taken = await tx
        .select({ id: programs.id })
        .from(programs)
        .where(and(eq(sql`lower(${programs.programmer_code})`, code.toLowerCase()), exceptId === null ? undefined : ne(programs.id, exceptId)))
        .limit(1);
      return taken.length > 0 ? { programmer_code: [PROGRAM_MESSAGES.programmerCodeTaken] } : null;
    },
    uniqueIndexes: { programs_programmer_code_key: { field: 'programmer_code', message: PROGRAM_MESSAGES.programmerCodeTaken } },
    onDeactivate: (tx, _scope, id, now, deleted) => deactivateStaff(tx, id, now, deleted),
    // A new program opens with every content menu switched on (its sub user switches off what it does not publish).
    afterCreate: (tx, _scope, program) => grantContentSwitches(tx, program.id, new Date(program.created_at)),
  });

  /** Live programs (or the one), with their active patient tags by name. */
  async function withPatientTags(id?: number): Promise<ProgramWithTags[]> {
    const rows = await db
      .select({ id: programs.id, title: programs.title, status: accounts.status })
      .from(programs)
      .innerJoin(accounts, eq(accounts.id, programs.id))
      .where(and(isNull(accounts.deleted_at), id === undefined ? undefined : eq(programs.id, id)))
      .orderBy(asc(programs.title), asc(programs.id));
    if (rows.length === 0) return [];
    const tags = await db
      .select({ id: patientTags.id, name: patientTags.name, programId: patientTags.program_id })
      .from(patientTags)
      .where(
        and(
          eq(patientTags.status, 1),
          inArray(
            patientTags.program_id,
            rows.map((row) => row.id),
          ),
        ),
      )
      .orderBy(asc(patientTags.name), asc(patientTags.id));
    const byProgram = new Map<number, { id: number; name: string }[]>();
    for (const tag of tags) byProgram.set(tag.programId, [...(byProgram.get(tag.programId) ?? []), { id: tag.id, name: tag.name }]);
    return rows.map((row) => ({ id: row.id, title: row.title, status: asFlag(row.status), tags: byProgram.get(row.id) ?? [] }));
  }

  return { ...repository, withPatientTags };
}

export type ProgramsAdmin = ReturnType<typeof createProgramsAdmin>;

export default fp(
  async (fastify) => {
    fastify.decorate('programsAdmin', createProgramsAdmin(fastify.db, fastify.sessions, (key) => fastify.uploads.urlOf(key)));
  },
  { name: 'programs-admin', dependencies: ['database', 'sessions-repository', 'uploads'] },
);
