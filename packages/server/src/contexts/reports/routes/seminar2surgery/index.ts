import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INVITE_MESSAGES,
  INVITE_SKIP_REASONS,
  checklistItemNamesQuery,
  checklistItemNamesResponse,
  invitePatientsBody,
  invitePatientsResponse,
  lostGraphQuery,
  lostGraphResponse,
  lostPatientsQuery,
  lostPatientsResponse,
  notConnectedPatientsQuery,
  notConnectedPatientsResponse,
  postOpPatientsQuery,
  postOpPatientsResponse,
  stalledPatientsQuery,
  stalledPatientsResponse,
  surgeryDatePatientsQuery,
  surgeryDatePatientsResponse,
  surgeryVolumeChartQuery,
  surgeryVolumeChartResponse,
  surgeryVolumeListQuery,
  surgeryVolumeListResponse,
  type InvitePatientsResult,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';
import { invitePatient } from '../../../patients';
import { reportCriteria } from '../../report-criteria';
import seminarExportRoutes from './excel';

/**
 * The Checklist Reports (/seminar2surgery) and the Pre-Op, Post-Op, Never Used App and Surgery Volume
 * reports: GET /api/seminar2surgery/… (docs/reports.md). The Reports area (flag seminar_to_surgery, not
 * for self-service staff); every read is the caller's program's and audited with the patients it shows.
 */
export default async function seminarReportRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'reports');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Reports'];
  const reports = fastify.seminarReports;
  // Autoload reads only index.ts in this folder: the /excel routes are registered from here.
  await fastify.register(seminarExportRoutes);

  /** The audit record of a report read: the patients shown (ids only) and the criteria (never the search text). */
  const audited = (request: FastifyRequest, action: string, patientIds: readonly number[], query: Record<string, unknown>) =>
    fastify.audit.record(request, { action, entity: 'patient', detail: { patientIds, ...reportCriteria(query) } });

  app.get(
    '/checklist-item-names',
    { schema: { querystring: checklistItemNamesQuery, response: { 200: checklistItemNamesResponse }, tags } },
    async (request) => ({ data: await reports.checklistItemNames(staffScope(request.scope), request.query.stage) }),
  );

  app.get(
    '/lost-patients-line-graph-stats',
    { schema: { querystring: lostGraphQuery, response: { 200: lostGraphResponse }, tags } },
    async (request) => {
      const data = await reports.lostGraph(staffScope(request.scope), request.query);
      // Counts only: no patient is shown.
      await audited(request, 'report.lost-patients-graph', [], request.query);
      return { data };
    },
  );

  app.get(
    '/lost-patients',
    { schema: { querystring: lostPatientsQuery, response: { 200: lostPatientsResponse }, tags } },
    async (request) => {
      const page = await reports.lostPatients(staffScope(request.scope), request.query);
      await audited(request, 'report.lost-patients', page.data.map((row) => row.id), request.query);
      return { data: page };
    },
  );

  app.get(
    '/stalled-patients/children',
    { schema: { querystring: stalledPatientsQuery, response: { 200: stalledPatientsResponse }, tags } },
    async (request) => {
      const page = await reports.stalledPatients(staffScope(request.scope), request.query);
      await audited(request, 'report.stalled-patients', page.data.map((row) => row.id), request.query);
      return { data: page };
    },
  );

  app.get(
    '/surgery-date-patients',
    { schema: { querystring: surgeryDatePatientsQuery, response: { 200: surgeryDatePatientsResponse }, tags } },
    async (request) => {
      const page = await reports.surgeryDatePatients(staffScope(request.scope), request.query);
      await audited(request, 'report.surgery-date-patients', page.data.map((row) => row.id), request.query);
      return { data: page };
    },
  );

  app.get(
    '/post-op-patients',
    { schema: { querystring: postOpPatientsQuery, response: { 200: postOpPatientsResponse }, tags } },
    async (request) => {
      const page = await reports.postOpPatients(staffScope(request.scope), request.query);
      await audited(request, 'report.post-op-patients', page.data.map((row) => row.id), request.query);
      return { data: page };
    },
  );

  app.get(
    '/not-connected-patients',
    { schema: { querystring: notConnectedPatientsQuery, response: { 200: notConnectedPatientsResponse }, tags } },
    async (request) => {
      const page = await reports.notConnectedPatients(staffScope(request.scope), request.query);
      await audited(request, 'report.not-connected-patients', page.data.map((row) => row.id), request.query);
      return { data: page };
    },
  );

  /**
   * Invites the chosen patients who have never used the app, one by one with the patient record's
   * invitation (each audited as patient.invite); the others are skipped with the reason. The screen
   * asks for confirmation first.
   */
  app.post(
    '/not-connected-patients/invite',
    { schema: { body: invitePatientsBody, response: { 200: invitePatientsResponse }, tags } },
    async (request) => {
      const scope = staffScope(request.scope);
      const states = await reports.inviteCandidates(scope, request.body.ids);
      const result: InvitePatientsResult = { invited: 0, skipped: [] };
      for (const id of request.body.ids) {
        const state = states.get(id);
        let reason: string | null = null;
        if (!state) reason = INVITE_SKIP_REASONS.notFound;
        else if (state.status !== 1) reason = INVITE_SKIP_REASONS.inactive;
        else if (state.usesApp) reason = INVITE_SKIP_REASONS.usesApp;
        else {
          const outcome = await invitePatient(fastify, request, id);
          if (!outcome.invited) {
            reason = { 'not found': INVITE_SKIP_REASONS.notFound, 'no e-mail': INVITE_SKIP_REASONS.noEmail, 'e-mail failed': INVITE_SKIP_REASONS.emailFailed }[outcome.reason];
          }
        }
        if (reason === null) result.invited += 1;
        else result.skipped.push({ id, reason });
      }
      // Each invitation is audited as patient.invite; this records the call with every id asked and what became of it.
      await fastify.audit.record(request, {
        action: 'report.not-connected-invite',
        entity: 'patient',
        detail: { patientIds: request.body.ids, invited: result.invited, skipped: result.skipped },
      });
      return { data: result, message: INVITE_MESSAGES.invited(result.invited) };
    },
  );

  app.get(
    '/surgery-volume/chart',
    { schema: { querystring: surgeryVolumeChartQuery, response: { 200: surgeryVolumeChartResponse }, tags } },
    async (request) => {
      const data = await reports.surgeryVolumeChart(staffScope(request.scope), request.query);
      await audited(request, 'report.surgery-volume-chart', [], request.query);
      return { data };
    },
  );

  app.get(
    '/surgery-volume/list',
    { schema: { querystring: surgeryVolumeListQuery, response: { 200: surgeryVolumeListResponse }, tags } },
    async (request) => {
      const page = await reports.surgeryVolumeList(staffScope(request.scope), request.query);
      await audited(request, 'report.surgery-volume', page.data.map((row) => row.id), request.query);
      return { data: page };
    },
  );
}
