import Fastify from 'fastify';
import fp from 'fastify-plugin';
import type { AdCountEvent } from '@baridesk/contracts';
import adCountsPlugin, { AD_FLUSH_MS, createAdCounter } from './ad-counts';

type Counts = Record<AdCountEvent, number>;

/** A repository in memory: the rows' counters, and writes that can be held open or made to fail. */
function fakeRepository(ids: number[]) {
  const rows = new Map(ids.map((id) => [id, { impression: 0, click: 0 }]));
  const state = { countableReads: 0, failNext: false, hold: null as Promise<void> | null, writes: 0 };
  return {
    rows,
    state,
    async countableIds() {
      state.countableReads += 1;
      return new Set(rows.keys());
    },
    async addCounts(counts: ReadonlyMap<number, Counts>) {
      // Copied as the statement's parameters are, before the write waits.
      const sent = [...counts].map(([id, n]) => [id, { ...n }] as const);
      if (state.hold) await state.hold;
      if (state.failNext) {
        state.failNext = false;
        throw new Error('connection lost');
      }
      state.writes += 1;
      for (const [id, n] of sent) {
        const row = rows.get(id);
        if (row) {
          row.impression += n.impression;
          row.click += n.click;
        }
      }
    },
    async resetStats(_kind: 'banner' | 'discount', id: number, at: Date) {
      if (state.hold) await state.hold;
      const row = rows.get(id);
      if (!row) return null;
      row.impression = 0;
      row.click = 0;
      return { id, impressions: 0, clicks: 0, ctr: null, stats_reset_at: at.toISOString() };
    },
  };
}

const counted = async (counter: ReturnType<typeof createAdCounter>, id: number, event: AdCountEvent, times: number) => {
  for (let i = 0; i < times; i += 1) expect(await counter.count(id, event)).toBe(true);
};

describe('the ad counter', () => {
  it('writes nothing per count, then one write of every ad counted; an unknown ad is not counted', async () => {
    const repository = fakeRepository([1, 2]);
    const counter = createAdCounter(repository);
    await counted(counter, 1, 'impression', 5);
    await counted(counter, 1, 'click', 2);
    await counted(counter, 2, 'impression', 3);
    expect(await counter.count(99, 'impression')).toBe(false);
    expect(repository.state.writes).toBe(0);
    expect(counter.pendingCount()).toBe(10);
    expect(await counter.flush()).toBe(2);
    expect(repository.state.writes).toBe(1);
    expect(Object.fromEntries(repository.rows)).toEqual({ 1: { impression: 5, click: 2 }, 2: { impression: 3, click: 0 } });
    expect(counter.pendingCount()).toBe(0);
    // Nothing new: no write at all.
    expect(await counter.flush()).toBe(0);
    expect(repository.state.writes).toBe(1);
  });

  it('loses and doubles nothing: counts made while a write is under way go to the next one', async () => {
    const repository = fakeRepository([1]);
    const counter = createAdCounter(repository);
    await counted(counter, 1, 'impression', 4);
    let release!: () => void;
    repository.state.hold = new Promise((resolve) => (release = resolve));
    const first = counter.flush();
    await counted(counter, 1, 'impression', 3);
    // A second flush (the timer, or the close) waits for the first instead of sending its counts again.
    const second = counter.flush();
    repository.state.hold = null;
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(repository.rows.get(1)).toEqual({ impression: 7, click: 0 });
    expect(await counter.flush()).toBe(0);
    expect(repository.rows.get(1)).toEqual({ impression: 7, click: 0 });
  });

  it('keeps the counts of a failed write for the next one, with those made since', async () => {
    const repository = fakeRepository([1, 2]);
    const counter = createAdCounter(repository);
    await counted(counter, 1, 'click', 2);
    repository.state.failNext = true;
    await expect(counter.flush()).rejects.toThrow('connection lost');
    expect(repository.rows.get(1)).toEqual({ impression: 0, click: 0 });
    await counted(counter, 1, 'click', 1);
    await counted(counter, 2, 'impression', 1);
    expect(counter.pendingCount()).toBe(4);
    expect(await counter.flush()).toBe(2);
    expect(Object.fromEntries(repository.rows)).toEqual({ 1: { impression: 0, click: 3 }, 2: { impression: 1, click: 0 } });
  });

  it('a reset drops the counts made before it, waits for a write under way, and keeps those made after', async () => {
    const repository = fakeRepository([1, 2]);
    const counter = createAdCounter(repository);
    await counted(counter, 1, 'impression', 5);
    await counted(counter, 2, 'impression', 2);
    let release!: () => void;
    repository.state.hold = new Promise((resolve) => (release = resolve));
    const writing = counter.flush();
    await counted(counter, 1, 'impression', 3);
    const reset = counter.resetStats('banner', 1, new Date('2026-11-27T07:00:00Z'));
    repository.state.hold = null;
    release();
    await writing;
    expect(await reset).toMatchObject({ id: 1, impressions: 0 });
    // The write of 5 landed before the reset, the 3 made before the reset went with it.
    expect(repository.rows.get(1)).toEqual({ impression: 0, click: 0 });
    await counted(counter, 1, 'impression', 1);
    await counter.flush();
    expect(Object.fromEntries(repository.rows)).toEqual({ 1: { impression: 1, click: 0 }, 2: { impression: 2, click: 0 } });
  });

  it('reads which ads are countable at most once per interval, and again at once after a change here', async () => {
    const repository = fakeRepository([1]);
    let clock = 0;
    const counter = createAdCounter(repository, () => clock);
    await Promise.all([counter.count(1, 'impression'), counter.count(1, 'impression'), counter.count(1, 'click')]);
    expect(repository.state.countableReads).toBe(1);
    clock += AD_FLUSH_MS - 1;
    await counter.count(1, 'impression');
    expect(repository.state.countableReads).toBe(1);
    clock += 1;
    await counter.count(1, 'impression');
    expect(repository.state.countableReads).toBe(2);
    counter.invalidate();
    await counter.count(1, 'impression');
    expect(repository.state.countableReads).toBe(3);
  });
});

describe('the ad counts plugin', () => {
  it('writes what is left when the app closes, before the database closes', async () => {
    const repository = fakeRepository([1]);
    const events: string[] = [];
    const app = Fastify();
    // Stand-ins named as the real plugins, registered in the same order.
    await app.register(
      fp(
        async (f) => {
          f.addHook('onClose', async () => void events.push('database closed'));
        },
        { name: 'database' },
      ),
    );
    await app.register(
      fp(
        async (f) => {
          f.decorate('ads', {
            ...repository,
            addCounts: async (counts: ReadonlyMap<number, Counts>) => {
              events.push(events.includes('database closed') ? 'write after close' : 'write');
              return repository.addCounts(counts);
            },
          } as never);
        },
        { name: 'ads-repository', dependencies: ['database'] },
      ),
    );
    await app.register(adCountsPlugin);
    await app.ready();
    await counted(app.adCounts, 1, 'impression', 3);
    await counted(app.adCounts, 1, 'click', 1);
    await app.close();
    expect(events).toEqual(['write', 'database closed']);
    expect(repository.rows.get(1)).toEqual({ impression: 3, click: 1 });
  });

  it('writes every second by itself', async () => {
    const repository = fakeRepository([1]);
    const app = Fastify();
    await app.register(
      fp(
        async (f) => {
          f.decorate('ads', repository as never);
        },
        { name: 'ads-repository' },
      ),
    );
    await app.register(adCountsPlugin);
    await app.ready();
    try {
      await counted(app.adCounts, 1, 'impression', 2);
      const deadline = Date.now() + 3 * AD_FLUSH_MS;
      while (repository.rows.get(1)!.impression < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(repository.rows.get(1)).toEqual({ impression: 2, click: 0 });
    } finally {
      await app.close();
    }
  });
});
