/** The job queue's published interface: fastify.jobs (plugins/jobs.ts), on pg-boss. See docs/scheduler.md. */
export type { JobHandler, JobInfo, Jobs, SendOptions, WorkOptions } from './job-queue';
