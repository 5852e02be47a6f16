/**
 * The super admins' category lists (Bari resource categories and sub-categories, recipe categories):
 * global rows with a name and a status, one definition each, which differ only in their name, words,
 * permission and paths. Names are unique in their list (a sub-category's within its category).
 */
import type { PermissionSlug } from '@baridesk/domain';
import { defineResource, field, type ResourcePaths } from './resource-kit';
import { requiredString } from './rules';

export const ADMIN_CATEGORY_NAME_MAX_LENGTH = 254;
export const ADMIN_CATEGORY_SORTS = ['name', 'status', 'created_at', 'updated_at'] as const;

const categoryFields = { name: field('text', 'Name', requiredString('name', { max: ADMIN_CATEGORY_NAME_MAX_LENGTH })) };

/** What a category holds, for its in-use refusal: one and several ('resource or sub-category', 'resources or sub-categories'). */
export type HeldWords = { one: string; many: string };

/** The notices of a category list, in its own word ("Category", "Sub-category"). */
export function adminCategoryMessages(word: string, held: HeldWords) {
  return {
    created: `${word} created successfully.`,
    updated: `${word} updated successfully.`,
    statusUpdated: `${word} status updated successfully.`,
    deleted: `${word} deleted successfully.`,
    notFound: `${word} not found.`,
    nameTaken: `A ${word.toLowerCase()} with this name already exists.`,
    inUse: (count: number) =>
      `This ${word.toLowerCase()} is used by ${count} ${count === 1 ? held.one : held.many}: move or delete ${count === 1 ? 'it' : 'them'} first, or switch the ${word.toLowerCase()} off.`,
  };
}

interface CategorySpec {
  /** The audit prefix and cache key ('bari-resource-category'). */
  name: string;
  entity: string;
  plural: string;
  slug: PermissionSlug;
  paths: ResourcePaths;
  held: HeldWords;
}

/** A global category list: name (unique), status; no ordering (the spec offers no reorder call for them), listed by name. */
export function adminCategoryResource(spec: CategorySpec) {
  const messages = adminCategoryMessages('Category', spec.held);
  return defineResource({
    name: spec.name,
    entity: spec.entity,
    labels: { singular: 'Category', plural: spec.plural },
    fields: categoryFields,
    labelField: 'name',
    sorts: ADMIN_CATEGORY_SORTS,
    defaultSort: 'name',
    unique: { field: 'name', message: messages.nameTaken },
    scope: 'global',
    permission: { who: 'super-admin', slug: spec.slug },
    status: true,
    ordering: false,
    messages,
    paths: spec.paths,
  });
}

/**
 * A global sub-category list: each names its category (required); names are unique within their
 * category (the server checks it, and the table's index holds it when two saves race).
 */
export function adminSubCategoryResource(spec: CategorySpec) {
  const messages = adminCategoryMessages('Sub-category', spec.held);
  return defineResource({
    name: spec.name,
    entity: spec.entity,
    labels: { singular: 'Sub-category', plural: spec.plural },
    fields: categoryFields,
    labelField: 'name',
    sorts: ADMIN_CATEGORY_SORTS,
    defaultSort: 'name',
    scope: 'global',
    permission: { who: 'super-admin', slug: spec.slug },
    status: true,
    ordering: false,
    categories: { category: { field: 'category_id', label: 'Category', required: true } },
    messages,
    paths: spec.paths,
  });
}
