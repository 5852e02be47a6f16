import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { ChecklistDeactivateBody, PatientChecklistSavedResponse } from '@baridesk/contracts';
import { checklistsKey } from './get-patient-checklist';
import { pipelineQueryKey } from './update-checklist-item';

/** POST /api/checklists/deactivate: 1 with a reason deactivates the patient's checklist, 0 activates it. */
export const setChecklistDeactivated = (body: ChecklistDeactivateBody) =>
  postJson<PatientChecklistSavedResponse>('checklists/deactivate', body);

/** The board shows a deactivated checklist on the card, and the program's items list leaves it out: both refetch. */
export function useSetChecklistDeactivated() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setChecklistDeactivated,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checklistsKey }),
        queryClient.invalidateQueries({ queryKey: pipelineQueryKey }),
      ]),
  });
}
