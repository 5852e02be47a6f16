import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { PatientChecklist, PatientChecklistItem, PatientChecklistResponse } from '@baridesk/contracts';
import type { StageId } from '@baridesk/domain';

/**
 * Every checklist query of BariDesk's staff screens starts with 'checklists' (the program's items list
 * too), so a change of an item refreshes each list that shows it.
 */
export const checklistsKey = ['checklists'] as const;
/** A patient's checklists, every stage. */
export const patientChecklistKey = (patientId: number) => [...checklistsKey, 'patient', patientId] as const;

/** GET /api/checklists/{patientId}?stage: one stage's items; without a stage, the patient's current one. */
export async function getPatientChecklist(patientId: number, stage: StageId | undefined, signal?: AbortSignal) {
  const answer = await getJson<PatientChecklistResponse>(`checklists/${patientId}`, { searchParams: queryOf({ stage }), signal });
  return answer.data;
}

export const patientChecklistQueryOptions = (patientId: number, stage?: StageId) =>
  queryOptions({
    queryKey: [...patientChecklistKey(patientId), stage ?? 'current'],
    queryFn: ({ signal }) => getPatientChecklist(patientId, stage, signal),
    // The patient's header stays while another stage's items load.
    placeholderData: keepPreviousData,
  });

/** The patient's checklist of `stage` (current stage when undefined); not fetched while `patientId` is null. */
export const usePatientChecklist = (patientId: number | null, stage?: StageId) =>
  useQuery({ ...patientChecklistQueryOptions(patientId ?? 0, stage), enabled: patientId !== null });

/** A checklist with one of its items as it now is, and its counts. */
export function withItem(
  checklist: PatientChecklist,
  item: PatientChecklistItem,
  counts?: Pick<PatientChecklist, 'completed' | 'total' | 'percent'>,
): PatientChecklist {
  if (checklist.stage !== item.stage || !checklist.items.some((entry) => entry.id === item.id)) return checklist;
  return { ...checklist, ...counts, items: checklist.items.map((entry) => (entry.id === item.id ? item : entry)) };
}
