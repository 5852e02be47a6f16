import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '@baridesk/api-client';
import type { ChecklistCheckedByBody, ChecklistItemSavedResponse } from '@baridesk/contracts';
import { checklistsKey } from './get-patient-checklist';

/** POST /api/checklists/update_checked_by_in_report: who ticked a ticked item, and on which day. */
export const correctCheckedBy = (body: ChecklistCheckedByBody) =>
  postJson<ChecklistItemSavedResponse>('checklists/update_checked_by_in_report', body);

export function useCorrectCheckedBy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctCheckedBy,
    onSettled: () => queryClient.invalidateQueries({ queryKey: checklistsKey }),
  });
}
