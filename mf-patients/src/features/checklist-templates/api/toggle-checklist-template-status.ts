import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError, notifySuccess, postJson } from '@baridesk/api-client';
import type { ChecklistTemplateIdBody, ChecklistTemplateListResponse, ChecklistTemplateToggleResponse } from '@baridesk/contracts';
import { checklistTemplateListsKey, checklistTemplatesKey } from './get-checklist-templates';

/** POST /api/checklist/templates/toggle-status: active becomes inactive and back. */
export const toggleChecklistTemplateStatus = (body: ChecklistTemplateIdBody) =>
  postJson<ChecklistTemplateToggleResponse>('checklist/templates/toggle-status', body);

type Snapshot = [readonly unknown[], ChecklistTemplateListResponse | undefined][];

/** Flips a template's switch at once (optimistic) and puts it back, with a notice, if the server refuses. */
export function useToggleChecklistTemplateStatus() {
  const queryClient = useQueryClient();
  return useMutation<ChecklistTemplateToggleResponse, unknown, ChecklistTemplateIdBody, { previous: Snapshot }>({
    mutationFn: toggleChecklistTemplateStatus,
    onMutate: async ({ id }) => {
      await queryClient.cancelQueries({ queryKey: checklistTemplateListsKey });
      const previous = queryClient.getQueriesData<ChecklistTemplateListResponse>({ queryKey: checklistTemplateListsKey });
      queryClient.setQueriesData<ChecklistTemplateListResponse>({ queryKey: checklistTemplateListsKey }, (list) =>
        list && {
          ...list,
          data: { ...list.data, data: list.data.data.map((row) => (row.id === id ? { ...row, status: row.status === 1 ? 0 : 1 } : row)) },
        },
      );
      return { previous };
    },
    onError: (error, _body, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
      notifyError(error);
    },
    onSuccess: (response) => notifySuccess(response.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: checklistTemplatesKey }),
  });
}
