import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import { howToCategoryResource, howToResource } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { howToCategories, howToItems } from '../../../db/schema';
import { createResourceRepository } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    howTo: HowTo;
  }
}

/** How to use the app: its guides and their categories, on the kit; global rows (no program). */
export function createHowTo(db: Db, fileUrl: (key: string) => string) {
  return {
    categories: createResourceRepository(db, howToCategoryResource, {
      table: howToCategories,
      // Guides name it (a foreign key): deleting it would orphan them.
      inUse: async (tx, _scope, id) => {
        const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(howToItems).where(eq(howToItems.category_id, id));
        return row?.n ?? 0;
      },
    }),
    items: createResourceRepository(db, howToResource, {
      table: howToItems,
      categories: [{ table: howToCategories, name: howToCategories.name }],
      fileUrl,
    }),
  };
}

export type HowTo = ReturnType<typeof createHowTo>;

export default fp(
  async (fastify) => {
    fastify.decorate('howTo', createHowTo(fastify.db, (key) => fastify.uploads.urlOf(key)));
  },
  { name: 'how-to-repository', dependencies: ['database', 'uploads'] },
);
