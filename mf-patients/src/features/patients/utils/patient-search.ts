/**
 * The patient list's search (text, filters, sort and paging) and how it is kept: the store holds it as
 * `savedSearches.patients` so the list opens again as it was left (spec section 2: "saved search kept").
 */
import {
  PATIENT_APP_FILTERS,
  PATIENT_SORTS,
  type PatientListFilters,
  type PatientSort,
} from '@baridesk/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type PageSizeOption } from '@baridesk/domain';

export type PatientFilterKey = keyof PatientListFilters;
/** Filter values as the controls hold them (strings; '' or absent filters nothing). */
export type PatientFilterValues = Partial<Record<PatientFilterKey, string>>;

/** The columns the list can show, in their order; Name is always shown (it opens the record). */
export const PATIENT_COLUMNS = [
  'name',
  'mrn_number',
  'email',
  'phone',
  'current_stage',
  'surgery_date',
  'type_of_surgery',
  'current_weight',
  'tags',
] as const;
export type PatientColumn = (typeof PATIENT_COLUMNS)[number];

/**
 * What a new list shows: the columns that fit a 1024 px screen beside one another, each readable (issue
 * 15); e-mail and phone are ones a user adds. A user's choice is kept with the saved search.
 */
export const DEFAULT_PATIENT_COLUMNS: readonly PatientColumn[] = [
  'name',
  'mrn_number',
  'current_stage',
  'surgery_date',
  'type_of_surgery',
  'current_weight',
  'tags',
];

export type PatientSearch = {
  search: string;
  filters: PatientFilterValues;
  sort: PatientSort;
  direction: 'asc' | 'desc';
  page: number;
  perPage: PageSizeOption;
  /** The visible columns, in PATIENT_COLUMNS order; always with 'name'. */
  columns: readonly PatientColumn[];
};

export const PATIENT_FILTER_KEYS = [
  'stage',
  'tag',
  'surgery_type',
  'surgery_from',
  'surgery_to',
  'location',
  'coordinator',
  'status',
  'app',
] as const satisfies readonly PatientFilterKey[];

export const DEFAULT_PATIENT_SEARCH: PatientSearch = {
  search: '',
  filters: {},
  sort: 'name',
  direction: 'asc',
  page: 1,
  perPage: DEFAULT_PAGE_SIZE,
  columns: DEFAULT_PATIENT_COLUMNS,
};

/** The stored column choice, or the default when there is none that makes sense; unknown names are dropped. */
function readColumns(saved: unknown): readonly PatientColumn[] {
  if (!Array.isArray(saved)) return DEFAULT_PATIENT_COLUMNS;
  const chosen = PATIENT_COLUMNS.filter((column) => column === 'name' || saved.includes(column));
  return chosen.length > 1 ? chosen : DEFAULT_PATIENT_COLUMNS;
}

/** The columns with `column` shown or hidden (Name stays), in the list's order. */
export function withColumn(columns: readonly PatientColumn[], column: PatientColumn, shown: boolean): readonly PatientColumn[] {
  return PATIENT_COLUMNS.filter((key) => key === 'name' || (key === column ? shown : columns.includes(key)));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const WHOLE_NUMBER = /^\d+$/;

/** What a filter may hold; a stored value that fails is dropped rather than sent. */
const FILTER_CHECKS: Record<PatientFilterKey, (value: string) => boolean> = {
  stage: (value) => ['1', '2', '3'].includes(value),
  tag: (value) => WHOLE_NUMBER.test(value),
  surgery_type: (value) => value.length <= 254,
  surgery_from: (value) => ISO_DATE.test(value),
  surgery_to: (value) => ISO_DATE.test(value),
  location: (value) => WHOLE_NUMBER.test(value),
  coordinator: (value) => WHOLE_NUMBER.test(value),
  status: (value) => value === '0' || value === '1',
  app: (value) => (PATIENT_APP_FILTERS as readonly string[]).includes(value),
};

/**
 * The saved search as the store holds it. The store is persisted in browser storage, which is outside
 * our control (an older build, a hand edit): each part that does not validate falls back to its default.
 */
export function readPatientSearch(saved: unknown): PatientSearch {
  if (!isRecord(saved)) return DEFAULT_PATIENT_SEARCH;
  const filters: PatientFilterValues = {};
  if (isRecord(saved.filters)) {
    for (const key of PATIENT_FILTER_KEYS) {
      const value = saved.filters[key];
      if (typeof value === 'string' && value !== '' && FILTER_CHECKS[key](value)) filters[key] = value;
    }
  }
  const sort = (PATIENT_SORTS as readonly unknown[]).includes(saved.sort) ? (saved.sort as PatientSort) : DEFAULT_PATIENT_SEARCH.sort;
  const direction = saved.direction === 'desc' ? 'desc' : 'asc';
  const page = Number.isInteger(saved.page) && (saved.page as number) >= 1 ? (saved.page as number) : 1;
  const perPage = (PAGE_SIZE_OPTIONS as readonly unknown[]).includes(saved.perPage)
    ? (saved.perPage as PageSizeOption)
    : DEFAULT_PAGE_SIZE;
  const search = typeof saved.search === 'string' ? saved.search.slice(0, 254) : '';
  return { search, filters, sort, direction, page, perPage, columns: readColumns(saved.columns) };
}

/**
 * The search a link to the list asks for, e.g. /manage-patients?status=1&stage=2 from a dashboard figure:
 * its filters (named as GET /api/patients names them) on a fresh search, keeping the sort, the page size
 * and the columns; a value that does not validate is dropped. Null when the address names no filter.
 */
export function searchFromLink(current: PatientSearch, params: URLSearchParams): PatientSearch | null {
  const named = PATIENT_FILTER_KEYS.filter((key) => params.has(key));
  if (named.length === 0) return null;
  return readPatientSearch({ ...current, search: '', page: 1, filters: Object.fromEntries(named.map((key) => [key, params.get(key)])) });
}

export const hasActiveFilters = (search: PatientSearch): boolean =>
  search.search.trim() !== '' || activeFilterCount(search) > 0;

/** How many filters are set (the search text is not one): the count on the small screen's Filters button. */
export const activeFilterCount = (search: PatientSearch): number =>
  PATIENT_FILTER_KEYS.filter((key) => (search.filters[key] ?? '').trim() !== '').length;

/** The query string of GET /api/patients: empty search and filters are left out. */
export function toPatientListParams(search: PatientSearch): Record<string, string | number> {
  const params: Record<string, string | number> = {
    page: search.page,
    perPage: search.perPage,
    sort: search.sort,
    direction: search.direction,
  };
  const text = search.search.trim();
  if (text) params.search = text;
  for (const key of PATIENT_FILTER_KEYS) {
    const value = search.filters[key]?.trim();
    if (value) params[key] = value;
  }
  return params;
}

/**
 * The query string of GET /api/patients/excel: the list's search, filters and sort without the paging
 * (every row), and the selected patients' ids when only they are exported.
 */
export function toPatientExportParams(search: PatientSearch, ids?: readonly number[]): Record<string, string | number> {
  const { page: _page, perPage: _perPage, ...criteria } = toPatientListParams(search);
  return ids ? { ...criteria, ids: ids.join(',') } : criteria;
}

/**
 * What decides which patients the list holds: the search text and the filters (not the sort or the
 * page). The selection is kept while it stays the same.
 */
export function patientSelectionKey(search: PatientSearch): string {
  const { page: _page, perPage: _perPage, sort: _sort, direction: _direction, ...criteria } = toPatientListParams(search);
  return JSON.stringify(Object.entries(criteria).sort(([a], [b]) => a.localeCompare(b)));
}
