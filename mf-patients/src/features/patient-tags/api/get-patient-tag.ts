import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PatientTagResponse } from '@baridesk/contracts';
import { patientTagsKey } from './get-patient-tags';

/** GET /api/user-category/show/{id}: one tag of the program. */
export async function getPatientTag(id: number, signal?: AbortSignal) {
  const answer = await getJson<PatientTagResponse>(`user-category/show/${id}`, { signal });
  return answer.data;
}

export const patientTagQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...patientTagsKey, 'one', id], queryFn: ({ signal }) => getPatientTag(id, signal) });

/** The tag with this id; not fetched while `id` is undefined (a new tag). */
export const usePatientTag = (id: number | undefined) =>
  useQuery({ ...patientTagQueryOptions(id ?? 0), enabled: id !== undefined });
