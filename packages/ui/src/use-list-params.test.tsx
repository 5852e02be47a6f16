import { act, renderHook } from '@testing-library/react';
import { useListParams } from './use-list-params';

test('starts on page 1 with the product page size, no search and no filters', () => {
  const { result } = renderHook(() => useListParams({ sort: 'title', direction: 'asc' }));
  expect(result.current).toMatchObject({ page: 1, perPage: 10, sort: 'title', direction: 'asc', search: '', filters: {} });
  expect(result.current.tableProps).toMatchObject({ page: 1, perPage: 10, sort: { key: 'title', direction: 'asc' } });
});

test('goes back to page 1 on any change but a page change', () => {
  const { result } = renderHook(() => useListParams({ sort: 'title', direction: 'asc' }));
  const onPage = (page: number) => act(() => result.current.setPage(page));

  onPage(3);
  expect(result.current.page).toBe(3);
  act(() => result.current.setSearch('welcome'));
  expect(result.current).toMatchObject({ page: 1, search: 'welcome' });

  onPage(2);
  act(() => result.current.setFilter('status', '0'));
  expect(result.current).toMatchObject({ page: 1, filters: { status: '0' } });

  onPage(2);
  act(() => result.current.tableProps.onSortChange({ key: 'updated_at', direction: 'desc' }));
  expect(result.current).toMatchObject({ page: 1, sort: 'updated_at', direction: 'desc' });

  onPage(2);
  act(() => result.current.tableProps.onPerPageChange('All'));
  expect(result.current).toMatchObject({ page: 1, perPage: 'All' });

  onPage(2);
  act(() => result.current.setFilter('status', ''));
  expect(result.current.filters).toEqual({});
  act(() => result.current.clearFilters());
  expect(result.current).toMatchObject({ page: 1, search: '', filters: {} });
});

test('the same search again keeps the page', () => {
  const { result } = renderHook(() => useListParams({ sort: 'title', direction: 'asc', search: 'welcome' }));
  act(() => result.current.setPage(2));
  act(() => result.current.setSearch('welcome'));
  expect(result.current.page).toBe(2);
});
