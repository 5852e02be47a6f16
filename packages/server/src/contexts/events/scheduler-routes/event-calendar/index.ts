import type { FastifyInstance } from 'fastify';
import {
  EVENT_MESSAGES as MESSAGES,
  calendarEventResponse,
  eventMonthQuery,
  eventMonthResponse,
  eventStoreBody,
} from '@baridesk/contracts';
import { inMenuArea } from '../../../../lib/menu-area';
import { staffScope } from '../../../../lib/scope';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { eventAuditDetail, eventRoutes } from '../../event-routes';
import { staffEvent } from '../../plugins/events-repository';

/** The last day of a month, "yyyy-MM-dd". */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The event calendar on the scheduler service: GET ?month=&year= (the month's occurrences, series
 * expanded), GET /{id}, POST /store, /update (the series or one date), /toggle-status, /delete. Staff
 * of the program with the calendar in their menu; every change audited.
 */
export default async function eventCalendarRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'calendar');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Event calendar'];
  const config = { access: 'staff' } as const;

  app.get('', { config, schema: { querystring: eventMonthQuery, response: { 200: eventMonthResponse }, tags } }, async (request) => {
    const { month, year } = request.query;
    const from = `${year}-${pad(month)}-01`;
    const data = await fastify.events.occurrences(staffScope(request.scope).programId, from, lastDay(year, month));
    return { data: { data, month, year } };
  });

  app.post('/store', { config, schema: { body: eventStoreBody, response: { 201: calendarEventResponse }, tags } }, async (request, reply) => {
    const scope = staffScope(request.scope);
    const event = await fastify.events.create(scope.programId, request.body, scope.accountId);
    await fastify.audit.record(request, { action: 'event.create', entity: 'event', entityId: event.id, detail: eventAuditDetail(event) });
    return reply.code(201).send({ data: staffEvent(event), message: MESSAGES.created });
  });

  eventRoutes(fastify, { owner: (request) => staffScope(request.scope).programId, response: calendarEventResponse, shown: staffEvent, config, tags });
}
