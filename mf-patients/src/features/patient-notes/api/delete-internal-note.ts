import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { InternalNote, NoteDeletedResponse } from '@baridesk/contracts';
import { patientNotesKey } from './get-internal-notes';

/** POST /api/internal-notes/delete {id}: its author or the program's own account only (else 403). */
export const deleteInternalNote = (note: Pick<InternalNote, 'id'>) => postJson<NoteDeletedResponse>('internal-notes/delete', { id: note.id });

/** Deletes a note, then reloads the patient's notes. */
export function useDeleteInternalNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: Pick<InternalNote, 'id' | 'patient_id'>) => deleteInternalNote(note),
    onSuccess: (_answer, note) => queryClient.invalidateQueries({ queryKey: patientNotesKey(note.patient_id) }),
  });
}
