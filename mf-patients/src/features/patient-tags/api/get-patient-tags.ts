import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { PatientTagListQuery, PatientTagListResponse } from '@baridesk/contracts';

/** The list's query: everything optional but paging and sorting, as the screen sends it. */
export type PatientTagsParams = Pick<PatientTagListQuery, 'page' | 'perPage' | 'sort' | 'direction'> &
  Partial<Pick<PatientTagListQuery, 'search' | 'status'>>;

/** Every query of this feature starts with it, so one invalidation refreshes the list and the form. */
export const patientTagsKey = ['patient-tags'] as const;

/** GET /api/user-category: one page of the program's tags. */
export function getPatientTags(params: PatientTagsParams, signal?: AbortSignal) {
  return getJson<PatientTagListResponse>('user-category', { searchParams: queryOf(params), signal });
}

export const patientTagsQueryOptions = (params: PatientTagsParams) =>
  queryOptions({
    queryKey: [...patientTagsKey, 'list', params],
    queryFn: ({ signal }) => getPatientTags(params, signal),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const usePatientTags = (params: PatientTagsParams) => useQuery(patientTagsQueryOptions(params));
