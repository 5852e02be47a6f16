import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { ChecklistApplyTemplateBody, PatientChecklistSavedResponse } from '@baridesk/contracts';
import { checklistsKey } from './get-patient-checklist';
import { pipelineQueryKey } from './update-checklist-item';

/** POST /api/checklists/apply-template: the template's items not yet on the checklist of its stage. */
export const applyChecklistTemplate = (body: ChecklistApplyTemplateBody) =>
  postJson<PatientChecklistSavedResponse>('checklists/apply-template', body);

export function useApplyChecklistTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyChecklistTemplate,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checklistsKey }),
        queryClient.invalidateQueries({ queryKey: pipelineQueryKey }),
      ]),
  });
}
