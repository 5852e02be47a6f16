import type { FastifyInstance } from 'fastify';
import { noteTimelineQuery, noteTimelineResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import { requireNotesPatient } from '../../../plugins/patient-notes-repository';
import { inMenuArea } from '../../../../../lib/menu-area';

/**
 * GET /api/notes/checklist-and-pipeline?patient_id&page&perPage: the patient's checklist notes and
 * pipeline notes (internal notes of type pipeline) in one timeline, newest first, paged by the database.
 * Program staff only, not self-service accounts; another program's patient is not found; audited.
 */
export default async function noteTimelineRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();

  app.get(
    '',
    { schema: { querystring: noteTimelineQuery, response: { 200: noteTimelineResponse }, tags: ['Patient notes'] } },
    async (request) => {
      const action = 'patient.notes-timeline.read';
      const { patient_id, page, perPage } = request.query;
      await requireNotesPatient(fastify, request, patient_id, action);
      const data = await fastify.patientNotes.timeline(staffScope(request.scope), patient_id, { page, perPage });
      await fastify.audit.record(request, {
        action,
        entity: 'patient',
        entityId: patient_id,
        patientId: patient_id,
        detail: { count: data.data.length, total: data.total, page, perPage },
      });
      return { data };
    },
  );
}
