import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '@baridesk/domain';
import type { PerPage } from '@baridesk/ui/lists';

/**
 * Paging of rows the screen already holds (a month of entries, a patient's weigh-ins: the answers come
 * whole), with the same pager as the server-paged lists. `resetKey` going back to page 1 when it changes.
 */
export function useClientPages<T>(rows: readonly T[], resetKey?: unknown) {
  const [state, setState] = useState<{ page: number; perPage: PerPage; key: unknown }>({ page: 1, perPage: DEFAULT_PAGE_SIZE, key: resetKey });
  const page = state.key === resetKey ? state.page : 1;
  const size = state.perPage === 'All' ? rows.length || 1 : state.perPage;
  const pages = Math.max(Math.ceil(rows.length / size), 1);
  const current = Math.min(page, pages);
  return {
    rows: rows.slice((current - 1) * size, current * size),
    total: rows.length,
    page: current,
    perPage: state.perPage,
    onPageChange: (next: number) => setState((s) => ({ ...s, page: next, key: resetKey })),
    onPerPageChange: (perPage: PerPage) => setState({ page: 1, perPage, key: resetKey }),
  };
}
