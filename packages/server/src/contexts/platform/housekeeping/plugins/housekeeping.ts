import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_TIMEOUT_MINUTES } from '@baridesk/domain';
import type { AppOptions } from '../../../../app';
import { ADDRESS_FAILURE_WINDOW_MINUTES } from '../../../identity';

const EVERY_MS = 60 * 60_000;

/**
 * One clean-up run: sessions that ended over a day ago, sign-in failures the throttle no longer counts,
 * and uploads no record claimed within UPLOAD_UNCLAIMED_HOURS. Each job on its own, so one failing does
 * not stop the others; all are idempotent and safe on several replicas at once.
 */
export async function runHousekeeping(fastify: FastifyInstance): Promise<void> {
  const now = fastify.clock.now();
  const jobs: [string, () => Promise<unknown>][] = [
    ['sessions', () => fastify.sessions.prune(now, SESSION_TIMEOUT_MINUTES)],
    ['sign-in failures', () => fastify.accounts.pruneAddressFailures(new Date(now.getTime() - 2 * ADDRESS_FAILURE_WINDOW_MINUTES * 60_000))],
    [
      'unclaimed uploads',
      async () => {
        const { removed, failed } = await fastify.uploads.sweepUnclaimed(new Date(now.getTime() - fastify.config.uploadUnclaimedHours * 3_600_000));
        if (removed > 0) fastify.log.info({ removed }, 'housekeeping deleted unclaimed uploads');
        if (failed > 0) fastify.log.warn({ failed }, 'housekeeping could not delete some unclaimed uploads; they are tried again in an hour');
      },
    ],
  ];
  for (const [job, run] of jobs) {
    try {
      await run();
    } catch (error) {
      fastify.log.warn({ err: error, job }, 'housekeeping job failed; it runs again in an hour');
    }
  }
}

/** Runs `runHousekeeping` hourly. (It moves to the scheduler service when that lands.) */
export default fp(
  async (fastify, options: AppOptions) => {
    if (options.housekeeping === false) return;
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      timer = setInterval(() => void runHousekeeping(fastify), EVERY_MS);
      timer.unref();
    });
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'housekeeping', dependencies: ['sessions-repository', 'accounts-repository', 'uploads'] },
);
