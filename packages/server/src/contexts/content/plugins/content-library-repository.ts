import fp from 'fastify-plugin';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  CONTACT_GROUP_NOT_USED,
  CONTACT_GROUP_REQUIRED,
  CONTENT_CATEGORY_MESSAGES,
  CONTENT_LIST_RESOURCES,
  CONTENT_OWN_CATEGORY_RESOURCES,
  CONTENT_SUB_CATEGORY_MESSAGES,
  invalidValue,
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

const categoryTable: CategoryTable = { table: contentCategories, name: contentCategories.name };
const subCategoryTable: CategoryTable = { table: contentSubCategories, name: contentSubCategories.name, parent: contentSubCategories.category_id };

/** How many rows of `table` in the caller's program name the record through `column`. */
async function countNaming(tx: Tx, scope: Scope, table: typeof contentItems | typeof contentSubCategories, column: AnyPgColumn, id: number) {
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(and(eq(table.program_id, scope.programId!), eq(column, id)));
  return counted?.n ?? 0;
}

/** The category (or sub-category) a body names must be one of the type's own, not another type's of the same program. */
async function ofMenu(tx: Tx, table: typeof contentCategories | typeof contentSubCategories, id: unknown, menu: string) {
  if (typeof id !== 'number') return true;
  const [row] = await tx.select({ menu: table.menu, section: table.section_id }).from(table).where(eq(table.id, id));
  return row !== undefined && row.menu === menu && row.section === null;
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
  const categories = type.categories === 0 ? [] : type.categories === 1 ? [categoryTable] : [categoryTable, subCategoryTable];
  return createResourceRepository(db, resource as AnyResource, {
    table: contentItems,
    rows: eq(contentItems.menu, key),
    insertValues: (scope) => ({ menu: key, created_by: scope.accountId }),
    search: searchColumns(contentItems.title, contentItems.subtitle),
    categories,
    fileUrl,
    ...(key === 'contacts' ? { filters: { weightLossType: (value: unknown): SQL => eq(contentItems.weight_loss_type, value as number) } } : {}),
    async checks(tx, scope, values) {
      const errors: Errors = {};
      if (!(await ofMenu(tx, contentCategories, values.category_id, key))) errors.category_id = [invalidValue('Category')];
      if (!(await ofMenu(tx, contentSubCategories, values.sub_category_id, key))) errors.sub_category_id = [invalidValue('Sub-category')];
      if (key === 'contacts') Object.assign(errors, contactGroupErrors(scope, values));
      return Object.keys(errors).length > 0 ? errors : null;
    },
  });
}

/** A category of one type at the type's own paths: the content_categories rows of its menu (not a dynamic section's). */
function createOwnCategoriesRepository(db: Db, key: ContentListKey, resource: AnyResource, fileUrl: (key: string) => string) {
  return createResourceRepository(db, resource, {
    table: contentCategories,
    rows: eq(contentCategories.menu, key),
    insertValues: () => ({ menu: key }),
    fileUrl,
    uniqueIndexes: { content_categories_name_key: { field: 'name', message: CONTENT_CATEGORY_MESSAGES.nameTaken } },
    /** Items and sub-categories still naming it: not deleted (409). */
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

function createOwnSubCategoriesRepository(db: Db, key: ContentListKey, resource: AnyResource, fileUrl: (key: string) => string) {
  return createResourceRepository(db, resource, {
    table: contentSubCategories,
    rows: eq(contentSubCategories.menu, key),
    insertValues: () => ({ menu: key }),
    categories: [categoryTable],
    fileUrl,
    async checks(tx, _scope, values, exceptId) {
      if (!(await ofMenu(tx, contentCategories, values.category_id, key))) return { category_id: [invalidValue('Category')] };
      return subCategoryNameErrors(tx, values, exceptId);
    },
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
        category: createOwnCategoriesRepository(db, key as ContentListKey, resources.category, fileUrl),
        subCategory: createOwnSubCategoriesRepository(db, key as ContentListKey, resources.subCategory, fileUrl),
      },
    ]),
  ) as Record<keyof typeof CONTENT_OWN_CATEGORY_RESOURCES, { category: ResourceRepository<AnyResource>; subCategory: ResourceRepository<AnyResource> }>;
  return { items, ownCategories };
}

/** The content library's repositories: each list type's items, and the support service's and group's own category calls. */
export type ContentLibrary = ReturnType<typeof createContentLibrary>;

export default fp(
  async (fastify) => {
    fastify.decorate('contentLibrary', createContentLibrary(fastify.db, (key) => fastify.uploads.urlOf(key)));
  },
  { name: 'content-library-repository', dependencies: ['database', 'uploads'] },
);
