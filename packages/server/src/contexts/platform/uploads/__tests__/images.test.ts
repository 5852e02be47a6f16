import { turns } from '../images';

describe('turns', () => {
  it('runs at most `max` tasks at once, the rest first come first served, and frees the slot of a failed task', async () => {
    const inTurn = turns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (id: number, fail = false) => async () => {
      started.push(id);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (fail) throw new Error(`task ${id} failed`);
      return id;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((id) => inTurn(task(id, id === 2))));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    // All slots are free again: two more start at once.
    await Promise.all([inTurn(task(7)), inTurn(task(8))]);
    expect(most).toBe(2);
  });
});
