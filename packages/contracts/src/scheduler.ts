import * as v from 'valibot';
import { envelope, listQuery, pageOf } from './common';

/** The states of a job on the queue (pg-boss's): queued, waiting to retry, running, and the three ends. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

const pageEntries = listQuery(['created_on'], 'created_on').entries;

/** GET /scheduler/api/jobs: the jobs in one state (failed by default), of one queue or all, newest first. */
export const schedulerJobsQuery = v.object({
  state: v.optional(v.picklist(JOB_STATES, `The state must be one of ${JOB_STATES.join(', ')}.`), 'failed'),
  name: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,100}$/, 'The name must be a job name such as pipeline.sweep.'))),
  page: pageEntries.page,
  perPage: pageEntries.perPage,
});
export type SchedulerJobsQuery = v.InferOutput<typeof schedulerJobsQuery>;

/**
 * A job as the jobs view shows it. `data` keeps only the numbers, booleans and nulls of the job's data (ids,
 * counts, flags): a job carries ids, never patient data, and this view could not tell one from the other.
 */
export const schedulerJobSchema = v.object({
  id: v.string(),
  name: v.string(),
  state: v.picklist(JOB_STATES),
  data: v.record(v.string(), v.union([v.number(), v.boolean(), v.null()])),
  /** The last failure's message (failed or waiting to retry), else null. */
  error: v.nullable(v.string()),
  retry_count: v.number(),
  retry_limit: v.number(),
  created_at: v.string(),
  start_after: v.string(),
  started_at: v.nullable(v.string()),
  completed_at: v.nullable(v.string()),
});
export type SchedulerJob = v.InferOutput<typeof schedulerJobSchema>;

export const schedulerJobsResponse = envelope(pageOf(schedulerJobSchema));

/** GET /scheduler/api/health: 200 once the database answers; whether this process runs the jobs. */
export const schedulerHealthResponse = envelope(
  v.object({ status: v.literal('ok'), database: v.picklist(['pglite', 'postgres']), workers: v.boolean() }),
);
