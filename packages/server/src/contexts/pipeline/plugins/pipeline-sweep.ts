import fp from 'fastify-plugin';
import type { AppOptions } from '../../../app';
import { SCHEDULE_SINGLETON_KEY } from '../../platform/jobs';

/** The job of the daily pipeline sweep. */
export const PIPELINE_SWEEP_JOB = 'pipeline.sweep';
/**
 * Every 15 minutes (UTC): each run sweeps the programs whose local day has no finished sweep yet and whose
 * local time is past 00:30 (pipelineAutomation.sweepDue). So each program is swept once a day, early in
 * its own time zone, without a schedule per program to keep in step with the programs' zones (docs/scheduler.md).
 */
const EVERY_15_MINUTES = '*/15 * * * *';

/**
 * The daily pipeline sweep on the job queue. Safe on every replica: a program being swept elsewhere is
 * left alone, and a sweep run twice makes no new moves. Stopped between two batches when the process
 * stops (the job is retried; the next run finishes the day). Off with `pipelineSweep: false`
 * (PIPELINE_SWEEP=0), which also removes its schedule.
 */
export default fp(
  async (fastify, options: AppOptions) => {
    const { jobs } = fastify;
    if (options.pipelineSweep === false) {
      if (jobs.workersOn) fastify.addHook('onReady', () => jobs.unschedule(PIPELINE_SWEEP_JOB));
      return;
    }
    jobs.work(
      PIPELINE_SWEEP_JOB,
      async (_data, { signal }) => {
        const swept = await fastify.pipelineAutomation.sweepDue(fastify.clock.now(), { signal });
        for (const result of swept) fastify.log.info(result, 'pipeline sweep finished');
      },
      // A sweep of many programs may run long; the 15-minute cron retries sooner than a back-off would.
      { retryLimit: 2, retryDelaySeconds: 60, expireInSeconds: 3600 },
    );
    if (!jobs.workersOn) return;
    fastify.addHook('onReady', async () => {
      await jobs.schedule(PIPELINE_SWEEP_JOB, EVERY_15_MINUTES, {});
      // And a run at start-up, as the schedule's (one at a time): a day missed while nothing ran is swept now.
      await jobs.send(PIPELINE_SWEEP_JOB, {}, { singletonKey: SCHEDULE_SINGLETON_KEY });
    });
  },
  { name: 'pipeline-sweep', dependencies: ['pipeline-automation', 'jobs'] },
);
