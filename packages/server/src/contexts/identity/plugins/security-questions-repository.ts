/**
 * Security questions: the list a user picks from, and each account's one answer, kept only as an
 * argon2 hash of its normalised text (lower case, trimmed, inner spaces collapsed).
 */
import fp from 'fastify-plugin';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { programUsers, programs, securityAnswers, securityQuestions } from '../../../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    securityQuestions: SecurityQuestionsRepository;
  }
}

export interface SecurityRequirement {
  /** The account must pass the security question after its password. */
  required: boolean;
  /** Its answer on file, if it has chosen one. */
  answer: { questionId: number; question: string; answerHash: string } | null;
}

export function createSecurityQuestionsRepository(db: Db) {
  return {
    async active(): Promise<{ id: number; question: string }[]> {
      return db
        .select({ id: securityQuestions.id, question: securityQuestions.question })
        .from(securityQuestions)
        .where(eq(securityQuestions.status, 1))
        .orderBy(asc(securityQuestions.id));
    },

    async activeById(id: number): Promise<{ id: number; question: string } | null> {
      const rows = await db
        .select({ id: securityQuestions.id, question: securityQuestions.question })
        .from(securityQuestions)
        .where(and(eq(securityQuestions.id, id), eq(securityQuestions.status, 1)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * Whether an account must answer a security question: a program user whose own `security_status`
     * is on, or whose program's is (the program's switch covers all of its staff).
     */
    async requirement(accountId: number): Promise<SecurityRequirement> {
      const rows = await db
        .select({
          own: programUsers.security_status,
          program: programs.security_status,
          questionId: securityAnswers.question_id,
          question: securityQuestions.question,
          answerHash: securityAnswers.answer_hash,
        })
        .from(programUsers)
        .innerJoin(programs, eq(programs.id, programUsers.program_id))
        .leftJoin(securityAnswers, eq(securityAnswers.account_id, programUsers.id))
        .leftJoin(securityQuestions, eq(securityQuestions.id, securityAnswers.question_id))
        .where(eq(programUsers.id, accountId))
        .limit(1);
      const row = rows[0];
      if (!row) return { required: false, answer: null };
      const answer =
        row.questionId !== null && row.question !== null && row.answerHash !== null
          ? { questionId: row.questionId, question: row.question, answerHash: row.answerHash }
          : null;
      return { required: row.own === 1 || row.program === 1, answer };
    },

    /** Records (or replaces) an account's question and the hash of its answer. */
    async saveAnswer(tx: Tx, accountId: number, questionId: number, answerHash: string, now: Date) {
      await tx
        .insert(securityAnswers)
        .values({ account_id: accountId, question_id: questionId, answer_hash: answerHash, created_at: now, updated_at: now })
        .onConflictDoUpdate({
          target: securityAnswers.account_id,
          set: { question_id: questionId, answer_hash: answerHash, updated_at: now },
        });
    },

    /** Forgets an account's answer (a super admin's reset): its next sign-in sets a new question when the question is on. */
    async clearAnswer(tx: Tx, accountId: number) {
      await tx.delete(securityAnswers).where(eq(securityAnswers.account_id, accountId));
    },
  };
}

export type SecurityQuestionsRepository = ReturnType<typeof createSecurityQuestionsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('securityQuestions', createSecurityQuestionsRepository(fastify.db));
  },
  { name: 'security-questions-repository', dependencies: ['database'] },
);
