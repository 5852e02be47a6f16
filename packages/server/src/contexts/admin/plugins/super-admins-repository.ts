import fp from 'fastify-plugin';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { SUPER_ADMIN_ID } from '@baridesk/domain';
import {
  SUPER_ADMIN_MESSAGES as MESSAGES,
  superAdminResource,
  type SuperAdmin,
  type SuperAdminStoreBody,
  type SuperAdminUpdateBody,
} from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { accounts, permissions, superAdminPermissions, superAdmins } from '../../../db/schema';
import { hashPassword } from '../../../lib/secrets';
import type { Scope } from '../../../lib/scope';
import {
  createAccountResourceRepository,
  type AccountResourceTable,
  type AccountsRepository,
  type AuthLinksRepository,
  type SessionsRepository,
} from '../../identity';
import { searchColumns } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    superAdminsAdmin: SuperAdminsAdmin;
  }
}

type Errors = Record<string, string[]>;
type Saved = { saved: SuperAdmin; before: SuperAdmin | null; added: number[]; removed: number[] };

const SPEC: AccountResourceTable<typeof superAdminResource> = {
  type: 'super_admin',
  table: superAdmins,
  search: searchColumns(superAdmins.first_name, superAdmins.last_name, accounts.email, superAdmins.username),
  computed: {
    permission_ids: sql<number[]>`coalesce((select json_agg(sp.permission_id order by sp.permission_id) from super_admin_permissions sp where sp.super_admin_id = ${superAdmins.id}), '[]'::json)`,
  },
};

/** The fields of a body the kit writes (the account and the profile); the password and the permissions are written here. */
const fieldsOf = ({ permission_ids: _ids, ...rest }: SuperAdminUpdateBody | SuperAdminStoreBody) => {
  const { password: _password, confirm_password: _confirm, ...fields } = rest as typeof rest & { password?: string; confirm_password?: string };
  return fields;
};

/**
 * Super admins as super admins with manage_super_admin manage them: the account (e-mail, status, soft
 * delete) and the super_admins profile through identity's account-backed resources, with the password
 * and the permissions held written in the same transaction. Super admin 48 holds every permission and
 * stays: never deleted, switched off or stripped of one.
 *
 * A permission added or taken away reaches the holder's next request: the super_admin_permissions
 * trigger announces `account:<id>` (every replica drops the account's cached sessions), and the routes
 * drop this replica's copy at once as well.
 */
export function createSuperAdminsAdmin(
  db: Db,
  sessions: SessionsRepository,
  accountsRepository: AccountsRepository,
  authLinks: Pick<AuthLinksRepository, 'markEmailVerified'>,
) {
  const repository = createAccountResourceRepository(db, sessions, superAdminResource, SPEC);
  /** The same repository inside a caller's transaction (its own transactions become savepoints). */
  const within = (tx: Tx) => createAccountResourceRepository(tx as Db, sessions, superAdminResource, SPEC);

  /** Every permission's id, in order. */
  const allPermissionIds = async (tx: Tx) => (await tx.select({ id: permissions.id }).from(permissions).orderBy(permissions.id)).map((row) => row.id);

  async function permissionErrors(tx: Tx, id: number | null, body: { permission_ids: number[]; status?: 0 | 1 }): Promise<Errors | null> {
    const all = await allPermissionIds(tx);
    if (body.permission_ids.some((permission) => !all.includes(permission))) return { permission_ids: [MESSAGES.unknownPermission] };
    if (id !== SUPER_ADMIN_ID) return null;
    const errors: Errors = {};
    if (body.status === 0) errors.status = [MESSAGES.mainStaysActive];
    if (all.some((permission) => !body.permission_ids.includes(permission))) errors.permission_ids = [MESSAGES.mainKeepsPermissions];
    return Object.keys(errors).length > 0 ? errors : null;
  }

  /** Makes the held permissions exactly `ids`; answers what was added and taken away. */
  async function hold(tx: Tx, id: number, ids: readonly number[]) {
    const held = (await tx.select({ id: superAdminPermissions.permission_id }).from(superAdminPermissions).where(eq(superAdminPermissions.super_admin_id, id))).map(
      (row) => row.id,
    );
    const added = ids.filter((permission) => !held.includes(permission));
    const removed = held.filter((permission) => !ids.includes(permission)).sort((a, b) => a - b);
    if (removed.length > 0) {
      await tx
        .delete(superAdminPermissions)
        .where(and(eq(superAdminPermissions.super_admin_id, id), ids.length > 0 ? notInArray(superAdminPermissions.permission_id, [...ids]) : undefined));
    }
    if (added.length > 0) {
      await tx
        .insert(superAdminPermissions)
        .values(added.map((permission) => ({ super_admin_id: id, permission_id: permission })))
        .onConflictDoNothing();
    }
    return { added, removed };
  }

  return {
    list: repository.list,
    find: repository.find,
    options: repository.options,

    async create(scope: Scope, body: SuperAdminStoreBody, now: Date): Promise<Saved | { errors: Errors }> {
      // Hashed before the transaction: the hash takes a while and holds no row.
      const hash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        const refused = await permissionErrors(tx, null, body);
        if (refused) return { errors: refused };
        const result = await within(tx).create(scope, fieldsOf(body), now);
        if ('errors' in result) return result;
        const { id } = result.saved;
        await accountsRepository.setPassword(tx, id, hash, now);
        // The address is the creating super admin's word, and no link goes out (the password is given
        // here): the account signs in at once, as the spec's form intends.
        await authLinks.markEmailVerified(tx, id, now);
        const { added, removed } = await hold(tx, id, body.permission_ids);
        return { saved: (await within(tx).find(scope, id))!, before: null, added, removed };
      });
    },

    async update(scope: Scope, id: number, body: SuperAdminUpdateBody, now: Date): Promise<Saved | { errors: Errors } | null> {
      return db.transaction(async (tx) => {
        const refused = await permissionErrors(tx, id, body);
        if (refused) {
          // An unknown id answers 404 before any rule of 48's is told.
          if (!(await within(tx).find(scope, id))) return null;
          return { errors: refused };
        }
        const result = await within(tx).update(scope, id, fieldsOf(body), now);
        if (result === null || 'errors' in result) return result;
        const { added, removed } = await hold(tx, id, body.permission_ids);
        return { saved: (await within(tx).find(scope, id))!, before: result.before, added, removed };
      });
    },

    /** Soft delete (the kit's); 48 and one's own account are refused before anything is read. */
    async remove(scope: Scope, id: number, now: Date) {
      if (id === SUPER_ADMIN_ID) return { refused: MESSAGES.mainNotDeleted };
      if (id === scope.accountId) return { refused: MESSAGES.notYourself };
      return repository.remove(scope, id, now);
    },

    /** The names of permissions by id, for audit records and the export. */
    async permissionSlugs(ids: readonly number[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ slug: permissions.slug }).from(permissions).where(inArray(permissions.id, [...ids])).orderBy(permissions.id);
      return rows.map((row) => row.slug);
    },
  };
}

export type SuperAdminsAdmin = ReturnType<typeof createSuperAdminsAdmin>;

export default fp(
  async (fastify) => {
    fastify.decorate('superAdminsAdmin', createSuperAdminsAdmin(fastify.db, fastify.sessions, fastify.accounts, fastify.authLinks));
  },
  { name: 'super-admins-admin', dependencies: ['database', 'sessions-repository', 'accounts-repository', 'auth-links-repository'] },
);
