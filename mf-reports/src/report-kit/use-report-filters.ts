import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { STAGES } from '@baridesk/domain';
import { validDay, type DateRange } from './report-ranges';

/** The filters every report takes (contracts/reports.ts, reportFilterEntries). */
export const REPORT_FILTER_KEYS = ['from', 'to', 'stage', 'tag', 'coordinator', 'surgery_type'] as const;
export type ReportFilterKey = (typeof REPORT_FILTER_KEYS)[number];

/** The report filters as a call sends them: unset ones undefined (queryOf leaves them out). */
export type ReportFilterQuery = Partial<Record<ReportFilterKey, string>>;

const isId = (value: string) => /^[1-9]\d{0,9}$/.test(value);
const stageIds = STAGES.map((stage) => String(stage.id));

/** Whether an address's value of a report filter can be sent; anything else (a hand-edited link) is ignored. */
function acceptable(key: string, value: string): boolean {
  switch (key) {
    case 'from':
    case 'to':
      return validDay(value) !== null;
    case 'stage':
      return stageIds.includes(value);
    case 'tag':
    case 'coordinator':
      return isId(value);
    default:
      return true;
  }
}

export type ReportFiltersOptions<E extends string> = {
  /** The range the report opens with (REPORT_RANGES); none: every day. */
  range?: () => DateRange;
  /** The report's own choices kept beside the filters (a time gap, a number of days), with their defaults. */
  extra?: Record<E, string>;
};

export type ReportFiltersState<E extends string = never> = {
  /** What the controls show: the address's value, else the default ('' for none). */
  values: Record<ReportFilterKey | E, string>;
  /** The common filters as a report call sends them. */
  query: ReportFilterQuery;
  set: (key: ReportFilterKey | E, value: string) => void;
  /** Back to the defaults. */
  clear: () => void;
  /** How many values differ from the defaults (shown on the small screens' Filters button). */
  activeCount: number;
};

/**
 * A report's filters, kept in the address's query string (?from=…&stage=2), so Back, a reload and a
 * shared link show the same report. A value equal to its default is left out of the address; a change
 * replaces the history entry rather than adding one, so Back leaves the report instead of undoing filters.
 */
export function useReportFilters<E extends string = never>(options: ReportFiltersOptions<E> = {}): ReportFiltersState<E> {
  const [params, setParams] = useSearchParams();
  // Computed once: a report left open over midnight keeps the range it showed.
  const [defaults] = useState(
    () =>
      ({
        ...Object.fromEntries(REPORT_FILTER_KEYS.map((key) => [key, ''])),
        ...options.range?.(),
        ...options.extra,
      }) as Record<ReportFilterKey | E, string>,
  );

  const values = useMemo(() => {
    const read = {} as Record<ReportFilterKey | E, string>;
    for (const key of Object.keys(defaults) as (ReportFilterKey | E)[]) {
      const value = params.get(key);
      read[key] = value !== null && value !== '' && acceptable(key, value) ? value : defaults[key];
    }
    return read;
  }, [params, defaults]);

  const set = useCallback(
    (key: ReportFilterKey | E, value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === '' || value === defaults[key]) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams, defaults],
  );

  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of Object.keys(defaults)) next.delete(key);
          return next;
        },
        { replace: true },
      ),
    [setParams, defaults],
  );

  const query = useMemo(
    () => Object.fromEntries(REPORT_FILTER_KEYS.map((key) => [key, values[key] || undefined])) as ReportFilterQuery,
    [values],
  );
  const activeCount = (Object.keys(defaults) as (ReportFilterKey | E)[]).filter((key) => values[key] !== defaults[key]).length;

  return { values, query, set, clear, activeCount };
}
