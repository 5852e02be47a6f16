/**
 * The second sign-in factor's rows: an account's authenticator (mfa_factors: the TOTP secret, sealed like
 * the SSO client secrets; confirmed_at; the last time step accepted) and its recovery codes (hashes), and
 * who must have one (super admins when the deployment says so, staff of a program that asks for it).
 */
import fp from 'fastify-plugin';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { mfaFactors, mfaRecoveryCodes, programs } from '../../../db/schema';
import type { Config } from '../../../config';
import { openSecret, sealSecret } from '../sso/secret-box';
import { acceptedTotpStep, recoveryCodeHash } from '../mfa';

declare module 'fastify' {
  interface FastifyInstance {
    mfa: MfaRepository;
  }
}

export interface MfaFactor {
  secret: string;
  confirmedAt: Date | null;
  lastStep: number | null;
}

/** Who an account is, as far as the requirement goes. */
export interface MfaHolder {
  id: number;
  type: 'sub_user' | 'program_user' | 'super_admin';
  programId: number | null;
}

export function createMfaRepository(db: Db, { secretKey, superAdminMfa }: { secretKey: string | undefined; superAdminMfa: Config['superAdminMfa'] }) {
  async function factor(accountId: number, tx: Tx = db): Promise<MfaFactor | null> {
    const rows = await tx
      .select({ secret: mfaFactors.secret, confirmedAt: mfaFactors.confirmed_at, lastStep: mfaFactors.last_step })
      .from(mfaFactors)
      .where(eq(mfaFactors.account_id, accountId))
      .limit(1);
    const row = rows[0];
    return row ? { ...row, secret: openSecret(row.secret, secretKey) } : null;
  }

  /**
   * Records `step` as the last one accepted, in one statement, so two requests with one code cannot both
   * pass; false when a step as new or newer was accepted meanwhile. With `confirm`, it must be the waiting
   * authenticator's first code, which confirms it.
   */
  async function claimStep(tx: Tx, accountId: number, step: number, now: Date, confirm: boolean): Promise<boolean> {
    const rows = await tx
      .update(mfaFactors)
      .set({ last_step: step, updated_at: now, ...(confirm ? { confirmed_at: now } : {}) })
      .where(
        and(
          eq(mfaFactors.account_id, accountId),
          or(isNull(mfaFactors.last_step), lt(mfaFactors.last_step, step)),
          confirm ? isNull(mfaFactors.confirmed_at) : sql`${mfaFactors.confirmed_at} is not null`,
        ),
      )
      .returning({ id: mfaFactors.account_id });
    return rows.length === 1;
  }

  /** Checks a code against the account's confirmed (or, `confirm`, waiting) authenticator and spends its step. */
  async function acceptCode(tx: Tx, accountId: number, code: string, now: Date, confirm: boolean): Promise<boolean> {
    const current = await factor(accountId, tx);
    if (!current || (current.confirmedAt !== null) === confirm) return false;
    const step = acceptedTotpStep(current.secret, code, now, current.lastStep);
    return step !== null && (await claimStep(tx, accountId, step, now, confirm));
  }

  return {
    factor,

    /** Whether the account must sign in with a second factor. */
    async required(holder: MfaHolder): Promise<boolean> {
      if (holder.type === 'super_admin') return superAdminMfa === 'required';
      if (holder.programId === null) return false;
      const rows = await db.select({ required: programs.mfa_required }).from(programs).where(eq(programs.id, holder.programId)).limit(1);
      return rows[0]?.required === 1;
    },

    /**
     * A new authenticator waiting for its first code, replacing one that was waiting. False when the
     * account has a confirmed one: that is only replaced by turning it off first.
     */
    async startEnrolment(accountId: number, secret: string, now: Date): Promise<boolean> {
      const rows = await db
        .insert(mfaFactors)
        .values({ account_id: accountId, secret: sealSecret(secret, secretKey), created_at: now, updated_at: now })
        .onConflictDoUpdate({
          target: mfaFactors.account_id,
          set: { secret: sealSecret(secret, secretKey), confirmed_at: null, last_step: null, created_at: now, updated_at: now },
          setWhere: isNull(mfaFactors.confirmed_at),
        })
        .returning({ id: mfaFactors.account_id });
      return rows.length === 1;
    },

    /** A current code of the account's confirmed authenticator, not used before; its step is spent. */
    checkCode: (accountId: number, code: string, now: Date) => acceptCode(db, accountId, code, now, false),

    /** The waiting authenticator's first code: right, it confirms the authenticator (in `tx`). */
    confirmEnrolment: (tx: Tx, accountId: number, code: string, now: Date) => acceptCode(tx, accountId, code, now, true),

    /** The account's recovery codes become these (the old ones stop working). */
    async replaceRecoveryCodes(tx: Tx, accountId: number, codes: readonly string[], now: Date) {
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.account_id, accountId));
      await tx
        .insert(mfaRecoveryCodes)
        .values(codes.map((code) => ({ account_id: accountId, code_hash: recoveryCodeHash(code), created_at: now })));
    },

    /** Spends a recovery code; false when it is not one of the account's or was spent already. */
    async useRecoveryCode(accountId: number, code: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(mfaRecoveryCodes)
        .set({ used_at: now })
        .where(
          and(
            eq(mfaRecoveryCodes.account_id, accountId),
            eq(mfaRecoveryCodes.code_hash, recoveryCodeHash(code)),
            isNull(mfaRecoveryCodes.used_at),
          ),
        )
        .returning({ id: mfaRecoveryCodes.id });
      return rows.length > 0;
    },

    async recoveryCodesLeft(accountId: number): Promise<number> {
      const rows = await db
        .select({ left: count() })
        .from(mfaRecoveryCodes)
        .where(and(eq(mfaRecoveryCodes.account_id, accountId), isNull(mfaRecoveryCodes.used_at)));
      return Number(rows[0]?.left ?? 0);
    },

    /** Turns the second factor off: the authenticator and the recovery codes go. */
    async remove(tx: Tx, accountId: number) {
      await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.account_id, accountId));
      await tx.delete(mfaFactors).where(eq(mfaFactors.account_id, accountId));
    },
  };
}

export type MfaRepository = ReturnType<typeof createMfaRepository>;

export default fp(
  async (fastify) => {
    // The same key as the SSO client secrets (docs/sso.md): one secret for the deployment to keep.
    fastify.decorate(
      'mfa',
      createMfaRepository(fastify.db, { secretKey: process.env.SSO_SECRET_KEY || undefined, superAdminMfa: fastify.config.superAdminMfa }),
    );
  },
  { name: 'mfa-repository', dependencies: ['database'] },
);
