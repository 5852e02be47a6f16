import type { FastifyInstance } from 'fastify';
import {
  PATIENT_NOTE_MESSAGES as MESSAGES,
  internalNoteDeleteBody,
  internalNoteListQuery,
  internalNoteListResponse,
  internalNoteSavedResponse,
  internalNoteStoreBody,
  noteDeletedResponse,
} from '@baridesk/contracts';
import { patientNotFound } from '../../patient-not-found';
import type { ValibotTypeProvider } from '../../../../lib/valibot';
import { staffScope } from '../../../../lib/scope';
import {
  deleteNote,
  requireNotesPatient,
} from '../../plugins/patient-notes-repository';
import { inMenuArea } from '../../../../lib/menu-area';

/**
 * A patient's internal notes: GET /api/internal-notes (paged, or every one with pagination=0),
 * POST /api/internal-notes/store and POST /api/internal-notes/delete. Program staff only, not
 * self-service accounts; another program's patient or note is not found; every call is audited.
 */
export default async function internalNoteRoutes(fastify: FastifyInstance) {
  inMenuArea(fastify, 'patients');
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const tags = ['Patient notes'];

  app.get('', { schema: { querystring: internalNoteListQuery, response: { 200: internalNoteListResponse }, tags } }, async (request) => {
    const action = 'patient.internal-notes.read';
    const { patient_id, note_type, pagination, page, perPage } = request.query;
    await requireNotesPatient(fastify, request, patient_id, action);
    const paging = pagination === 0 ? { page: 1, perPage: 'All' as const } : { page, perPage };
    const data = await fastify.patientNotes.listInternal(staffScope(request.scope), patient_id, { note_type, ...paging });
    await fastify.audit.record(request, {
      action,
      entity: 'patient',
      entityId: patient_id,
      patientId: patient_id,
      detail: { count: data.data.length, total: data.total, pagination, ...paging, note_type: note_type ?? null },
    });
    return { data };
  });

  app.post(
    '/store',
    { schema: { body: internalNoteStoreBody, response: { 201: internalNoteSavedResponse }, tags } },
    async (request, reply) => {
      const action = 'patient.internal-note.create';
      const note = await fastify.patientNotes.createInternal(staffScope(request.scope), request.body, fastify.clock.now());
      if (!note) return patientNotFound(fastify, request, request.body.patient_id, action);
      // The type, never the text: notes are health data.
      await fastify.audit.record(request, {
        action,
        entity: 'internal_note',
        entityId: note.id,
        patientId: note.patient_id,
        detail: { note_type: note.note_type },
      });
      return reply.code(201).send({ data: note, message: MESSAGES.created });
    },
  );

  app.post('/delete', { schema: { body: internalNoteDeleteBody, response: { 200: noteDeletedResponse }, tags } }, (request) =>
    deleteNote(fastify, request, 'internal', request.body.id),
  );
}
