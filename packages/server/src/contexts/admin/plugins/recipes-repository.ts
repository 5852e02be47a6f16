import fp from 'fastify-plugin';
import { arrayContains, inArray, sql, type SQL } from 'drizzle-orm';
import { RECIPE_MESSAGES, recipeCategoryResource, recipeResource } from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { recipeCategories, recipes } from '../../../db/schema';
import { createResourceRepository } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    recipes: Recipes;
  }
}

/** Recipes filed under a category: the array holds its id (`@>`, which the GIN index on category_ids serves). */
const filedUnder = (categoryId: number): SQL => arrayContains(recipes.category_ids, [categoryId]);

/** Every id of a recipe's categories must name a recipe category (a switched-off one too: a recipe keeps its filing). */
async function categoryIdErrors(tx: Tx, values: Record<string, unknown>): Promise<Record<string, string[]> | null> {
  const ids = values.category_ids;
  if (!Array.isArray(ids) || ids.length === 0) return null;
  const found = await tx
    .select({ id: recipeCategories.id })
    .from(recipeCategories)
    .where(inArray(recipeCategories.id, ids as number[]));
  return found.length === ids.length ? null : { category_ids: [RECIPE_MESSAGES.categoryUnknown] };
}

/**
 * The recipe book on the kit, global rows. The several categories of a recipe are an id array (not a
 * kit category, which is one id): checked here, filtered with `category_id`, named in the item, and a
 * category a recipe is filed under is in use.
 */
export function createRecipes(db: Db, fileUrl: (key: string) => string) {
  return {
    categories: createResourceRepository(db, recipeCategoryResource, {
      table: recipeCategories,
      inUse: async (tx, _scope, id) => {
        const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(recipes).where(filedUnder(id));
        return row?.n ?? 0;
      },
    }),
    recipes: createResourceRepository(db, recipeResource, {
      table: recipes,
      computed: {
        // Qualified by hand: inside the subquery drizzle leaves column names bare.
        category_names: sql<string[]>`(select coalesce(array_agg(c.name order by lower(c.name), c.id), '{}') from recipe_categories c
          where c.id = any(recipes.category_ids))`,
        user_id: sql<number | null>`${recipes.user_id}`,
        user_name: sql<string | null>`(select a.first_name || ' ' || a.last_name from super_admins a where a.id = recipes.user_id)`,
      },
      filters: { category_id: (value) => filedUnder(value as number) },
      checks: (tx, _scope, values) => categoryIdErrors(tx, values),
      // The author is the super admin who stores it (never the body's say); the spec's draft default, the
      // built-in super admin RECIPE_DRAFT_USER_ID, is the author of recipes written with no caller (the seed's).
      insertValues: (scope) => ({ user_id: scope.accountId }),
      fileUrl,
    }),
  };
}

export type Recipes = ReturnType<typeof createRecipes>;

export default fp(
  async (fastify) => {
    fastify.decorate('recipes', createRecipes(fastify.db, (key) => fastify.uploads.urlOf(key)));
  },
  { name: 'recipes-repository', dependencies: ['database', 'uploads'] },
);
