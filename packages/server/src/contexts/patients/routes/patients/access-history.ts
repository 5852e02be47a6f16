import type { FastifyInstance } from 'fastify';
import { accessHistoryQuery, auditListResponse, idParams } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import { inMenuArea } from '../../../../lib/menu-area';
import { patientNotFound } from '../../patient-not-found';

const ACTION = 'patient.access-history.read';

/**
 * GET /api/patients/{id}/access-history: who read or changed this patient's record, when and from where
 * (the audit trail's records naming the patient, lists and exports that showed them included), newest
 * first, a page at a time by cursor. For the program's sub user alone (the program's administrator
 * answers for its staff's use of the records); another program's patient is not found (404, audited).
 */
export default async function patientAccessHistoryRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '/:id/access-history',
    {
      config: { access: 'sub_user' },
      schema: { params: idParams, querystring: accessHistoryQuery, response: { 200: auditListResponse }, tags: ['Patients'], summary: "Who read or changed a patient's record" },
    },
    async (request) => {
      const scope = staffScope(request.scope);
      const { id } = request.params;
      const { perPage, before } = request.query;
      if (!(await fastify.auditTrail.programHasPatient(scope.programId, id))) return patientNotFound(fastify, request, id, ACTION);
      const filters = { patient_id: id };
      const [page, counted] = await Promise.all([fastify.auditTrail.page(filters, { perPage, before }), fastify.auditTrail.count(filters)]);
      await fastify.audit.record(request, {
        action: ACTION,
        entity: 'patient',
        entityId: id,
        patientId: id,
        detail: { perPage, ...(before === undefined ? {} : { before }), count: page.data.length },
      });
      return { data: { data: page.data, total: counted.total, total_exact: counted.exact, perPage, next: page.next } };
    },
  );
}
