import type { FastifyInstance } from 'fastify';
import {
  AUTH_FLOW_MESSAGES,
  RESET_EMAIL_LIMIT_PER_ADDRESS,
  RESET_EMAIL_LIMIT_PER_IP,
  RESET_EMAIL_WINDOW_MINUTES,
  sendPasswordResetEmailBody,
  sendPasswordResetEmailResponse,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { emailCounterKey, sendAccountPasswordLink, sendPatientPasswordLink } from '../../password-links';
import { newToken } from '../../../../lib/secrets';

/**
 * POST /api/send-password-reset-email (public): e-mails a reset link to the staff account with this
 * address and, unless `isProgramUser` is set, one to each patient with it (an address may be a patient
 * of several programs). The answer is the same whether anything matched or not, and the messages leave
 * after it, so neither its text nor its timing tells which addresses exist.
 */
export default async function sendPasswordResetEmailRoutes(fastify: FastifyInstance) {
  fastify.withTypeProvider<ValibotTypeProvider>().post(
    '',
    {
      config: { access: 'public' },
      schema: {
        body: sendPasswordResetEmailBody,
        response: { 200: sendPasswordResetEmailResponse },
        tags: ['Auth'],
        security: [],
      },
    },
    async (request, reply) => {
      const { email, isProgramUser } = request.body;
      const { authLinks, clock, httpErrors } = fastify;
      const now = clock.now();

      for (const [kind, key, limit] of [
        ['reset-ip', request.ip, RESET_EMAIL_LIMIT_PER_IP],
        ['reset-mail', emailCounterKey(email), RESET_EMAIL_LIMIT_PER_ADDRESS],
      ] as const) {
        const wait = await authLinks.countRequest(kind, key, limit, RESET_EMAIL_WINDOW_MINUTES, now);
        if (wait > 0) {
          await fastify.audit.record(request, {
            action: 'password.reset_request',
            entity: 'account',
            success: false,
            detail: { reason: kind === 'reset-ip' ? 'too many from this network address' : 'too many for this e-mail address' },
          });
          reply.header('retry-after', wait);
          throw httpErrors.tooManyRequests(AUTH_FLOW_MESSAGES.resetEmailThrottled(Math.ceil(wait / 60)));
        }
      }

      const account = await authLinks.accountByEmail(email);
      const active =
        account !== null &&
        account.status === 1 &&
        account.programStatus !== 0 &&
        !(account.deactivationDate !== null && account.deactivationDate <= now.toISOString().slice(0, 10));
      const found = isProgramUser ? [] : await authLinks.patientsByEmail(email);

      if (account && active) {
        await sendAccountPasswordLink(fastify, request, account, 'reset', { delivery: 'later' });
      } else {
        // The same work as issuing a link, so a missing account does not answer faster.
        newToken();
      }
      for (const patient of found) {
        if (!patient.email) continue;
        await sendPatientPasswordLink(fastify, request, { ...patient, email: patient.email }, 'reset', { delivery: 'later' });
        await fastify.audit.record(request, {
          action: 'patient.password_link',
          entity: 'patient',
          entityId: patient.id,
          patientId: patient.id,
          programId: patient.programId,
          detail: { purpose: 'reset', requestedBy: 'self' },
        });
      }
      await fastify.audit.record(request, {
        action: 'password.reset_request',
        entity: 'account',
        entityId: account && active ? account.id : null,
        programId: account && active ? account.programId : null,
        detail: { account: account !== null && active, patients: found.length },
      });
      return { message: AUTH_FLOW_MESSAGES.resetEmailSent(fastify.config.passwordLinkTtlMinutes) };
    },
  );
}
