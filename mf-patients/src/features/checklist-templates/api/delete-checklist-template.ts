import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { ChecklistTemplateIdBody } from '@baridesk/contracts';
import { checklistTemplatesKey } from './get-checklist-templates';

/** POST /api/checklist/templates/delete: soft, so patients' checklists keep the items they have. */
export const deleteChecklistTemplate = (body: ChecklistTemplateIdBody) => postJson<{ message: string }>('checklist/templates/delete', body);

export function useDeleteChecklistTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChecklistTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checklistTemplatesKey }),
  });
}
