import type { FastifyInstance } from 'fastify';
import {
  EVENT_MESSAGES as MESSAGES,
  adminEventListQuery,
  adminEventListResponse,
  adminEventProgramsResponse,
  adminEventResponse,
  adminEventStoreBody,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { eventAuditDetail, eventRoutes } from '../../../../events';

/**
 * Every program's events for super admins with manage_events: GET /api/admin/event (a page of single
 * events and series, filtered by program, status and a search of titles and program names), /{id},
 * POST /store (for the program named), /update, /toggle-status, /delete: the calendar's own calls,
 * on the event's program. GET /programs lists the programs an event may belong to (the form's Program).
 */
export default async function adminEventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const config = { access: 'super_admin', permission: 'manage_events' } as const;
  const tags = ['Admin'];

  app.get('', { config, schema: { querystring: adminEventListQuery, response: { 200: adminEventListResponse }, tags } }, async (request) => ({
    data: await fastify.events.adminList(request.query),
  }));

  app.get('/programs', { config, schema: { response: { 200: adminEventProgramsResponse }, tags } }, async () => ({
    data: await fastify.events.programChoices(),
  }));

  app.post('/store', { config, schema: { body: adminEventStoreBody, response: { 201: adminEventResponse }, tags } }, async (request, reply) => {
    const { program_id: programId, ...body } = request.body;
    const event = await fastify.events.create(programId, body, request.scope.accountId);
    await fastify.audit.record(request, { action: 'event.create', entity: 'event', entityId: event.id, programId, detail: eventAuditDetail(event) });
    return reply.code(201).send({ data: event, message: MESSAGES.created });
  });

  eventRoutes(fastify, { owner: () => null, response: adminEventResponse, shown: (event) => event, config, tags });
}
