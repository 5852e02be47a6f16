import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteJson } from '@baridesk/api-client';
import type { ChecklistNote, NoteDeletedResponse } from '@baridesk/contracts';
import { patientNotesKey } from './get-internal-notes';

/** DELETE /api/checklist/notes/{id}: its author or the program's own account only (else 403). */
export const deleteChecklistNote = (note: Pick<ChecklistNote, 'id'>) => deleteJson<NoteDeletedResponse>(`checklist/notes/${note.id}`);

/** Deletes a checklist note, then reloads the patient's notes. */
export function useDeleteChecklistNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: Pick<ChecklistNote, 'id' | 'patient_id'>) => deleteChecklistNote(note),
    onSuccess: (_answer, note) => queryClient.invalidateQueries({ queryKey: patientNotesKey(note.patient_id) }),
  });
}
