import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { ChecklistTemplateOptionsResponse } from '@baridesk/contracts';
import type { StageId } from '@baridesk/domain';
import { patientChecklistKey } from './get-patient-checklist';

/** GET /api/checklist/templates/other: the stage's active templates not (fully) on the patient's checklist. */
export async function getOtherTemplates(patientId: number, stage: StageId, signal?: AbortSignal) {
  const answer = await getJson<ChecklistTemplateOptionsResponse>('checklist/templates/other', {
    searchParams: { patient_id: patientId, stage },
    signal,
  });
  return answer.data;
}

export const otherTemplatesQueryOptions = (patientId: number, stage: StageId) =>
  queryOptions({
    // Under the patient's checklist: applying a template refreshes it.
    queryKey: [...patientChecklistKey(patientId), 'other-templates', stage],
    queryFn: ({ signal }) => getOtherTemplates(patientId, stage, signal),
  });

export const useOtherTemplates = (patientId: number, stage: StageId) => useQuery(otherTemplatesQueryOptions(patientId, stage));
