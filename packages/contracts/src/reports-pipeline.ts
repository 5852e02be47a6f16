/**
 * The Patient Pipeline report (lane S2): GET /api/reports/pipeline, /moves, /moves/excel. Every figure is of
 * the caller's program and its patients with status 1; the shared report filters (contracts/reports.ts)
 * narrow the patients, and `from`/`to` are the period of the moves (by default the last
 * PIPELINE_REPORT_DEFAULT_DAYS days to the program's today).
 */
import * as v from 'valibot';
import { envelope, listQuery, pageOf } from './common';
import { patientStageSchema } from './patients';
import { reportFilterEntries, reportFilterChecks } from './reports';

export const PIPELINE_REPORT_DEFAULT_DAYS = 90;

/** GET /api/reports/pipeline?from&to&stage&tag&coordinator&surgery_type */
const pipelineReportEntries = v.object({ ...reportFilterEntries });
export const pipelineReportQuery = v.pipe(pipelineReportEntries, ...reportFilterChecks<v.InferOutput<typeof pipelineReportEntries>>());
export type PipelineReportQuery = v.InferOutput<typeof pipelineReportQuery>;

export const pipelineReportStatusSchema = v.object({
  id: v.number(),
  name: v.string(),
  /** Patients in this status now. */
  patients: v.number(),
  /** Moves into this status in the period. */
  moves_in: v.number(),
  /**
   * The mean days a patient stayed in this status, over the stays that ended in the period (a move out of it),
   * to 1 decimal; null when none ended.
   */
  average_days: v.nullable(v.number()),
});
export type PipelineReportStatus = v.InferOutput<typeof pipelineReportStatusSchema>;

export const pipelineReportSchema = v.object({
  /** The period the moves were counted in (the defaults filled in), "yyyy-MM-dd". */
  from: v.string(),
  to: v.string(),
  /** Each stage (or the one asked for) with its live statuses in board order. */
  stages: v.array(v.object({ stage: patientStageSchema, statuses: v.array(pipelineReportStatusSchema) })),
  /**
   * Seminar to surgery: the cohort is the patients whose first attended Seminar or Webinar falls in the period;
   * `operated` those of them with a surgery date on or after it (up to today); `rate` operated / cohort in
   * percent to 1 decimal (null with an empty cohort); `median_days` from the seminar to the surgery.
   */
  conversion: v.object({
    cohort: v.number(),
    operated: v.number(),
    rate: v.nullable(v.number()),
    median_days: v.nullable(v.number()),
  }),
});
export type PipelineReport = v.InferOutput<typeof pipelineReportSchema>;
export const pipelineReportResponse = envelope(pipelineReportSchema);

export const PIPELINE_MOVES_SORTS = ['moved_at', 'name'] as const;
export type PipelineMovesSort = (typeof PIPELINE_MOVES_SORTS)[number];

/**
 * A paged report's query (the filters, the report's own entries, search, sort, direction, page, perPage) and its
 * export's (the same without page and perPage: every row in the same order).
 */
export function pagedReportQueries<const E extends v.ObjectEntries, const S extends readonly [string, ...string[]]>(
  entries: E,
  sortable: S,
  defaultSort: S[number],
  defaultDirection: 'asc' | 'desc',
) {
  const { page, perPage, ...criteria } = listQuery(sortable, defaultSort).entries;
  const direction = v.optional(v.picklist(['asc', 'desc'], 'The direction must be asc or desc.'), defaultDirection);
  const excel = v.object({ ...reportFilterEntries, ...entries, ...criteria, direction });
  const list = v.object({ ...excel.entries, page, perPage });
  return {
    list: v.pipe(list, ...reportFilterChecks<v.InferOutput<typeof list>>()),
    excel: v.pipe(excel, ...reportFilterChecks<v.InferOutput<typeof excel>>()),
  };
}

/**
 * GET /api/reports/pipeline/moves: the moves of the period of the filtered patients, paged (search looks in
 * patients' names), newest first unless told; /moves/excel takes the same without page and perPage.
 */
const pipelineMoves = pagedReportQueries({}, PIPELINE_MOVES_SORTS, 'moved_at', 'desc');
export const pipelineMovesQuery = pipelineMoves.list;
export type PipelineMovesQuery = v.InferOutput<typeof pipelineMovesQuery>;
export const pipelineMovesExcelQuery = pipelineMoves.excel;
export type PipelineMovesExcelQuery = v.InferOutput<typeof pipelineMovesExcelQuery>;

/** One move: `id` is the patient's (the row opens the patient), `move_id` the move's own. */
export const pipelineMoveRowSchema = v.object({
  move_id: v.number(),
  id: v.number(),
  name: v.string(),
  /** The stage of the board the move was on. */
  stage: patientStageSchema,
  from_status: v.nullable(v.string()),
  to_status: v.nullable(v.string()),
  /** ISO 8601 instant. */
  moved_at: v.string(),
  /** 'rule' when an automation rule moved the patient, else 'staff'. */
  moved_by: v.picklist(['staff', 'rule']),
});
export type PipelineMoveRow = v.InferOutput<typeof pipelineMoveRowSchema>;
export const pipelineMovesResponse = envelope(pageOf(pipelineMoveRowSchema));
