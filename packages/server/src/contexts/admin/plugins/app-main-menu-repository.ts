import fp from 'fastify-plugin';
import { asc, eq, sql } from 'drizzle-orm';
import { appMainMenuResource } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { appMainMenu } from '../../../db/schema';
import { createResourceRepository } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    appMainMenu: AppMainMenuRepository;
  }
}

/** The patient app's main menu entries (seeded reference data): super admins switch them; the app reads those switched on. */
export function createAppMainMenuRepository(db: Db) {
  const kit = createResourceRepository(db, appMainMenuResource, {
    table: appMainMenu,
    computed: { key: sql<string>`${appMainMenu.key}`, order_index: sql<number>`${appMainMenu.order_index}` },
  });
  return {
    ...kit,
    /** The entries switched on, in the app's order. */
    enabled: () =>
      db
        .select({ key: appMainMenu.key, label: appMainMenu.label })
        .from(appMainMenu)
        .where(eq(appMainMenu.status, 1))
        .orderBy(asc(appMainMenu.order_index), asc(appMainMenu.id)),
  };
}

export type AppMainMenuRepository = ReturnType<typeof createAppMainMenuRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('appMainMenu', createAppMainMenuRepository(fastify.db));
  },
  { name: 'app-main-menu-repository', dependencies: ['database'] },
);
