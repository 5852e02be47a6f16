/**
 * The calls on one event that the staff's scheduler routes and the super admin's share: GET /{id},
 * POST /update, /toggle-status, /delete. The staff reach their program's events only (another
 * program's id is a 404), the super admin any program's, the program being the event's own.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  EVENT_MESSAGES as MESSAGES,
  eventDeleteBody,
  eventToggleStatusBody,
  eventUpdateBody,
  idParams,
  messageOnly,
  type AdminEvent,
  type CalendarEvent,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../lib/valibot';
import type { EventOwner } from './plugins/events-repository';

/** What an event's audit record keeps: which event and when it takes place, never its texts. */
export const eventAuditDetail = (event: AdminEvent, extra: Record<string, unknown> = {}) => ({
  date: event.date,
  time: event.time,
  rrule: event.rrule,
  series_id: event.series_id,
  status: event.status,
  ...extra,
});

export interface EventRouteOptions {
  /** Whose events the caller reaches. */
  owner: (request: FastifyRequest) => EventOwner;
  /** The answer's schema (staff: calendarEventResponse, super admin: adminEventResponse), and the event as it answers it. */
  response: v.GenericSchema;
  shown: (event: AdminEvent) => CalendarEvent | AdminEvent;
  config?: FastifyContextConfig;
  tags: string[];
}

/** Registers GET /:id, POST /update, /toggle-status and /delete on the caller's plugin. */
export function eventRoutes(fastify: FastifyInstance, { owner, response, shown, config = {}, tags }: EventRouteOptions) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const notFound = () => fastify.httpErrors.notFound(MESSAGES.notFound);
  const audit = (request: FastifyRequest, action: string, event: AdminEvent, extra?: Record<string, unknown>) =>
    fastify.audit.record(request, { action, entity: 'event', entityId: event.id, programId: event.program_id, detail: eventAuditDetail(event, extra) });

  app.get('/:id', { config, schema: { params: idParams, response: { 200: response }, tags } }, async (request) => {
    const event = await fastify.events.find(owner(request), request.params.id);
    if (!event) throw notFound();
    return { data: shown(event) };
  });

  app.post('/update', { config, schema: { body: eventUpdateBody, response: { 200: response }, tags } }, async (request) => {
    const { body } = request;
    const event = await fastify.events.update(owner(request), body, fastify.clock.now());
    if (!event) throw notFound();
    await audit(request, 'event.update', event, { scope: body.scope, occurrence_date: body.occurrence_date, changed_id: body.id });
    return { data: shown(event), message: body.scope === 'occurrence' ? MESSAGES.occurrenceUpdated : MESSAGES.updated };
  });

  app.post('/toggle-status', { config, schema: { body: eventToggleStatusBody, response: { 200: response }, tags } }, async (request) => {
    const event = await fastify.events.setStatus(owner(request), request.body.id, request.body.status, fastify.clock.now());
    if (!event) throw notFound();
    await audit(request, 'event.toggle-status', event);
    return { data: shown(event), message: MESSAGES.statusUpdated };
  });

  app.post('/delete', { config, schema: { body: eventDeleteBody, response: { 200: messageOnly }, tags } }, async (request) => {
    const { body } = request;
    const event = await fastify.events.remove(owner(request), body, fastify.clock.now());
    if (!event) throw notFound();
    await audit(request, 'event.delete', event, { scope: body.scope, occurrence_date: body.occurrence_date });
    return { message: body.scope === 'occurrence' ? MESSAGES.occurrenceDeleted : MESSAGES.deleted };
  });
}
