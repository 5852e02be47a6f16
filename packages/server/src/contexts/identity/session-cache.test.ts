import { SessionCache, type CachedSession } from './session-cache';
import type { Principal } from './principal';
import { createRng } from '../../seed/random';

const entry = (sessionId: number, accountId: number, at: number, programId?: number): CachedSession => ({
  principal: {
    session: { id: sessionId },
    account: { id: accountId },
    program: programId === undefined ? null : { id: programId },
  } as unknown as Principal,
  scope: {} as CachedSession['scope'],
  fetchedAt: at,
  lastSeenAt: at,
  lastWrittenAt: at,
});

describe('SessionCache', () => {
  it('forgets an entry after its time to live', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('a', entry(1, 1, 0));
    expect(cache.get('a', 1000)).toBeDefined();
    expect(cache.get('a', 1001)).toBeUndefined();
  });

  it('drops the least recently used entry beyond its size', () => {
    const cache = new SessionCache(1000, 2);
    cache.set('a', entry(1, 1, 0));
    cache.set('b', entry(2, 1, 0));
    cache.get('a', 1);
    cache.set('c', entry(3, 1, 0));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.get('c', 1)).toBeDefined();
  });

  it('evicts by session and by account', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('a', entry(1, 7, 0));
    cache.set('b', entry(2, 7, 0));
    cache.set('c', entry(3, 8, 0));
    cache.evictSession(3);
    expect(cache.get('c', 1)).toBeUndefined();
    cache.evictAccount(7);
    expect(cache.size).toBe(0);
  });

  it('evicts by program', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('a', entry(1, 201, 0, 101));
    cache.set('b', entry(2, 101, 0, 101));
    cache.set('c', entry(3, 301, 0, 102));
    cache.set('d', entry(4, 48, 0));
    cache.evictProgram(101);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
    expect(cache.get('d', 1)).toBeDefined();
    expect(cache.accountCount).toBe(2);
  });

  it('holds nothing while disabled', () => {
    const cache = new SessionCache(1000, 10);
    cache.enabled = false;
    cache.set('a', entry(1, 1, 0));
    expect(cache.get('a', 0)).toBeUndefined();
  });
});

// evictAccount reads an index of digests by account; these fail if that index drifts from the entries.
describe('SessionCache account index', () => {
  it('evicts only the sessions of the account named', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('a', entry(1, 7, 0));
    cache.set('b', entry(2, 7, 0));
    cache.set('c', entry(3, 8, 0));
    expect(cache.accountCount).toBe(2);
    cache.evictAccount(7);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
    expect(cache.accountCount).toBe(1);
    cache.evictAccount(7);
    cache.evictAccount(999);
    expect(cache.size).toBe(1);
  });

  it('forgets an entry dropped as least recently used', () => {
    const cache = new SessionCache(1000, 2);
    cache.set('a', entry(1, 1, 0));
    cache.set('b', entry(2, 2, 0));
    cache.set('c', entry(3, 3, 0));
    expect(cache.accountCount).toBe(2);
    // The same token comes back for another account: evicting the first account must leave it.
    cache.set('a', entry(4, 4, 0));
    cache.evictAccount(1);
    expect(cache.get('a', 1)?.principal.account.id).toBe(4);
    expect(cache.size).toBe(2);
    expect(cache.accountCount).toBe(2);
  });

  it('forgets an entry found expired', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('a', entry(1, 1, 0));
    expect(cache.get('a', 1001)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.accountCount).toBe(0);
    cache.set('a', entry(2, 2, 1001));
    cache.evictAccount(1);
    expect(cache.get('a', 1002)).toBeDefined();
  });

  it('forgets an entry read with a clock that went back', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('a', entry(1, 1, 500));
    expect(cache.get('a', 499)).toBeUndefined();
    expect(cache.accountCount).toBe(0);
  });

  it('files a token stored again under its new account only', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('a', entry(1, 1, 0));
    cache.set('a', entry(1, 2, 0));
    expect(cache.size).toBe(1);
    expect(cache.accountCount).toBe(1);
    cache.evictAccount(1);
    expect(cache.get('a', 1)).toBeDefined();
    cache.evictAccount(2);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.accountCount).toBe(0);
  });

  it('keeps one filing for a token stored twice under the same account', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('a', entry(1, 1, 0));
    cache.set('a', entry(1, 1, 5));
    cache.delete('a');
    expect(cache.accountCount).toBe(0);
  });

  it('forgets entries removed by delete, evictSession, evictProgram and clear', () => {
    const cache = new SessionCache(1000, 10);
    cache.set('a', entry(1, 1, 0, 101));
    cache.set('b', entry(2, 2, 0, 102));
    cache.set('c', entry(3, 3, 0));
    cache.set('d', entry(4, 4, 0));
    cache.delete('a');
    cache.delete('zzz');
    expect(cache.accountCount).toBe(3);
    cache.evictSession(2);
    expect(cache.accountCount).toBe(2);
    cache.evictProgram(102);
    cache.set('b', entry(5, 5, 0));
    cache.evictAccount(2);
    expect(cache.get('b', 1)).toBeDefined();
    cache.evictProgram(101);
    cache.evictSession(3);
    expect(cache.accountCount).toBe(2);
    cache.clear();
    expect(cache.accountCount).toBe(0);
    cache.set('d', entry(6, 6, 0));
    cache.evictAccount(4);
    expect(cache.get('d', 1)).toBeDefined();
  });

  it('evicts an account without looking at any other entry', () => {
    const cache = new SessionCache(1000, 5000);
    let reads = 0;
    for (let i = 0; i < 5000; i++) {
      const watched = entry(i, i % 2500, 0);
      const { principal } = watched;
      Object.defineProperty(watched, 'principal', {
        get: () => {
          reads += 1;
          return principal;
        },
      });
      cache.set(`t${i}`, watched);
    }
    reads = 0;
    cache.evictAccount(1234);
    expect(reads).toBe(0);
    expect(cache.size).toBe(4998);
    expect(cache.get('t1234', 1)).toBeUndefined();
    expect(cache.get('t3734', 1)).toBeUndefined();
  });

  it('agrees with a plain list through many accounts and random operations', () => {
    // A straightforward model: a Map in use order, searched from end to end.
    const model = new Map<string, { sessionId: number; accountId: number; programId: number | null; at: number }>();
    const ttl = 1000;
    const max = 64;
    const cache = new SessionCache(ttl, max);
    // Seeded, so a failure replays the same way.
    const random = createRng(20260521);
    const pick = (n: number) => random.int(0, n - 1);
    const digest = () => `t${pick(200)}`;
    let now = 0;
    let sessionId = 0;

    for (let step = 0; step < 20_000; step++) {
      now += pick(20);
      const roll = pick(100);
      if (roll < 45) {
        const key = digest();
        const accountId = pick(150);
        const programId = accountId % 7 === 0 ? null : 100 + (accountId % 5);
        sessionId += 1;
        cache.set(key, entry(sessionId, accountId, now, programId ?? undefined));
        model.delete(key);
        model.set(key, { sessionId, accountId, programId, at: now });
        if (model.size > max) model.delete(model.keys().next().value as string);
      } else if (roll < 80) {
        const key = digest();
        const found = model.get(key);
        let expected: number | undefined;
        if (found) {
          model.delete(key);
          if (now - found.at <= ttl) {
            model.set(key, found);
            expected = found.sessionId;
          }
        }
        expect(cache.get(key, now)?.principal.session.id).toBe(expected);
      } else if (roll < 90) {
        const accountId = pick(150);
        cache.evictAccount(accountId);
        for (const [key, value] of model) if (value.accountId === accountId) model.delete(key);
      } else if (roll < 94) {
        const key = digest();
        cache.delete(key);
        model.delete(key);
      } else if (roll < 97) {
        const target = [...model.values()][pick(model.size + 1)]?.sessionId ?? -1;
        cache.evictSession(target);
        for (const [key, value] of model) if (value.sessionId === target) model.delete(key);
      } else {
        const programId = 100 + pick(5);
        cache.evictProgram(programId);
        for (const [key, value] of model) if (value.programId === programId) model.delete(key);
      }
      expect(cache.size).toBe(model.size);
      expect(cache.accountCount).toBe(new Set([...model.values()].map((v) => v.accountId)).size);
    }
    // Every account, evicted one by one, leaves exactly the others.
    for (let accountId = 0; accountId < 150; accountId++) {
      cache.evictAccount(accountId);
      for (const [key, value] of model) if (value.accountId === accountId) model.delete(key);
      expect(cache.size).toBe(model.size);
    }
    expect(cache.accountCount).toBe(0);
  });
});
