import fp from 'fastify-plugin';
import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { accounts, loginFailures, programs, programUsers, superAdmins } from '../../../db/schema';
import { type LockPolicy, lockPolicy } from '../auth-policy';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsRepository;
  }
}

const browserKey = (nonce: string): string => `device:${nonce}`;

export function createAccountsRepository(db: Db) {
  async function failuresSince(key: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
    const rows = await db
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${loginFailures.at})` })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, key), gte(loginFailures.at, since)));
    const row = rows[0];
    return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
  }
  async function recordFailure(key: string, email: string, now: Date) {
    await db.insert(loginFailures).values({ ip: key, email: email.slice(0, 254), at: now });
  }

  return {
    /** The live account behind an e-mail address, with what decides whether it may sign in (a deleted account is unknown). */
    async findForLogin(email: string) {
      const rows = await db
        .select({
          id: accounts.id,
          type: accounts.type,
          email: accounts.email,
          passwordHash: accounts.password_hash,
          status: accounts.status,
          emailVerifiedAt: accounts.email_verified_at,
          failedAttempts: accounts.failed_attempts,
          lockedUntil: accounts.locked_until,
          programId: sql<number | null>`coalesce(${programUsers.program_id}, ${programs.id})`,
          programStatus: programs.status,
          deactivationDate: programUsers.deactivation_date,
          retries: sql<number | null>`coalesce(${programUsers.retries}, ${programs.retries})`,
          timeOut: sql<number | null>`coalesce(${programUsers.time_out}, ${programs.time_out})`,
        })
        .from(accounts)
        .leftJoin(programUsers, eq(programUsers.id, accounts.id))
        .leftJoin(programs, eq(programs.id, sql`coalesce(${programUsers.program_id}, ${accounts.id})`))
        .where(and(eq(sql`lower(${accounts.email})`, email.toLowerCase()), isNull(accounts.deleted_at)))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      return { ...row, policy: lockPolicy(row.retries, row.timeOut) };
    },

    /**
     * Counts a wrong password in one statement, so parallel attempts cannot slip past the limit.
     * Returns the lock's end when this attempt locked the account.
     */
    async recordFailedPassword(accountId: number, policy: LockPolicy, now: Date): Promise<Date | null> {
      const lockUntil = new Date(now.getTime() + policy.lockMinutes * 60_000);
      const reached = sql`${accounts.failed_attempts} + 1 >= ${policy.retries}`;
      const rows = await db
        .update(accounts)
        .set({
          failed_attempts: sql`case when ${reached} then 0 else ${accounts.failed_attempts} + 1 end`,
          locked_until: sql`case when ${reached} then ${lockUntil.toISOString()}::timestamptz else ${accounts.locked_until} end`,
        })
        .where(eq(accounts.id, accountId))
        .returning({ lockedUntil: accounts.locked_until });
      const lockedUntil = rows[0]?.lockedUntil ?? null;
      return lockedUntil && lockedUntil.getTime() === lockUntil.getTime() ? lockedUntil : null;
    },

    /**
     * A completed sign-in. From an unknown browser it ends the lock and the count of wrong passwords; from
     * a known browser (`keepLock`) it leaves them to the unknown browsers that caused them.
     */
    async recordSuccessfulLogin(tx: Tx, accountId: number, now: Date, { keepLock = false }: { keepLock?: boolean } = {}) {
      await tx
        .update(accounts)
        .set(keepLock ? { last_login_at: now } : { failed_attempts: 0, locked_until: null, last_login_at: now })
        .where(eq(accounts.id, accountId));
    },

    async superAdminExists(id: number): Promise<boolean> {
      const rows = await db.select({ id: superAdmins.id }).from(superAdmins).where(eq(superAdmins.id, id)).limit(1);
      return rows.length > 0;
    },

    async passwordHash(accountId: number): Promise<string | null> {
      const rows = await db
        .select({ hash: accounts.password_hash })
        .from(accounts)
        .where(eq(accounts.id, accountId))
        .limit(1);
      return rows[0]?.hash ?? null;
    },

    async setPassword(tx: Tx, accountId: number, passwordHash: string, now: Date) {
      await tx
        .update(accounts)
        .set({
          password_hash: passwordHash,
          is_password_changed: 1,
          password_changed_at: now,
          failed_attempts: 0,
          locked_until: null,
          updated_at: now,
        })
        .where(eq(accounts.id, accountId));
    },

    /** Failed sign-ins from one address since a moment; the per-address throttle reads it. */
    failuresFromAddress: (ip: string, since: Date) => failuresSince(ip, since),

    recordAddressFailure: (ip: string, email: string, now: Date) => recordFailure(ip, email, now),

    /**
     * Failed sign-ins of a known browser (the nonce of its device cookie) since a moment. Kept beside the
     * addresses' under a key no address can equal, so neither count sees the other's.
     */
    async failuresOfBrowser(nonce: string, since: Date): Promise<number> {
      return (await failuresSince(browserKey(nonce), since)).count;
    },

    recordBrowserFailure: (nonce: string, email: string, now: Date) => recordFailure(browserKey(nonce), email, now),

    async pruneAddressFailures(before: Date) {
      await db.delete(loginFailures).where(lt(loginFailures.at, before));
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('accounts', createAccountsRepository(fastify.db));
  },
  { name: 'accounts-repository', dependencies: ['database'] },
);
