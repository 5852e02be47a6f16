import fp from 'fastify-plugin';
import { asc } from 'drizzle-orm';
import type { Permission } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { permissions } from '../../../db/schema';

declare module 'fastify' {
  interface FastifyInstance {
    permissions: PermissionsRepository;
  }
}

export function createPermissionsRepository(db: Db) {
  return {
    async list(): Promise<Permission[]> {
      const rows = await db.select().from(permissions).orderBy(asc(permissions.id));
      return rows as Permission[];
    },
  };
}

export type PermissionsRepository = ReturnType<typeof createPermissionsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('permissions', createPermissionsRepository(fastify.db));
  },
  { name: 'permissions-repository', dependencies: ['database'] },
);
