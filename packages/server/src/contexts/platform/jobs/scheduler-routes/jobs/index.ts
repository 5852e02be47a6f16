import type { FastifyInstance } from 'fastify';
import { type SchedulerJob, schedulerJobsQuery, schedulerJobsResponse } from '@baridesk/contracts';
import type { ValibotTypeProvider } from '../../../../../lib/valibot';
import type { JobRecord } from '../../job-queue';

/** Pages are bounded: 'All' of the jobs view is this many rows at most. */
const MAX_ALL_JOBS = 1000;

/**
 * GET /scheduler/api/jobs?state=failed&name=&page=&perPage=: the queue's jobs in one state, newest first,
 * for super admins: a job that used up its retries stays here (failed) for 14 days with its error.
 */
export default async function schedulerJobsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  app.get(
    '',
    {
      config: { access: 'super_admin' },
      schema: { querystring: schedulerJobsQuery, response: { 200: schedulerJobsResponse }, tags: ['Scheduler'] },
    },
    async (request) => {
      const { state, name, page, perPage } = request.query;
      const limit = perPage === 'All' ? MAX_ALL_JOBS : perPage;
      const { data, total } = await fastify.jobs.list({ state, name, limit, offset: perPage === 'All' ? 0 : (page - 1) * limit });
      return { data: { data: data.map(shown), total, page: perPage === 'All' ? 1 : page, perPage } };
    },
  );
}

function shown(job: JobRecord): SchedulerJob {
  return {
    id: job.id,
    name: job.name,
    state: job.state,
    data: idsOnly(job.data),
    error: job.error,
    retry_count: job.retryCount,
    retry_limit: job.retryLimit,
    created_at: job.createdOn.toISOString(),
    start_after: job.startAfter.toISOString(),
    started_at: job.startedOn?.toISOString() ?? null,
    completed_at: job.completedOn?.toISOString() ?? null,
  };
}

/** The job data's numbers, booleans and nulls (ids, counts, flags); text could be anything, so it is left out. */
function idsOnly(data: unknown): SchedulerJob['data'] {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const kept: SchedulerJob['data'] = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) kept[key] = value;
  }
  return kept;
}
