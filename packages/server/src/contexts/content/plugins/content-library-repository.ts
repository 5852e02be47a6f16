import fp from 'fastify-plugin';
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CONTACT_GROUP_NOT_USED,
  CONTACT_GROUP_REQUIRED,
  CONTENT_CATEGORY_MENUS,
  CONTENT_CATEGORY_MESSAGES,
  CONTENT_CATEGORY_RESOURCE,
  CONTENT_LIST_RESOURCES,
  CONTENT_OWN_CATEGORY_RESOURCES,
  CONTENT_SUB_CATEGORY_MENUS,
  CONTENT_SUB_CATEGORY_MESSAGES,
  CONTENT_SUB_CATEGORY_RESOURCE,
  type AnyResource,
  type ContentListKey,
  type ContentListResource,
} from '@baridesk/contracts';
import { SPECIAL_PROGRAM_ID } from '@baridesk/domain';
import type { Db, Tx } from '../../../db/client';
import { contentCategories, contentItems, contentSubCategories } from '../../../db/schema';
import type { Scope } from '../../../lib/scope';
import { createResourceRepository, searchColumns, type CategoryTable, type ResourceRepository } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    contentLibrary: ContentLibrary;
  }
}

type Row = Record<string, unknown>;
type Errors = Record<string, string[]>;

/** A type's categories: its menu's rows, not a dynamic section's (those have the section's menu and id). */
const ofType = (table: typeof contentCategories | typeof contentSubCategories, menus: string | readonly string[]) =>
  and(typeof menus === 'string' ? eq(table.menu, menus) : inArray(table.menu, [...menus]), isNull(table.section_id))!;

/** The categories (and sub-categories) an item or a sub-category of `menu` may name: its type's only. */
const categoryTable = (menu: string): CategoryTable => ({ table: contentCategories, name: contentCategories.name, rows: ofType(contentCategories, menu) });
const subCategoryTable = (menu: string): CategoryTable => ({
  table: contentSubCategories,
  name: contentSubCategories.name,
  parent: contentSubCategories.category_id,
  rows: ofType(contentSubCategories, menu),
});

/** How many rows of `table` in the caller's program name the record through `column`. */
export async function countNaming(tx: Tx, scope: Scope, table: typeof contentItems | typeof contentSubCategories, column: AnyPgColumn, id: number) {
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(eq(table.program_id, scope.programId!), eq(column, id)));
  return counted?.n ?? 0;
}

/** Program 302's contacts belong to one of its two groups; no other program's contacts have a group. */
function contactGroupErrors(scope: Scope, values: Row): Errors | null {
  const group = values.weight_loss_type;
  if (scope.programId === SPECIAL_PROGRAM_ID) return group === null || group === undefined ? { weight_loss_type: [CONTACT_GROUP_REQUIRED] } : null;
  return group === null || group === undefined ? null : { weight_loss_type: [CONTACT_GROUP_NOT_USED] };
}

/**
 * The items of one list type: the content_items rows whose menu is the type's key, on the kit (ordered,
 * searched by title and subtitle, categories and sub-categories of the same type only).
 */
function createItemsRepository(db: Db, resource: ContentListResource, fileUrl: (key: string) => string) {
  const type = resource.contentType;
  const key = type.key;
  const categories = [categoryTable(key), subCategoryTable(key)].slice(0, type.categories);
  return createResourceRepository(db, resource as AnyResource, {
    table: contentItems,
    rows: eq(contentItems.menu, key),
    insertValues: (scope) => ({ menu: key, created_by: scope.accountId }),
    search: searchColumns(contentItems.title, contentItems.subtitle),
    categories,
    fileUrl,
    ...(key === 'contacts'
      ? {
          filters: { weightLossType: (value: unknown): SQL => eq(contentItems.weight_loss_type, value as number) },
          checks: async (_tx: Tx, scope: Scope, values: Row) => contactGroupErrors(scope, values),
        }
      : {}),
  });
}

/**
 * Categories on the kit, over `rows` (one type's at its own paths, or every type's for the generic calls
 * partitioned by menu). The name is unique within the type (the kit's check, and the index
 * content_categories_name_key when two saves race); a category that items or sub-categories still name
 * is not deleted (409).
 */
export function createCategoriesRepository(db: Db, resource: AnyResource, rows: SQL, fileUrl: (key: string) => string, insertValues?: () => Row) {
  return createResourceRepository(db, resource, {
    table: contentCategories,
    rows,
    ...(insertValues ? { insertValues } : {}),
    fileUrl,
    uniqueIndexes: { content_categories_name_key: { field: 'name', message: CONTENT_CATEGORY_MESSAGES.nameTaken } },
    inUse: async (tx, scope, id) =>
      (await countNaming(tx, scope, contentItems, contentItems.category_id, id)) +
      (await countNaming(tx, scope, contentSubCategories, contentSubCategories.category_id, id)),
  });
}

/** The sub-category's name is unique within its category, whatever its case. */
async function subCategoryNameErrors(tx: Tx, values: Row, exceptId: number | null): Promise<Errors | null> {
  if (typeof values.category_id !== 'number' || typeof values.name !== 'string') return null;
  const [taken] = await tx
    .select({ id: contentSubCategories.id })
    .from(contentSubCategories)
    .where(
      and(
        eq(contentSubCategories.category_id, values.category_id),
        sql`lower(${contentSubCategories.name}) = ${values.name.toLowerCase()}`,
        exceptId === null ? undefined : sql`${contentSubCategories.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return taken ? { name: [CONTENT_SUB_CATEGORY_MESSAGES.nameTaken] } : null;
}

/** Sub-categories on the kit, over `rows`, each in a category among `category` (of its type); names unique within their category. */
export function createSubCategoriesRepository(
  db: Db,
  resource: AnyResource,
  rows: SQL,
  category: CategoryTable,
  fileUrl: (key: string) => string,
  insertValues?: () => Row,
) {
  return createResourceRepository(db, resource, {
    table: contentSubCategories,
    rows,
    ...(insertValues ? { insertValues } : {}),
    categories: [category],
    fileUrl,
    checks: (tx, _scope, values, exceptId) => subCategoryNameErrors(tx, values, exceptId),
    uniqueIndexes: { content_sub_categories_name_key: { field: 'name', message: CONTENT_SUB_CATEGORY_MESSAGES.nameTaken } },
    inUse: (tx, scope, id) => countNaming(tx, scope, contentItems, contentItems.sub_category_id, id),
  });
}

export function createContentLibrary(db: Db, fileUrl: (key: string) => string) {
  const items = Object.fromEntries(
    Object.entries(CONTENT_LIST_RESOURCES).map(([key, resource]) => [key, createItemsRepository(db, resource, fileUrl)]),
  ) as Record<ContentListKey, ResourceRepository<AnyResource>>;
  const ownCategories = Object.fromEntries(
    Object.entries(CONTENT_OWN_CATEGORY_RESOURCES).map(([key, resources]) => [
      key,
      {
        category: createCategoriesRepository(db, resources.category, ofType(contentCategories, key), fileUrl, () => ({ menu: key })),
        subCategory: createSubCategoriesRepository(db, resources.subCategory, ofType(contentSubCategories, key), categoryTable(key), fileUrl, () => ({
          menu: key,
        })),
      },
    ]),
  ) as Record<keyof typeof CONTENT_OWN_CATEGORY_RESOURCES, { category: ResourceRepository<AnyResource>; subCategory: ResourceRepository<AnyResource> }>;
  // The generic calls: every type's categories, split by the partition `menu` (which store writes); a
  // sub-category's category must have the same menu (the kit's partition rule).
  const categories = createCategoriesRepository(db, CONTENT_CATEGORY_RESOURCE, ofType(contentCategories, CONTENT_CATEGORY_MENUS), fileUrl);
  const subCategories = createSubCategoriesRepository(
    db,
    CONTENT_SUB_CATEGORY_RESOURCE,
    ofType(contentSubCategories, CONTENT_SUB_CATEGORY_MENUS),
    { table: contentCategories, name: contentCategories.name, rows: ofType(contentCategories, CONTENT_SUB_CATEGORY_MENUS) },
    fileUrl,
  );

  /** The type (menu) of a category or sub-category of the program named by id, for the generic id calls' guard; null when none. */
  async function menuOf(which: 'category' | 'subCategory', scope: Scope, id: number): Promise<string | null> {
    const table = which === 'category' ? contentCategories : contentSubCategories;
    const [row] = await db
      .select({ menu: table.menu })
      .from(table)
      .where(and(eq(table.id, id), eq(table.program_id, scope.programId!), isNull(table.section_id)));
    return row?.menu ?? null;
  }

  return { items, ownCategories, categories, subCategories, menuOf };
}

/** The content library's repositories: each list type's items, and the support service's and group's own category calls. */
export type ContentLibrary = ReturnType<typeof createContentLibrary>;

export default fp(
  async (fastify) => {
    fastify.decorate('contentLibrary', createContentLibrary(fastify.db, (key) => fastify.uploads.urlOf(key)));
  },
  { name: 'content-library-repository', dependencies: ['database', 'uploads'] },
);
