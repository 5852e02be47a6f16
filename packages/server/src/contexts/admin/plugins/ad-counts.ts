/**
 * The patient app's ad impressions and clicks, counted in this process's memory and written as
 * increments once a second (`update ads set impressions = impressions + n …`, one statement for every
 * ad counted since the last write) and when the app closes. A request writes no row: the target is
 * 2,000 counts a second per two cores (docs/admin.md "Ads").
 *
 * Neither lost nor doubled: a write takes the counts gathered so far and leaves a fresh map for the
 * counts arriving meanwhile; a write that fails puts its counts back for the next one. Writes and
 * resets run one at a time, so a reset never meets a write of counts from before it. What a crash can
 * lose: the counts of at most the last second (and of a write the database was refusing).
 *
 * This is per-process state, so it is a timer of the process and not a job of the queue (which runs
 * in whichever process picks it up and could not reach these counts).
 */
import fp from 'fastify-plugin';
import type { AdCountEvent } from '@baridesk/contracts';
import type { AdKind, AdsRepository } from './ads-repository';

declare module 'fastify' {
  interface FastifyInstance {
    adCounts: AdCounter;
  }
}

/** How often the counts are written, and how long the set of countable ads is trusted. */
export const AD_FLUSH_MS = 1000;

type Counts = Record<AdCountEvent, number>;

export function createAdCounter(repository: Pick<AdsRepository, 'addCounts' | 'countableIds' | 'resetStats'>, now: () => number = Date.now) {
  let pending = new Map<number, Counts>();
  // Writes and resets in turn: each waits for the one before it (whether that one failed or not).
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  // The ids the app may count, read at most once per AD_FLUSH_MS (and at once after a change here).
  let countable: { ids: Set<number>; readAt: number } | null = null;
  let reading: Promise<Set<number>> | null = null;
  const countableIds = async (): Promise<Set<number>> => {
    if (countable && now() - countable.readAt < AD_FLUSH_MS) return countable.ids;
    reading ??= repository
      .countableIds()
      .then((ids) => {
        countable = { ids, readAt: now() };
        return ids;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  const add = (into: Map<number, Counts>, id: number, counts: Counts) => {
    const held = into.get(id);
    if (held) {
      held.impression += counts.impression;
      held.click += counts.click;
    } else {
      into.set(id, { ...counts });
    }
  };

  return {
    /** Counts one impression or click of an ad the app may show; false (nothing counted) for an unknown or inactive ad. */
    async count(id: number, event: AdCountEvent): Promise<boolean> {
      if (!(await countableIds()).has(id)) return false;
      add(pending, id, { impression: event === 'impression' ? 1 : 0, click: event === 'click' ? 1 : 0 });
      return true;
    },

    /** Writes the counts gathered so far as increments; how many ads it wrote. On failure they stay for the next write. */
    flush(): Promise<number> {
      return inTurn(async () => {
        if (pending.size === 0) return 0;
        const taken = pending;
        pending = new Map();
        try {
          await repository.addCounts(taken);
        } catch (error) {
          for (const [id, counts] of taken) add(pending, id, counts);
          throw error;
        }
        return taken.size;
      });
    },

    /**
     * Zeroes an ad's counters, between two writes: the counts of it still in memory were made before
     * the reset and are dropped with it. (Another process's last second may still land after it.)
     */
    resetStats(kind: AdKind, id: number, at: Date) {
      return inTurn(async () => {
        // Dropped before the write: counts arriving while it runs come after the reset and stay.
        const dropped = pending.get(id);
        pending.delete(id);
        try {
          const row = await repository.resetStats(kind, id, at);
          if (!row && dropped) add(pending, id, dropped);
          return row;
        } catch (error) {
          if (dropped) add(pending, id, dropped);
          throw error;
        }
      });
    },

    /** An ad or set was changed in this process: the next count reads which ads are countable again. */
    invalidate() {
      countable = null;
    },

    /** The counts not written yet (for tests and the close). */
    pendingCount(): number {
      let total = 0;
      for (const counts of pending.values()) total += counts.impression + counts.click;
      return total;
    },
  };
}

export type AdCounter = ReturnType<typeof createAdCounter>;

export default fp(
  async (fastify) => {
    const counter = createAdCounter(fastify.ads);
    fastify.decorate('adCounts', counter);
    const flush = () =>
      counter.flush().catch((error: unknown) => fastify.log.error({ err: error, pending: counter.pendingCount() }, 'could not write the ad counts; kept for the next try'));
    const timer = setInterval(() => void flush(), AD_FLUSH_MS);
    timer.unref();
    // Registered after the database plugin, so this runs before the database closes (onClose runs last-in, first-out).
    fastify.addHook('onClose', async () => {
      clearInterval(timer);
      await flush();
    });
  },
  { name: 'ad-counts', dependencies: ['ads-repository'] },
);
