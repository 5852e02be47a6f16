import * as v from 'valibot';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@baridesk/domain';
import { DEFAULT_MAX_LENGTH, invalidValue, maxLength } from './messages';
import { flag01, hasNoNul, id } from './rules';

/** Page sizes a list accepts; 'All' returns every row (up to MAX_ALL_ROWS). */
export const PER_PAGE_VALUES = PAGE_SIZE_OPTIONS.filter((n): n is Exclude<typeof n, 'All'> => n !== 'All');
export const MAX_ALL_ROWS = 10_000;

const positiveInt = (field: string, fallback: number) =>
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, `The ${field} must be a whole number.`), v.transform(Number))]),
      v.integer(`The ${field} must be a whole number.`),
      v.minValue(1, `The ${field} must be at least 1.`),
    ),
    fallback,
  );

const perPage = v.optional(
  v.pipe(
    v.union(
      [v.literal('All'), v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.number())],
      'The perPage must be one of 5, 10, 15, 20, 50, 100 or All.',
    ),
    v.check(
      (n) => n === 'All' || (PER_PAGE_VALUES as readonly number[]).includes(n as number),
      'The perPage must be one of 5, 10, 15, 20, 50, 100 or All.',
    ),
  ),
  DEFAULT_PAGE_SIZE,
);

/** The `search` of a list: trimmed, at most 254 characters, no NUL. */
export const searchParam = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(DEFAULT_MAX_LENGTH, maxLength('search')),
    v.check(hasNoNul, invalidValue('search')),
  ),
);

const listEntries = <const S extends readonly [string, ...string[]]>(sortable: S, defaultSort: S[number]) => ({
  page: positiveInt('page', 1),
  perPage,
  search: searchParam,
  sort: v.optional(v.picklist(sortable, `The sort must be one of ${sortable.join(', ')}.`), defaultSort),
  direction: v.optional(v.picklist(['asc', 'desc'], 'The direction must be asc or desc.'), 'asc'),
});
type ListEntries<S extends readonly [string, ...string[]]> = ReturnType<typeof listEntries<S>>;

/** The `status` filter of a list: 0 or 1 (also "0", "1", false, true); absent means every status. */
const statusFilter = v.optional(flag01);

/**
 * The query every list takes: page, perPage, search, and a sort among the given columns; with
 * `{ status: true }`, also the `status` filter. Spread `.entries` into a v.object to add other filters.
 */
export function listQuery<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultSort: S[number],
  options: { status: true },
): v.ObjectSchema<ListEntries<S> & { status: typeof statusFilter }, undefined>;
export function listQuery<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultSort: S[number],
  options?: { status?: false },
): v.ObjectSchema<ListEntries<S>, undefined>;
export function listQuery<const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultSort: S[number],
  { status = false }: { status?: boolean } = {},
): v.ObjectSchema<v.ObjectEntries, undefined> {
  const entries = listEntries(sortable, defaultSort);
  return v.object(status ? { ...entries, status: statusFilter } : entries);
}

export type ListQuery<S extends string = string> = {
  page: number;
  perPage: number | 'All';
  search?: string | undefined;
  sort: S;
  direction: 'asc' | 'desc';
};

/** A page of rows, as every list answers: `{ data: { data, total, page, perPage } }`. */
export const pageOf = <T extends v.GenericSchema>(item: T) =>
  v.object({
    data: v.array(item),
    total: v.number(),
    page: v.number(),
    perPage: v.union([v.number(), v.literal('All')]),
  });

export type Page<T> = { data: T[]; total: number; page: number; perPage: number | 'All' };

/** `{ data: … }`, the envelope of every success. */
export const envelope = <T extends v.GenericSchema>(data: T) => v.object({ data, message: v.optional(v.string()) });

export const idParams = v.object({ id });

export const messageOnly = v.object({ message: v.string() });
export const flag = v.picklist([0, 1]);
