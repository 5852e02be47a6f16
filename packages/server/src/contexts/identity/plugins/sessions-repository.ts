import fp from 'fastify-plugin';
import { and, eq, getTableColumns, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Permission } from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { accounts, programs, programUsers, sessions, superAdmins } from '../../../db/schema';
import { newToken, tokenDigest } from '../../../lib/secrets';
import type { Principal } from '../principal';
import { SessionCache } from '../session-cache';

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionsRepository;
  }
}

/** Everything known about a session's user after one query: the account and its profile rows. */

const { password_hash: _omit, ...accountColumns } = getTableColumns(accounts);

/**
 * The channel on which database triggers (migration 0001) announce what invalidates cached sessions:
 * `session:<id>` (revoked), `account:<id>` (account, profile or permissions changed), `program:<id>`.
 */
export const SESSION_CHANNEL = 'baridesk_sessions';
/** How long a resolved session is reused before its rows are read again. */
export const SESSION_CACHE_TTL_MS = 15_000;
const SESSION_CACHE_SIZE = 10_000;

export function createSessionsRepository(db: Db, cache: SessionCache) {
  // Prepared once: the statement every signed-in call may run.
  const byDigest = db
    .select({
      session: { id: sessions.id, lastUsedAt: sessions.last_used_at, revokedAt: sessions.revoked_at },
      account: accountColumns,
      programUser: programUsers,
      program: programs,
      superAdmin: superAdmins,
      permissions: sql<Permission[] | null>`case when ${accounts.type} = 'super_admin' then (
        select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'slug', p.slug) order by p.id), '[]'::json)
        from super_admin_permissions sp join permissions p on p.id = sp.permission_id
        where sp.super_admin_id = ${accounts.id}) end`,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.account_id))
    .leftJoin(programUsers, eq(programUsers.id, accounts.id))
    .leftJoin(programs, eq(programs.id, sql`coalesce(${programUsers.program_id}, ${accounts.id})`))
    .leftJoin(superAdmins, eq(superAdmins.id, accounts.id))
    .where(eq(sessions.token_hash, sql.placeholder('digest')))
    .limit(1)
    .prepare('session_by_token_digest');

  return {
    cache,

    /** The session with that token digest and its user, read from the database; null when unknown. */
    async findByDigest(digest: string): Promise<Principal | null> {
      const row = (await byDigest.execute({ digest }))[0];
      if (!row) return null;
      return { ...row, permissions: row.permissions ?? [] };
    },

    /** Opens a session; the token is returned once and only its digest is kept. */
    async create(tx: Tx, accountId: number, now: Date, meta: { ip: string; userAgent?: string | undefined }) {
      const token = newToken();
      await tx.insert(sessions).values({
        account_id: accountId,
        token_hash: tokenDigest(token),
        created_at: now,
        last_used_at: now,
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 500) ?? null,
      });
      return token;
    },

    findByToken(token: string): Promise<Principal | null> {
      return this.findByDigest(tokenDigest(token));
    },

    async touch(sessionId: number, now: Date) {
      await db.update(sessions).set({ last_used_at: now }).where(eq(sessions.id, sessionId));
    },

    async revoke(sessionId: number, now: Date) {
      await db
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
      cache.evictSession(sessionId);
    },

    /** Ends every other session of an account, e.g. after its password changed. */
    async revokeOthers(tx: Tx, accountId: number, keepSessionId: number | null, now: Date) {
      await tx
        .update(sessions)
        .set({ revoked_at: now })
        .where(
          and(
            eq(sessions.account_id, accountId),
            isNull(sessions.revoked_at),
            keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
          ),
        );
      cache.evictAccount(accountId);
    },

    /** Drops sessions that ended more than a day ago; they prove nothing any more. */
    async prune(now: Date, idleMinutes: number) {
      const cutoff = new Date(now.getTime() - (idleMinutes + 24 * 60) * 60_000);
      await db.delete(sessions).where(or(lt(sessions.last_used_at, cutoff), lt(sessions.revoked_at, cutoff)));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;

export default fp(
  async (fastify) => {
    const cache = new SessionCache(SESSION_CACHE_TTL_MS, SESSION_CACHE_SIZE);
    // Until this replica hears revocations, it reads every session from the database.
    cache.enabled = false;
    await fastify.dbListen(
      SESSION_CHANNEL,
      (payload) => {
        const [kind, id] = payload.split(':');
        if (kind === 'session') cache.evictSession(Number(id));
        else if (kind === 'account') cache.evictAccount(Number(id));
        else if (kind === 'program') cache.evictProgram(Number(id));
      },
      (listening) => {
        cache.clear();
        cache.enabled = listening;
      },
    );
    fastify.decorate('sessions', createSessionsRepository(fastify.db, cache));
  },
  { name: 'sessions-repository', dependencies: ['database'] },
);
