import type { FollowUpPage } from '@baridesk/contracts';
import { FOLLOW_UP_WINDOWS, parseDateTime } from '@baridesk/domain';
import { useReport, type DateRange, type ReportFilterQuery } from '../../../report-kit/index';

/** The worklist's calls (contracts/reports-outcomes.ts): one page of rows with the summary per window beside it. */
export const FOLLOW_UP_PATHS = { list: 'reports/follow-up', excel: 'reports/follow-up/excel' } as const;

/**
 * The surgery dates when the worklist opens: the server's default written out, back as far as the last
 * window reaches (its close day after surgery) to today.
 */
export const followUpRange = (now: Date = new Date()): DateRange => {
  const today = parseDateTime(now)!.startOf('day');
  const reach = FOLLOW_UP_WINDOWS[FOLLOW_UP_WINDOWS.length - 1]!.close;
  return { from: today.minus({ days: reach }).toISODate() ?? '', to: today.toISODate() ?? '' };
};

/** The smallest page the API takes (the rows are not shown). */
const SUMMARY_PAGE_SIZE = 5;

/**
 * The counts per window under the filters (the answer's `summary` ignores window and state): asked apart from the
 * list, with the fewest rows, so they stay put while the list is paged, searched or narrowed to one window.
 */
export const useFollowUpSummary = (filters: ReportFilterQuery) =>
  useReport<FollowUpPage>(FOLLOW_UP_PATHS.list, { ...filters, perPage: SUMMARY_PAGE_SIZE });
