import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EVENT_RSVP_MESSAGES,
  attendanceEventsQuery,
  attendanceEventsResponse,
  attendancePatientsQuery,
  attendancePatientsResponse,
  attendanceStoreBody,
  attendanceStoreResponse,
  messageOnly,
  reportExportResponse,
  type AttendancePatientsQuery,
} from '@baridesk/contracts';
import { mayOpenMenuArea } from '@baridesk/domain';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { ValidationError } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';
import { programToday } from '../../../../lib/program-day';
import { ATTENDANCE_EVENTS_EXPORT, ATTENDANCE_PATIENTS_EXPORT } from '../../plugins/attendance-exports';

const tags = ['Patient events'];

/**
 * The Support Group Attendance report and attendance marking: /api/patient-events. The report's lists
 * and files are in the reports area; the calendar's RSVP panel (its list, GET /attendance, and marking,
 * POST /store) in the calendar area, so staff who run the calendar mark attendance without the reports.
 * Every read of patients and every change is audited with the patients' ids.
 */
export default async function patientEventsRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'reports');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { rsvps, audit, httpErrors } = fastify;

  /** The occurrence of a query or body in the caller's program: 404 for another program's event, 422 for a day it does not take place. */
  async function occurrenceOr4xx(programId: number, eventId: number, date: string, field: string) {
    const found = await rsvps.occurrence(programId, eventId, date);
    if (found === 'not-found') throw httpErrors.notFound(EVENT_RSVP_MESSAGES.eventNotFound);
    if (found === 'not-occurrence') throw new ValidationError({ [field]: [EVENT_RSVP_MESSAGES.notOccurrence] });
    return found;
  }

  app.get('/events', { schema: { querystring: attendanceEventsQuery, response: { 200: attendanceEventsResponse }, tags } }, async (request) => {
    const scope = staffScope(request.scope);
    return { data: await rsvps.occurrencePage(scope.programId, request.query) };
  });

  app.get('/events/excel', { schema: { querystring: attendanceEventsQuery, response: { 202: reportExportResponse }, tags } }, async (request, reply) =>
    fastify.reportExports.send(request, reply, ATTENDANCE_EVENTS_EXPORT, request.query),
  );

  /**
   * Whether the caller may see who RSVPed: staff who may open the patients or the reports area. Staff with
   * the calendar alone run events but see no patient names (the panel shows them the counts only).
   */
  const mayNamePatients = (request: FastifyRequest) =>
    mayOpenMenuArea(request.scope, 'patients') || mayOpenMenuArea(request.scope, 'reports');

  /** One occurrence's patients, for the report (reports area) and the calendar's panel (calendar area; counts only without patients or reports). */
  async function patientsOf(request: FastifyRequest, query: AttendancePatientsQuery, action: string) {
    const scope = staffScope(request.scope);
    const occurrence = await occurrenceOr4xx(scope.programId, query.event_id, query.event_date, 'event_date');
    if (!mayNamePatients(request)) {
      const counts = await rsvps.withCounts(scope.programId, occurrence);
      return { data: { data: [], total: 0, page: 1, perPage: query.perPage, occurrence: counts } };
    }
    const [page, withCounts] = await Promise.all([rsvps.patientPage(scope.programId, query), rsvps.withCounts(scope.programId, occurrence)]);
    await audit.record(request, {
      action,
      entity: 'event',
      entityId: query.event_id,
      detail: { event_date: query.event_date, page: page.page, shown: page.data.length, patientIds: page.data.map((row) => row.patient_id) },
    });
    return { data: { ...page, occurrence: withCounts } };
  }

  const patientsSchema = { querystring: attendancePatientsQuery, response: { 200: attendancePatientsResponse, 404: messageOnly }, tags };
  app.get('/patients', { schema: patientsSchema }, (request) => patientsOf(request, request.query, 'event.attendance.list'));
  app.get('/attendance', { config: { area: 'calendar' }, schema: patientsSchema }, (request) => patientsOf(request, request.query, 'event.attendance.list'));

  app.get('/patients/excel', { schema: { querystring: attendancePatientsQuery, response: { 202: reportExportResponse }, tags } }, async (request, reply) => {
    const scope = staffScope(request.scope);
    await occurrenceOr4xx(scope.programId, request.query.event_id, request.query.event_date, 'event_date');
    return fastify.reportExports.send(request, reply, ATTENDANCE_PATIENTS_EXPORT, request.query);
  });

  app.post(
    '/store',
    { config: { area: 'calendar' }, schema: { body: attendanceStoreBody, response: { 200: attendanceStoreResponse, 404: messageOnly }, tags } },
    async (request) => {
      const scope = staffScope(request.scope);
      const { body } = request;
      if (!mayNamePatients(request)) throw httpErrors.forbidden(EVENT_RSVP_MESSAGES.namesHidden);
      const occurrence = await occurrenceOr4xx(scope.programId, body.event_id, body.event_date, 'event_date');
      // Attendance is known from the day of the event on (that day in the event's own zone).
      const today = programToday(fastify.clock.now(), occurrence.timezone).toISODate()!;
      if (occurrence.date > today) throw new ValidationError({ event_date: [EVENT_RSVP_MESSAGES.notYet] });
      const { unknown } = await rsvps.mark(scope.programId, scope.accountId, body);
      const patientIds = body.attendance.map((row) => row.patient_id);
      if (unknown.length > 0) {
        await audit.record(request, { action: 'event.attendance.mark', entity: 'event', entityId: body.event_id, success: false, detail: { event_date: body.event_date, reason: 'unknown patients', unknown_patient_ids: patientIds } });
        throw new ValidationError({ attendance: [EVENT_RSVP_MESSAGES.unknownPatients] });
      }
      await audit.record(request, {
        action: 'event.attendance.mark',
        entity: 'event',
        entityId: body.event_id,
        detail: { event_date: body.event_date, patientIds, attended: body.attendance.map((row) => row.attended) },
      });
      return { data: await rsvps.withCounts(scope.programId, occurrence), message: EVENT_RSVP_MESSAGES.attendanceSaved };
    },
  );
}
