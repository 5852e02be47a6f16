import type { FastifyInstance } from 'fastify';
import { patientListQuery, patientListResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import patientRecordRoutes from './record';
import patientBulkRoutes from './bulk';
import patientExportRoutes from './excel';
import patientAccessHistoryRoutes from './access-history';
import { usedFilters } from './list-audit';
import { inMenuArea } from '../../../../lib/menu-area';

/** The patient list of the staff area. The spec hides Patients from self-service staff. */
export default async function patientRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // One patient (GET /:id, POST /store, POST /update). Autoload reads only index.ts in this folder.
  await fastify.register(patientRecordRoutes);
  // The selection's bulk actions (POST /bulk) and the Excel export (GET /excel).
  await fastify.register(patientBulkRoutes);
  await fastify.register(patientExportRoutes);
  // Who read or changed a patient's record (GET /:id/access-history), for the program's sub user.
  await fastify.register(patientAccessHistoryRoutes);


  app.get(
    '',
    {
      schema: { querystring: patientListQuery, response: { 200: patientListResponse }, tags: ['Patients'] },
    },
    async (request) => {
      const page = await fastify.patients.list(staffScope(request.scope), request.query);
      await fastify.audit.record(request, {
        action: 'patient.list',
        entity: 'patient',
        detail: { count: page.data.length, total: page.total, ...usedFilters(request.query) },
      });
      return { data: page };
    },
  );
}
