import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@baridesk/api-client';
import type { PatientListResponse } from '@baridesk/contracts';
import { toPatientListParams, type PatientSearch } from '../utils/patient-search';

/** GET /api/patients: one page of the program's patients. */
export async function getPatients(search: PatientSearch, signal?: AbortSignal) {
  const answer = await getJson<PatientListResponse>('patients', { searchParams: toPatientListParams(search), signal });
  return answer.data;
}

export const patientsQueryKey = (search?: PatientSearch) =>
  search ? (['patients', 'list', toPatientListParams(search)] as const) : (['patients', 'list'] as const);

export const patientsQueryOptions = (search: PatientSearch) =>
  queryOptions({
    queryKey: patientsQueryKey(search),
    queryFn: ({ signal }) => getPatients(search, signal),
    // The last page stays on screen while the next one loads: paging and sorting do not flash.
    placeholderData: keepPreviousData,
  });

export const usePatients = (search: PatientSearch) => useQuery(patientsQueryOptions(search));
