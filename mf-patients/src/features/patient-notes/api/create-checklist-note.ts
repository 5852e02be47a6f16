import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { ChecklistNoteSavedResponse, ChecklistNoteStoreBody } from '@baridesk/contracts';
import { patientNotesKey } from './get-internal-notes';

/** POST /api/checklist/notes {patient_id, stage, checklist_item_id?, note} */
export const createChecklistNote = (body: ChecklistNoteStoreBody) => postJson<ChecklistNoteSavedResponse>('checklist/notes', body);

/** Adds a checklist note, then reloads the patient's notes. */
export function useCreateChecklistNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChecklistNote,
    onSuccess: (_saved, body) => queryClient.invalidateQueries({ queryKey: patientNotesKey(body.patient_id) }),
  });
}
