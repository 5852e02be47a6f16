import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EVENT_RSVP_MESSAGES,
  appEventParams,
  appEventsQuery,
  appEventsResponse,
  appRsvpBody,
  appRsvpResponse,
  messageOnly,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { ValidationError } from '../../../../../lib/valibot';
import type { AuditEntry } from '../../../../platform/audit';

/**
 * The patient's events: GET /api/app/events?from&to (the occurrences of the active events that are for
 * the patient, each with the patient's answer) and POST /api/app/events/{eventId}/rsvp {date, response}.
 * An event of another program, or not for the patient, answers 404 like one that does not exist; a day
 * the event does not take place, 422 on `date`. Every read and change is audited.
 */
export default async function appEventsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { audit, httpErrors, rsvps } = fastify;
  const tags = ['Patient app'];
  const config = { access: 'patient' as const };

  const audited = (request: FastifyRequest, entry: Omit<AuditEntry, 'patientId' | 'programId' | 'actorType'>) =>
    audit.record(request, { ...entry, patientId: request.patient.patientId, programId: request.patient.programId, actorType: 'patient' });

  app.get('', { config, schema: { querystring: appEventsQuery, response: { 200: appEventsResponse }, tags } }, async (request) => {
    const events = await rsvps.appEvents(request.patient, request.query);
    await audited(request, { action: 'app.events.list', entity: 'event', detail: { from: request.query.from ?? null, to: request.query.to ?? null, count: events.length } });
    return { data: events };
  });

  app.post(
    '/:eventId/rsvp',
    { config, schema: { params: appEventParams, body: appRsvpBody, response: { 200: appRsvpResponse, 404: messageOnly }, tags } },
    async (request) => {
      const { eventId } = request.params;
      const { date, response } = request.body;
      const outcome = await rsvps.respond(request.patient, eventId, date, response);
      if (typeof outcome === 'string') {
        await audited(request, { action: 'app.event.rsvp', entity: 'event', entityId: eventId, success: false, detail: { date, response, reason: outcome } });
        if (outcome === 'not-found') throw httpErrors.notFound(EVENT_RSVP_MESSAGES.eventNotFound);
        throw new ValidationError({ date: [outcome === 'started' ? EVENT_RSVP_MESSAGES.alreadyStarted : EVENT_RSVP_MESSAGES.notOccurrence] });
      }
      await audited(request, { action: 'app.event.rsvp', entity: 'event', entityId: eventId, detail: { date, response } });
      return { data: { event_id: eventId, date, ...outcome }, message: EVENT_RSVP_MESSAGES.saved };
    },
  );
}
