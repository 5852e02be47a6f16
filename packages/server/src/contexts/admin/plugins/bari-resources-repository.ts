import fp from 'fastify-plugin';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  BARI_SUB_CATEGORY_MESSAGES,
  bariResourceCategoryResource,
  bariResourceResource,
  bariResourceSubCategoryResource,
} from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { bariResourceCategories, bariResourceSubCategories, bariResources } from '../../../db/schema';
import { createResourceRepository, type CategoryTable } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    bariResources: BariResources;
  }
}

type Errors = Record<string, string[]>;

const count = async (tx: Tx, from: typeof bariResources | typeof bariResourceSubCategories, where: ReturnType<typeof eq>) => {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(from).where(where);
  return row?.n ?? 0;
};

const categoryTable: CategoryTable = { table: bariResourceCategories, name: bariResourceCategories.name };

/**
 * A sub-category's name is unique within its category; and a sub-category that holds resources keeps
 * its category (moving it would leave them with a sub-category of another category than their own).
 */
async function subCategoryErrors(tx: Tx, values: Record<string, unknown>, exceptId: number | null): Promise<Errors | null> {
  const categoryId = values.category_id;
  if (typeof categoryId !== 'number' || typeof values.name !== 'string') return null;
  const [taken] = await tx
    .select({ id: bariResourceSubCategories.id })
    .from(bariResourceSubCategories)
    .where(
      and(
        eq(bariResourceSubCategories.category_id, categoryId),
        sql`lower(${bariResourceSubCategories.name}) = ${values.name.toLowerCase()}`,
        exceptId === null ? undefined : ne(bariResourceSubCategories.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) return { name: [BARI_SUB_CATEGORY_MESSAGES.nameTaken] };
  if (exceptId === null) return null;
  const stranded = await count(
    tx,
    bariResources,
    and(eq(bariResources.bari_resource_sub_category_id, exceptId), ne(bariResources.bari_resource_category_id, categoryId))!,
  );
  return stranded > 0 ? { category_id: [BARI_SUB_CATEGORY_MESSAGES.movesResources(stranded)] } : null;
}

/** Bari resources and their categories and sub-categories, on the kit; global rows (no program). */
export function createBariResources(db: Db, fileUrl: (key: string) => string) {
  return {
    categories: createResourceRepository(db, bariResourceCategoryResource, {
      table: bariResourceCategories,
      // Its sub-categories and resources name it: deleting it would orphan them.
      inUse: async (tx, _scope, id) =>
        (await count(tx, bariResources, eq(bariResources.bari_resource_category_id, id))) +
        (await count(tx, bariResourceSubCategories, eq(bariResourceSubCategories.category_id, id))),
    }),
    subCategories: createResourceRepository(db, bariResourceSubCategoryResource, {
      table: bariResourceSubCategories,
      categories: [categoryTable],
      checks: (tx, _scope, values, exceptId) => subCategoryErrors(tx, values, exceptId),
      uniqueIndexes: { bari_resource_sub_categories_name_key: { field: 'name', message: BARI_SUB_CATEGORY_MESSAGES.nameTaken } },
      inUse: (tx, _scope, id) => count(tx, bariResources, eq(bariResources.bari_resource_sub_category_id, id)),
    }),
    resources: createResourceRepository(db, bariResourceResource, {
      table: bariResources,
      categories: [categoryTable, { table: bariResourceSubCategories, name: bariResourceSubCategories.name, parent: bariResourceSubCategories.category_id }],
      fileUrl,
    }),
  };
}

export type BariResources = ReturnType<typeof createBariResources>;

export default fp(
  async (fastify) => {
    fastify.decorate('bariResources', createBariResources(fastify.db, (key) => fastify.uploads.urlOf(key)));
  },
  { name: 'bari-resources-repository', dependencies: ['database', 'uploads'] },
);
