import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { ChecklistAddItemBody, PatientChecklistSavedResponse } from '@baridesk/contracts';
import { checklistsKey } from './get-patient-checklist';
import { pipelineQueryKey } from './update-checklist-item';

/** POST /api/checklists/add-item: an item of this patient's checklist only (no template). */
export const addChecklistItem = (body: ChecklistAddItemBody) => postJson<PatientChecklistSavedResponse>('checklists/add-item', body);

/** Adds the item; the lists and the board (the checklist % changed) refetch. */
export function useAddChecklistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addChecklistItem,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checklistsKey }),
        queryClient.invalidateQueries({ queryKey: pipelineQueryKey }),
      ]),
  });
}
