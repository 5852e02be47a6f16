/** The job queue's published interface: fastify.jobs (plugins/jobs.ts), on pg-boss. See docs/scheduler.md. */
export { SCHEDULE_SINGLETON_KEY, type JobHandler, type JobInfo, type Jobs, type SendOptions, type WorkOptions } from './job-queue';
