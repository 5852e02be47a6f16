import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PROGRAM_USER_MESSAGES, programUserResource } from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { accounts, patientTags, programs, programUsers } from '../../../db/schema';
import { createAccountResourceRepository, type SessionsRepository } from '../../identity';
import { searchColumns } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    programUsersAdmin: ProgramUsersAdmin;
  }
}

/** A program that can take staff: its account is live (a deleted program's title still names its old staff). */
const liveProgram = async (tx: Tx, programId: number) =>
  (
    await tx
      .select({ id: programs.id })
      .from(programs)
      .innerJoin(accounts, eq(accounts.id, programs.id))
      .where(and(eq(programs.id, programId), isNull(accounts.deleted_at)))
      .limit(1)
  ).length > 0;

/**
 * Program users as super admins manage them (/api/admin/program-user): the account (e-mail, status,
 * soft delete) and the program_users profile, through identity's account-backed resources. The program
 * is the record's category (its title the name) and the default tag a sub-category: one of that
 * program's patient tags, or the kit answers 422 "Please enter valid default tag.".
 */
export function createProgramUsersAdmin(
  db: Db,
  sessions: SessionsRepository,
  securityQuestions: Pick<FastifyInstance['securityQuestions'], 'clearAnswer'>,
) {
  const repository = createAccountResourceRepository(db, sessions, programUserResource, {
    type: 'program_user',
    table: programUsers,
    search: searchColumns(programUsers.name, accounts.email, programUsers.username),
    computed: { password_set: sql<0 | 1>`(case when ${accounts.password_hash} is null then 0 else 1 end)::int` },
    // The list sorts its program column by the program's title, as it shows it.
    sorts: { program_id: sql`(select p.title from programs p where p.id = ${programUsers.program_id})` },
    categories: [
      { table: programs, name: programs.title },
      { table: patientTags, name: patientTags.name, parent: patientTags.program_id },
    ],
    async checks(tx, _scope, values) {
      const programId = values.program_id;
      if (typeof programId === 'number' && !(await liveProgram(tx, programId))) return { program_id: [PROGRAM_USER_MESSAGES.programGone] };
      return null;
    },
  });

  return {
    ...repository,

    /**
     * Forgets the user's security answer (identity's securityQuestions), with the user locked
     * so a delete cannot pass in between. False when there is no such live user.
     */
    async resetSecurity(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const found = await tx
          .select({ id: programUsers.id })
          .from(programUsers)
          .innerJoin(accounts, eq(accounts.id, programUsers.id))
          .where(and(eq(programUsers.id, id), isNull(accounts.deleted_at)))
          .for('update', { of: accounts })
          .limit(1);
        if (found.length === 0) return false;
        await securityQuestions.clearAnswer(tx, id);
        return true;
      });
    },
  };
}

export type ProgramUsersAdmin = ReturnType<typeof createProgramUsersAdmin>;

export default fp(
  async (fastify) => {
    fastify.decorate('programUsersAdmin', createProgramUsersAdmin(fastify.db, fastify.sessions, fastify.securityQuestions));
  },
  { name: 'program-users-admin', dependencies: ['database', 'sessions-repository', 'security-questions-repository'] },
);
