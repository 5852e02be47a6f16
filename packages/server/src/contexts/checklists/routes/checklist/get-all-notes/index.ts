import type { FastifyInstance } from 'fastify';
import { checklistAllNotesQuery, checklistAllNotesResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import { requireNotesPatient } from '../../../../patients';
import { inMenuArea } from '../../../../../lib/menu-area';

/**
 * GET /api/checklist/get-all-notes?patient_id: the patient's checklist notes of every stage, newest first.
 * Program staff only, not self-service accounts; another program's patient is not found; audited.
 */
export default async function checklistAllNotesRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '',
    { schema: { querystring: checklistAllNotesQuery, response: { 200: checklistAllNotesResponse }, tags: ['Patient notes'] } },
    async (request) => {
      const action = 'patient.checklist-notes.read';
      const { patient_id } = request.query;
      await requireNotesPatient(fastify, request, patient_id, action);
      const data = await fastify.patientNotes.listChecklist(staffScope(request.scope), patient_id);
      await fastify.audit.record(request, {
        action,
        entity: 'patient',
        entityId: patient_id,
        patientId: patient_id,
        detail: { stage: 'all', count: data.length },
      });
      return { data };
    },
  );
}
