import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { InternalNoteSavedResponse, InternalNoteStoreBody } from '@baridesk/contracts';
import { patientNotesKey } from './get-internal-notes';

/** POST /api/internal-notes/store {patient_id, note_type, note} */
export const createInternalNote = (body: InternalNoteStoreBody) => postJson<InternalNoteSavedResponse>('internal-notes/store', body);

/** Adds a note, then reloads the patient's notes. */
export function useCreateInternalNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInternalNote,
    onSuccess: (_saved, body) => queryClient.invalidateQueries({ queryKey: patientNotesKey(body.patient_id) }),
  });
}
