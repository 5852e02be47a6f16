import { useQuery } from '@tanstack/react-query';
import { getJson, queryOf } from '@baridesk/api-client';
import { SEMINAR_REPORT_PATHS, type ChecklistItemName, type LostGraph } from '@baridesk/contracts';
import { reportsKey, useReport, type ReportParams } from '../../../report-kit';

/** GET checklist-item-names?stage=: the titles of the program's checklist items (of a stage), for the item filter. */
export const useChecklistItemNames = (stage: string) =>
  useQuery({
    queryKey: [...reportsKey, SEMINAR_REPORT_PATHS.checklistItemNames, stage],
    queryFn: ({ signal }) =>
      getJson<{ data: ChecklistItemName[] }>(SEMINAR_REPORT_PATHS.checklistItemNames, { searchParams: queryOf({ stage }), signal }),
    staleTime: 5 * 60_000,
  });

/** GET lost-patients-line-graph-stats: the lost patients per week, month or quarter of the range. */
export const useLostGraph = (params: ReportParams) => useReport<LostGraph>(SEMINAR_REPORT_PATHS.lostGraph, params);
