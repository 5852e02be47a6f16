import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_FOR_SELF_SERVICE, type PatientListQuery, patientListQuery, patientListResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../lib/valibot';
import { staffScope } from '../../../lib/scope';
import patientRecordRoutes from './record';

/** The filters a list call used, for the audit record: never the search text (it holds names), only its length. */
function usedFilters({ page, perPage, search, sort, direction, ...filters }: PatientListQuery) {
  return {
    page,
    perPage,
    sort,
    direction,
    searchLength: search ? search.length : 0,
    filters: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)),
  };
}

/** The patient list of the staff area. The spec hides Patients from self-service staff. */
export default async function patientRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  // One patient (GET /:id, POST /store, POST /update). Autoload reads only index.ts in this folder.
  await fastify.register(patientRecordRoutes);

  // Runs after the api autohook has resolved the caller, and before the query is validated.
  const notForSelfService = async (request: FastifyRequest) => {
    if (staffScope(request.scope).selfService) throw fastify.httpErrors.forbidden(NOT_FOR_SELF_SERVICE);
  };

  app.get(
    '',
    {
      onRequest: notForSelfService,
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
