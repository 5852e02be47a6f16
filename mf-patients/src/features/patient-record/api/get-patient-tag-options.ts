import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PatientTagOptionsResponse } from '@baridesk/contracts';

/** GET /api/user-category/1: the program's active tags, by name (the tag pickers' choices). */
export async function getPatientTagOptions(signal?: AbortSignal) {
  const answer = await getJson<PatientTagOptionsResponse>('user-category/1', { signal });
  return answer.data;
}

export const patientTagOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['patient-tags', 'options'] as const,
    queryFn: ({ signal }) => getPatientTagOptions(signal),
    staleTime: 60_000,
  });

export const usePatientTagOptions = () => useQuery(patientTagOptionsQueryOptions());
