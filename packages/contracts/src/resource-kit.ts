/**
 * The resource kit: one declarative definition of a list-shaped resource (a list with paging, search,
 * sort and a status filter; show, store, update, toggle-status, delete; ordering; categories) from
 * which the valibot schemas and TypeScript types of its calls are derived. The server's route and
 * repository factories (packages/server/src/contexts/platform/resource-kit) and the kit's screens in
 * @baridesk/ui read the same definition, so a resource is written once. See docs/resource-kit.md.
 */
import * as v from 'valibot';
import type { PermissionSlug } from '@baridesk/domain';
import { MAX_ALL_ROWS, envelope, flag, listQuery, messageOnly, pageOf, type Page } from './common';
import { INVALID_ID, invalidValue, required } from './messages';
import { NOT_FOR_SELF_SERVICE } from './patients';
import { MAX_ID, flag01, hasNoNul, id, requiredId, type ImageRule } from './rules';

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

/** What a field holds: the form picks its input from it, the server its handling (richText is sanitised, image is a stored file). */
export type ResourceFieldKind = 'text' | 'textarea' | 'richText' | 'email' | 'phone' | 'url' | 'date' | 'number' | 'image' | 'flag';

/** One writable field of a resource. */
export interface ResourceField<I extends v.GenericSchema = v.GenericSchema, O extends v.GenericSchema = v.GenericSchema> {
  readonly kind: ResourceFieldKind;
  /** The form's label and the list's column heading. */
  readonly label: string;
  /** The store/update body entry: validates and normalises what the form sends. */
  readonly input: I;
  /** The item entry: the value as the API answers it. */
  readonly output: O;
  /** Whether the list shows it as a column. */
  readonly column: boolean;
  /** For kind 'image': the smallest size (and aspect ratio) accepted. */
  readonly image?: ImageRule;
  /**
   * The heading the field is shown under: the form draws the fields of one group together (where the
   * group's first field stands, in their order), and so does the show page. None: the field stands alone.
   */
  readonly group?: string;
}

/** The writable fields of a resource, by name (the name is the body key, the item key and, by default, the column). */
export type ResourceFields = { readonly [name: string]: ResourceField };

const textOutput = v.string();

/** Where a field is shown, beside its kind: as a list column, and under which group's heading. */
export type FieldPlacement = { column?: boolean; group?: string };

const placed = (options: FieldPlacement, column: boolean) => ({ column: options.column ?? column, ...(options.group ? { group: options.group } : {}) });

/** A field whose item value is a string unless `output` says otherwise (e.g. `v.nullable(v.string())` for an optional one). */
export function field<I extends v.GenericSchema>(
  kind: Exclude<ResourceFieldKind, 'image' | 'flag'>,
  label: string,
  input: I,
  options?: FieldPlacement,
): ResourceField<I, typeof textOutput>;
export function field<I extends v.GenericSchema, O extends v.GenericSchema>(
  kind: Exclude<ResourceFieldKind, 'image' | 'flag'>,
  label: string,
  input: I,
  options: FieldPlacement & { output: O },
): ResourceField<I, O>;
export function field(
  kind: Exclude<ResourceFieldKind, 'image' | 'flag'>,
  label: string,
  input: v.GenericSchema,
  options: FieldPlacement & { output?: v.GenericSchema } = {},
): ResourceField {
  return { kind, label, input, output: options.output ?? textOutput, ...placed(options, true) };
}

/**
 * A 0/1 switch (a menu flag, a right). The body takes 0, 1, "0", "1", false or true and gives 0 or 1;
 * a body without it gets `initial` (0 unless told), which is also where a new record's form starts.
 * The item gives 0 or 1. Not a list column unless told.
 */
export function flagField(label: string, options: FieldPlacement & { initial?: 0 | 1 } = {}) {
  return {
    kind: 'flag',
    label,
    input: v.optional(flag01.wrapped, options.initial ?? 0),
    output: flag,
    ...placed(options, false),
  } as const satisfies ResourceField;
}

/**
 * The fields in the order forms and show pages draw them: a group's fields stand together, in their
 * order, where its first field is; the fields without a group between them stay in runs. Each section
 * is a group (its heading and field names) or a run of lone fields (`group` undefined). Without groups
 * there is one run of every field, as before groups existed.
 */
export function fieldSections<T extends { readonly group?: string }>(
  entries: readonly (readonly [string, T])[],
): { group: string | undefined; names: string[] }[] {
  const sections: { group: string | undefined; names: string[] }[] = [];
  const byGroup = new Map<string, string[]>();
  for (const [name, entry] of entries) {
    const last = sections.at(-1);
    const known = entry.group === undefined ? undefined : byGroup.get(entry.group);
    if (known) {
      known.push(name);
    } else if (entry.group !== undefined) {
      const names = [name];
      byGroup.set(entry.group, names);
      sections.push({ group: entry.group, names });
    } else if (last && last.group === undefined) {
      last.names.push(name);
    } else {
      sections.push({ group: undefined, names: [name] });
    }
  }
  return sections;
}

/** Longest key of a stored upload. */
export const UPLOAD_KEY_MAX_LENGTH = 512;

/**
 * An image field. The form uploads the file first (the uploads call checks and measures it) and sends
 * the key it got back; on update a missing value keeps the stored image and null removes it. The item
 * gives the image's URL, or null.
 */
export function imageField(name: string, label: string, rule: ImageRule, options: FieldPlacement = {}) {
  const key = v.pipe(
    v.string(invalidValue(name)),
    v.trim(),
    v.nonEmpty(invalidValue(name)),
    v.maxLength(UPLOAD_KEY_MAX_LENGTH, invalidValue(name)),
    v.check(hasNoNul, invalidValue(name)),
  );
  return {
    kind: 'image',
    label,
    input: v.optional(v.nullable(key)),
    output: v.nullable(v.string()),
    ...placed(options, false),
    image: rule,
  } as const satisfies ResourceField;
}

// ---------------------------------------------------------------------------------------------
// The definition
// ---------------------------------------------------------------------------------------------

/** Whose rows a resource holds: one program's (every query bound to the caller's program), or global ones managed by super admins. */
export type ResourceScope = 'program' | 'global';

/**
 * Who may call a resource's routes, as the server checks it today: any staff member; staff but not
 * self-service accounts (refused with `refusal`, by default NOT_FOR_SELF_SERVICE); the program's sub
 * user only; the sub user or staff with administrative rights; or super admins (with `slug` when the
 * resource needs a permission; user 48 passes every slug).
 */
export type ResourcePermission =
  | { readonly who: 'staff' }
  | { readonly who: 'staff-not-self-service'; readonly refusal?: string }
  | { readonly who: 'sub-user' }
  | { readonly who: 'administrative-rights' }
  | { readonly who: 'super-admin'; readonly slug?: PermissionSlug };

/** The notices of a resource's calls; a definition may carry more (e.g. the text of `unique`). */
export interface ResourceMessages {
  readonly created: string;
  readonly updated: string;
  readonly deleted: string;
  /** 404 for an id the caller's scope does not hold. */
  readonly notFound: string;
  readonly statusUpdated?: string;
  readonly indexesUpdated?: string;
  /** 409 on delete while other records use it, with how many. */
  readonly inUse?: (count: number) => string;
  /** destroy-multiple's notice, with how many were deleted; by default "3 categories deleted.". */
  readonly deletedMultiple?: (count: number) => string;
  /** toggle-status-multiple's notice; by default "3 categories activated." (or deactivated). */
  readonly statusUpdatedMultiple?: (count: number, status: 0 | 1) => string;
  /** 409 on destroy-multiple while some of the records are in use, with how many of them are. */
  readonly inUseMultiple?: (count: number) => string;
}

/** The calls a resource may offer. `options` is the unpaged list of active records (a picker's choices, the spec's `all`). */
export type ResourceOperation =
  | 'list'
  | 'show'
  | 'store'
  | 'update'
  | 'toggleStatus'
  | 'delete'
  | 'updateIndexes'
  | 'options'
  | 'byCategory'
  | 'destroyMultiple'
  | 'toggleStatusMultiple';

export type ResourceMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call, below the resource's base path. A `:id` in the path carries the record's id (the body then
 * has the other fields); otherwise a GET or DELETE takes `?id=`, any other method `id` in the body.
 */
export interface ResourceRoute {
  readonly method: ResourceMethod;
  readonly path: string;
  /**
   * The verb the call stands for when its HTTP method is not it: the spec's `POST /{id}` whose body says
   * `_method=PUT` is `{ method: 'POST', path: '/:id', as: 'PUT' }`. A body's `_method` may name the
   * method or this verb (and is then dropped); any other value is refused (422 on `_method`).
   */
  readonly as?: ResourceMethod;
}

/** A resolved call: its method, its path below the base and its full URL (e.g. /api/user-category/show/:id). */
export interface ResourceEndpoint extends ResourceRoute {
  readonly url: string;
  /** Where the id travels: in the path, the query string or the body; none for list, store, options, byCategory and updateIndexes. */
  readonly idIn: 'path' | 'query' | 'body' | 'none';
  /** The values a body's `_method` may take: the method, and the verb of `as`. */
  readonly verbs: readonly ResourceMethod[];
  /**
   * The call's path carries the partition (`/:surgery_type`): the value is read from there instead of
   * the query string or the body, and a record the call names must be in it.
   */
  readonly partitionInPath: boolean;
}

/**
 * The method override of the spec's clients (Laravel's): a body, JSON or a multipart form's text part,
 * may carry `_method` naming the call's own verb. It is never a field: accepted and dropped.
 */
export const METHOD_OVERRIDE_FIELD = '_method';

/** The 422 text of a `_method` that names another verb than the call's. */
export const methodOverrideRefused = (verbs: readonly string[]): string =>
  `The method must be ${verbs.length > 1 ? `${verbs.slice(0, -1).join(', ')} or ${verbs.at(-1)}` : verbs[0]}.`;

/**
 * Where the calls live. `base` is the full URL prefix (e.g. '/api/alerts/message-templates'); each call
 * is a route, a path with the default method, or false when the resource does not offer it. Defaults:
 * list GET '', show GET '/:id', store POST '/store', update POST '/update', toggleStatus POST
 * '/toggle-status' (with status), delete POST '/delete', updateIndexes POST '/update-indexes' (with
 * ordering), byCategory GET '/by-category-id' (with a category); options, destroyMultiple (POST
 * '/destroy-multiple', body `{ ids }`) and toggleStatusMultiple (POST '/toggle-status-multiple', body
 * `{ ids, status }`) only when given.
 */
export type ResourcePaths = { readonly base: string } & { readonly [K in ResourceOperation]?: ResourceRoute | string | false };

/** A category reference: the id field on the record and its label. The item also carries the category's name (`…_id` → `…_name`). */
export interface ResourceCategoryRef<N extends string = string> {
  readonly field: N;
  readonly label: string;
  /** Whether a record must have one; otherwise null is allowed. */
  readonly required?: boolean;
}

export interface ResourceCategories<C extends string = string, SC extends string = never> {
  readonly category: ResourceCategoryRef<C>;
  /** A sub-category, which must belong to the record's category. */
  readonly subCategory?: ResourceCategoryRef<SC>;
}

type Sorts = readonly [string, ...string[]];

/**
 * A column whose value splits a resource's rows into separate lists (the content categories of each
 * menu, the items of each dynamic section). The list, options, by-category-id and update-indexes calls
 * take it as a query parameter named `field` (required); store takes it in the body (required) and the
 * record keeps it for good (update ignores it); the item carries it. Unique values, the order of new
 * records and the categories a record may name are all within one partition.
 */
export interface ResourcePartition<N extends string = string, I extends v.GenericSchema = v.GenericSchema> {
  /** The column, the query parameter and the body and item key (e.g. 'section_id', 'menu'). */
  readonly field: N;
  /** What the value is called in messages ('Section', 'Menu'). */
  readonly label: string;
  /** The value as the query string or the body gives it: must refuse a missing one (e.g. requiredId('section')). */
  readonly input: I;
  /** The item entry (for the documentation); a number or a string unless told. */
  readonly output?: v.GenericSchema;
}

/** The values a partitioned resource's calls carry, by field: `{ section_id: 3 }`, `{ menu: 'diet' }`. */
export type PartitionValues = Readonly<Record<string, string | number>>;

/** What a definition says; see defineResource. */
export interface ResourceConfig<
  F extends ResourceFields,
  X extends v.ObjectEntries,
  S extends Sorts,
  St extends boolean,
  O extends boolean,
  C extends string,
  SC extends string,
  Q extends v.ObjectEntries,
  M extends ResourceMessages,
  P extends ResourcePartition | undefined = undefined,
> {
  /** Kebab-case name: the audit action prefix ('patient-tag.create') and the front end's cache key. */
  readonly name: string;
  /** The audit record's entity ('patient_tag'). */
  readonly entity: string;
  readonly labels: { readonly singular: string; readonly plural: string };
  readonly fields: F;
  /** The field that names a record: the options' `name`, the audit's detail, the delete confirmation. */
  readonly labelField: keyof F & string;
  /** Read-only item entries the server computes (e.g. patients_count). */
  readonly extra?: X;
  /** The list's sort keys (with ordering, 'order_index' among them) and the default. */
  readonly sorts: S;
  readonly defaultSort: S[number];
  /** Filters of the list beyond search and status, as valibot query entries. */
  readonly filters?: Q;
  /** One field whose value no two records of a scope share (case-insensitively for text), and the 422 text. */
  readonly unique?: { readonly field: keyof F & string; readonly message: string };
  readonly scope: ResourceScope;
  readonly permission: ResourcePermission;
  /** Whether records have a 0/1 status (list filter, toggle-status, default on store). */
  readonly status: St;
  /** Status of a new record when the form sends none; 1 unless told. */
  readonly defaultStatus?: 0 | 1;
  /** Whether records are put in order by dragging (order_index, update-indexes). */
  readonly ordering: O;
  readonly categories?: ResourceCategories<C, SC>;
  /** The column that splits the rows into separate lists (see ResourcePartition). */
  readonly partition?: P;
  /**
   * Store and update also take multipart/form-data (member portals' clients send files with the record):
   * an image field as a file part (stored like an upload, by the field's rule) or a key as text, other
   * fields as text parts checked by the same schemas. JSON keeps working and is the documented body.
   */
  readonly multipart?: boolean;
  /**
   * The names of other resources whose records show figures of this one's (an ad set's number of ads and
   * its totals): a change to this resource on a screen refreshes theirs too.
   */
  readonly shownIn?: readonly string[];
  readonly messages: M;
  readonly paths: ResourcePaths;
}

// ---------------------------------------------------------------------------------------------
// Derived entries (types)
// ---------------------------------------------------------------------------------------------

const idOutput = v.number();
const stamp = v.string();
const nullableId = v.nullable(v.number());
const nullableName = v.nullable(v.string());
const partitionOutput = v.union([v.number(), v.string()]);
const statusOnUpdate = flag01;
const statusFilter = v.optional(flag01);
const categoryInput = v.optional(v.nullable(id));
const categoryFilter = v.optional(id);
/** A required category: missing, null (a picker left on its blank choice) or blank is "{Label} is required.". */
const requiredCategory = (label: string) =>
  v.pipe(
    // The default makes a missing value run the pipe (and be "required") instead of being skipped.
    v.nullish(v.union([v.number(), v.string()], INVALID_ID), null),
    v.check((value) => value !== null && value !== undefined && String(value).trim() !== '', required(label)),
    // The one spelling of an id (as `id` reads it): digits only, then a PostgreSQL integer above 0.
    v.transform((value) => (typeof value === 'number' ? value : /^[1-9]\d*$/.test(String(value)) ? Number(value) : Number.NaN)),
    v.check((value) => Number.isSafeInteger(value) && value > 0 && value <= MAX_ID, INVALID_ID),
  );

type InputEntries<F extends ResourceFields> = { [K in keyof F]: F[K]['input'] };
type OutputEntries<F extends ResourceFields> = { [K in keyof F]: F[K]['output'] };
type NameOf<N extends string> = N extends `${infer P}_id` ? `${P}_name` : `${N}_name`;
type CategoryOutput<N extends string> = { [K in N]: typeof nullableId } & { [K in NameOf<N>]: typeof nullableName };
type CategoryInput<N extends string> = { [K in N]: typeof categoryInput };
type CategoryFilter<N extends string> = { [K in N]: typeof categoryFilter };
type Empty = Record<never, never>;
type If<B extends boolean, T> = B extends true ? T : Empty;

type ItemEntries<F extends ResourceFields, X extends v.ObjectEntries, St extends boolean, O extends boolean, C extends string, SC extends string, P = undefined> = {
  id: typeof idOutput;
} & PartitionOutput<P> &
  OutputEntries<F> &
  X &
  CategoryOutput<C> &
  CategoryOutput<SC> &
  If<St, { status: typeof flag }> &
  If<O, { order_index: typeof idOutput }> & { created_at: typeof stamp; updated_at: typeof stamp };

type OutputOf<E> = { [K in keyof E]: E[K] extends v.GenericSchema ? v.InferOutput<E[K]> : never };
type CategoryValues<N extends string> = { [K in N]: number | null } & { [K in NameOf<N>]: string | null };
/** One record's type, written out (valibot cannot infer through the generic entries inside the wrappers). */
type ItemOutput<F extends ResourceFields, X extends v.ObjectEntries, St extends boolean, O extends boolean, C extends string, SC extends string, P = undefined> = {
  id: number;
} & PartitionValue<P> & { [K in keyof F]: v.InferOutput<F[K]['output']> } &
  OutputOf<X> &
  CategoryValues<C> &
  CategoryValues<SC> &
  If<St, { status: 0 | 1 }> &
  If<O, { order_index: number }> & { created_at: string; updated_at: string };

type WriteEntries<F extends ResourceFields, C extends string, SC extends string> = InputEntries<F> & CategoryInput<C> & CategoryInput<SC>;

/** The partition's entry by its field, as input (query, store body) or as item output; nothing without a partition. */
type PartitionInput<P> = P extends ResourcePartition<infer N, infer I> ? { [K in N]: I } : Empty;
type PartitionOutput<P> = P extends ResourcePartition<infer N, infer I> ? { [K in N]: v.GenericSchema<unknown, v.InferOutput<I>> } : Empty;
type PartitionValue<P> = P extends ResourcePartition<infer N, infer I> ? { [K in N]: v.InferOutput<I> } : Empty;

type ListQueryEntries<S extends Sorts, St extends boolean, C extends string, SC extends string, Q extends v.ObjectEntries, P = undefined> = ReturnType<
  typeof listQuery<S>
>['entries'] &
  PartitionInput<P> &
  If<St, { status: typeof statusFilter }> &
  CategoryFilter<C> &
  CategoryFilter<SC> &
  Q;

const optionSchema = v.object({ id: v.number(), name: v.string() });
const statusData = v.object({ id: v.number(), status: flag });
const indexData = v.array(v.object({ id: v.number(), order_index: v.number() }));

/** A record as a picker offers it: its id and its label field's value. */
export const resourceOptionSchema = optionSchema;
export type ResourceOption = v.InferOutput<typeof optionSchema>;

/** A list of distinct record ids, at least one (update-indexes, the bulk calls). */
const idList = v.optional(
    v.pipe(
      v.array(
        v.pipe(
          v.number(INVALID_ID),
          v.check((value) => Number.isSafeInteger(value) && value > 0 && value <= MAX_ID, INVALID_ID),
        ),
        'The ids must be a list of ids.',
      ),
      v.nonEmpty(required('ids')),
      v.maxLength(MAX_ALL_ROWS, `The ids may not have more than ${MAX_ALL_ROWS} items.`),
      v.check((ids) => new Set(ids).size === ids.length, 'The ids may not repeat.'),
    ),
    [],
  );

/** The body of update-indexes: the ids of the listed records in their new order (they share the places they held). */
export const updateIndexesBody = v.object({ ids: idList });
/** destroy-multiple: the records to delete, all of the caller's scope (else nothing is deleted). */
export const destroyMultipleBody = v.object({ ids: idList });
/** toggle-status-multiple: the records and the status to give them all. */
export const toggleStatusMultipleBody = v.object({ ids: idList, status: flag01 });
export type UpdateIndexesBody = v.InferOutput<typeof updateIndexesBody>;

/** GET by-category-id: `categoryId`, required. */
export const byCategoryQuery = v.object({ categoryId: requiredId('category id') });
export type ByCategoryQuery = v.InferOutput<typeof byCategoryQuery>;

/** The derived schemas of a resource. */
export interface ResourceSchemas<
  F extends ResourceFields,
  X extends v.ObjectEntries,
  S extends Sorts,
  St extends boolean,
  O extends boolean,
  C extends string,
  SC extends string,
  Q extends v.ObjectEntries,
  P extends ResourcePartition | undefined = undefined,
> {
  /** One record as the API answers it. */
  item: v.ObjectSchema<ItemEntries<F, X, St, O, C, SC, P>, undefined>;
  /** The list's query: page, perPage (5, 10, 15, 20, 50, 100, All), search, sort, direction, status, category filters, filters (and the partition). */
  listQuery: v.ObjectSchema<ListQueryEntries<S, St, C, SC, Q, P>, undefined>;
  /** `{ data: { data, total, page, perPage } }` */
  listResponse: v.GenericSchema<unknown, { data: Page<ItemOutput<F, X, St, O, C, SC, P>>; message?: string | undefined }>;
  /** `{ data: item }` (show) */
  itemResponse: v.GenericSchema<unknown, { data: ItemOutput<F, X, St, O, C, SC, P>; message?: string | undefined }>;
  /** The store body: the partition, the fields, the categories, and status (default `defaultStatus`). */
  storeBody: v.ObjectSchema<PartitionInput<P> & WriteEntries<F, C, SC> & If<St, { status: v.OptionalSchema<typeof flag01, 0 | 1> }>, undefined>;
  /** The update body without its id (for an update route whose path carries `:id`). */
  updateFields: v.ObjectSchema<WriteEntries<F, C, SC> & If<St, { status: typeof statusOnUpdate }>, undefined>;
  /** The update body: id, every field, status included. */
  updateBody: v.ObjectSchema<{ id: typeof id } & WriteEntries<F, C, SC> & If<St, { status: typeof statusOnUpdate }>, undefined>;
  /** toggle-status: the status to set (not a flip, so a repeated call changes nothing). */
  toggleStatusBody: v.ObjectSchema<{ id: typeof id; status: typeof flag01 }, undefined>;
  /** toggle-status without its id (path carries `:id`). */
  toggleStatusFields: v.ObjectSchema<{ status: typeof flag01 }, undefined>;
  deleteBody: v.ObjectSchema<{ id: typeof id }, undefined>;
  updateIndexesBody: typeof updateIndexesBody;
  /** by-category-id's query: `categoryId` (and the partition). */
  byCategoryQuery: v.ObjectSchema<(typeof byCategoryQuery)['entries'] & PartitionInput<P>, undefined>;
  /** The query of options and update-indexes: the partition, or nothing. */
  partitionQuery: v.ObjectSchema<PartitionInput<P>, undefined>;
  /** store (201) and update: `{ data: item, message }` */
  savedResponse: v.GenericSchema<unknown, { data: ItemOutput<F, X, St, O, C, SC, P>; message: string }>;
  toggleStatusResponse: v.ObjectSchema<{ data: typeof statusData; message: v.StringSchema<undefined> }, undefined>;
  deleteResponse: typeof messageOnly;
  updateIndexesResponse: v.ObjectSchema<{ data: typeof indexData; message: v.StringSchema<undefined> }, undefined>;
  /** options and by-category-id: `{ data: [{ id, name }] }` */
  optionsResponse: ReturnType<typeof envelope<v.ArraySchema<typeof optionSchema, undefined>>>;
  /** destroy-multiple's body `{ ids }`; it answers `{ message }` (deleteResponse). */
  destroyMultipleBody: typeof destroyMultipleBody;
  /** toggle-status-multiple's body `{ ids, status }`. */
  toggleStatusMultipleBody: typeof toggleStatusMultipleBody;
  /** toggle-status-multiple: `{ data: [{ id, status }], message }` */
  toggleStatusMultipleResponse: v.ObjectSchema<{ data: v.ArraySchema<typeof statusData, undefined>; message: v.StringSchema<undefined> }, undefined>;
}

/** A defined resource: its definition, its derived schemas and its resolved calls. */
export interface Resource<
  F extends ResourceFields = ResourceFields,
  X extends v.ObjectEntries = v.ObjectEntries,
  S extends Sorts = Sorts,
  St extends boolean = boolean,
  O extends boolean = boolean,
  C extends string = string,
  SC extends string = string,
  Q extends v.ObjectEntries = v.ObjectEntries,
  M extends ResourceMessages = ResourceMessages,
  P extends ResourcePartition | undefined = ResourcePartition | undefined,
> extends ResourceConfig<F, X, S, St, O, C, SC, Q, M, P> {
  readonly schemas: ResourceSchemas<F, X, S, St, O, C, SC, Q, P>;
  /** The calls the resource offers, resolved; an operation it does not offer is absent. */
  readonly endpoints: { readonly [K in ResourceOperation]?: ResourceEndpoint };
  /** The category fields in order (category, sub-category), with the item key of their names. */
  readonly categoryFields: readonly { readonly field: string; readonly nameKey: string; readonly label: string; readonly required: boolean }[];
  readonly defaultStatus: 0 | 1;
}

type SchemaName = keyof ResourceSchemas<ResourceFields, v.ObjectEntries, Sorts, boolean, boolean, string, string, v.ObjectEntries, ResourcePartition | undefined>;

/** Any defined resource, whatever its fields: what the factories and screens take. */
export type AnyResource = Omit<Resource, 'schemas'> & { readonly schemas: { readonly [K in SchemaName]: v.GenericSchema } };

/** One record of a resource. */
export type ResourceItem<R extends AnyResource> = v.InferOutput<R['schemas']['item']>;
export type ResourceListQuery<R extends AnyResource> = v.InferOutput<R['schemas']['listQuery']>;
export type ResourceStoreBody<R extends AnyResource> = v.InferOutput<R['schemas']['storeBody']>;
export type ResourceUpdateBody<R extends AnyResource> = v.InferOutput<R['schemas']['updateBody']>;
export type ResourceToggleStatusBody<R extends AnyResource> = v.InferOutput<R['schemas']['toggleStatusBody']>;
export type ResourceDeleteBody<R extends AnyResource> = v.InferOutput<R['schemas']['deleteBody']>;
export type ResourceListResponse<R extends AnyResource> = v.InferOutput<R['schemas']['listResponse']>;
export type ResourceItemResponse<R extends AnyResource> = v.InferOutput<R['schemas']['itemResponse']>;
export type ResourceSavedResponse<R extends AnyResource> = v.InferOutput<R['schemas']['savedResponse']>;
export type ResourceToggleStatusResponse<R extends AnyResource> = v.InferOutput<R['schemas']['toggleStatusResponse']>;
export type ResourceOptionsResponse<R extends AnyResource> = v.InferOutput<R['schemas']['optionsResponse']>;
export type ResourceSort<R extends AnyResource> = R['sorts'][number];

// ---------------------------------------------------------------------------------------------
// defineResource
// ---------------------------------------------------------------------------------------------

const DEFAULT_ROUTES: Record<ResourceOperation, ResourceRoute> = {
  list: { method: 'GET', path: '' },
  show: { method: 'GET', path: '/:id' },
  store: { method: 'POST', path: '/store' },
  update: { method: 'POST', path: '/update' },
  toggleStatus: { method: 'POST', path: '/toggle-status' },
  delete: { method: 'POST', path: '/delete' },
  updateIndexes: { method: 'POST', path: '/update-indexes' },
  options: { method: 'GET', path: '/all' },
  byCategory: { method: 'GET', path: '/by-category-id' },
  destroyMultiple: { method: 'POST', path: '/destroy-multiple' },
  toggleStatusMultiple: { method: 'POST', path: '/toggle-status-multiple' },
};

const ID_FREE: readonly ResourceOperation[] = ['list', 'store', 'updateIndexes', 'options', 'byCategory', 'destroyMultiple', 'toggleStatusMultiple'];

/** The item key of a category's name: `category_id` → `category_name`. */
export const categoryNameKey = (field: string): string => (field.endsWith('_id') ? `${field.slice(0, -3)}_name` : `${field}_name`);

/**
 * Fills in a resource's URL for one record: `:id` replaced, or `?id=` added for a GET or DELETE that
 * takes it so; a partition in the path (`:surgery_type`) replaced by its value in `partition`.
 */
export function endpointUrl(endpoint: ResourceEndpoint, recordId?: number, partition?: PartitionValues): string {
  let url = endpoint.url.replace(/:(\w+)/g, (param, name: string) => {
    if (name === 'id') return param;
    const value = partition?.[name];
    if (value === undefined) throw new Error(`${endpoint.url} needs its ${name}.`);
    return encodeURIComponent(String(value));
  });
  if (recordId === undefined) return url;
  if (endpoint.idIn === 'path') url = url.replace(':id', String(recordId));
  else if (endpoint.idIn === 'query') url = `${url}?id=${recordId}`;
  return url;
}

/** The bulk calls name their records by id alone: their paths may not carry a partition. */
const NO_PARTITION_IN_PATH: readonly ResourceOperation[] = ['destroyMultiple', 'toggleStatusMultiple'];

function resolveEndpoints(paths: ResourcePaths, offered: Record<ResourceOperation, boolean>, partitionField: string | undefined) {
  if (!paths.base.startsWith('/') || paths.base.endsWith('/')) throw new Error(`A resource base starts with / and does not end with one: ${paths.base}`);
  const endpoints: { [K in ResourceOperation]?: ResourceEndpoint } = {};
  for (const operation of Object.keys(DEFAULT_ROUTES) as ResourceOperation[]) {
    const given = paths[operation];
    if (given === false || (given === undefined && !offered[operation])) continue;
    const route = typeof given === 'object' ? given : { method: DEFAULT_ROUTES[operation].method, path: given ?? DEFAULT_ROUTES[operation].path };
    if (route.path !== '' && !route.path.startsWith('/')) throw new Error(`A resource path starts with /: ${route.path}`);
    const idIn = ID_FREE.includes(operation)
      ? 'none'
      : route.path.includes(':id')
        ? 'path'
        : route.method === 'GET' || route.method === 'DELETE'
          ? 'query'
          : 'body';
    const verbs = route.as && route.as !== route.method ? [route.method, route.as] : [route.method];
    // A path names the record (:id) and, of a partitioned resource, its partition: nothing else.
    const params = [...`${paths.base}${route.path}`.matchAll(/:(\w+)/g)].map((match) => match[1]!);
    const stray = params.find((name) => name !== 'id' && name !== partitionField);
    if (stray) throw new Error(`A resource path may carry :id and the partition only: ${route.path} has :${stray}`);
    const partitionInPath = partitionField !== undefined && params.includes(partitionField);
    if (partitionInPath && NO_PARTITION_IN_PATH.includes(operation)) throw new Error(`The ${operation} path may not carry the partition: ${route.path}`);
    endpoints[operation] = { ...route, url: `${paths.base}${route.path}`, idIn, verbs, partitionInPath };
  }
  return endpoints;
}

/**
 * Defines a resource: checks the definition's consistency (a mistake throws when the module loads) and
 * derives its schemas and calls. The exported names of a resource's contracts are its `schemas`.
 */
export function defineResource<
  const F extends ResourceFields,
  const S extends Sorts,
  St extends boolean,
  O extends boolean,
  const M extends ResourceMessages,
  const X extends v.ObjectEntries = Empty,
  const C extends string = never,
  const SC extends string = never,
  const Q extends v.ObjectEntries = Empty,
  const P extends ResourcePartition | undefined = undefined,
>(config: ResourceConfig<F, X, S, St, O, C, SC, Q, M, P>): Resource<F, X, S, St, O, C, SC, Q, M, P> {
  const fail = (problem: string) => {
    throw new Error(`Resource ${config.name}: ${problem}`);
  };
  if (!(config.labelField in config.fields)) fail(`labelField ${config.labelField} is not a field`);
  if (config.unique && !(config.unique.field in config.fields)) fail(`unique field ${config.unique.field} is not a field`);
  if (!config.sorts.includes(config.defaultSort)) fail(`defaultSort ${config.defaultSort} is not among the sorts`);
  if (config.ordering && !config.sorts.includes('order_index')) fail('a resource with ordering sorts by order_index');
  const { partition } = config;
  if (partition) {
    if (partition.field in config.fields || config.categories?.category.field === partition.field || config.categories?.subCategory?.field === partition.field) {
      fail(`the partition ${partition.field} is also a field`);
    }
    if (v.safeParse(partition.input, undefined).success) fail(`the partition ${partition.field} must refuse a missing value`);
  }
  const adminOnly = config.permission.who === 'super-admin';
  if (adminOnly !== (config.scope === 'global')) fail('global resources are for super admins, program resources for staff');

  const categoryFields = [config.categories?.category, config.categories?.subCategory]
    .filter((ref) => ref !== undefined)
    .map((ref: ResourceCategoryRef) => ({ field: ref.field, nameKey: categoryNameKey(ref.field), label: ref.label, required: ref.required ?? false }));

  const entries = <K extends 'input' | 'output'>(key: K) =>
    Object.fromEntries(Object.entries(config.fields).map(([name, f]) => [name, f[key]])) as Record<string, v.GenericSchema>;

  const categoryInputs = Object.fromEntries(
    categoryFields.map((c) => [c.field, c.required ? requiredCategory(c.label) : categoryInput]),
  ) as Record<string, v.GenericSchema>;
  const defaultStatus = config.defaultStatus ?? 1;

  const partitionInput: v.ObjectEntries = partition ? { [partition.field]: partition.input } : {};
  const item = v.object({
    id: idOutput,
    ...(partition ? { [partition.field]: partition.output ?? partitionOutput } : {}),
    ...entries('output'),
    ...config.extra,
    ...Object.fromEntries(categoryFields.flatMap((c) => [[c.field, nullableId], [c.nameKey, nullableName]])),
    ...(config.status ? { status: flag } : {}),
    ...(config.ordering ? { order_index: idOutput } : {}),
    created_at: stamp,
    updated_at: stamp,
  });
  const query = v.object({
    ...partitionInput,
    ...listQuery(config.sorts, config.defaultSort).entries,
    ...(config.status ? { status: statusFilter } : {}),
    ...Object.fromEntries(categoryFields.map((c) => [c.field, categoryFilter])),
    ...config.filters,
  });
  const writes = { ...entries('input'), ...categoryInputs };
  const withStatus: v.ObjectEntries = config.status ? { status: statusOnUpdate } : {};

  const schemas = {
    item,
    listQuery: query,
    listResponse: envelope(pageOf(item)),
    itemResponse: envelope(item),
    storeBody: v.object({ ...partitionInput, ...writes, ...(config.status ? { status: v.optional(flag01, defaultStatus) } : {}) }),
    updateFields: v.object({ ...writes, ...withStatus }),
    updateBody: v.object({ id, ...writes, ...withStatus }),
    toggleStatusBody: v.object({ id, status: flag01 }),
    toggleStatusFields: v.object({ status: flag01 }),
    deleteBody: v.object({ id }),
    updateIndexesBody,
    byCategoryQuery: partition ? v.object({ ...byCategoryQuery.entries, ...partitionInput }) : byCategoryQuery,
    partitionQuery: v.object(partitionInput),
    savedResponse: v.object({ data: item, message: v.string() }),
    toggleStatusResponse: v.object({ data: statusData, message: v.string() }),
    deleteResponse: messageOnly,
    updateIndexesResponse: v.object({ data: indexData, message: v.string() }),
    optionsResponse: envelope(v.array(optionSchema)),
    destroyMultipleBody,
    toggleStatusMultipleBody,
    toggleStatusMultipleResponse: v.object({ data: v.array(statusData), message: v.string() }),
  } as unknown as ResourceSchemas<F, X, S, St, O, C, SC, Q, P>;

  const endpoints = resolveEndpoints(config.paths, {
    list: true,
    show: true,
    store: true,
    update: true,
    toggleStatus: config.status,
    delete: true,
    updateIndexes: config.ordering,
    options: false,
    byCategory: categoryFields.length > 0,
    destroyMultiple: false,
    toggleStatusMultiple: false,
  }, partition?.field);
  if (endpoints.toggleStatus && !config.status) fail('toggle-status needs status');
  if (endpoints.updateIndexes && !config.ordering) fail('update-indexes needs ordering');
  if (endpoints.byCategory && categoryFields.length === 0) fail('by-category-id needs a category');
  if (endpoints.toggleStatusMultiple && !config.status) fail('toggle-status-multiple needs status');
  if (endpoints.toggleStatus && !config.messages.statusUpdated) fail('toggle-status needs messages.statusUpdated');
  if (endpoints.updateIndexes && !config.messages.indexesUpdated) fail('update-indexes needs messages.indexesUpdated');

  return { ...config, defaultStatus, schemas, endpoints, categoryFields };
}

/** "1 category", "3 categories": how many records, in the definition's labels (lower case). */
export const recordCount = (resource: Pick<AnyResource, 'labels'>, count: number): string =>
  `${count} ${(count === 1 ? resource.labels.singular : resource.labels.plural).toLowerCase()}`;

/** The notices of the bulk calls: the definition's, or the defaults. */
export const bulkMessages = (resource: Pick<AnyResource, 'labels' | 'messages'>) => ({
  deleted: (count: number) => resource.messages.deletedMultiple?.(count) ?? `${recordCount(resource, count)} deleted.`,
  statusUpdated: (count: number, status: 0 | 1) =>
    resource.messages.statusUpdatedMultiple?.(count, status) ?? `${recordCount(resource, count)} ${status === 1 ? 'activated' : 'deactivated'}.`,
  inUse: (count: number) =>
    resource.messages.inUseMultiple?.(count) ??
    `${recordCount(resource, count)} of the selection ${count === 1 ? 'is' : 'are'} in use and cannot be deleted. Nothing was deleted.`,
});

/** The refusal a self-service caller gets from a 'staff-not-self-service' resource. */
export const selfServiceRefusal = (permission: ResourcePermission): string | null =>
  permission.who === 'staff-not-self-service' ? (permission.refusal ?? NOT_FOR_SELF_SERVICE) : null;

/** The query entry (or body entry) of a partitioned resource's calls, from the values a screen was given; nothing without a partition. */
export function partitionOf(resource: Pick<AnyResource, 'partition' | 'labels'>, values: PartitionValues | undefined): Record<string, string | number> {
  const { partition } = resource;
  if (!partition) return {};
  const value = values?.[partition.field];
  if (value === undefined) throw new Error(`${resource.labels.plural} are split by ${partition.field}: give the call its value.`);
  return { [partition.field]: value };
}
