import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { downloadFile, getJson, queryOf, type DownloadOptions } from '@baridesk/api-client';
import type { Page, PreLoadFilters } from '@baridesk/contracts';

/** What a report call is asked: the filters and the report's own values, unset ones left out by queryOf. */
export type ReportParams = Record<string, string | number | undefined>;

/** Every report query starts with it, so an invite (which changes who "never used the app") can refresh them all. */
export const reportsKey = ['reports'] as const;

/**
 * GET /api/reports/filters: the program's stages, tags, coordinators, locations and surgery types (the
 * pre-load-filters answer, asked in the reports area: a user with reports on and patients off may read it).
 */
export const reportFilterChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['report-filter-choices'] as const,
    queryFn: async ({ signal }) => (await getJson<{ data: PreLoadFilters }>('reports/filters', { signal })).data,
    // The choices change rarely (a new tag or coordinator): a few minutes are fresh enough.
    staleTime: 5 * 60_000,
  });

export const useReportFilterChoices = () => useQuery(reportFilterChoicesQueryOptions());

/** GET a report's answer (`path` of SEMINAR_REPORT_PATHS and the like) for `params`. */
export const useReport = <T>(path: string, params: ReportParams, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [...reportsKey, path, params],
    queryFn: ({ signal }) => getJson<{ data: T }>(path, { searchParams: queryOf(params), signal }),
    // The last answer stays on screen while the next one loads: paging, sorting and filtering do not flash.
    placeholderData: keepPreviousData,
    ...options,
  });

/** GET one page of a report table. */
export const useReportPage = <T>(path: string, params: ReportParams) => useReport<Page<T>>(path, params);

/**
 * GET a report's Excel file of `params` (the table's filters, search and order, every row): small ones
 * stream at once, large ones are made in the background (downloadFile follows the export to its file).
 */
export const downloadReport = (path: string, params: ReportParams, fallbackName: string, signal: AbortSignal, onProgress?: DownloadOptions['onProgress']) => {
  const { page: _page, perPage: _perPage, ...rest } = params;
  return downloadFile(path, { searchParams: queryOf(rest), signal, onProgress, fallbackName });
};
