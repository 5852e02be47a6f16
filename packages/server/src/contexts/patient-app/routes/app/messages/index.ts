import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PATIENT_APP_MESSAGES,
  appMessagesQuery,
  appMessagesResponse,
  appReplyBody,
  appReplyResponse,
  idParams,
  messageOnly,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import type { AuditEntry } from '../../../../platform/audit';

/**
 * The patient's inbox: GET /api/app/messages (newest first, paged, with read state), POST
 * /api/app/messages/{id}/read, POST /api/app/messages/{id}/reply. A message the patient was not sent
 * answers 404, like one that does not exist. Every read and change is audited.
 */
export default async function appMessagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { audit, clock, httpErrors, patientInbox } = fastify;
  const tags = ['Patient app'];
  const config = { access: 'patient' as const };

  const audited = (request: FastifyRequest, entry: Omit<AuditEntry, 'patientId' | 'programId' | 'actorType'>) =>
    audit.record(request, { ...entry, patientId: request.patient.patientId, programId: request.patient.programId, actorType: 'patient' });

  app.get('', { config, schema: { querystring: appMessagesQuery, response: { 200: appMessagesResponse }, tags } }, async (request) => {
    const page = await patientInbox.messages(request.patient.patientId, request.query);
    await audited(request, { action: 'app.messages.list', entity: 'message', detail: { page: page.page, count: page.data.length } });
    return { data: page };
  });

  app.post('/:id/read', { config, schema: { params: idParams, response: { 200: messageOnly, 404: messageOnly }, tags } }, async (request) => {
    const { id } = request.params;
    if (!(await patientInbox.markRead(request.patient.patientId, id, clock.now()))) {
      await audited(request, { action: 'app.message.read', entity: 'message', entityId: id, success: false, detail: { reason: 'not found' } });
      throw httpErrors.notFound(PATIENT_APP_MESSAGES.messageNotFound);
    }
    await audited(request, { action: 'app.message.read', entity: 'message', entityId: id });
    return { message: PATIENT_APP_MESSAGES.read };
  });

  app.post(
    '/:id/reply',
    { config, schema: { params: idParams, body: appReplyBody, response: { 201: appReplyResponse, 404: messageOnly }, tags } },
    async (request, reply) => {
      const { id } = request.params;
      const stored = await patientInbox.reply(request.patient, id, request.body.message, clock.now());
      if (!stored) {
        await audited(request, { action: 'app.message.reply', entity: 'message', entityId: id, success: false, detail: { reason: 'not found' } });
        throw httpErrors.notFound(PATIENT_APP_MESSAGES.messageNotFound);
      }
      await audited(request, { action: 'app.message.reply', entity: 'message_reply', entityId: stored.id, detail: { messageId: id } });
      return reply.code(201).send({ data: { id: stored.id }, message: PATIENT_APP_MESSAGES.replied });
    },
  );
}
