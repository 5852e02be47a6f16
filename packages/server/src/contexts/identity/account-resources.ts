/**
 * Account-backed resources: records kept in two tables that share their id, the sign-in account
 * (`accounts`: email, status, deleted_at, password) and a profile (programs, program_users,
 * super_admins). They are resources of the kit (contracts defineResource, the kit's routes and screens);
 * this puts the account half under the kit's repository (its `parent` table):
 *
 * - store writes the account (of the given type, no password yet) and then the profile with its id, in
 *   one transaction;
 * - an e-mail address is unique among live accounts, whatever their type or program (422
 *   ACCOUNT_EMAIL_TAKEN, also when two stores race to the index);
 * - the status is the account's (a profile with a status column of its own, programs, keeps it in step);
 * - switching a record off ends every session of its account; an edit holds from its next request;
 * - delete is soft: deleted_at, status 0, every session ended; the rows stay for the history that points
 *   at them, the record leaves every read, and its address is free for a new account.
 *
 * See docs/resource-kit.md ("Account-backed resources").
 */
import { and, eq, getTableColumns, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AnyResource } from '@baridesk/contracts';
import type { Db, Tx } from '../../db/client';
import { accounts } from '../../db/schema';
import type { Scope } from '../../lib/scope';
import { createResourceRepository, type ResourceRepository, type ResourceTable } from '../platform/resource-kit';
import type { SessionsRepository } from './plugins/sessions-repository';

/** The 422 text of an address another live account holds. */
export const ACCOUNT_EMAIL_TAKEN = 'This e-mail address is already in use.';

type AccountType = (typeof accounts.$inferSelect)['type'];
type Row = Record<string, unknown>;

/** The kit's table spec of the profile, without what this piece decides (the parent, the soft delete, the status hook). */
export interface AccountResourceTable<R extends AnyResource> extends Omit<ResourceTable<R>, 'parent' | 'softDelete' | 'afterStatus'> {
  /** The type of the accounts the store creates. */
  type: AccountType;
  /**
   * Runs in the transaction that switches a record off or deletes it, after its own sessions ended (e.g. a
   * program's: its staff's sessions end too). `deleted` tells which of the two.
   */
  onDeactivate?: (tx: Tx, scope: Scope, id: number, now: Date, deleted: boolean) => Promise<void>;
}

/**
 * The kit's repository of an account-backed resource. The definition has an `email` field (kind email) and
 * a status; its profile table has id (the account's), created_at, updated_at and a column per other field.
 */
export function createAccountResourceRepository<R extends AnyResource>(
  db: Db,
  sessions: SessionsRepository,
  resource: R,
  spec: AccountResourceTable<R>,
): ResourceRepository<R> {
  const { type, onDeactivate, checks, uniqueIndexes, rows, ...profile } = spec;
  if (!('email' in resource.fields) || !resource.status) throw new Error(`Account resource ${resource.name} needs an email field and a status.`);
  const profileColumns = getTableColumns(profile.table) as Record<string, AnyPgColumn>;
  const profileStatus = profileColumns.status;

  /** Ends every session of the account (this replica's cache at once, the others' by the revocation's notification). */
  const endSessions = (tx: Tx, scope: Scope, id: number, now: Date, deleted: boolean) =>
    sessions.revokeOthers(tx, id, null, now).then(() => onDeactivate?.(tx, scope, id, now, deleted));

  const emailTaken = async (tx: Tx, email: unknown, exceptId: number | null) => {
    if (typeof email !== 'string') return false;
    const found = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(sql`lower(${accounts.email})`, email.toLowerCase()),
          isNull(accounts.deleted_at),
          exceptId === null ? undefined : ne(accounts.id, exceptId),
        ),
      )
      .limit(1);
    return found.length > 0;
  };

  /**
   * After an edit (new menu flags, a new e-mail): this replica forgets the sessions it has cached at
   * once, so the change holds from the person's next request here; the other replicas hear the update
   * triggers' notification. A program's edit reaches its staff's sessions too.
   */
  const forgetSessions = (id: number) => (type === 'sub_user' ? sessions.cache.evictProgram(id) : sessions.cache.evictAccount(id));

  const kit = createResourceRepository(db, resource, {
    ...profile,
    parent: { table: accounts, fields: ['email'], status: true, insertValues: () => ({ type }) },
    // Deleted accounts are out of every read; the scope's rows (a program's) come on top.
    rows: and(isNull(accounts.deleted_at), rows) as SQL,
    async checks(tx, scope, values, exceptId) {
      if (await emailTaken(tx, values.email, exceptId)) return { email: [ACCOUNT_EMAIL_TAKEN] };
      return (await checks?.(tx, scope, values, exceptId)) ?? null;
    },
    uniqueIndexes: { accounts_email_lower_key: { field: 'email', message: ACCOUNT_EMAIL_TAKEN }, ...uniqueIndexes },
    async afterStatus(tx, scope, id, status, now) {
      if (status === 0) await endSessions(tx, scope, id, now, false);
    },
    async softDelete(tx, scope, id, now) {
      await tx.update(accounts).set({ deleted_at: now, status: 0, updated_at: now }).where(eq(accounts.id, id));
      if (profileStatus) await tx.update(profile.table).set({ status: 0, updated_at: now } as Row).where(eq(profileColumns.id!, id));
      await endSessions(tx, scope, id, now, true);
    },
  });
  return {
    ...kit,
    async update(scope, id, body, now) {
      const saved = await kit.update(scope, id, body, now);
      if (saved) forgetSessions(id);
      return saved;
    },
  };
}
