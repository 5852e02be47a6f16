import type { Principal } from './principal';
import type { Scope } from '../../lib/scope';

export interface CachedSession {
  principal: Principal;
  scope: Scope;
  /** When the rows were read from the database (ms). */
  fetchedAt: number;
  /** The last use this process knows of (ms); idle expiry counts from it. */
  lastSeenAt: number;
  /** The last use written to the database (ms). */
  lastWrittenAt: number;
}

/** An entry and the account it was filed under when it was stored. */
interface Slot {
  entry: CachedSession;
  accountId: number;
}

/**
 * Resolved sessions by token digest, so a signed-in call does not read the database every time.
 * Entries live `ttlMs` at most, which bounds how long a change made elsewhere (an account switched
 * off, new menu flags) takes to show if a notification is missed; normally every change reaches every
 * replica at once through NOTIFY from database triggers (see sessions-repository). Least recently used
 * entries go first beyond `max`.
 *
 * Every write ends with evictAccount (the api autohook's onResponse, `account:<id>` notifications), so
 * the digests of each account are indexed: evicting one account costs its own sessions, not the cache.
 */
export class SessionCache {
  /** By token digest, least recently used first (a Map iterates in insertion order). */
  readonly #slots = new Map<string, Slot>();
  /** The digests in #slots, grouped by account id; an account with none has no set. */
  readonly #byAccount = new Map<number, Set<string>>();
  /** Off while the replica cannot hear revocations; then every call reads the database. */
  enabled = true;

  constructor(
    readonly ttlMs: number,
    readonly max: number,
  ) {}

  get(digest: string, nowMs: number): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const slot = this.#slots.get(digest);
    if (!slot) return undefined;
    const { entry } = slot;
    if (nowMs - entry.fetchedAt > this.ttlMs || nowMs < entry.fetchedAt) {
      this.#remove(digest, slot);
      return undefined;
    }
    // Most recently used goes last.
    this.#slots.delete(digest);
    this.#slots.set(digest, slot);
    return entry;
  }

  set(digest: string, entry: CachedSession): void {
    if (!this.enabled) return;
    const previous = this.#slots.get(digest);
    if (previous) this.#remove(digest, previous);
    const accountId = entry.principal.account.id;
    this.#slots.set(digest, { entry, accountId });
    const digests = this.#byAccount.get(accountId);
    if (digests) digests.add(digest);
    else this.#byAccount.set(accountId, new Set([digest]));
    if (this.#slots.size > this.max) {
      const oldest = this.#slots.entries().next().value;
      if (oldest) this.#remove(...oldest);
    }
  }

  delete(digest: string): void {
    const slot = this.#slots.get(digest);
    if (slot) this.#remove(digest, slot);
  }

  evictSession(sessionId: number): void {
    for (const [digest, slot] of this.#slots) if (slot.entry.principal.session.id === sessionId) this.#remove(digest, slot);
  }

  /** Drops every session of the account; costs the number of its sessions, whatever the cache holds. */
  evictAccount(accountId: number): void {
    const digests = this.#byAccount.get(accountId);
    if (!digests) return;
    this.#byAccount.delete(accountId);
    for (const digest of digests) this.#slots.delete(digest);
  }

  evictProgram(programId: number): void {
    for (const [digest, slot] of this.#slots) if (slot.entry.principal.program?.id === programId) this.#remove(digest, slot);
  }

  clear(): void {
    this.#slots.clear();
    this.#byAccount.clear();
  }

  get size(): number {
    return this.#slots.size;
  }

  /** How many accounts have at least one session here (the size of the account index). */
  get accountCount(): number {
    return this.#byAccount.size;
  }

  #remove(digest: string, slot: Slot): void {
    this.#slots.delete(digest);
    const digests = this.#byAccount.get(slot.accountId);
    if (!digests) return;
    digests.delete(digest);
    if (digests.size === 0) this.#byAccount.delete(slot.accountId);
  }
}
