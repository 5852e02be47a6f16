import fp from 'fastify-plugin';
import { and, count, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { accounts, programUsers, programs, ssoProviderDomains, ssoProviders, ssoSignIns } from '../../../db/schema';
import { openSecret, sealSecret } from '../sso/secret-box';

declare module 'fastify' {
  interface FastifyInstance {
    sso: SsoRepository;
  }
}

/** A program's identity provider, its client secret readable. */
export interface SsoProvider {
  id: number;
  programId: number;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
}

export interface SsoProviderInput {
  programId: number;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  /** E-mail domains that lead to this provider ('lakeview.test'); they replace the present ones. */
  domains: readonly string[];
  status?: 0 | 1;
}

/** A staff account as SSO sees it: what decides whether it may sign in, and into which program. */
export interface SsoAccount {
  id: number;
  type: 'sub_user' | 'program_user' | 'super_admin';
  status: number;
  programId: number | null;
  programStatus: number | null;
  deactivationDate: string | null;
}

export type PendingSignIn = typeof ssoSignIns.$inferSelect;

/** Why a state could not be used; for the log and the audit, never for the user. */
export type StateRefusal = 'unknown' | 'used' | 'expired';

const providerColumns = {
  id: ssoProviders.id,
  programId: ssoProviders.program_id,
  displayName: ssoProviders.display_name,
  issuer: ssoProviders.issuer,
  clientId: ssoProviders.client_id,
  clientSecret: ssoProviders.client_secret,
};

export function createSsoRepository(db: Db, secretKey: string | undefined) {
  const readable = (row: SsoProvider): SsoProvider => ({
    ...row,
    clientSecret: row.clientSecret === null ? null : openSecret(row.clientSecret, secretKey),
  });

  const accountQuery = () =>
    db
      .select({
        id: accounts.id,
        type: accounts.type,
        status: accounts.status,
        programId: sql<number | null>`coalesce(${programUsers.program_id}, ${programs.id})`,
        programStatus: programs.status,
        deactivationDate: programUsers.deactivation_date,
      })
      .from(accounts)
      .leftJoin(programUsers, eq(programUsers.id, accounts.id))
      .leftJoin(programs, eq(programs.id, sql`coalesce(${programUsers.program_id}, ${accounts.id})`));

  return {
    /** The active identity provider an e-mail domain leads to; null when none. */
    async providerForDomain(domain: string): Promise<SsoProvider | null> {
      const rows = await db
        .select(providerColumns)
        .from(ssoProviderDomains)
        .innerJoin(ssoProviders, eq(ssoProviders.id, ssoProviderDomains.provider_id))
        .where(and(eq(ssoProviderDomains.domain, domain.toLowerCase()), eq(ssoProviders.status, 1)))
        .limit(1);
      return rows[0] ? readable(rows[0]) : null;
    },

    /** An active provider by id; null when it is gone or switched off. */
    async providerById(id: number): Promise<SsoProvider | null> {
      const rows = await db
        .select(providerColumns)
        .from(ssoProviders)
        .where(and(eq(ssoProviders.id, id), eq(ssoProviders.status, 1)))
        .limit(1);
      return rows[0] ? readable(rows[0]) : null;
    },

    async providerOfProgram(programId: number) {
      const rows = await db.select().from(ssoProviders).where(eq(ssoProviders.program_id, programId)).limit(1);
      return rows[0] ?? null;
    },

    /** The program whose provider claims a domain, if any. */
    async domainOwner(domain: string): Promise<number | null> {
      const rows = await db
        .select({ programId: ssoProviders.program_id })
        .from(ssoProviderDomains)
        .innerJoin(ssoProviders, eq(ssoProviders.id, ssoProviderDomains.provider_id))
        .where(eq(ssoProviderDomains.domain, domain.toLowerCase()))
        .limit(1);
      return rows[0]?.programId ?? null;
    },

    /**
     * Sets up (or replaces) a program's identity provider and its domains, in one transaction. The
     * client secret is sealed with SSO_SECRET_KEY when one is set.
     */
    async saveProvider(input: SsoProviderInput, now: Date): Promise<number> {
      const values = {
        program_id: input.programId,
        display_name: input.displayName,
        issuer: input.issuer.replace(/\/+$/, ''),
        client_id: input.clientId,
        client_secret: input.clientSecret === null ? null : sealSecret(input.clientSecret, secretKey),
        status: input.status ?? 1,
        updated_at: now,
      };
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(ssoProviders)
          .values({ ...values, created_at: now })
          .onConflictDoUpdate({ target: ssoProviders.program_id, set: values })
          .returning({ id: ssoProviders.id });
        if (!row) throw new Error('The identity provider was not saved.');
        await tx.delete(ssoProviderDomains).where(eq(ssoProviderDomains.provider_id, row.id));
        const domains = [...new Set(input.domains.map((d) => d.trim().toLowerCase()).filter(Boolean))];
        if (domains.length > 0) {
          await tx.insert(ssoProviderDomains).values(domains.map((domain) => ({ domain, provider_id: row.id })));
        }
        return row.id;
      });
    },

    /** Sign-ins this address started since a moment: the start throttle counts them. */
    async startsFromAddress(ip: string, since: Date): Promise<{ count: number; oldest: Date | null }> {
      const rows = await db
        .select({ count: count(), oldest: sql<string | null>`min(${ssoSignIns.created_at})` })
        .from(ssoSignIns)
        .where(and(eq(ssoSignIns.ip, ip), gte(ssoSignIns.created_at, since)));
      const row = rows[0];
      return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
    },

    async createSignIn(values: {
      stateHash: string;
      browserHash: string;
      nonce: string;
      codeVerifier: string;
      providerId: number;
      programId: number;
      ip: string;
      now: Date;
      expiresAt: Date;
    }) {
      await db.insert(ssoSignIns).values({
        state_hash: values.stateHash,
        browser_hash: values.browserHash,
        nonce: values.nonce,
        code_verifier: values.codeVerifier,
        provider_id: values.providerId,
        program_id: values.programId,
        ip: values.ip,
        created_at: values.now,
        expires_at: values.expiresAt,
      });
    },

    /**
     * Uses a state once, in one statement, so two callbacks with the same state cannot both pass.
     * Returns the sign-in, or why the state was refused.
     */
    async useState(
      stateHash: string,
      now: Date,
    ): Promise<{ signIn: PendingSignIn } | { refused: StateRefusal; programId: number | null }> {
      const used = await db
        .update(ssoSignIns)
        .set({ used_at: now })
        .where(and(eq(ssoSignIns.state_hash, stateHash), isNull(ssoSignIns.used_at), gt(ssoSignIns.expires_at, now)))
        .returning();
      if (used[0]) return { signIn: used[0] };
      const rows = await db
        .select({ usedAt: ssoSignIns.used_at, programId: ssoSignIns.program_id })
        .from(ssoSignIns)
        .where(eq(ssoSignIns.state_hash, stateHash))
        .limit(1);
      const row = rows[0];
      return { refused: !row ? 'unknown' : row.usedAt ? 'used' : 'expired', programId: row?.programId ?? null };
    },

    /** Records who signed in and the ticket (its digest) the browser trades for a session. */
    async issueTicket(signInId: number, accountId: number, ticketHash: string, expiresAt: Date) {
      await db
        .update(ssoSignIns)
        .set({ account_id: accountId, ticket_hash: ticketHash, ticket_expires_at: expiresAt })
        .where(eq(ssoSignIns.id, signInId));
    },

    /** Uses a ticket once; null when it is unknown, used or expired. */
    async useTicket(ticketHash: string, now: Date) {
      const rows = await db
        .update(ssoSignIns)
        .set({ ticket_used_at: now })
        .where(
          and(
            eq(ssoSignIns.ticket_hash, ticketHash),
            isNull(ssoSignIns.ticket_used_at),
            gt(ssoSignIns.ticket_expires_at, now),
          ),
        )
        .returning({
          accountId: ssoSignIns.account_id,
          programId: ssoSignIns.program_id,
          providerId: ssoSignIns.provider_id,
          browserHash: ssoSignIns.browser_hash,
        });
      const row = rows[0];
      return row && row.accountId !== null ? { ...row, accountId: row.accountId } : null;
    },

    /** The live account with this address (a deleted account never signs in, its address may be someone else's now). */
    async accountByEmail(email: string): Promise<SsoAccount | null> {
      const rows = await accountQuery()
        .where(and(eq(sql`lower(${accounts.email})`, email.toLowerCase()), isNull(accounts.deleted_at)))
        .limit(1);
      return rows[0] ?? null;
    },

    async accountById(id: number): Promise<SsoAccount | null> {
      const rows = await accountQuery().where(eq(accounts.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /**
     * Notes the sign-in on the account. Unlike a password sign-in it leaves the failed-password count
     * and any lock alone: those guard the password, which this sign-in did not use.
     */
    async recordSignIn(tx: Tx, accountId: number, now: Date) {
      await tx.update(accounts).set({ last_login_at: now }).where(eq(accounts.id, accountId));
    },

    /** Deletes sign-ins started before a moment; they can no longer be used. */
    async prune(before: Date) {
      await db.delete(ssoSignIns).where(lt(ssoSignIns.created_at, before));
    },
  };
}

export type SsoRepository = ReturnType<typeof createSsoRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('sso', createSsoRepository(fastify.db, process.env.SSO_SECRET_KEY || undefined));
  },
  { name: 'sso-repository', dependencies: ['database'] },
);
