import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { ChecklistTemplateSavedResponse, ChecklistTemplateStoreBody } from '@baridesk/contracts';
import { checklistTemplatesKey } from './get-checklist-templates';

/** POST /api/checklist/templates/store: a new template, or a copy of one. */
export const createChecklistTemplate = (body: ChecklistTemplateStoreBody) =>
  postJson<ChecklistTemplateSavedResponse>('checklist/templates/store', body);

export function useCreateChecklistTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChecklistTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checklistTemplatesKey }),
  });
}
