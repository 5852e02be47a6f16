import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { ChecklistStageNamesResponse } from '@baridesk/contracts';
import { stageLabel, type StageId } from '@baridesk/domain';

/** The three checklists' names: 1 Pre-Op, 2 Post-Op, 3 the program's own (third_checklist_name). */
export type ChecklistStageNames = ChecklistStageNamesResponse['data'];

/** GET /api/checklist/stage-names */
export async function getChecklistStageNames(signal?: AbortSignal) {
  const answer = await getJson<ChecklistStageNamesResponse>('checklist/stage-names', { signal });
  return answer.data;
}

export const checklistStageNamesQueryOptions = () =>
  queryOptions({
    queryKey: ['checklist-stage-names'],
    queryFn: ({ signal }) => getChecklistStageNames(signal),
    // The program renames its third checklist rarely, and elsewhere.
    staleTime: 5 * 60_000,
  });

export const useChecklistStageNames = () => useQuery(checklistStageNamesQueryOptions());

/** The checklist's name of a stage; the stage's own name until the names have loaded. */
export const checklistNameOf = (names: ChecklistStageNames | undefined, stage: StageId): string =>
  names?.find((entry) => entry.stage === stage)?.name ?? stageLabel(stage);
