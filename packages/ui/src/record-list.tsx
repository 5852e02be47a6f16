import { useConfirm, type ConfirmOptions } from './confirm-dialog';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
import { FilterSelect, type FilterOption } from './filter-select';
import { LoadError } from './load-error';
import { RowActions } from './row-actions';
import { SearchBox } from './search-box';
import { ToggleSwitch } from './toggle-switch';
import type { ListParams } from './use-list-params';
import type { ReactNode } from 'react';
import { Flex } from '@chakra-ui/react';

/**
 * The pieces every list of records repeats: the wiring of its query, the status filter, the on/off
 * switch, the Edit and Delete buttons and deleting after a confirmation. They take the caller's calls
 * and notices (as useFormSubmit does) and read a query through the few fields a table needs, so a list
 * that is not a resource uses them too; the resource kit (@baridesk/ui/resources) builds on them with
 * the calls of a resource's definition.
 */

/** An on/off status: 1 active, 0 inactive. */
export type StatusFlag = 0 | 1;

/** The options of a list's status filter, as the control holds them ('' is every status). */
export const STATUS_FILTER_OPTIONS: readonly FilterOption[] = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

/** The status filter's value as the list's query asks for it: nothing, 1 or 0. */
export const statusFilterValue = (value: string | undefined): StatusFlag | undefined =>
  value === undefined || value === '' ? undefined : value === '1' ? 1 : 0;

export type StatusFilterProps = { value: string; onChange: (value: string) => void };

/** "All statuses", "Active" or "Inactive", named "Status" for screen readers. */
export function StatusFilter({ value, onChange }: StatusFilterProps) {
  return (
    <FilterSelect
      label="Status"
      hideLabel
      anyLabel="All statuses"
      width="44"
      value={value}
      options={STATUS_FILTER_OPTIONS}
      onChange={onChange}
    />
  );
}

export type RecordListFiltersProps = {
  /** The list's params and setters (useListParams): its search and its `status` filter. */
  list: Pick<ListParams, 'search' | 'filters'> & {
    setSearch: (search: string) => void;
    setFilter: (key: string, value: string) => void;
  };
  /** The search box's name for screen readers ("Search tags"). */
  searchLabel: string;
  placeholder: string;
  /** Whether the records have a status to filter by; true unless told. */
  status?: boolean;
  /** More filters, after the status. */
  children?: ReactNode;
};

/** The bar above a list of records: its search box and its status filter, bound to the list's params. */
export function RecordListFilters({ list, searchLabel, placeholder, status = true, children }: RecordListFiltersProps) {
  return (
    <Flex gap="3" mb="4" wrap="wrap" align="flex-end">
      <SearchBox label={searchLabel} hideLabel placeholder={placeholder} maxW="sm" value={list.search} onCommit={list.setSearch} />
      {status ? <StatusFilter value={list.filters.status ?? ''} onChange={(value) => list.setFilter('status', value)} /> : null}
      {children}
    </Flex>
  );
}

/**
 * What a list's query asks for from its params: page, page size, direction, the trimmed search (none
 * when blank) and the sort, if it is one of `sorts`, else `fallback`.
 */
export function listQueryParams<S extends string>(list: ListParams, sorts: readonly S[], fallback: S) {
  const search = list.search.trim();
  return {
    page: list.page,
    perPage: list.perPage,
    sort: (sorts as readonly string[]).includes(list.sort) ? (list.sort as S) : fallback,
    direction: list.direction,
    search: search || undefined,
  };
}

/** The column with a row's on/off switch, named by `label` for screen readers. */
export function statusToggleColumn<T extends { status?: number }>(
  label: (row: T) => string,
  onToggle: (row: T, status: StatusFlag) => void,
): DataTableColumn<T> {
  return {
    key: 'status',
    header: 'Status',
    sortable: true,
    render: (row) => (
      <ToggleSwitch label={label(row)} hideLabel checked={row.status === 1} onChange={(checked) => onToggle(row, checked ? 1 : 0)} />
    ),
  };
}

export type ActionsColumnOptions<T> = {
  /** Names the row in its buttons for screen readers ("Edit <name>"). */
  name: (row: T) => string;
  /** Left out: no Edit button. */
  onEdit?: (row: T) => void;
  /** Left out: no Delete. */
  onDelete?: (row: T) => void;
  /** More buttons of the row, before Edit. */
  more?: (row: T) => ReactNode;
};

/** The last column: a row's Edit and Delete buttons (after any of its own). */
export function actionsColumn<T>({ name, onEdit, onDelete, more }: ActionsColumnOptions<T>): DataTableColumn<T> {
  return {
    key: 'actions',
    header: 'Actions',
    align: 'end',
    render: (row) => (
      <RowActions name={name(row)} onEdit={onEdit && (() => onEdit(row))} onDelete={onDelete && (() => onDelete(row))}>
        {more?.(row)}
      </RowActions>
    ),
  };
}

export type DeleteWithConfirmOptions<T> = {
  /** The question for this row: its title and message (the confirm button says "Delete"). */
  question: (row: T) => Omit<ConfirmOptions, 'confirmLabel'>;
  /** Deletes the row; the server's answer carries the message to show. */
  remove: (row: T) => Promise<{ message: string }>;
  /** Pass @baridesk/api-client's `notifySuccess` and `notifyError`. */
  notifySuccess: (message: string) => void;
  notifyError: (error: unknown) => void;
};

/**
 * Deleting a row after asking: `askDelete(row)` asks the question and, once confirmed, deletes and
 * shows the server's message, or the failure as a notice. Render `dialog` in the screen.
 */
export function useDeleteWithConfirm<T>({ question, remove, notifySuccess, notifyError }: DeleteWithConfirmOptions<T>) {
  const { confirm, dialog } = useConfirm();
  const askDelete = async (row: T) => {
    const confirmed = await confirm({ ...question(row), confirmLabel: 'Delete' });
    if (!confirmed) return;
    try {
      const { message } = await remove(row);
      notifySuccess(message);
    } catch (error) {
      notifyError(error);
    }
  };
  return { askDelete, dialog };
}

/** The fields of a react-query result over a paged list (`{ data: { data: rows, total } }`) that a table reads. */
export type PagedListQuery<T> = {
  data?: { data: { data: readonly T[]; total: number } };
  isError: boolean;
  error: { message: string } | null;
  isFetching: boolean;
  refetch: () => unknown;
};

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type QueryDataTableProps<T> = DistributiveOmit<DataTableProps<T>, 'rows' | 'total' | 'loading'> & {
  query: PagedListQuery<T>;
  /** What could not be loaded, as a sentence, shown with a Try again button when the query fails. */
  errorTitle: string;
};

/** A DataTable showing a paged list query: its rows and total, dimmed while fetching, and its failure above it. */
export function QueryDataTable<T>({ query, errorTitle, ...table }: QueryDataTableProps<T>) {
  return (
    <>
      {query.isError ? (
        <LoadError title={errorTitle} message={query.error?.message ?? ''} onRetry={() => void query.refetch()} mb="4" />
      ) : null}
      <DataTable
        {...(table as DataTableProps<T>)}
        rows={query.data?.data.data ?? []}
        total={query.data?.data.total ?? 0}
        loading={query.isFetching}
      />
    </>
  );
}
