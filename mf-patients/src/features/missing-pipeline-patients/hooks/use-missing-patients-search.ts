import { useCallback, useMemo } from 'react';
import { MISSING_PIPELINE_SORTS } from '@baridesk/contracts';
import type { PageSizeOption } from '@baridesk/domain';
import { appStore, useAppStore } from '@baridesk/store';
import { listParamsActions, type PerPage, type TableSort } from '@baridesk/ui/lists';
import { readMissingPatientsSearch, type MissingPatientsSearch } from '../utils/missing-patients-search';

type Sort = MissingPatientsSearch['sort'];
const isSort = (key: string): key is Sort => (MISSING_PIPELINE_SORTS as readonly string[]).includes(key);

/**
 * The list's search, kept in the store (`savedSearches.missingPipelinePatients`) so the list opens
 * again as it was left. The store is the only copy: every change is written there and read back.
 */
export function useMissingPatientsSearch() {
  const saved = useAppStore((state) => state.savedSearches.missingPipelinePatients);
  const search = useMemo(() => readMissingPatientsSearch(saved), [saved]);

  // Read the latest value at call time: the pager changes the page size and the page in one go.
  const update = useCallback((change: (current: MissingPatientsSearch) => MissingPatientsSearch) => {
    const current = readMissingPatientsSearch(appStore.getState().savedSearches.missingPipelinePatients);
    appStore.getState().setSavedSearch('missingPipelinePatients', change(current));
  }, []);

  const actions = useMemo(() => listParamsActions(update), [update]);
  const tableProps = {
    page: search.page,
    perPage: search.perPage,
    onPageChange: actions.setPage,
    onPerPageChange: (perPage: PerPage) => actions.setPerPage(perPage as PageSizeOption),
    sort: { key: search.sort, direction: search.direction } satisfies TableSort,
    onSortChange: (sort: TableSort) => {
      if (isSort(sort.key)) actions.setSort(sort.key, sort.direction);
    },
  };
  return { search, ...actions, tableProps };
}
