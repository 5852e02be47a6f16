import { useCallback, useMemo } from 'react';
import { PAGE_SIZE_OPTIONS } from '@baridesk/domain';
import { appStore, useAppStore } from '@baridesk/store';
import { listParamsActions, listTableProps, type ListParams } from '@baridesk/ui/lists';

const START: ListParams = { page: 1, perPage: 10, sort: 'name', direction: 'asc', search: '', filters: {} };
const FILTERS = ['program', 'stage', 'status'] as const;

/** A saved search as stored (browser storage may hold anything): what is valid of it over the start. */
export function readManageUsersSearch(saved: unknown): ListParams {
  if (typeof saved !== 'object' || saved === null) return START;
  const value = saved as Partial<Record<keyof ListParams, unknown>>;
  const filters: ListParams['filters'] = {};
  if (typeof value.filters === 'object' && value.filters !== null) {
    for (const key of FILTERS) {
      const filter = (value.filters as Record<string, unknown>)[key];
      if (typeof filter === 'string' && filter !== '') filters[key] = filter;
    }
  }
  return {
    page: Number.isInteger(value.page) && (value.page as number) > 0 ? (value.page as number) : 1,
    perPage: (PAGE_SIZE_OPTIONS as readonly unknown[]).includes(value.perPage) ? (value.perPage as ListParams['perPage']) : START.perPage,
    sort: typeof value.sort === 'string' ? value.sort : START.sort,
    direction: value.direction === 'desc' ? 'desc' : 'asc',
    search: typeof value.search === 'string' ? value.search.slice(0, 254) : '',
    filters,
  };
}

/**
 * The search of patients across programs, kept in the store's saved searches (`superAdminUsers`, the
 * spec's "super-admin users" search) so the list opens again as it was left; cleared on sign-out with
 * the others. The store is the only copy: every change is written there and read back.
 */
export function useManageUsersSearch() {
  const saved = useAppStore((state) => state.savedSearches.superAdminUsers);
  const search = useMemo(() => readManageUsersSearch(saved), [saved]);
  // The latest value at call time: the pager changes the page size and the page in one go.
  const update = useCallback((change: (current: ListParams) => ListParams) => {
    appStore.getState().setSavedSearch('superAdminUsers', change(readManageUsersSearch(appStore.getState().savedSearches.superAdminUsers)));
  }, []);
  const actions = useMemo(() => listParamsActions(update), [update]);
  return { ...search, ...actions, tableProps: listTableProps(search, actions) };
}
