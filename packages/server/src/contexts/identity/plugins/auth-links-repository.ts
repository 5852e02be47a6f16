/**
 * One-time secrets handed out by e-mail or by the sign-in step: password links (reset, set, invite),
 * address confirmations (verify) and security-question challenges (security). The secret itself is
 * 32 random bytes (base64url) returned once; the table keeps only its SHA-256. A secret works once,
 * until it expires, and an account's password links and challenges die when its password changes
 * (any way: reset, change-password, an administrator): one issued before `password_changed_at` is refused.
 *
 * Also here: who a link is for (the contact details its e-mail needs) and the shared request counters
 * that rate-limit e-mails.
 */
import fp from 'fastify-plugin';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { accounts, loginFailures, passwordResetTokens, patientSessions, patients, programUsers, programs, superAdmins } from '../../../db/schema';
import { newToken, tokenDigest } from '../../../lib/secrets';

declare module 'fastify' {
  interface FastifyInstance {
    authLinks: AuthLinksRepository;
  }
}

export type LinkPurpose = (typeof passwordResetTokens.$inferSelect)['purpose'];
export type LinkOwner = { accountId: number; patientId?: undefined } | { patientId: number; accountId?: undefined };

export interface ValidLink {
  id: number;
  purpose: LinkPurpose;
  accountId: number | null;
  patientId: number | null;
  createdAt: Date;
}

/** What an e-mail to an account needs, and whether the account may sign in at all. */
export interface AccountContact {
  id: number;
  type: 'sub_user' | 'program_user' | 'super_admin';
  email: string;
  name: string;
  status: number;
  emailVerifiedAt: Date | null;
  programId: number | null;
  programTitle: string | null;
  programStatus: number | null;
  deactivationDate: string | null;
}

export interface PatientContact {
  id: number;
  programId: number;
  programTitle: string;
  email: string | null;
  name: string;
  hasPassword: boolean;
  status: number;
}

/** A prefix of the shared request log (login_failures) that can never be a network address. */
export type CounterKind = 'reset-ip' | 'reset-mail' | 'verify-account' | 'register-ip' | 'sso-lookup-ip';

export function createAuthLinksRepository(db: Db) {
  const accountContactColumns = {
    id: accounts.id,
    type: accounts.type,
    email: accounts.email,
    status: accounts.status,
    emailVerifiedAt: accounts.email_verified_at,
    programId: sql<number | null>`coalesce(${programUsers.program_id}, ${programs.id})`,
    programTitle: programs.title,
    programStatus: programs.status,
    deactivationDate: programUsers.deactivation_date,
    name: sql<string>`coalesce(
      ${programUsers.name},
      nullif(trim(concat_ws(' ', ${superAdmins.first_name}, ${superAdmins.last_name})), ''),
      ${programs.owner_name}, ${programs.title}, '')`,
  };
  const accountContacts = () =>
    db
      .select(accountContactColumns)
      .from(accounts)
      .leftJoin(programUsers, eq(programUsers.id, accounts.id))
      .leftJoin(programs, eq(programs.id, sql`coalesce(${programUsers.program_id}, ${accounts.id})`))
      .leftJoin(superAdmins, eq(superAdmins.id, accounts.id));

  const patientContactColumns = {
    id: patients.id,
    programId: patients.program_id,
    programTitle: programs.title,
    email: patients.email,
    name: patients.first_name,
    hasPassword: sql<boolean>`${patients.password_hash} is not null`,
    status: patients.status,
  };

  return {
    /** Creates a secret for an account or a patient; returns it (the only time it exists in clear). */
    async issue(tx: Tx, owner: LinkOwner, purpose: LinkPurpose, now: Date, ttlMinutes: number): Promise<string> {
      const token = newToken();
      await tx.insert(passwordResetTokens).values({
        account_id: owner.accountId ?? null,
        patient_id: owner.patientId ?? null,
        purpose,
        token_hash: tokenDigest(token),
        expires_at: new Date(now.getTime() + ttlMinutes * 60_000),
        created_at: now,
      });
      return token;
    },

    /**
     * The link behind a secret when it may still be used: one of `purposes`, not used, not expired, and
     * (for an account) of a live account, issued no earlier than its last password change. null otherwise, whatever the reason.
     */
    async findValid(token: string, purposes: readonly LinkPurpose[], now: Date): Promise<ValidLink | null> {
      const rows = await db
        .select({
          id: passwordResetTokens.id,
          purpose: passwordResetTokens.purpose,
          accountId: passwordResetTokens.account_id,
          patientId: passwordResetTokens.patient_id,
          createdAt: passwordResetTokens.created_at,
          expiresAt: passwordResetTokens.expires_at,
          usedAt: passwordResetTokens.used_at,
          passwordChangedAt: accounts.password_changed_at,
          accountDeletedAt: accounts.deleted_at,
        })
        .from(passwordResetTokens)
        .leftJoin(accounts, eq(accounts.id, passwordResetTokens.account_id))
        .where(and(eq(passwordResetTokens.token_hash, tokenDigest(token)), inArray(passwordResetTokens.purpose, [...purposes])))
        .limit(1);
      const row = rows[0];
      if (!row || row.usedAt !== null || row.expiresAt.getTime() <= now.getTime()) return null;
      // A deleted account's links die with it.
      if (row.accountDeletedAt !== null) return null;
      // A password change voids every password link and challenge issued before it (not address confirmations).
      if (row.purpose !== 'verify' && row.passwordChangedAt && row.createdAt.getTime() < row.passwordChangedAt.getTime()) {
        return null;
      }
      return { id: row.id, purpose: row.purpose, accountId: row.accountId, patientId: row.patientId, createdAt: row.createdAt };
    },

    /** Marks a secret used; false when it was used meanwhile (two requests at once: one wins). */
    async consume(tx: Tx, linkId: number, now: Date): Promise<boolean> {
      const rows = await tx
        .update(passwordResetTokens)
        .set({ used_at: now })
        .where(and(eq(passwordResetTokens.id, linkId), isNull(passwordResetTokens.used_at)))
        .returning({ id: passwordResetTokens.id });
      return rows.length === 1;
    },

    /** Voids the unused secrets of an owner (of the given purposes), e.g. after its password was set. */
    async voidAll(tx: Tx, owner: LinkOwner, purposes: readonly LinkPurpose[], now: Date) {
      await tx
        .update(passwordResetTokens)
        .set({ used_at: now })
        .where(
          and(
            owner.accountId !== undefined
              ? eq(passwordResetTokens.account_id, owner.accountId)
              : eq(passwordResetTokens.patient_id, owner.patientId),
            inArray(passwordResetTokens.purpose, [...purposes]),
            isNull(passwordResetTokens.used_at),
          ),
        );
    },

    async accountById(id: number): Promise<AccountContact | null> {
      const rows = await accountContacts().where(eq(accounts.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** The live account with this address (a deleted one gets no link: its address may belong to a new account). */
    async accountByEmail(email: string): Promise<AccountContact | null> {
      const rows = await accountContacts()
        .where(and(eq(sql`lower(${accounts.email})`, email.toLowerCase()), isNull(accounts.deleted_at)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Active patients with this address, in every program (one address may be a patient of several). */
    async patientsByEmail(email: string): Promise<PatientContact[]> {
      return db
        .select(patientContactColumns)
        .from(patients)
        .innerJoin(programs, eq(programs.id, patients.program_id))
        .where(and(eq(sql`lower(${patients.email})`, email.toLowerCase()), eq(patients.status, 1), eq(programs.status, 1)))
        .orderBy(patients.id);
    },

    /** A patient by id; with `programId`, only within that program (another program's patient is not found). */
    async patientById(id: number, programId?: number): Promise<PatientContact | null> {
      const rows = await db
        .select(patientContactColumns)
        .from(patients)
        .innerJoin(programs, eq(programs.id, patients.program_id))
        .where(and(eq(patients.id, id), programId === undefined ? undefined : eq(patients.program_id, programId)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Sets a patient's app password; every app session of the patient ends (a reset locks out whoever had it). */
    async setPatientPassword(tx: Tx, patientId: number, passwordHash: string, now: Date) {
      await tx
        .update(patients)
        .set({ password_hash: passwordHash, updated_at: now, version: sql`${patients.version} + 1` })
        .where(eq(patients.id, patientId));
      await tx
        .update(patientSessions)
        .set({ revoked_at: now })
        .where(and(eq(patientSessions.patient_id, patientId), isNull(patientSessions.revoked_at)));
    },

    async markEmailVerified(tx: Tx, accountId: number, now: Date) {
      await tx
        .update(accounts)
        .set({ email_verified_at: now, updated_at: now })
        .where(and(eq(accounts.id, accountId), isNull(accounts.email_verified_at)));
    },

    /**
     * Counts one request against a limit shared by every replica: `limit` per `windowMinutes` for `key`.
     * The requests are kept in login_failures (pruned by the hourly sweep) under a key prefixed with
     * the counter's kind, which no network address can equal, so the sign-in throttle never sees them.
     * Returns the seconds to wait when the limit is reached (the request is then not counted), else 0.
     */
    async countRequest(kind: CounterKind, key: string, limit: number, windowMinutes: number, now: Date): Promise<number> {
      const bucket = `${kind}:${key}`.slice(0, 64);
      const windowStart = new Date(now.getTime() - windowMinutes * 60_000);
      const rows = await db
        .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${loginFailures.at})` })
        .from(loginFailures)
        .where(and(eq(loginFailures.ip, bucket), gte(loginFailures.at, windowStart)));
      const count = rows[0]?.count ?? 0;
      if (count >= limit) {
        const oldest = rows[0]?.oldest ? new Date(rows[0].oldest) : now;
        return Math.max(1, Math.ceil((oldest.getTime() + windowMinutes * 60_000 - now.getTime()) / 1000));
      }
      await db.insert(loginFailures).values({ ip: bucket, email: null, at: now });
      return 0;
    },
  };
}

export type AuthLinksRepository = ReturnType<typeof createAuthLinksRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('authLinks', createAuthLinksRepository(fastify.db));
  },
  { name: 'auth-links-repository', dependencies: ['database'] },
);
