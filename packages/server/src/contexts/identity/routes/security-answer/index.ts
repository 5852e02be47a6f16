import type { FastifyInstance } from 'fastify';
import {
  AUTH_FLOW_MESSAGES,
  isMfaStep,
  normaliseSecurityAnswer,
  securityAnswerBody,
  securityAnswerResponse,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { ValidationError } from '../../../../lib/valibot';
import { hashPassword, verifyPassword } from '../../../../lib/secrets';
import { countWrongSecret, finishSignIn, openChallenge } from '../../sign-in';

/**
 * POST /api/security-answer (public): the second step of signing in for accounts with the security
 * question on. With the challenge POST /api/login handed out: 'setup' records the chosen question and
 * answer, 'answer' checks the answer (case and spacing do not matter). Then the sign-in goes on as
 * login's would: to the second factor when the account has one (or must set one up), else the session. A wrong answer counts towards the account lock exactly like a wrong password.
 */
export default async function securityAnswerRoutes(fastify: FastifyInstance) {
  fastify.withTypeProvider<ValibotTypeProvider>().post(
    '',
    {
      config: { access: 'public' },
      schema: { body: securityAnswerBody, response: { 200: securityAnswerResponse }, tags: ['Auth'], security: [] },
    },
    async (request, reply) => {
      const { challenge, answer, question_id: questionId } = request.body;
      const { authLinks, httpErrors } = fastify;
      const now = fastify.clock.now();

      const expired = () => httpErrors.gone(AUTH_FLOW_MESSAGES.challengeInvalid);
      const { link, account, knownBrowser } = await openChallenge(fastify, request, reply, {
        challenge,
        purpose: 'security',
        action: 'login.security_answer',
        now,
      });
      const email = account.email;

      const security = await fastify.securityQuestions.requirement(account.id);
      const normalised = normaliseSecurityAnswer(answer);

      let step: 'set up' | 'answered';
      if (security.answer) {
        if (!(await verifyPassword(security.answer.answerHash, normalised))) {
          await countWrongSecret(fastify, request, account, {
            email,
            reason: 'wrong security answer',
            now,
            action: 'login.security_answer',
            knownBrowser,
          });
          throw new ValidationError({ answer: [AUTH_FLOW_MESSAGES.wrongSecurityAnswer] });
        }
        // One use: two requests with one challenge cannot both sign in.
        if (!(await authLinks.consume(fastify.db, link.id, now))) throw expired();
        step = 'answered';
      } else {
        if (questionId === undefined) throw new ValidationError({ question_id: [AUTH_FLOW_MESSAGES.questionRequired] });
        const question = await fastify.securityQuestions.activeById(questionId);
        if (!question) throw new ValidationError({ question_id: [AUTH_FLOW_MESSAGES.unknownQuestion] });
        const answerHash = await hashPassword(normalised);
        await fastify.db.transaction(async (tx) => {
          if (!(await authLinks.consume(tx, link.id, now))) throw expired();
          await fastify.securityQuestions.saveAnswer(tx, account.id, question.id, answerHash, now);
          await fastify.audit.record(
            request,
            {
              action: 'security_question.setup',
              entity: 'account',
              entityId: account.id,
              actorAccountId: account.id,
              actorType: account.type,
              programId: account.programId,
              detail: { questionId: question.id },
            },
            tx,
          );
        });
        step = 'set up';
      }

      // The second factor, when the account has one or must set one up, comes after the question.
      const next = await finishSignIn(fastify, request, reply, account, now, { knownBrowser, detail: { securityQuestion: step } });
      if (isMfaStep(next)) return { data: next };
      return { data: { ...next, isPasswordChanged: next.user.is_password_changed === 1 } };
    },
  );
}
