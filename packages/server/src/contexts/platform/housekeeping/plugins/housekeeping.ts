import fp from 'fastify-plugin';
import { SESSION_TIMEOUT_MINUTES } from '@baridesk/domain';
import type { AppOptions } from '../../../../app';
import { ADDRESS_FAILURE_WINDOW_MINUTES } from '../../../identity';

const EVERY_MS = 60 * 60_000;

/**
 * Hourly, deletes sessions that ended over a day ago and sign-in failures the throttle no longer counts.
 * Idempotent deletes, so any number of replicas may run it. (It moves to the scheduler service when that lands.)
 */
export default fp(
  async (fastify, options: AppOptions) => {
    if (options.housekeeping === false) return;
    const sweep = async () => {
      const now = fastify.clock.now();
      try {
        await fastify.sessions.prune(now, SESSION_TIMEOUT_MINUTES);
        await fastify.accounts.pruneAddressFailures(new Date(now.getTime() - 2 * ADDRESS_FAILURE_WINDOW_MINUTES * 60_000));
      } catch (error) {
        fastify.log.warn({ err: error }, 'housekeeping sweep failed; it runs again in an hour');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      timer = setInterval(sweep, EVERY_MS);
      timer.unref();
    });
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'housekeeping', dependencies: ['sessions-repository', 'accounts-repository'] },
);
