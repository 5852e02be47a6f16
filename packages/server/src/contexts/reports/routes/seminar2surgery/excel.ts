import type { FastifyInstance } from 'fastify';
import {
  lostPatientsExcelQuery,
  notConnectedPatientsExcelQuery,
  postOpPatientsExcelQuery,
  reportExportResponse,
  stalledPatientsExcelQuery,
  surgeryDatePatientsExcelQuery,
  surgeryVolumeExcelQuery,
} from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { inMenuArea } from '../../../../lib/menu-area';
import { SEMINAR_EXPORTS } from '../../plugins/seminar-reports';

/**
 * The /excel of each seminar2surgery table: every row its filters keep, in its order, through the export
 * kit (docs/exports.md): streamed at once, or 202 with a background export when it is long.
 */
export default async function seminarExportRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'reports');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Reports'];
  const response = { 202: reportExportResponse };

  app.get('/lost-patients/excel', { schema: { querystring: lostPatientsExcelQuery, response, tags } }, async (request, reply) =>
    fastify.reportExports.send(request, reply, SEMINAR_EXPORTS.lost, request.query),
  );
  app.get('/stalled-patients/children/excel', { schema: { querystring: stalledPatientsExcelQuery, response, tags } }, async (request, reply) =>
    fastify.reportExports.send(request, reply, SEMINAR_EXPORTS.stalled, request.query),
  );
  app.get('/surgery-date-patients/excel', { schema: { querystring: surgeryDatePatientsExcelQuery, response, tags } }, async (request, reply) =>
    fastify.reportExports.send(request, reply, SEMINAR_EXPORTS.surgeryDate, request.query),
  );
  app.get('/post-op-patients/excel', { schema: { querystring: postOpPatientsExcelQuery, response, tags } }, async (request, reply) =>
    fastify.reportExports.send(request, reply, SEMINAR_EXPORTS.postOp, request.query),
  );
  app.get('/not-connected-patients/excel', { schema: { querystring: notConnectedPatientsExcelQuery, response, tags } }, async (request, reply) =>
    fastify.reportExports.send(request, reply, SEMINAR_EXPORTS.notConnected, request.query),
  );
  app.get('/surgery-volume/excel', { schema: { querystring: surgeryVolumeExcelQuery, response, tags } }, async (request, reply) =>
    fastify.reportExports.send(request, reply, SEMINAR_EXPORTS.volume, request.query),
  );
}
