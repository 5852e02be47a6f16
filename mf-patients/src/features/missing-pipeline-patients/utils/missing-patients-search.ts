/**
 * The missing pipeline patients list's search (text, stage, sort and paging) and how it is kept: the
 * store holds it as `savedSearches.missingPipelinePatients` (spec section 4: browser storage holds the
 * "saved searches (… missing-pipeline patients)"), cleared with the others at logout.
 */
import { MISSING_PIPELINE_SORTS, type MissingPipelineQuery } from '@baridesk/contracts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type PageSizeOption } from '@baridesk/domain';

type Sort = (typeof MISSING_PIPELINE_SORTS)[number];

export type MissingPatientsSearch = {
  search: string;
  /** The stage filter as its control holds it: '1' to '3', or absent for every stage. */
  filters: { stage?: string };
  sort: Sort;
  direction: 'asc' | 'desc';
  page: number;
  perPage: PageSizeOption;
};

export const DEFAULT_MISSING_PATIENTS_SEARCH: MissingPatientsSearch = {
  search: '',
  filters: {},
  sort: 'name',
  direction: 'asc',
  page: 1,
  perPage: DEFAULT_PAGE_SIZE,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The saved search; a part that does not validate (an older build, a hand edit) falls back to its default. */
export function readMissingPatientsSearch(saved: unknown): MissingPatientsSearch {
  if (!isRecord(saved)) return DEFAULT_MISSING_PATIENTS_SEARCH;
  const stage = isRecord(saved.filters) ? saved.filters.stage : undefined;
  return {
    search: typeof saved.search === 'string' ? saved.search.slice(0, 254) : '',
    filters: typeof stage === 'string' && ['1', '2', '3'].includes(stage) ? { stage } : {},
    sort: (MISSING_PIPELINE_SORTS as readonly unknown[]).includes(saved.sort) ? (saved.sort as Sort) : 'name',
    direction: saved.direction === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(saved.page) && (saved.page as number) >= 1 ? (saved.page as number) : 1,
    perPage: (PAGE_SIZE_OPTIONS as readonly unknown[]).includes(saved.perPage) ? (saved.perPage as PageSizeOption) : DEFAULT_PAGE_SIZE,
  };
}

/** The query of GET /api/missing-pipeline-patients (blank search and stage left out). */
export type MissingPatientsParams = Omit<MissingPipelineQuery, 'search' | 'stage'> & Partial<Pick<MissingPipelineQuery, 'search' | 'stage'>>;

export function toMissingPatientsParams(search: MissingPatientsSearch): MissingPatientsParams {
  const text = search.search.trim();
  const stage = search.filters.stage;
  return {
    page: search.page,
    perPage: search.perPage,
    sort: search.sort,
    direction: search.direction,
    ...(text ? { search: text } : {}),
    ...(stage ? { stage: Number(stage) as 1 | 2 | 3 } : {}),
  };
}
