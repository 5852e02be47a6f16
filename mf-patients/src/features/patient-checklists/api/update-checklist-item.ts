import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifySuccess, postJson } from '@baridesk/api-client';
import type { ChecklistAutoMove, ChecklistItemUpdateBody, ChecklistItemUpdateResponse, PatientChecklist } from '@baridesk/contracts';
import { checklistsKey, patientChecklistKey, withItem } from './get-patient-checklist';

/**
 * The prefix of the pipeline board's queries: a tick may move the patient (automation rules), so the
 * board refetches. The pipeline screens key their queries under it.
 */
export const pipelineQueryKey = ['pipeline'] as const;

/** POST /api/checklists/update-detail: tick or untick (who and when: the caller, now), or the due date. */
export const updateChecklistItem = (body: ChecklistItemUpdateBody) =>
  postJson<ChecklistItemUpdateResponse>('checklists/update-detail', body);

/** "Maria Okafor moved from Consult done to Ready for Surgery by the rule “Checklist % Complete reaches 100%”." */
export const moveNotice = (patientName: string, move: ChecklistAutoMove) =>
  `${patientName} moved ${move.from_status ? `from ${move.from_status.name} ` : ''}to ${move.to_status.name} by ${move.rule_description ? `the rule “${move.rule_description}”` : 'an automation rule'}.`;

/** Tells each pipeline move a tick caused (the rules run after every tick). */
export function notifyMoves({ card, moves }: ChecklistItemUpdateResponse['data']) {
  for (const move of moves) notifySuccess(moveNotice(card.name, move), 'Pipeline status changed');
}

/**
 * Changes an item. The answer's item and counts go straight into the patient's cached checklist; then
 * every checklist list and the pipeline board refetch, after a refusal too (409: deactivated, or changed
 * by someone else meanwhile), so the screen shows what the server has. The caller tells the outcome.
 */
export function useUpdateChecklistItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChecklistItem,
    onSuccess: ({ data }) => {
      queryClient.setQueriesData<PatientChecklist>({ queryKey: patientChecklistKey(data.card.id) }, (checklist) =>
        checklist && withItem(checklist, data.item, { completed: data.completed, total: data.total, percent: data.percent }),
      );
    },
    // The board shows each card's checklist %, which any tick changes.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: checklistsKey }),
        queryClient.invalidateQueries({ queryKey: pipelineQueryKey }),
      ]),
  });
}
