/**
 * The resource kit's repository factory: the SQL of a list-shaped resource (list, find, options, create,
 * update, status, delete, reorder) for one drizzle table, bound to the caller's scope, from the
 * resource's definition (@baridesk/contracts defineResource) and what the table needs said about it.
 */
import * as v from 'valibot';
import { and, asc, desc, eq, getTableColumns, getTableName, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  invalidValue,
  type AnyResource,
  type Page,
  type ResourceItem,
  type ResourceListQuery,
  type ResourceOption,
} from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import { isUniqueViolation, violatedUniqueIndex } from '../../../lib/pg-errors';
import { asFlag } from '../../../lib/sql';
import type { Scope } from '../../../lib/scope';
import { sanitizeRichText } from '../rich-text';

type Expression = AnyPgColumn | SQL;
type Row = Record<string, unknown>;

/** The category (or sub-category) table a resource's category field points at. */
export interface CategoryTable {
  table: PgTable;
  /** The column of the category's name. */
  name: AnyPgColumn;
  /** For a sub-category: its column holding the category it belongs to. */
  parent?: AnyPgColumn;
  /**
   * The rows a record may name, besides the scope (and the partition): e.g. a diet item may name only
   * the categories whose menu is 'diet'. Another row is refused as a category not in scope is.
   */
  rows?: SQL;
}

/**
 * The table a record begins in when it spans two that share its id (an account and its profile): the
 * record's row there is written first and the resource's table gets its id. Reads join it.
 */
export interface ParentTable {
  /** Has id, created_at, updated_at, and a column per field named in `fields` (and status when `status`). */
  table: PgTable;
  /** The definition's fields kept in the parent (e.g. email). */
  fields: readonly string[];
  /** The status is the parent's; when the resource's table has a status column too, it is kept in step. */
  status?: boolean;
  /** Parent column values written beside the fields on insert (e.g. the account's type). */
  insertValues?: (scope: Scope) => Row;
}

/** What is special about a resource's table; everything else follows from the definition. */
export interface ResourceTable<R extends AnyResource> {
  /** Has id, created_at, updated_at, a column per field of the same name, and program_id / status / order_index as the definition needs. */
  table: PgTable;
  /** Read-only item values the database computes (the definition's `extra`), e.g. a correlated count. */
  computed?: { [K in keyof NonNullable<R['extra']>]: SQL };
  /** The list's search; by default the label field contains the text (case-insensitive, wildcards literal). */
  search?: (text: string) => SQL | undefined;
  /** The conditions of the definition's `filters` given in a list query; by default the column of the same name equals the value. */
  filters?: Record<string, (value: unknown) => SQL | undefined>;
  /** Sort expressions for sort keys that are not a column or a computed value of the same name. */
  sorts?: Partial<Record<R['sorts'][number], Expression>>;
  /** The tables of the definition's category fields, in the same order (category, sub-category). */
  categories?: readonly CategoryTable[];
  /**
   * Which of the table's rows the resource holds, besides its scope: every read and write is bound to it
   * (another row answers 404). E.g. a global resource over the rows that belong to no program
   * (`isNull(table.program_id)`) while a program resource on the same table holds each program's own. A
   * row the resource inserts must satisfy it (the column's default, or `insertValues`).
   */
  rows?: SQL;
  /** Column values written beside the fields on insert, e.g. who created it. */
  insertValues?: (scope: Scope) => Row;
  /** Column values computed from the fields written, on store and on update (e.g. a time zone from coordinates). */
  derive?: (fields: Row) => Row;
  /** Runs inside a store's transaction after the row (and its parent's) is written (e.g. a new program's content switches). */
  afterCreate?: (tx: Tx, scope: Scope, created: ResourceItem<R>) => Promise<void>;
  /** Runs inside an update's transaction after the row is written (e.g. relabel the patients carrying a tag). */
  afterUpdate?: (tx: Tx, scope: Scope, before: ResourceItem<R>, after: ResourceItem<R>) => Promise<void>;
  /** How many records use this one (run inside the delete's transaction, the row locked); more than 0 refuses the delete. */
  inUse?: (tx: Tx, scope: Scope, id: number) => Promise<number>;
  /**
   * The record's image files that something else still shows (the inbox messages it sent carry its
   * picture): kept when an edit replaces them or the record is deleted, where the kit would remove them.
   * Runs inside the transaction (before a delete), only when there are files to remove.
   */
  filesShownElsewhere?: (tx: Tx, id: number) => Promise<string[]>;
  /** The record's first half, when it spans two tables (see ParentTable; an account-backed resource). */
  parent?: ParentTable;
  /**
   * Rules a store or update must also pass, checked in its transaction before the write (e.g. an e-mail
   * address no live account holds, wherever it is): errors by field, or null. `values` are the columns written.
   */
  checks?: (tx: Tx, scope: Scope, values: Row, exceptId: number | null) => Promise<Record<string, string[]> | null>;
  /** Unique indexes (of the table or its parent) whose violation, a save losing a race, answers as its check would: 422 on the field. */
  uniqueIndexes?: Record<string, { field: string; message: string }>;
  /**
   * A delete that keeps the rows (history points at them): runs instead of the DELETE, in the delete's
   * transaction with the record locked; the record's files are kept. It must take the record out of
   * `rows`, so it is gone from every read.
   */
  softDelete?: (tx: Tx, scope: Scope, id: number, now: Date) => Promise<void>;
  /** Runs in a status change's transaction after the row is written (e.g. end an account's sessions when it is switched off). */
  afterStatus?: (tx: Tx, scope: Scope, id: number, status: 0 | 1, now: Date) => Promise<void>;
  /** A stored image key as the item gives it: `fastify.uploads.urlOf` (the context plugin depends on 'uploads'); needed when the resource has image fields. */
  fileUrl?: (key: string) => string;
}

/** A store or update: saved, or refused field by field (a taken unique value, a category not in scope). */
export type SaveResult<R extends AnyResource> = { saved: ResourceItem<R>; before: ResourceItem<R> | null; replacedFiles: string[] } | { errors: Record<string, string[]> };
export type DeleteResult<R extends AnyResource> = { deleted: ResourceItem<R>; files: string[] } | { inUse: number };
/** A delete of several records: all deleted, or none because some are in use (each with how many use it). */
export type DeleteManyResult<R extends AnyResource> = { deleted: ResourceItem<R>[]; files: string[] } | { inUse: { id: number; count: number }[] };

/** The repository of one resource; every method is bound to the caller's scope (another program's id is not found). */
export interface ResourceRepository<R extends AnyResource> {
  list(scope: Scope, query: ResourceListQuery<R>): Promise<Page<ResourceItem<R>>>;
  find(scope: Scope, id: number): Promise<ResourceItem<R> | null>;
  /**
   * Active records (every record without status) as id and label, in list order: a picker's choices;
   * `filter` narrows by column values (a category; a partitioned resource's partition, which it needs).
   */
  options(scope: Scope, filter?: Record<string, number | string>): Promise<ResourceOption[]>;
  create(scope: Scope, body: Row, now: Date): Promise<SaveResult<R>>;
  /** null when the scope has no record with this id. */
  update(scope: Scope, id: number, body: Row, now: Date): Promise<SaveResult<R> | null>;
  setStatus(scope: Scope, id: number, status: 0 | 1, now: Date): Promise<{ id: number; status: 0 | 1 } | null>;
  remove(scope: Scope, id: number, now: Date): Promise<DeleteResult<R> | null>;
  /** Sets the status of several records in one transaction; null (nothing changed) when any id is not in scope. */
  setStatusMany(scope: Scope, ids: readonly number[], status: 0 | 1, now: Date): Promise<{ id: number; status: 0 | 1 }[] | null>;
  /**
   * Deletes several records in one transaction, their rows locked: null when any id is not in scope, and
   * nothing deleted when any of them is in use (the hook's count per record).
   */
  removeMany(scope: Scope, ids: readonly number[], now: Date): Promise<DeleteManyResult<R> | null>;
  /**
   * Puts the records in the given order within the places they held; null when any id is not in scope
   * (or, for a partitioned resource, not in the partition `partitionValue`).
   */
  reorder(scope: Scope, ids: readonly number[], now: Date, partitionValue?: string | number): Promise<{ id: number; order_index: number }[] | null>;
}


/** Builds the repository of `resource` on `db`. A table that lacks a column the definition needs throws here, at start-up. */
export function createResourceRepository<R extends AnyResource>(db: Db, resource: R, spec: ResourceTable<R>): ResourceRepository<R> {
  const { table } = spec;
  const tableName = getTableName(table);
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const fail = (problem: string): never => {
    throw new Error(`Resource ${resource.name} (table ${tableName}): ${problem}`);
  };
  const column = (name: string): AnyPgColumn => columns[name] ?? fail(`no column ${name}`);

  const fieldNames = Object.keys(resource.fields);
  const imageFields = fieldNames.filter((name) => resource.fields[name]!.kind === 'image');
  const richTextFields = new Set(fieldNames.filter((name) => resource.fields[name]!.kind === 'richText'));
  if (imageFields.length > 0 && !spec.fileUrl) fail('image fields need fileUrl');
  const categoryFields = resource.categoryFields;
  if ((spec.categories?.length ?? 0) !== categoryFields.length) fail('give one category table per category field');

  const id = column('id');
  const programId = resource.scope === 'program' ? column('program_id') : null;
  const { parent } = spec;
  const parentColumns = parent ? (getTableColumns(parent.table) as Record<string, AnyPgColumn>) : {};
  const parentColumn = (name: string): AnyPgColumn => parentColumns[name] ?? fail(`no column ${name} in its parent table`);
  const parentId = parent ? parentColumn('id') : null;
  const inParent = new Set([...(parent?.fields ?? []), ...(parent?.status ? ['status'] : [])]);
  /** A field's column, in whichever of the two tables holds it. */
  const fieldColumn = (name: string): AnyPgColumn => (inParent.has(name) ? parentColumn(name) : column(name));
  const status = resource.status ? fieldColumn('status') : null;
  /** The resource's own table keeps a copy of a parent's status (a program's status beside its account's). */
  const statusCopy = parent?.status && columns.status ? columns.status : null;
  const orderIndex = resource.ordering ? column('order_index') : null;
  const label = fieldColumn(resource.labelField);
  const partitionField = resource.partition?.field ?? null;
  const partitionColumn = partitionField ? column(partitionField) : null;
  /** The condition of one partition; a partitioned resource's call without its value is the caller's mistake (the schemas require it). */
  const inPartition = (value: unknown): SQL | undefined => {
    if (!partitionColumn) return undefined;
    if (value === undefined || value === null) return fail(`a call without its ${partitionField}`);
    return eq(partitionColumn, value);
  };
  // A record names categories of its own partition: their tables carry the same column.
  if (partitionField) {
    for (const target of spec.categories ?? []) {
      if (!getTableColumns(target.table)[partitionField]) fail(`category table ${getTableName(target.table)} has no ${partitionField}`);
    }
  }
  const computed: Record<string, SQL> = { ...spec.computed };

  // Each category's name, read by a correlated subquery written with explicit qualifiers: inside a
  // subquery drizzle leaves column names bare, and a bare "id" would then mean the category's.
  const categoryNames = Object.fromEntries(
    categoryFields.map((category, i) => {
      const target = spec.categories![i]!;
      column(category.field);
      return [
        category.nameKey,
        sql<string | null>`(select c.${sql.identifier(target.name.name)} from ${sql.identifier(getTableName(target.table))} c
          where c.id = ${sql.identifier(tableName)}.${sql.identifier(category.field)})`,
      ];
    }),
  );

  const selection: Record<string, Expression> = {
    id,
    ...(partitionColumn ? { [partitionField!]: partitionColumn } : {}),
    ...Object.fromEntries(fieldNames.map((name) => [name, fieldColumn(name)])),
    ...computed,
    ...Object.fromEntries(categoryFields.flatMap((c) => [[c.field, column(c.field)], [c.nameKey, categoryNames[c.nameKey]!]])),
    ...(status ? { status } : {}),
    ...(orderIndex ? { order_index: orderIndex } : {}),
    created_at: column('created_at'),
    updated_at: column('updated_at'),
  };
  const sortExpressions = Object.fromEntries(
    (resource.sorts as readonly string[]).map((key) => [
      key,
      (spec.sorts as Record<string, Expression> | undefined)?.[key] ??
        computed[key] ??
        (inParent.has(key) ? parentColumns[key] : columns[key]) ??
        fail(`no column for sort ${key}`),
    ]),
  );

  const toItem = (row: Row): ResourceItem<R> => {
    const item: Row = {};
    for (const [key, value] of Object.entries(row)) {
      if (value instanceof Date) item[key] = value.toISOString();
      else if (key === 'status') item[key] = asFlag(value);
      else if (imageFields.includes(key)) item[key] = typeof value === 'string' ? spec.fileUrl!(value) : null;
      else item[key] = value;
    }
    return item as ResourceItem<R>;
  };

  /** The record's rows: the table, joined to its parent when it has one (every read and scope check goes through it). */
  const from = <Q extends { from: (t: PgTable) => unknown }>(query: Q) => {
    const selected = query.from(table) as { innerJoin: (t: PgTable, on: SQL) => unknown };
    return (parent ? selected.innerJoin(parent.table, eq(parentId!, id)) : selected) as ReturnType<Q['from']>;
  };

  const inScope = (scope: Scope): SQL | undefined => {
    if (!programId) return spec.rows;
    if (scope.programId === null) throw Object.assign(new Error('This is available to program staff only.'), { statusCode: 403 });
    return and(eq(programId, scope.programId), spec.rows);
  };
  const own = (scope: Scope, recordId: number) => and(eq(id, recordId), inScope(scope));

  const findIn = async (tx: Tx, scope: Scope, recordId: number, lock = false) => {
    const query = from(tx.select(selection)).where(own(scope, recordId));
    const rows = lock ? await query.for('update', { of: table }) : await query;
    return rows[0] ? toItem(rows[0] as Row) : null;
  };
  /** The stored keys of a record's images (the item has their URLs). */
  const filesOf = async (tx: Tx, scope: Scope, recordId: number): Promise<Row> => {
    if (imageFields.length === 0) return {};
    const [row] = await from(tx.select(Object.fromEntries(imageFields.map((name) => [name, column(name)])))).where(own(scope, recordId));
    return (row as Row | undefined) ?? {};
  };
  /** The stored keys of every image of the records. */
  const filesOfMany = async (tx: Tx, scope: Scope, ids: readonly number[]): Promise<string[]> => {
    if (imageFields.length === 0) return [];
    const rows = await from(tx.select(Object.fromEntries(imageFields.map((name) => [name, column(name)])))).where(and(inScope(scope), inArray(id, [...ids])));
    return rows.flatMap((row) => Object.values(row as Row)).filter((key): key is string => typeof key === 'string');
  };
  /** Of `keys`, a record's files about to be removed, those the definition does not keep (`filesShownElsewhere`); asked only when there are some. */
  const removable = async (tx: Tx, recordId: number, keys: string[]): Promise<string[]> => {
    if (keys.length === 0 || !spec.filesShownElsewhere) return keys;
    const kept = new Set(await spec.filesShownElsewhere(tx, recordId));
    return keys.filter((key) => !kept.has(key));
  };
  /** Locks the records (all of the scope's, in id order so two bulk calls cannot deadlock); null when any is missing. */
  const lockMany = async (tx: Tx, scope: Scope, ids: readonly number[]) => {
    const rows = await from(tx.select(selection)).where(and(inScope(scope), inArray(id, [...ids]))).orderBy(asc(id)).for('update', { of: table });
    return rows.length === ids.length ? rows.map((row) => toItem(row as Row)) : null;
  };

  const unique = resource.unique;
  const uniqueColumn = unique ? fieldColumn(unique.field) : null;
  const textUnique = unique ? !['date', 'number'].includes(resource.fields[unique.field]!.kind) : false;
  const taken = () => ({ errors: { [unique!.field]: [unique!.message] } });
  const isTaken = async (tx: Tx, scope: Scope, partitionValue: unknown, value: unknown, exceptId?: number) => {
    if (!uniqueColumn || value === undefined || value === null) return false;
    const same = textUnique ? sql`lower(${uniqueColumn}) = ${String(value).toLowerCase()}` : eq(uniqueColumn, value);
    const rows = await from(tx.select({ id }))
      .where(and(inScope(scope), inPartition(partitionValue), same, exceptId === undefined ? undefined : ne(id, exceptId)))
      .limit(1);
    return rows.length > 0;
  };

  /**
   * The categories a body names must be the scope's (and the record's partition's, and among the
   * category table's `rows`), and a sub-category must belong to the category.
   */
  const categoryErrors = async (tx: Tx, scope: Scope, partitionValue: unknown, body: Row) => {
    const errors: Record<string, string[]> = {};
    for (const [i, category] of categoryFields.entries()) {
      const value = body[category.field];
      if (value === undefined || value === null) continue;
      const target = spec.categories![i]!;
      const targetColumns = getTableColumns(target.table) as Record<string, AnyPgColumn>;
      const parentField = i > 0 ? categoryFields[i - 1]!.field : null;
      const rows = await tx
        .select({ id: targetColumns.id! })
        .from(target.table)
        .where(
          and(
            eq(targetColumns.id!, value as number),
            programId ? eq(targetColumns.program_id ?? fail('category table without program_id'), scope.programId!) : undefined,
            target.parent && parentField ? eq(target.parent, (body[parentField] as number | null | undefined) ?? -1) : undefined,
            partitionField ? eq(targetColumns[partitionField]!, partitionValue) : undefined,
            target.rows,
          ),
        )
        .limit(1);
      if (rows.length === 0) errors[category.field] = [invalidValue(category.label)];
    }
    return Object.keys(errors).length > 0 ? errors : null;
  };

  /**
   * The column values of a body's fields: blanks stored as null, an absent image kept on update, rich
   * text sanitised and then checked again by its field's rule (markup that sanitises to nothing leaves
   * a required field empty: 422, not an empty record).
   */
  const writable = (body: Row, forInsert: boolean): { values: Row } | { errors: Record<string, string[]> } => {
    const values: Row = {};
    const errors: Record<string, string[]> = {};
    for (const name of fieldNames) {
      const value = body[name];
      if (imageFields.includes(name) && value === undefined && !forInsert) continue;
      if (richTextFields.has(name) && typeof value === 'string') {
        const checked = v.safeParse(resource.fields[name]!.input, sanitizeRichText(value));
        if (checked.success) values[name] = checked.output ?? null;
        else errors[name] = [checked.issues[0].message];
        continue;
      }
      values[name] = value === undefined ? null : value;
    }
    for (const category of categoryFields) values[category.field] = body[category.field] ?? null;
    if (status && body.status !== undefined) values.status = body.status;
    return Object.keys(errors).length > 0 ? { errors } : { values };
  };

  /** A save that loses a race to an equal unique value (the index refuses it) answers as the check would have. */
  const guarded = async <T>(save: () => Promise<T>): Promise<T | { errors: Record<string, string[]> }> => {
    try {
      return await save();
    } catch (error) {
      const index = spec.uniqueIndexes?.[violatedUniqueIndex(error) ?? ''];
      if (index) return { errors: { [index.field]: [index.message] } };
      if (unique && isUniqueViolation(error)) return taken();
      throw error;
    }
  };

  /** Splits written values between the parent and the table (a parent's status is copied to the table's own). */
  const split = (values: Row): { own: Row; inParentRow: Row } => {
    const own: Row = {};
    const inParentRow: Row = {};
    for (const [key, value] of Object.entries(values)) (inParent.has(key) ? inParentRow : own)[key] = value;
    if (statusCopy && 'status' in inParentRow) own.status = inParentRow.status;
    return { own, inParentRow };
  };

  const conditionsOf = (scope: Scope, query: Row): SQL | undefined => {
    const conditions: (SQL | undefined)[] = [inScope(scope), inPartition(partitionField ? query[partitionField] : undefined)];
    const text = query.search as string | undefined;
    if (text) conditions.push(spec.search ? spec.search(text) : ilike(label, likePattern(text)));
    if (status && query.status !== undefined) conditions.push(eq(status, query.status as number));
    for (const category of categoryFields) {
      if (query[category.field] !== undefined) conditions.push(eq(column(category.field), query[category.field] as number));
    }
    for (const key of Object.keys(resource.filters ?? {})) {
      const value = query[key];
      if (value === undefined) continue;
      conditions.push(spec.filters?.[key]?.(value) ?? eq(fieldColumn(key), value));
    }
    return and(...conditions);
  };

  return {
    async list(scope, query) {
      const q = query as Row & { page: number; perPage: number | 'All'; sort: string; direction: 'asc' | 'desc' };
      const where = conditionsOf(scope, q);
      const order = q.direction === 'desc' ? desc : asc;
      const { limit, offset } = pageWindow(q.page, q.perPage);
      const [rows, counted] = await Promise.all([
        from(db.select(selection))
          .where(where)
          .orderBy(order(sortExpressions[q.sort]!), order(id))
          .limit(limit)
          .offset(offset),
        from(db.select({ total: sql<number>`count(*)::int` })).where(where),
      ]);
      return toPage(rows.map((row) => toItem(row as Row)), counted[0]?.total ?? 0, q.page, q.perPage);
    },

    find: (scope, recordId) => findIn(db, scope, recordId),

    async options(scope, filter = {}) {
      if (partitionField && filter[partitionField] === undefined) fail(`options without its ${partitionField}`);
      const rows = await from(db.select({ id, name: label }))
        .where(and(inScope(scope), status ? eq(status, 1) : undefined, ...Object.entries(filter).map(([key, value]) => eq(column(key), value))))
        .orderBy(...(orderIndex ? [asc(orderIndex)] : []), asc(label), asc(id));
      return rows as ResourceOption[];
    },

    create(scope, body, now) {
      return guarded(() =>
        db.transaction(async (tx) => {
          const written = writable(body, true);
          if ('errors' in written) return written;
          const partitionValue = partitionField ? body[partitionField] : undefined;
          if (unique && (await isTaken(tx, scope, partitionValue, body[unique.field]))) return taken();
          const errors = (await categoryErrors(tx, scope, partitionValue, body)) ?? (await spec.checks?.(tx, scope, written.values, null));
          if (errors) return { errors };
          const { own: ownValues, inParentRow } = split(written.values);
          const values: Row = { ...ownValues, ...spec.derive?.(written.values), ...spec.insertValues?.(scope), created_at: now, updated_at: now };
          if (parent) {
            const [first] = (await tx
              .insert(parent.table)
              .values({ ...inParentRow, ...parent.insertValues?.(scope), created_at: now, updated_at: now })
              .returning({ id: parentId! })) as { id: number }[];
            values.id = first!.id;
          }
          if (programId) values.program_id = scope.programId;
          if (partitionField) values[partitionField] = partitionValue;
          if (orderIndex) {
            // Last: one past the largest place in the scope (and the partition).
            const [last] = await from(tx.select({ max: sql<number>`coalesce(max(${orderIndex}), 0)::int` })).where(
              and(inScope(scope), inPartition(partitionValue)),
            );
            values.order_index = (last?.max ?? 0) + 1;
          }
          const [row] = (await tx.insert(table).values(values).returning({ id })) as { id: number }[];
          const saved = (await findIn(tx, scope, row!.id))!;
          await spec.afterCreate?.(tx, scope, saved);
          return { saved, before: null, replacedFiles: [] };
        }),
      );
    },

    update(scope, recordId, body, now) {
      return guarded(() =>
        db.transaction(async (tx) => {
          const before = await findIn(tx, scope, recordId, true);
          if (!before) return null;
          const written = writable(body, false);
          if ('errors' in written) return written;
          // The record stays in its partition: whatever the body says, its value is the stored one.
          const partitionValue = partitionField ? (before as Row)[partitionField] : undefined;
          if (unique && (await isTaken(tx, scope, partitionValue, body[unique.field], recordId))) return taken();
          const errors = (await categoryErrors(tx, scope, partitionValue, body)) ?? (await spec.checks?.(tx, scope, written.values, recordId));
          if (errors) return { errors };
          const oldFiles = await filesOf(tx, scope, recordId);
          const { values } = written;
          const { own: ownValues, inParentRow } = split(values);
          // The record was found in scope and locked above, so the writes name it by id alone (the scope's
          // condition may read the parent, which an UPDATE of one table cannot).
          if (parent) await tx.update(parent.table).set({ ...inParentRow, updated_at: now }).where(eq(parentId!, recordId));
          await tx.update(table).set({ ...ownValues, ...spec.derive?.(values), updated_at: now }).where(eq(id, recordId));
          const after = (await findIn(tx, scope, recordId))!;
          await spec.afterUpdate?.(tx, scope, before, after);
          const replacedFiles = await removable(
            tx,
            recordId,
            imageFields
              .filter((name) => name in values && oldFiles[name] !== values[name])
              .map((name) => oldFiles[name])
              .filter((key): key is string => typeof key === 'string'),
          );
          return { saved: after, before, replacedFiles };
        }),
      );
    },

    async setStatus(scope, recordId, value, now) {
      if (!status) return fail('has no status');
      return db.transaction(async (tx) => {
        if (!(await findIn(tx, scope, recordId, true))) return null;
        const { own: ownValues, inParentRow } = split({ status: value });
        if (parent) await tx.update(parent.table).set({ ...inParentRow, updated_at: now }).where(eq(parentId!, recordId));
        if (Object.keys(ownValues).length > 0 || !parent) await tx.update(table).set({ ...ownValues, updated_at: now }).where(eq(id, recordId));
        await spec.afterStatus?.(tx, scope, recordId, value, now);
        return { id: recordId, status: value };
      });
    },

    async remove(scope, recordId, now) {
      return db.transaction(async (tx) => {
        // Locks the record, so no rename or second delete runs while its users are counted.
        const record = await findIn(tx, scope, recordId, true);
        if (!record) return null;
        const count = spec.inUse ? await spec.inUse(tx, scope, recordId) : 0;
        if (count > 0) return { inUse: count };
        if (spec.softDelete) {
          await spec.softDelete(tx, scope, recordId, now);
          return { deleted: record, files: [] };
        }
        const files = await removable(
          tx,
          recordId,
          Object.values(await filesOf(tx, scope, recordId)).filter((key): key is string => typeof key === 'string'),
        );
        await tx.delete(table).where(eq(id, recordId));
        return { deleted: record, files };
      });
    },

    async setStatusMany(scope, ids, value, now) {
      if (!status) return fail('has no status');
      return db.transaction(async (tx) => {
        if (!(await lockMany(tx, scope, ids))) return null;
        const { own: ownValues, inParentRow } = split({ status: value });
        if (parent) await tx.update(parent.table).set({ ...inParentRow, updated_at: now }).where(inArray(parentId!, [...ids]));
        if (Object.keys(ownValues).length > 0 || !parent) await tx.update(table).set({ ...ownValues, updated_at: now }).where(inArray(id, [...ids]));
        for (const recordId of ids) await spec.afterStatus?.(tx, scope, recordId, value, now);
        return ids.map((recordId) => ({ id: recordId, status: value }));
      });
    },

    async removeMany(scope, ids, now) {
      return db.transaction(async (tx) => {
        const records = await lockMany(tx, scope, ids);
        if (!records) return null;
        if (spec.inUse) {
          const used: { id: number; count: number }[] = [];
          for (const recordId of ids) {
            const count = await spec.inUse(tx, scope, recordId);
            if (count > 0) used.push({ id: recordId, count });
          }
          if (used.length > 0) return { inUse: used };
        }
        if (spec.softDelete) {
          for (const recordId of ids) await spec.softDelete(tx, scope, recordId, now);
          return { deleted: records, files: [] };
        }
        let files = await filesOfMany(tx, scope, ids);
        for (const recordId of ids) files = await removable(tx, recordId, files);
        await tx.delete(table).where(inArray(id, [...ids]));
        return { deleted: records, files };
      });
    },

    async reorder(scope, ids, now, partitionValue) {
      if (!orderIndex) return fail('has no ordering');
      return db.transaction(async (tx) => {
        const rows = (await from(tx.select({ id, order_index: orderIndex }))
          .where(and(inScope(scope), inPartition(partitionValue), inArray(id, [...ids])))
          .for('update', { of: table })) as { id: number; order_index: number }[];
        if (rows.length !== ids.length) return null;
        // The listed records share the places they held, so reordering one page leaves the others where they are;
        // places that were equal (two stores at once) become consecutive.
        const places = rows.map((row) => row.order_index).sort((a, b) => a - b);
        for (let i = 1; i < places.length; i += 1) places[i] = Math.max(places[i]!, places[i - 1]! + 1);
        const placed = ids.map((recordId, i) => ({ id: recordId, order_index: places[i]! }));
        const held = new Map(rows.map((row) => [row.id, row.order_index]));
        const moved = placed.filter((row) => held.get(row.id) !== row.order_index);
        if (moved.length > 0) {
          // One statement for the whole page (a list of All can hold thousands of rows); the ids were locked above.
          const pairs = sql.join(moved.map((row) => sql`(${row.id}::int, ${row.order_index}::int)`), sql`, `);
          await tx.execute(sql`update ${table} set ${sql.identifier(orderIndex.name)} = moved.place, updated_at = ${now}
            from (values ${pairs}) as moved(id, place) where ${table}.id = moved.id`);
        }
        return placed;
      });
    },
  };
}

/** Matches any of `columns` against the search text (case-insensitive, wildcards literal). */
export const searchColumns =
  (...searched: AnyPgColumn[]) =>
  (text: string): SQL | undefined =>
    or(...searched.map((col) => ilike(col, likePattern(text))));
