import { useMemo, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@baridesk/domain';
import type { SortDirection, TableSort } from './data-table';
import type { PerPage } from './pager';

/** What a server-paged list asks for: page, page size, sort, search text and filters. */
export type ListParams = {
  page: number;
  perPage: PerPage;
  sort: string;
  direction: SortDirection;
  search: string;
  /** Filter values as the controls hold them: '' or absent filters nothing. */
  filters: Partial<Record<string, string>>;
};

/**
 * The changes of a list's params, over any store of them (React state, the app store): every change
 * but a page change goes back to page 1.
 */
export function listParamsActions<P extends ListParams>(update: (change: (current: P) => P) => void) {
  return {
    setSearch: (search: string) => update((current) => (current.search === search ? current : { ...current, search, page: 1 })),
    setFilter: (key: keyof P['filters'] & string, value: string) =>
      update((current) => {
        const filters = { ...current.filters };
        if (value === '') delete filters[key];
        else filters[key] = value;
        return { ...current, filters, page: 1 };
      }),
    clearFilters: () => update((current) => ({ ...current, search: '', filters: {}, page: 1 })),
    setSort: (sort: P['sort'], direction: SortDirection) => update((current) => ({ ...current, sort, direction, page: 1 })),
    setPage: (page: number) => update((current) => ({ ...current, page })),
    setPerPage: (perPage: P['perPage']) => update((current) => ({ ...current, perPage, page: 1 })),
  };
}

export type ListParamsActions<P extends ListParams> = ReturnType<typeof listParamsActions<P>>;

/** The paging and sorting props of a DataTable showing a list with these params. */
export const listTableProps = (params: ListParams, actions: ListParamsActions<ListParams>) => ({
  page: params.page,
  perPage: params.perPage,
  onPageChange: actions.setPage,
  onPerPageChange: actions.setPerPage,
  sort: { key: params.sort, direction: params.direction } satisfies TableSort,
  onSortChange: (sort: TableSort) => actions.setSort(sort.key, sort.direction),
});

/** The state of a server-paged list, from page 1 with the product's page size, no search and no filters. */
export function useListParams(initial: Pick<ListParams, 'sort' | 'direction'> & Partial<ListParams>) {
  const [params, setParams] = useState<ListParams>(() => ({ page: 1, perPage: DEFAULT_PAGE_SIZE, search: '', filters: {}, ...initial }));
  const actions = useMemo(() => listParamsActions<ListParams>(setParams), []);
  return { ...params, ...actions, tableProps: listTableProps(params, actions) };
}
