import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { PatientListResponse, PatientSort } from '@baridesk/contracts';

export type PatientPickerSearch = {
  search: string;
  page: number;
  perPage: number | 'All';
  sort: PatientSort;
  direction: 'asc' | 'desc';
};

/** GET /api/patients (read only): one page of the program's patients matching the search. */
export async function searchPatients(query: PatientPickerSearch, signal?: AbortSignal) {
  const answer = await getJson<PatientListResponse>('patients', { searchParams: queryOf({ ...query }), signal });
  return answer.data;
}

export const searchPatientsQueryOptions = (query: PatientPickerSearch) =>
  queryOptions({
    queryKey: ['auth', 'reset-patient-password', 'patients', query] as const,
    queryFn: ({ signal }) => searchPatients(query, signal),
    placeholderData: keepPreviousData,
  });

export const useSearchPatients = (query: PatientPickerSearch) => useQuery(searchPatientsQueryOptions(query));
