import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { ChecklistTemplateDetailResponse } from '@baridesk/contracts';
import { checklistTemplatesKey } from './get-checklist-templates';

/** GET /api/checklist/templates/{id}: one template with its items in order. */
export async function getChecklistTemplate(id: number, signal?: AbortSignal) {
  const answer = await getJson<ChecklistTemplateDetailResponse>(`checklist/templates/${id}`, { signal });
  return answer.data;
}

export const checklistTemplateQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...checklistTemplatesKey, 'one', id], queryFn: ({ signal }) => getChecklistTemplate(id, signal) });

/** The template with this id; not fetched while `id` is null (a new template). */
export const useChecklistTemplate = (id: number | null) => useQuery({ ...checklistTemplateQueryOptions(id ?? 0), enabled: id !== null });
