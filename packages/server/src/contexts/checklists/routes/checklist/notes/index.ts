import type { FastifyInstance } from 'fastify';
import {
  CHECKLIST_MESSAGES,
  PATIENT_NOTE_MESSAGES as MESSAGES,
  checklistNoteSavedResponse,
  checklistNoteStoreBody,
  checklistNotesByStageQuery,
  checklistNotesByStageResponse,
  idParams,
  noteDeletedResponse,
} from '@baridesk/contracts';
import { patientNotFound } from '../../../../patients';
import { ValidationError, type ValibotTypeProvider } from '../../../../../lib/valibot';
import { staffScope } from '../../../../../lib/scope';
import {
  deleteNote,
  requireNotesPatient,
} from '../../../../patients';
import { inMenuArea } from '../../../../../lib/menu-area';

/**
 * A patient's checklist notes: POST /api/checklist/notes, DELETE /api/checklist/notes/{id} and
 * GET /api/checklist/notes/by-stage. Program staff only, not self-service accounts; another program's
 * patient or note is not found; every call is audited.
 */
export default async function checklistNoteRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'pipeline');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Patient notes'];

  app.post('', { schema: { body: checklistNoteStoreBody, response: { 201: checklistNoteSavedResponse }, tags } }, async (request, reply) => {
    const action = 'patient.checklist-note.create';
    const { patient_id, stage, checklist_item_id } = request.body;
    const note = await fastify.patientNotes.createChecklist(staffScope(request.scope), request.body, fastify.clock.now());
    if (!note) return patientNotFound(fastify, request, patient_id, action);
    if ('itemNotFound' in note) {
      await fastify.audit.record(request, {
        action,
        entity: 'patient',
        entityId: patient_id,
        patientId: patient_id,
        success: false,
        detail: { stage, checklist_item_id, refused: 'item-not-found' },
      });
      throw new ValidationError({ checklist_item_id: [CHECKLIST_MESSAGES.itemNotFound] });
    }
    // Where the note is, never its text: notes are health data.
    await fastify.audit.record(request, {
      action,
      entity: 'checklist_note',
      entityId: note.id,
      patientId: note.patient_id,
      detail: { stage: note.stage, checklist_item_id: note.checklist_item_id },
    });
    return reply.code(201).send({ data: note, message: MESSAGES.created });
  });

  app.delete('/:id', { schema: { params: idParams, response: { 200: noteDeletedResponse }, tags } }, (request) =>
    deleteNote(fastify, request, 'checklist', request.params.id),
  );

  app.get(
    '/by-stage',
    { schema: { querystring: checklistNotesByStageQuery, response: { 200: checklistNotesByStageResponse }, tags } },
    async (request) => {
      const action = 'patient.checklist-notes.read';
      const { patient_id, stage, page, perPage } = request.query;
      await requireNotesPatient(fastify, request, patient_id, action);
      const data = await fastify.patientNotes.pageChecklist(staffScope(request.scope), patient_id, { stage, page, perPage });
      await fastify.audit.record(request, {
        action,
        entity: 'patient',
        entityId: patient_id,
        patientId: patient_id,
        detail: { stage, count: data.data.length, total: data.total, page, perPage },
      });
      return { data };
    },
  );
}
