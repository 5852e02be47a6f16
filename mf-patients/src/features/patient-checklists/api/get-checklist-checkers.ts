import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { ChecklistCheckersResponse } from '@baridesk/contracts';

/** GET /api/checklists/checkers: the program's own account and its active staff, by name. */
export async function getChecklistCheckers(signal?: AbortSignal) {
  const answer = await getJson<ChecklistCheckersResponse>('checklists/checkers', { signal });
  return answer.data;
}

export const checklistCheckersQueryOptions = () =>
  queryOptions({ queryKey: ['checklist-checkers'], queryFn: ({ signal }) => getChecklistCheckers(signal), staleTime: 60_000 });

export const useChecklistCheckers = () => useQuery(checklistCheckersQueryOptions());
