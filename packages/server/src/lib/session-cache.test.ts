import { SessionCache, type CachedSession } from './session-cache';
import type { Principal } from '../plugins/app/sessions-repository';

const entry = (sessionId: number, accountId: number, at: number): CachedSession =>
  ({
    principal: { session: { id: sessionId }, account: { id: accountId } } as unknown as Principal,
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

  it('holds nothing while disabled', () => {
    const cache = new SessionCache(1000, 10);
    cache.enabled = false;
    cache.set('a', entry(1, 1, 0));
    expect(cache.get('a', 0)).toBeUndefined();
  });
});
