import type { SidebarMenu } from '@baridesk/contracts';
import type { StaffScope } from '../../lib/scope';

/** The part of GET /api/sidebar-menu that every caller of one program sees alike. */
export type ProgramSidebar = Pick<SidebarMenu, 'fromSubMenuManagers' | 'dynamicContentSections'>;

interface Entry {
  value: ProgramSidebar;
  /** When its read began (ms): a change committed after that may be missing from it. */
  fetchedAt: number;
}

/**
 * The program's part of the sidebar by program id, so the call every page load makes does not read the
 * database each time. The caller's own part (menu flags, the user) comes from the cached session and is
 * not kept here. Database triggers (migration 0010) announce every change to these rows on every replica,
 * which evicts the program (or everything); `ttlMs` bounds how long a missed notification could leave a
 * copy stale, and least recently used programs go first beyond `max`.
 *
 * Concurrent misses of one program share one read. A read that an eviction overtakes is handed to its
 * callers but never stored, so a change announced while it ran cannot be hidden behind it.
 */
export class SidebarCache {
  /** By program id, least recently used first (a Map iterates in insertion order). */
  readonly #entries = new Map<number, Entry>();
  /** The read under way for a program; an eviction drops it, which tells the read not to store. */
  readonly #loading = new Map<number, Promise<ProgramSidebar>>();
  #enabled = true;

  constructor(
    readonly ttlMs: number,
    readonly max: number,
    /** Reads a program's part from the database; it must depend on scope.programId only. */
    private readonly load: (scope: StaffScope) => Promise<ProgramSidebar>,
  ) {}

  /** Off while the replica cannot hear the triggers' notifications; then every call reads the database. */
  get enabled(): boolean {
    return this.#enabled;
  }

  set enabled(on: boolean) {
    this.clear();
    this.#enabled = on;
  }

  async get(scope: StaffScope, nowMs: number): Promise<ProgramSidebar> {
    if (!this.#enabled) return this.load(scope);
    const { programId } = scope;
    const entry = this.#entries.get(programId);
    if (entry) {
      this.#entries.delete(programId);
      if (nowMs - entry.fetchedAt <= this.ttlMs && nowMs >= entry.fetchedAt) {
        // Most recently used goes last.
        this.#entries.set(programId, entry);
        return entry.value;
      }
    }
    const pending = this.#loading.get(programId);
    if (pending) return pending;
    const loading = this.load(scope);
    this.#loading.set(programId, loading);
    try {
      const value = await loading;
      if (this.#loading.get(programId) === loading) {
        this.#entries.set(programId, { value, fetchedAt: nowMs });
        if (this.#entries.size > this.max) {
          const oldest = this.#entries.keys().next().value;
          if (oldest !== undefined) this.#entries.delete(oldest);
        }
      }
      return value;
    } finally {
      if (this.#loading.get(programId) === loading) this.#loading.delete(programId);
    }
  }

  evictProgram(programId: number): void {
    this.#entries.delete(programId);
    this.#loading.delete(programId);
  }

  clear(): void {
    this.#entries.clear();
    this.#loading.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
