import { SidebarCache, type ProgramSidebar } from './sidebar-cache';
import type { StaffScope } from '../../lib/scope';

const scopeOf = (programId: number) => ({ programId }) as StaffScope;

/** A loader that answers each program's reads in turn (a section named after the read's number) and counts them. */
function loader() {
  const reads = new Map<number, number>();
  const gates: Array<() => void> = [];
  let held = false;
  const load = async (scope: StaffScope): Promise<ProgramSidebar> => {
    const read = (reads.get(scope.programId) ?? 0) + 1;
    reads.set(scope.programId, read);
    if (held) await new Promise<void>((resolve) => gates.push(resolve));
    return {
      fromSubMenuManagers: [],
      dynamicContentSections: [{ id: read, name: `program ${scope.programId} read ${read}`, status: 1, created_at: '', updated_at: '' }],
    };
  };
  return {
    load,
    reads: (programId: number) => reads.get(programId) ?? 0,
    /** Later reads wait until release(). */
    hold: () => (held = true),
    release: () => {
      held = false;
      for (const open of gates.splice(0)) open();
    },
  };
}

const nameOf = (value: ProgramSidebar) => value.dynamicContentSections[0]?.name;

describe('SidebarCache', () => {
  it('reads a program once, then answers from memory until its time to live', async () => {
    const l = loader();
    const cache = new SidebarCache(1000, 10, l.load);
    expect(nameOf(await cache.get(scopeOf(101), 0))).toBe('program 101 read 1');
    expect(nameOf(await cache.get(scopeOf(101), 1000))).toBe('program 101 read 1');
    expect(l.reads(101)).toBe(1);
    expect(nameOf(await cache.get(scopeOf(101), 1001))).toBe('program 101 read 2');
  });

  it('keeps each program under its own key', async () => {
    const l = loader();
    const cache = new SidebarCache(1000, 10, l.load);
    await cache.get(scopeOf(101), 0);
    expect(nameOf(await cache.get(scopeOf(102), 0))).toBe('program 102 read 1');
    expect(nameOf(await cache.get(scopeOf(101), 0))).toBe('program 101 read 1');
  });

  it('evicts one program and leaves the others', async () => {
    const l = loader();
    const cache = new SidebarCache(1000, 10, l.load);
    await cache.get(scopeOf(101), 0);
    await cache.get(scopeOf(102), 0);
    cache.evictProgram(101);
    expect(nameOf(await cache.get(scopeOf(101), 1))).toBe('program 101 read 2');
    expect(nameOf(await cache.get(scopeOf(102), 1))).toBe('program 102 read 1');
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('drops the least recently used program beyond its size', async () => {
    const l = loader();
    const cache = new SidebarCache(1000, 2, l.load);
    await cache.get(scopeOf(1), 0);
    await cache.get(scopeOf(2), 0);
    await cache.get(scopeOf(1), 1);
    await cache.get(scopeOf(3), 2);
    expect(cache.size).toBe(2);
    await cache.get(scopeOf(1), 3);
    await cache.get(scopeOf(3), 3);
    expect([l.reads(1), l.reads(3)]).toEqual([1, 1]);
    await cache.get(scopeOf(2), 3);
    expect(l.reads(2)).toBe(2);
  });

  it('shares one read among the callers that miss together', async () => {
    const l = loader();
    const cache = new SidebarCache(1000, 10, l.load);
    l.hold();
    const answers = Promise.all([cache.get(scopeOf(101), 0), cache.get(scopeOf(101), 0), cache.get(scopeOf(101), 0)]);
    l.release();
    expect((await answers).map(nameOf)).toEqual(Array(3).fill('program 101 read 1'));
    expect(l.reads(101)).toBe(1);
  });

  it('never stores a read that an eviction overtook', async () => {
    const l = loader();
    const cache = new SidebarCache(1000, 10, l.load);
    l.hold();
    const before = cache.get(scopeOf(101), 0);
    // The change is announced while the first read is under way: that read may predate it.
    cache.evictProgram(101);
    const after = cache.get(scopeOf(101), 0);
    l.release();
    expect(nameOf(await before)).toBe('program 101 read 1');
    expect(nameOf(await after)).toBe('program 101 read 2');
    expect(nameOf(await cache.get(scopeOf(101), 1))).toBe('program 101 read 2');
    expect(l.reads(101)).toBe(2);
  });

  it('reads the database every time while switched off, and starts empty when switched on again', async () => {
    const l = loader();
    const cache = new SidebarCache(1000, 10, l.load);
    await cache.get(scopeOf(101), 0);
    cache.enabled = false;
    await cache.get(scopeOf(101), 1);
    await cache.get(scopeOf(101), 2);
    expect(l.reads(101)).toBe(3);
    expect(cache.size).toBe(0);
    cache.enabled = true;
    expect(nameOf(await cache.get(scopeOf(101), 3))).toBe('program 101 read 4');
    expect(nameOf(await cache.get(scopeOf(101), 4))).toBe('program 101 read 4');
  });

  it('does not store a read begun before the cache was switched off', async () => {
    const l = loader();
    const cache = new SidebarCache(1000, 10, l.load);
    l.hold();
    const during = cache.get(scopeOf(101), 0);
    cache.enabled = false;
    cache.enabled = true;
    l.release();
    await during;
    expect(cache.size).toBe(0);
  });
});
