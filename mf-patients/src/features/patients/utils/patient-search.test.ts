import {
  activeFilterCount,
  DEFAULT_PATIENT_COLUMNS,
  DEFAULT_PATIENT_SEARCH,
  withColumn,
  hasActiveFilters,
  patientSelectionKey,
  readPatientSearch,
  searchFromLink,
  toPatientExportParams,
  toPatientListParams,
} from './patient-search';

describe('readPatientSearch', () => {
  it('gives the defaults for nothing saved or something that is no search', () => {
    expect(readPatientSearch(undefined)).toEqual(DEFAULT_PATIENT_SEARCH);
    expect(readPatientSearch('stage=1')).toEqual(DEFAULT_PATIENT_SEARCH);
    expect(readPatientSearch([1, 2])).toEqual(DEFAULT_PATIENT_SEARCH);
  });

  it('keeps every valid part, All included', () => {
    const saved = {
      search: 'doe',
      filters: { stage: '2', tag: '11', surgery_from: '2026-01-01', surgery_to: '2026-02-01', status: '0', app: 'never_used' },
      sort: 'current_weight',
      direction: 'desc',
      page: 4,
      perPage: 'All',
      columns: ['name', 'email', 'tags'],
    };
    expect(readPatientSearch(saved)).toEqual(saved);
  });

  it('keeps the columns in the list’s order, always with Name, and starts from the default without a usable choice', () => {
    expect(readPatientSearch({ columns: ['tags', 'email', 'nope', 'tags'] }).columns).toEqual(['name', 'email', 'tags']);
    expect(readPatientSearch({ columns: [] }).columns).toEqual(DEFAULT_PATIENT_COLUMNS);
    expect(readPatientSearch({ columns: 'email' }).columns).toEqual(DEFAULT_PATIENT_COLUMNS);
    expect(readPatientSearch({}).columns).not.toContain('email');
  });

  it('shows or hides one column and never hides Name', () => {
    expect(withColumn(DEFAULT_PATIENT_COLUMNS, 'email', true)).toEqual(['name', 'mrn_number', 'email', 'current_stage', 'surgery_date', 'type_of_surgery', 'current_weight', 'tags']);
    expect(withColumn(['name', 'email'], 'email', false)).toEqual(['name']);
    expect(withColumn(['name', 'email'], 'name', false)).toEqual(['name', 'email']);
  });

  it('counts the filters that are set, not the search text', () => {
    expect(activeFilterCount({ ...DEFAULT_PATIENT_SEARCH, search: 'doe', filters: { stage: '2', tag: ' ', app: 'invited' } })).toBe(2);
  });

  it('drops each invalid part on its own', () => {
    expect(
      readPatientSearch({
        search: 42,
        filters: { stage: '9', tag: 'x', surgery_from: 'Jan 1', status: '1', app: 'sometimes', unknown: '1' },
        sort: 'password',
        direction: 'sideways',
        page: 0,
        perPage: 7,
      }),
    ).toEqual({ ...DEFAULT_PATIENT_SEARCH, filters: { status: '1' } });
  });
});

describe('toPatientListParams', () => {
  it('leaves out empty search and filters, and trims what it sends', () => {
    expect(
      toPatientListParams({ ...DEFAULT_PATIENT_SEARCH, search: '  ', filters: { surgery_type: ' Sleeve ', location: '' } }),
    ).toEqual({ page: 1, perPage: 10, sort: 'name', direction: 'asc', surgery_type: 'Sleeve' });
  });
});

describe('hasActiveFilters', () => {
  it('is true for search text or any filter', () => {
    expect(hasActiveFilters(DEFAULT_PATIENT_SEARCH)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_PATIENT_SEARCH, search: 'a' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_PATIENT_SEARCH, filters: { app: 'invited' } })).toBe(true);
  });
});

describe('toPatientExportParams', () => {
  const search = { ...DEFAULT_PATIENT_SEARCH, search: ' lee ', filters: { stage: '2', tag: '' }, sort: 'email' as const, page: 3, perPage: 50 as const };

  it('is the list query without the paging', () => {
    expect(toPatientExportParams(search)).toEqual({ search: 'lee', stage: '2', sort: 'email', direction: 'asc' });
  });

  it('adds the selected ids, comma-separated', () => {
    expect(toPatientExportParams(search, [12, 7])).toEqual({ search: 'lee', stage: '2', sort: 'email', direction: 'asc', ids: '12,7' });
  });
});

describe('patientSelectionKey', () => {
  it('changes with the search text and the filters, not with the sort or the page', () => {
    const base = { ...DEFAULT_PATIENT_SEARCH, filters: { stage: '1' } };
    const key = patientSelectionKey(base);
    expect(patientSelectionKey({ ...base, sort: 'email', direction: 'desc', page: 4, perPage: 100 })).toBe(key);
    expect(patientSelectionKey({ ...base, search: '  ' })).toBe(key);
    expect(patientSelectionKey({ ...base, filters: { stage: '2' } })).not.toBe(key);
    expect(patientSelectionKey({ ...base, search: 'lee' })).not.toBe(key);
  });
});

describe('searchFromLink', () => {
  const saved = { ...DEFAULT_PATIENT_SEARCH, search: 'doe', filters: { tag: '11' }, sort: 'surgery_date' as const, page: 3, columns: ['name', 'email'] as const };

  it('puts the filters of the address on a fresh search, keeping the sort, the page size and the columns', () => {
    expect(searchFromLink(saved, new URLSearchParams('status=1&stage=2'))).toEqual({
      ...saved,
      search: '',
      page: 1,
      filters: { status: '1', stage: '2' },
    });
    expect(searchFromLink(saved, new URLSearchParams('status=1&surgery_from=2026-03-10&surgery_to=2026-04-09'))?.filters).toEqual({
      status: '1',
      surgery_from: '2026-03-10',
      surgery_to: '2026-04-09',
    });
  });

  it('drops a value that does not validate, and gives null when the address names no filter', () => {
    expect(searchFromLink(saved, new URLSearchParams('status=1&stage=9&app=sometimes'))?.filters).toEqual({ status: '1' });
    expect(searchFromLink(saved, new URLSearchParams(''))).toBeNull();
    expect(searchFromLink(saved, new URLSearchParams('page=2&sort=name'))).toBeNull();
  });
});
