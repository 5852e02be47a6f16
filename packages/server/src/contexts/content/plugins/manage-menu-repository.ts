import fp from 'fastify-plugin';
import { and, asc, eq, ilike, type SQL } from 'drizzle-orm';
import type { ManageMenuEntry, ManageMenuListQuery, ManageMenuToggleBody } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { subMenuManagers, subMenus } from '../../../db/schema';
import { likePattern } from '../../../lib/paging';
import type { StaffScope } from '../../../lib/scope';
import { asFlag } from '../../../lib/sql';

declare module 'fastify' {
  interface FastifyInstance {
    manageMenu: ManageMenuRepository;
  }
}

/** The program's sub-menu switches (Manage Menu). Every method is bound to scope.programId. */
export function createManageMenuRepository(db: Db) {
  return {
    async list(scope: StaffScope, query: ManageMenuListQuery): Promise<ManageMenuEntry[]> {
      const conditions: (SQL | undefined)[] = [eq(subMenuManagers.program_id, scope.programId)];
      if (query.search) conditions.push(ilike(subMenus.title, likePattern(query.search)));
      const rows = await db
        .select({ id: subMenuManagers.id, status: subMenuManagers.status, menuId: subMenus.id, title: subMenus.title })
        .from(subMenuManagers)
        .innerJoin(subMenus, eq(subMenus.id, subMenuManagers.sub_menu_id))
        .where(and(...conditions))
        .orderBy(asc(subMenus.id));
      return rows.map((r) => ({ id: r.id, status: asFlag(r.status), sub_menu: { id: r.menuId, title: r.title } }));
    },

    /** Sets a switch; null when the program has no switch with this id. */
    async setStatus(scope: StaffScope, body: ManageMenuToggleBody, now: Date) {
      const rows = await db
        .update(subMenuManagers)
        .set({ status: body.status, updated_at: now })
        .where(and(eq(subMenuManagers.id, body.id), eq(subMenuManagers.program_id, scope.programId)))
        .returning({ id: subMenuManagers.id, status: subMenuManagers.status, subMenuId: subMenuManagers.sub_menu_id });
      const row = rows[0];
      return row ? { id: row.id, status: asFlag(row.status), subMenuId: row.subMenuId } : null;
    },
  };
}

export type ManageMenuRepository = ReturnType<typeof createManageMenuRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('manageMenu', createManageMenuRepository(fastify.db));
  },
  { name: 'manage-menu-repository', dependencies: ['database'] },
);
