import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import type { InsuranceCoordinatorListQuery, InsuranceCoordinatorListResponse } from '@baridesk/contracts';

/** The list's query: everything optional but paging and sorting, as the screen sends it. */
export type InsuranceCoordinatorsParams = Pick<InsuranceCoordinatorListQuery, 'page' | 'perPage' | 'sort' | 'direction'> &
  Partial<Pick<InsuranceCoordinatorListQuery, 'search' | 'status'>>;

/** Every query of this feature starts with it, so one invalidation refreshes the list, the details and the form. */
export const insuranceCoordinatorsKey = ['insurance-coordinators'] as const;

/** GET /api/insurance-coordinators: one page of the program's coordinators. */
export function getInsuranceCoordinators(params: InsuranceCoordinatorsParams, signal?: AbortSignal) {
  return getJson<InsuranceCoordinatorListResponse>('insurance-coordinators', { searchParams: queryOf(params), signal });
}

export const insuranceCoordinatorsQueryOptions = (params: InsuranceCoordinatorsParams) =>
  queryOptions({
    queryKey: [...insuranceCoordinatorsKey, 'list', params],
    queryFn: ({ signal }) => getInsuranceCoordinators(params, signal),
    placeholderData: keepPreviousData,
  });

export const useInsuranceCoordinators = (params: InsuranceCoordinatorsParams) => useQuery(insuranceCoordinatorsQueryOptions(params));
