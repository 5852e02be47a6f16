import { useId, useState, type ReactNode } from 'react';
import type { Page } from '@baridesk/contracts';
import { formatAmount } from '@baridesk/domain';
import { Box, Button, Flex, Heading, Stack, Text } from '@baridesk/ui';
import { QueryDataTable, SearchBox, listQueryParams, useListParams, type DataTableColumn, type SortDirection } from '@baridesk/ui/lists';
import { useDownloadTask } from '@baridesk/ui/overlays';
import { downloadReport, useReportPage, type ReportParams } from './api/report-calls';

/** Rows a report lists: a patient with an id. */
type Row = { id: number };

export type ReportTableProps<T extends Row, S extends string> = {
  /** The table's heading (h2) when the page holds more than one table. */
  title?: string;
  /** Describes the table to screen readers. */
  caption: string;
  /** The page call and its Excel twin (SEMINAR_REPORT_PATHS and the like). */
  path: string;
  excelPath: string;
  /** The banner's title while the Excel file is made ("Lost patients (Excel)"), and the file's name when the answer names none. */
  excelLabel: string;
  excelFallbackName: string;
  /** The filters and the report's own values (without page, sort or search: the table adds them). */
  params: ReportParams;
  columns: readonly DataTableColumn<T>[];
  sorts: readonly [S, ...S[]];
  defaultSort: S;
  defaultDirection: SortDirection;
  /** The count under the controls: ['patient', 'patients']. */
  noun: readonly [string, string];
  emptyText: string;
  errorTitle: string;
  /** The search box's label; omit for no search. */
  searchLabel?: string;
  /** The table's least width before it scrolls sideways. */
  minWidth: string;
  /** More controls beside the search (a number of days). */
  controls?: ReactNode;
  /** Row selection (the rows' ids as text), and what to do with the selected rows. */
  selection?: { selectedIds: readonly string[]; onSelectionChange: (ids: string[]) => void; getRowLabel: (row: T) => string; actions: ReactNode };
};

/**
 * One paged table of a report: search, the server's paging (5–100/All, "Page X of Y") and sorting, the
 * count, and Download Excel of exactly what is filtered, searched and sorted (every row) behind the
 * report banner. A change of the filters goes back to page 1.
 */
export function ReportTable<T extends Row, S extends string>(props: ReportTableProps<T, S>) {
  const { title, params, sorts, defaultSort, selection } = props;
  const headingId = useId();
  const list = useListParams({ sort: defaultSort, direction: props.defaultDirection });
  // Paging belongs to one set of filters: new filters start at page 1 in the same render (no request for
  // page 4 of a list that may now have one page).
  const filtersKey = JSON.stringify(params);
  const [pagedFor, setPagedFor] = useState(filtersKey);
  if (pagedFor !== filtersKey) {
    setPagedFor(filtersKey);
    if (list.page !== 1) list.setPage(1);
  }
  const page = pagedFor === filtersKey ? list.page : 1;
  const callParams = { ...params, ...listQueryParams<S>({ ...list, page }, sorts, defaultSort) };
  const query = useReportPage<T>(props.path, callParams);
  const excel = useDownloadTask();
  const answer: Page<T> | undefined = query.data?.data;
  const [singular, plural] = props.noun;
  const table = {
    query,
    errorTitle: props.errorTitle,
    caption: props.caption,
    columns: props.columns,
    getRowId: (row: T) => row.id,
    ...list.tableProps,
    page,
    emptyText: list.search.trim() ? 'No patient matches the search with these filters.' : props.emptyText,
    fit: { minWidth: props.minWidth },
  };

  return (
    <Stack as="section" gap="3" aria-labelledby={title ? headingId : undefined}>
      <Flex gap="3" wrap="wrap" align="center" justify="space-between">
        {title ? (
          <Heading as="h2" id={headingId} size="lg" fontWeight="semibold">
            {title}
          </Heading>
        ) : null}
        <Button
          variant="outline"
          colorPalette="gray"
          ms="auto"
          disabled={!answer || answer.total === 0 || excel.running}
          aria-label={title ? `Download Excel: ${title}` : undefined}
          onClick={() => void excel.download(props.excelLabel, (signal, onProgress) => downloadReport(props.excelPath, callParams, props.excelFallbackName, signal, onProgress))}
        >
          Download Excel
        </Button>
      </Flex>
      {excel.banner}
      {props.searchLabel || props.controls ? (
        <Flex gap="3" wrap="wrap" align="flex-end">
          {props.searchLabel ? (
            <SearchBox label={props.searchLabel} maxW="sm" value={list.search} onCommit={list.setSearch} />
          ) : null}
          {props.controls}
        </Flex>
      ) : null}
      <Flex gap="3" wrap="wrap" align="center" minH="8">
        <Text textStyle="sm" color="fg.muted" aria-live="polite">
          {answer ? `${formatAmount(answer.total)} ${answer.total === 1 ? singular : plural}` : '\u00a0'}
        </Text>
        {selection && selection.selectedIds.length > 0 ? (
          <Box role="region" aria-label="Selected patients" display="flex" gap="3" alignItems="center" flexWrap="wrap" ms="auto">
            <Text fontWeight="semibold" textStyle="sm">{`${formatAmount(selection.selectedIds.length)} selected`}</Text>
            <Button size="sm" variant="ghost" colorPalette="gray" onClick={() => selection.onSelectionChange([])}>
              Clear selection
            </Button>
            {selection.actions}
          </Box>
        ) : null}
      </Flex>
      {selection ? (
        <QueryDataTable
          {...table}
          selectable
          selectedIds={selection.selectedIds}
          onSelectionChange={selection.onSelectionChange}
          getRowLabel={selection.getRowLabel}
        />
      ) : (
        <QueryDataTable {...table} />
      )}
    </Stack>
  );
}
