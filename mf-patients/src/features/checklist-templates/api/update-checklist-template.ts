import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { ChecklistTemplateSavedResponse, ChecklistTemplateUpdateBody } from '@baridesk/contracts';
import { checklistTemplatesKey } from './get-checklist-templates';

/** POST /api/checklist/templates/update: items with an id are kept, without one added, left out removed. */
export const updateChecklistTemplate = (body: ChecklistTemplateUpdateBody) =>
  postJson<ChecklistTemplateSavedResponse>('checklist/templates/update', body);

export function useUpdateChecklistTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChecklistTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checklistTemplatesKey }),
  });
}
