/** @baridesk/ui/lists: server-paged lists and tables (see index.ts for the entries). */
export {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type OwnPagerTableProps,
  type SortDirection,
  type TableSort,
} from './data-table';
export { Pager, type PagerProps, type PerPage } from './pager';
export { CursorPager, useCursorPages, type CursorPagerProps, type CursorPages } from './cursor-pager';
export { auditColumns, auditTime, AuditRecordDetails, AuditRecordModal, type AuditColumnsOptions, type AuditRecordModalProps } from './audit-records';
export { TruncatedText, type TruncatedTextProps } from './truncated-text';
export {
  useListParams,
  listParamsActions,
  listTableProps,
  type ListParams,
  type ListParamsActions,
} from './use-list-params';
export { SearchBox, type SearchBoxProps } from './search-box';
export { FilterSelect, type FilterSelectProps, type FilterOption } from './filter-select';
export { FoldingFilters, SMALL_SCREEN_QUERY, type FoldingFiltersProps } from './folding-filters';
export { LoadError, type LoadErrorProps } from './load-error';
export { BadAddress, LoadedRecord, type LoadedRecordProps, type RecordQuery } from './loaded-record';
export { DestructiveActionMenu, RowActions, RowMoreMenu, type RowActionsProps } from './row-actions';
export {
  STATUS_FILTER_OPTIONS,
  StatusFilter,
  RecordListFilters,
  statusFilterValue,
  listQueryParams,
  statusToggleColumn,
  actionsColumn,
  useDeleteWithConfirm,
  QueryDataTable,
  type StatusFlag,
  type StatusFilterProps,
  type RecordListFiltersProps,
  type ActionsColumnOptions,
  type DeleteWithConfirmOptions,
  type PagedListQuery,
  type QueryDataTableProps,
} from './record-list';
export { useDebouncedValue, SEARCH_DEBOUNCE_MS } from './use-debounced-value';
export { PatientSearchPicker, type PatientSearchPickerProps, type PickedPatient } from './patient-search-picker';
export { Table, Progress } from '@chakra-ui/react';
