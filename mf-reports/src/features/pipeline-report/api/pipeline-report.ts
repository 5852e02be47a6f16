import { PIPELINE_REPORT_DEFAULT_DAYS, type PipelineReport } from '@baridesk/contracts';
import { parseDateTime } from '@baridesk/domain';
import { useReport, type DateRange, type ReportFilterQuery } from '../../../report-kit/index';

/** The report's calls (contracts/reports-pipeline.ts). */
export const PIPELINE_REPORT_PATHS = {
  report: 'reports/pipeline',
  moves: 'reports/pipeline/moves',
  movesExcel: 'reports/pipeline/moves/excel',
} as const;

/** The period of the moves when the report opens: the server's default (the last 90 days to today), written out. */
export const pipelineReportRange = (now: Date = new Date()): DateRange => {
  const today = parseDateTime(now)!.startOf('day');
  return { from: today.minus({ days: PIPELINE_REPORT_DEFAULT_DAYS }).toISODate() ?? '', to: today.toISODate() ?? '' };
};

/** GET /api/reports/pipeline: patients, moves in and mean days per status of each stage, and the seminar-to-surgery conversion. */
export const usePipelineReport = (filters: ReportFilterQuery) => useReport<PipelineReport>(PIPELINE_REPORT_PATHS.report, filters);
