import fp from 'fastify-plugin';
import type { AppOptions } from '../../../app';

const EVERY_MS = 15 * 60_000;

/**
 * The daily pipeline sweep: every 15 minutes (and once at start-up) sweeps each program whose local day
 * has no finished sweep yet and whose local time is past 00:30 (see pipelineAutomation.sweepDue). Safe
 * on every replica: a program being swept elsewhere is left alone, and a sweep run twice makes no new
 * moves. Off when the app is built with `pipelineSweep: false` or `housekeeping: false` (tests).
 */
export default fp(
  async (fastify, options: AppOptions) => {
    if (options.housekeeping === false || options.pipelineSweep === false) return;
    const stopping = new AbortController();
    let running: Promise<void> | null = null;
    const sweep = () => {
      if (running) return; // the previous run is still going
      running = (async () => {
        try {
          const swept = await fastify.pipelineAutomation.sweepDue(fastify.clock.now(), { signal: stopping.signal });
          for (const result of swept) fastify.log.info(result, 'pipeline sweep finished');
        } catch (error) {
          if (!stopping.signal.aborted) fastify.log.error({ err: error }, 'pipeline sweep failed; it is tried again in 15 minutes');
        } finally {
          running = null;
        }
      })();
    };
    let timer: NodeJS.Timeout | undefined;
    fastify.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, EVERY_MS);
      timer.unref();
    });
    fastify.addHook('onClose', async () => {
      clearInterval(timer);
      // Stops between two batches; what was written stays, and the next run finishes the day.
      stopping.abort();
      await running;
    });
  },
  { name: 'pipeline-sweep', dependencies: ['pipeline-automation'] },
);
