import type { Principal } from '../plugins/app/sessions-repository';
import type { Scope } from './scope';

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

/**
 * Resolved sessions by token digest, so a signed-in call does not read the database every time.
 * Entries live `ttlMs` at most, which bounds how long a change made elsewhere (an account switched
 * off, new menu flags) takes to show if a notification is missed; normally every change reaches every
 * replica at once through NOTIFY from database triggers (see sessions-repository). Least recently used entries go first beyond `max`.
 */
export class SessionCache {
  readonly #entries = new Map<string, CachedSession>();
  /** Off while the replica cannot hear revocations; then every call reads the database. */
  enabled = true;

  constructor(
    readonly ttlMs: number,
    readonly max: number,
  ) {}

  get(digest: string, nowMs: number): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const entry = this.#entries.get(digest);
    if (!entry) return undefined;
    this.#entries.delete(digest);
    if (nowMs - entry.fetchedAt > this.ttlMs || nowMs < entry.fetchedAt) return undefined;
    this.#entries.set(digest, entry);
    return entry;
  }

  set(digest: string, entry: CachedSession): void {
    if (!this.enabled) return;
    this.#entries.delete(digest);
    this.#entries.set(digest, entry);
    if (this.#entries.size > this.max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  delete(digest: string): void {
    this.#entries.delete(digest);
  }

  evictSession(sessionId: number): void {
    for (const [digest, entry] of this.#entries) if (entry.principal.session.id === sessionId) this.#entries.delete(digest);
  }

  evictAccount(accountId: number): void {
    for (const [digest, entry] of this.#entries) if (entry.principal.account.id === accountId) this.#entries.delete(digest);
  }

  evictProgram(programId: number): void {
    for (const [digest, entry] of this.#entries) if (entry.principal.program?.id === programId) this.#entries.delete(digest);
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
