/**
 * The criteria of a report read or export, for its audit record: the filters that were set, the sort and
 * the paging, never the search text (it holds names), only its length.
 */
export function reportCriteria({ search, ...rest }: Record<string, unknown>) {
  return {
    searchLength: typeof search === 'string' ? search.length : 0,
    criteria: Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
  };
}
