import type { ReactElement, ReactNode } from 'react';
import { Box, Button, Checkbox, Spinner, Table, Text } from '@chakra-ui/react';
import { Glyph } from './icons';
import { Pager, type PerPage } from './pager';

export type SortDirection = 'asc' | 'desc';
export type TableSort = { key: string; direction: SortDirection };

export type DataTableColumn<T> = {
  key: string;
  header: string;
  /** The cell's content; by default the row's `key` property as text. */
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  width?: string | number;
  align?: 'start' | 'center' | 'end';
};

type Selection =
  | { selectable?: false; selectedIds?: never; onSelectionChange?: never }
  | {
      selectable: true;
      selectedIds: readonly string[];
      onSelectionChange: (ids: string[]) => void;
      /** The header checkbox's name for screen readers; "Select all rows on this page" unless told. */
      selectAllLabel?: string;
    };

/** Paging by page number: the Pager under the table. */
type NumberedPaging = {
  total: number;
  page: number;
  perPage: PerPage;
  onPageChange: (page: number) => void;
  onPerPageChange: (perPage: PerPage) => void;
};

type TableParts<T> = {
  columns: readonly DataTableColumn<T>[];
  /** The rows of the current page (paging is done by the server). */
  rows: readonly T[];
  getRowId: (row: T) => string | number;
  /** Names a row for screen readers in its selection checkbox ("Select Jane Doe"). */
  getRowLabel?: (row: T) => string;
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
  /** A request is under way: the old rows stay visible, dimmed, and the table is aria-busy. */
  loading?: boolean;
  emptyText?: string;
  /** Describes the table for screen readers (visually hidden). */
  caption: string;
  /**
   * The columns share the table's width by their `width` (table-layout fixed) and every row has the same
   * height: each cell keeps to one line (use TruncatedText for text that may be long). Below `minWidth`
   * the table scrolls sideways.
   */
  fit?: { minWidth: string };
} & Selection;

export type DataTableProps<T> = TableParts<T> & NumberedPaging;

/**
 * A table whose list pages its own way, with `pager` under it instead of the page numbers: a list paged
 * by cursor (the audit trail) has no page to jump to (CursorPager).
 */
export type OwnPagerTableProps<T> = TableParts<T> & { pager: ReactElement };

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function defaultCell(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The list screen's table: server-side paging, sorting by header buttons, optional row selection.
 * Everything is a native button, checkbox or select, so it works from the keyboard.
 */
export function DataTable<T>(props: DataTableProps<T> | OwnPagerTableProps<T>) {
  const { columns, rows, getRowId, getRowLabel, sort, onSortChange, loading = false, caption, fit } = props;
  const emptyText = props.emptyText ?? 'No records found.';
  const selected = new Set(props.selectable ? props.selectedIds : []);
  const pageIds = rows.map((row) => String(getRowId(row)));
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const allChecked =
    pageIds.length > 0 && selectedOnPage === pageIds.length ? true : selectedOnPage > 0 ? 'indeterminate' : false;
  const columnCount = columns.length + (props.selectable ? 1 : 0);

  const toggleAll = (checked: boolean) => {
    if (!props.selectable) return;
    const others = props.selectedIds.filter((id) => !pageIds.includes(id));
    props.onSelectionChange(checked ? [...others, ...pageIds] : others);
  };
  const toggleOne = (id: string, checked: boolean) => {
    if (!props.selectable) return;
    const rest = props.selectedIds.filter((other) => other !== id);
    props.onSelectionChange(checked ? [...rest, id] : rest);
  };
  const changeSort = (key: string) => {
    const direction: SortDirection = sort?.key === key && sort.direction === 'asc' ? 'desc' : 'asc';
    onSortChange?.({ key, direction });
  };

  return (
    <Box position="relative">
      {/* Focusable so a table wider than the screen can be scrolled from the keyboard. Positioned, so the
          header's absolutely placed parts stay inside it and a wide table never widens the page at 390 px. */}
      <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="md" bg="bg" tabIndex={0} role="region" aria-label={caption}>
        <Table.Root
          size="sm"
          interactive
          aria-busy={loading || undefined}
          {...(fit && { tableLayout: 'fixed', minW: fit.minWidth })}
        >
          <Table.Caption srOnly>{caption}</Table.Caption>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              {props.selectable ? (
                <Table.ColumnHeader width="10">
                  <Checkbox.Root
                    size="sm"
                    checked={allChecked}
                    disabled={pageIds.length === 0}
                    onCheckedChange={(details) => toggleAll(details.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label srOnly>{props.selectAllLabel ?? 'Select all rows on this page'}</Checkbox.Label>
                  </Checkbox.Root>
                </Table.ColumnHeader>
              ) : null}
              {columns.map((column) => {
                const sortedHere = sort?.key === column.key ? sort.direction : undefined;
                const canSort = column.sortable === true && onSortChange !== undefined;
                return (
                  <Table.ColumnHeader
                    key={column.key}
                    width={column.width}
                    textAlign={column.align}
                    aria-sort={canSort ? (sortedHere ? ARIA_SORT[sortedHere] : 'none') : undefined}
                    {...(fit && { overflow: 'hidden' })}
                  >
                    {canSort ? (
                      <Button
                        variant="plain"
                        size="sm"
                        px="0"
                        fontWeight="semibold"
                        onClick={() => changeSort(column.key)}
                        // A fitted column may be narrower than its name: the name wraps rather than run into the next.
                        {...(fit && { whiteSpace: 'normal', h: 'auto', minH: '8', textAlign: 'start', maxW: 'full' })}
                      >
                        {column.header}
                        <Glyph
                          name={sortedHere === 'asc' ? 'arrowUp' : sortedHere === 'desc' ? 'arrowDown' : 'arrowUpDown'}
                          color={sortedHere ? 'fg' : 'fg.subtle'}
                        />
                      </Button>
                    ) : (
                      column.header
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
          </Table.Header>
          <Table.Body opacity={loading && rows.length > 0 ? 0.55 : 1} transition="opacity 0.15s">
            {rows.length === 0 ? (
              <Table.Row>
                <Table.Cell colSpan={columnCount} textAlign="center" py="8" color="fg.muted">
                  {loading ? 'Loading…' : emptyText}
                </Table.Cell>
              </Table.Row>
            ) : (
              rows.map((row) => {
                const id = String(getRowId(row));
                const isSelected = selected.has(id);
                return (
                  <Table.Row key={id} data-selected={isSelected ? '' : undefined} {...(fit && { h: '11' })}>
                    {props.selectable ? (
                      <Table.Cell>
                        <Checkbox.Root
                          size="sm"
                          checked={isSelected}
                          onCheckedChange={(details) => toggleOne(id, details.checked === true)}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label srOnly>{`Select ${getRowLabel ? getRowLabel(row) : `row ${id}`}`}</Checkbox.Label>
                        </Checkbox.Root>
                      </Table.Cell>
                    ) : null}
                    {columns.map((column) => (
                      <Table.Cell
                        key={column.key}
                        textAlign={column.align}
                        {...(fit && { whiteSpace: 'nowrap', overflow: 'hidden', py: '0' })}
                      >
                        {column.render ? column.render(row) : defaultCell(row, column.key)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                );
              })
            )}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {loading && rows.length > 0 ? (
        <Box position="absolute" top="2" right="2" role="status">
          <Spinner size="sm" color="brand.solid" />
          <Text srOnly>Loading…</Text>
        </Box>
      ) : null}
      {'pager' in props ? (
        props.pager
      ) : (
        <Pager
          total={props.total}
          page={props.page}
          perPage={props.perPage}
          onPageChange={props.onPageChange}
          onPerPageChange={props.onPerPageChange}
          label={`${caption}: pages`}
        />
      )}
    </Box>
  );
}
