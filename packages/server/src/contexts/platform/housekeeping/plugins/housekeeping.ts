import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_TIMEOUT_MINUTES } from '@baridesk/domain';
import type { AppOptions } from '../../../../app';
import { ADDRESS_FAILURE_WINDOW_MINUTES } from '../../../identity';

/** The job (a cron at minute 0 of every hour, UTC: the clean-up knows no program's day). */
export const HOUSEKEEPING_JOB = 'platform.housekeeping';
const EVERY_HOUR = '0 * * * *';

/**
 * One clean-up run: sessions that ended over a day ago, sign-in failures the throttle no longer counts,
 * uploads no record claimed within UPLOAD_UNCLAIMED_HOURS, and background exports past their expiry
 * (their files and rows, docs/exports.md). Each part on its own, so one failing does
 * not stop the others; all are idempotent and safe on several replicas at once. Answers the parts that
 * failed (logged).
 */
export async function runHousekeeping(fastify: FastifyInstance): Promise<string[]> {
  const now = fastify.clock.now();
  const jobs: [string, () => Promise<unknown>][] = [
    ['sessions', () => fastify.sessions.prune(now, SESSION_TIMEOUT_MINUTES)],
    ['sign-in failures', () => fastify.accounts.pruneAddressFailures(new Date(now.getTime() - 2 * ADDRESS_FAILURE_WINDOW_MINUTES * 60_000))],
    [
      'unclaimed uploads',
      async () => {
        const { removed, failed } = await fastify.uploads.sweepUnclaimed(new Date(now.getTime() - fastify.config.uploadUnclaimedHours * 3_600_000));
        if (removed > 0) fastify.log.info({ removed }, 'housekeeping deleted unclaimed uploads');
        if (failed > 0) fastify.log.warn({ failed }, 'housekeeping could not delete some unclaimed uploads; they are tried again at the next run');
      },
    ],
    [
      'expired report exports',
      async () => {
        const removed = await fastify.reportExports.sweepExpired(now);
        if (removed > 0) fastify.log.info({ removed }, 'housekeeping deleted expired report exports');
      },
    ],
  ];
  const failed: string[] = [];
  for (const [job, run] of jobs) {
    try {
      await run();
    } catch (error) {
      failed.push(job);
      fastify.log.warn({ err: error, job }, 'housekeeping part failed; the job is retried');
    }
  }
  return failed;
}

/**
 * The hourly housekeeping job on the queue: a part that failed fails the run, so it is retried (every part
 * is idempotent) and, after its retries, shows in the failed jobs (GET /scheduler/api/jobs).
 */
export default fp(
  async (fastify, options: AppOptions) => {
    if (options.housekeeping === false) return;
    const { jobs } = fastify;
    jobs.work(
      HOUSEKEEPING_JOB,
      async () => {
        const failed = await runHousekeeping(fastify);
        if (failed.length > 0) throw new Error(`Housekeeping could not finish: ${failed.join(', ')}.`);
      },
      { retryLimit: 3, retryDelaySeconds: 60 },
    );
    // The schedule lives in the database; every process that runs jobs (re)writes the same one.
    if (jobs.workersOn) fastify.addHook('onReady', () => jobs.schedule(HOUSEKEEPING_JOB, EVERY_HOUR, {}));
  },
  { name: 'housekeeping', dependencies: ['sessions-repository', 'accounts-repository', 'uploads', 'jobs', 'report-exports'] },
);
