import type { FastifyInstance } from 'fastify';
import { SUPPORT_REQUEST_MESSAGES, supportRequestBody, supportRequestResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { SUPPORT_REQUEST_MAIL_JOB } from '../../../../admin';

/**
 * POST /api/app/support-requests {message}: the app's "Contact support". Mailed to every active mobile
 * support address (kept by super admins), or to the support e-mail when none is active, one job per
 * address (the mail server's refusals are retried there, never in the request). 202 with how many.
 */
export default async function appSupportRequestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.post(
    '',
    { config: { access: 'patient' }, schema: { body: supportRequestBody, response: { 202: supportRequestResponse }, tags: ['Patient app'] } },
    async (request, reply) => {
      const { patientId, programId } = request.patient;
      const active = await fastify.mobileSupportMails.activeAddresses();
      const addresses = active.length > 0 ? active : [(await fastify.appSettings.supportEmail()).email];
      const jobs = fastify.mobileSupportMails.requestJobs(addresses, patientId, request.body.message, fastify.clock.now());
      for (const job of jobs) await fastify.jobs.send(SUPPORT_REQUEST_MAIL_JOB, job, { singletonKey: `${job.requestId}:${job.to}` });
      await fastify.audit.record(request, {
        action: 'app.support-request',
        entity: 'support_request',
        entityId: jobs[0]?.requestId ?? null,
        patientId,
        programId,
        actorType: 'patient',
        detail: { addresses: addresses.length, fallback: active.length === 0, message_length: request.body.message.length },
      });
      return reply.code(202).send({ data: { addresses: addresses.length }, message: SUPPORT_REQUEST_MESSAGES.sent });
    },
  );
}
