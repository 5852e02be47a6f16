import { MAX_ALL_ROWS, type Page } from '@baridesk/contracts';

/** LIMIT and OFFSET for a page; 'All' is capped so no list can exhaust the server. */
export function pageWindow(page: number, perPage: number | 'All'): { limit: number; offset: number } {
  if (perPage === 'All') return { limit: MAX_ALL_ROWS, offset: 0 };
  return { limit: perPage, offset: (page - 1) * perPage };
}

export const toPage = <T>(rows: T[], total: number, page: number, perPage: number | 'All'): Page<T> => ({
  data: rows,
  total,
  page: perPage === 'All' ? 1 : page,
  perPage,
});

/** Escapes LIKE wildcards in user input, so a search for "50%" finds "50%". */
export const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
