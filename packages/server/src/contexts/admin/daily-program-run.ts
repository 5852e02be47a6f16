/**
 * A rule the super admins keep (a trophy card, a dynamic notification) is checked once a day for each
 * program's patients, at the program's early morning. Both runs are queued the way the automatic messages'
 * run is (docs/messaging.md "The daily run"): one hourly cron; each tick queues a job per program whose
 * local hour is the run's hour (`automaticRun.programsDue`), one per program and day (its singleton key),
 * so a tick repeated, two replicas or a Run now never run a program's day twice at once.
 */
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client';
import { programToday, usableZone } from '../../lib/program-day';

export interface DailyProgramRun {
  /** The job's name (`admin.<what>`). */
  job: string;
  /** The hourly cron (UTC) whose ticks queue the programs due. */
  cron: string;
  /** Programs run at once by one process. */
  concurrency: number;
  /** Runs one program's day; what it returns is logged. */
  run: (programId: number, day: string) => Promise<object>;
}

/** Every program with its local day at `at` (what Run now queues). */
export async function everyProgramDay(db: Db, at: Date): Promise<{ programId: number; day: string }[]> {
  const programs = await queryRows<{ id: number; timezone: string | null }>(db, sql`select id, timezone from programs order by id`);
  return programs.map((program) => ({ programId: program.id, day: programToday(at, usableZone(program.timezone)).toISODate()! }));
}

/**
 * Declares the run's queue and cron (call while the plugins register, with `jobs` and `automatic-run`
 * loaded). Answers `queueAll`, which queues every program's current day now (Run now) and says how many.
 */
export function registerDailyProgramRun(fastify: FastifyInstance, { job, cron, concurrency, run }: DailyProgramRun) {
  const queue = (programId: number, day: string) => fastify.jobs.send(job, { programId, day }, { singletonKey: `${programId}:${day}` });

  fastify.jobs.work<{ programId?: number; day?: string }>(
    job,
    async (data) => {
      // The cron's tick carries nothing: it queues the programs whose morning it is.
      if (data.programId === undefined || data.day === undefined) {
        for (const { programId, day } of await fastify.automaticRun.programsDue(fastify.clock.now())) await queue(programId, day);
        return;
      }
      const result = await run(data.programId, data.day);
      fastify.log.info({ job, programId: data.programId, day: data.day, ...result }, 'daily program run');
    },
    { concurrency },
  );
  fastify.addHook('onReady', async () => {
    if (fastify.jobs.workersOn) await fastify.jobs.schedule(job, cron, {}, { tz: 'UTC' });
  });

  return {
    async queueAll(): Promise<number> {
      const programs = await everyProgramDay(fastify.db, fastify.clock.now());
      for (const { programId, day } of programs) await queue(programId, day);
      return programs.length;
    },
  };
}

/**
 * The pictures of the inbox messages a rule's runs sent, `messageIds` a subquery of their ids (through the
 * rule's own send or award rows: no scan of every message). The rule's repository keeps these files when
 * its image is replaced (`filesShownElsewhere` of the resource kit).
 */
export async function imagesOfSentMessages(tx: Tx, messageIds: SQL): Promise<string[]> {
  const rows = await queryRows<{ image: string }>(tx, sql`select distinct m.image from messages m where m.image is not null and m.id in (${messageIds})`);
  return rows.map((row) => row.image);
}
