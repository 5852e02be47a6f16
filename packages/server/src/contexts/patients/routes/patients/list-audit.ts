import type { PatientListQuery } from '@baridesk/contracts';

type Criteria = Omit<PatientListQuery, 'page' | 'perPage'>;

/**
 * The search, sort and filters a list or export used, for its audit record: never the search text
 * (it holds names), only its length; only the filters that were set.
 */
export function usedCriteria({ search, sort, direction, ...filters }: Criteria) {
  return {
    sort,
    direction,
    searchLength: search ? search.length : 0,
    filters: Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)),
  };
}

/** What a list call used, for its audit record: the paging and usedCriteria. */
export function usedFilters({ page, perPage, ...criteria }: PatientListQuery) {
  return { page, perPage, ...usedCriteria(criteria) };
}
