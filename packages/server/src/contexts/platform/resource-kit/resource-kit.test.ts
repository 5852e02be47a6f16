/**
 * The kit's own tests, for what the four resources moved onto it (patient tags, insurance coordinators,
 * message templates, quotes) do not exercise: ordering, categories and sub-categories, rich text, image
 * fields, ids in the path or the query string. No table of the app has those yet and a test-only table
 * would need a migration, so these tests create three tables of their own by SQL in a freshly migrated
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and mount the kit's routes on a small Fastify instance with the app's validator, error
 * answers, audit writer and clock (the caller's scope comes from test headers instead of a session).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import sensible from '@fastify/sensible';
import fp from 'fastify-plugin';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { integer, pgTable, serial, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { defineResource, field, imageField, requiredId, requiredString, type AnyResource } from '@baridesk/contracts';
import { loadConfig } from '../../../config';
import { openDatabase, type DatabaseHandle, type Db } from '../../../db/client';
import { auditRecords } from '../../../db/schema';
import { freshDatabase, type FreshDatabase } from '../../../test/app';
import { ManualClock } from '../../../lib/clock';
import type { Scope } from '../../../lib/scope';
import { ValidationError, jsonSerializerCompiler, valibotValidatorCompiler } from '../../../lib/valibot';
import { createAuditWriter } from '../audit/plugins/audit';
import multipartPlugin from '../../../plugins/external/multipart';
import storagePlugin from '../storage/plugins/storage';
import uploadsPlugin from '../uploads/plugins/uploads';
import { TEXT_AS_PNG, makePng, multipart } from '../uploads/__tests__/fixtures';
import { storedUploads } from '../uploads/schema';
import { createResourceRepository, resourceRoutes, type ResourceRepository } from './index';
import { refuseOutsideMenuArea } from '../../../lib/menu-area';

const stamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
const kitCategories = pgTable('kit_categories', {
  id: serial('id').primaryKey(),
  program_id: integer('program_id').notNull(),
  name: varchar('name', { length: 254 }).notNull(),
  status: smallint('status').notNull().default(1),
  ...stamps,
});
const kitSubCategories = pgTable('kit_sub_categories', {
  id: serial('id').primaryKey(),
  program_id: integer('program_id').notNull(),
  category_id: integer('category_id').notNull(),
  name: varchar('name', { length: 254 }).notNull(),
  status: smallint('status').notNull().default(1),
  ...stamps,
});
const kitGuides = pgTable('kit_guides', {
  id: serial('id').primaryKey(),
  program_id: integer('program_id').notNull(),
  title: varchar('title', { length: 254 }).notNull(),
  body: text('body'),
  picture: varchar('picture', { length: 512 }),
  category_id: integer('category_id'),
  sub_category_id: integer('sub_category_id'),
  status: smallint('status').notNull().default(1),
  order_index: integer('order_index').notNull().default(0),
  ...stamps,
});
/** Places: a program's own rows and shared ones (program_id null) in one table, with a column derived from another. */
const kitPlaces = pgTable('kit_places', {
  id: serial('id').primaryKey(),
  program_id: integer('program_id'),
  name: varchar('name', { length: 254 }).notNull(),
  name_key: varchar('name_key', { length: 254 }),
  status: smallint('status').notNull().default(1),
  ...stamps,
});
/**
 * Content as the library keeps it: one categories table and one items table shared by every menu, each
 * row of a menu (a list type) or of a dynamic section (menu 'dynamic-section', section_id).
 */
const kitContentCategories = pgTable('kit_content_categories', {
  id: serial('id').primaryKey(),
  program_id: integer('program_id').notNull(),
  menu: varchar('menu', { length: 64 }).notNull(),
  section_id: integer('section_id'),
  name: varchar('name', { length: 254 }).notNull(),
  status: smallint('status').notNull().default(1),
  order_index: integer('order_index').notNull().default(0),
  ...stamps,
});
const kitContentItems = pgTable('kit_content_items', {
  id: serial('id').primaryKey(),
  program_id: integer('program_id').notNull(),
  menu: varchar('menu', { length: 64 }).notNull(),
  section_id: integer('section_id'),
  title: varchar('title', { length: 254 }).notNull(),
  picture: varchar('picture', { length: 512 }),
  duration: integer('duration'),
  category_id: integer('category_id'),
  status: smallint('status').notNull().default(1),
  order_index: integer('order_index').notNull().default(0),
  ...stamps,
});
const CREATE = [
  `create table kit_content_categories (id serial primary key, program_id integer not null, menu varchar(64) not null,
     section_id integer, name varchar(254) not null, status smallint not null default 1, order_index integer not null default 0,
     created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
  `create unique index kit_content_categories_name_key on kit_content_categories (program_id, menu, coalesce(section_id, 0), lower(name))`,
  `create table kit_content_items (id serial primary key, program_id integer not null, menu varchar(64) not null,
     section_id integer, title varchar(254) not null, picture varchar(512), duration integer, category_id integer,
     status smallint not null default 1, order_index integer not null default 0,
     created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
  `create table kit_places (id serial primary key, program_id integer, name varchar(254) not null, name_key varchar(254),
     status smallint not null default 1, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
  `create table kit_categories (id serial primary key, program_id integer not null, name varchar(254) not null,
     status smallint not null default 1, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
  `create unique index kit_categories_name_key on kit_categories (program_id, lower(name))`,
  `create table kit_sub_categories (id serial primary key, program_id integer not null, category_id integer not null,
     name varchar(254) not null, status smallint not null default 1, created_at timestamptz not null default now(),
     updated_at timestamptz not null default now())`,
  `create table kit_guides (id serial primary key, program_id integer not null, title varchar(254) not null, body text,
     picture varchar(512), category_id integer, sub_category_id integer, status smallint not null default 1,
     order_index integer not null default 0, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
];

const messages = (what: string) => ({
  created: `${what} created.`,
  updated: `${what} updated.`,
  deleted: `${what} deleted.`,
  notFound: `${what} not found.`,
  statusUpdated: `${what} status updated.`,
  indexesUpdated: `${what} order saved.`,
  nameTaken: `A ${what.toLowerCase()} with this name already exists.`,
  inUse: (count: number) => `This ${what.toLowerCase()} holds ${count}.`,
});

const categoryResource = defineResource({
  name: 'kit-category',
  entity: 'kit_category',
  labels: { singular: 'Category', plural: 'Categories' },
  fields: { name: field('text', 'Name', requiredString('name')) },
  labelField: 'name',
  sorts: ['name', 'status'],
  defaultSort: 'name',
  unique: { field: 'name', message: messages('Category').nameTaken },
  scope: 'program',
  permission: { who: 'staff' },
  status: true,
  ordering: false,
  messages: messages('Category'),
  // The spec's content categories: GET all, GET {id}, PUT update, DELETE destroy.
  paths: {
    base: '/api/kit/categories',
    options: '/all',
    update: { method: 'PUT', path: '/update/:id' },
    delete: { method: 'DELETE', path: '/destroy' },
    destroyMultiple: '/destroy-multiple',
    toggleStatusMultiple: '/toggle-status-multiple',
  },
});

const subCategoryResource = defineResource({
  name: 'kit-sub-category',
  entity: 'kit_sub_category',
  labels: { singular: 'Sub-category', plural: 'Sub-categories' },
  fields: { name: field('text', 'Name', requiredString('name')) },
  labelField: 'name',
  sorts: ['name'],
  defaultSort: 'name',
  scope: 'program',
  permission: { who: 'staff' },
  status: true,
  ordering: false,
  categories: { category: { field: 'category_id', label: 'Category', required: true } },
  messages: messages('Sub-category'),
  paths: { base: '/api/kit/sub-categories' },
});

const guideResource = defineResource({
  name: 'kit-guide',
  entity: 'kit_guide',
  labels: { singular: 'Guide', plural: 'Guides' },
  fields: {
    title: field('text', 'Title', requiredString('title')),
    body: field('richText', 'Body', requiredString('body', { max: 20_000 }), { column: false }),
    picture: imageField('picture', 'Picture', { minWidth: 300, minHeight: 200 }),
  },
  labelField: 'title',
  sorts: ['order_index', 'title'],
  defaultSort: 'order_index',
  scope: 'program',
  permission: { who: 'staff-not-self-service', refusal: 'Guides are not for self-service staff.' },
  status: true,
  ordering: true,
  categories: {
    category: { field: 'category_id', label: 'Category' },
    subCategory: { field: 'sub_category_id', label: 'Sub-category' },
  },
  messages: messages('Guide'),
  paths: { base: '/api/kit/guides', show: '/show/:id' },
});

/** The same table under the other permissions a definition can name. */
const withPermission = (name: string, scope: 'program' | 'global', permission: Parameters<typeof defineResource>[0]['permission']) =>
  defineResource({
    name,
    entity: name,
    labels: { singular: 'Category', plural: 'Categories' },
    fields: { name: field('text', 'Name', requiredString('name')) },
    labelField: 'name',
    sorts: ['name'],
    defaultSort: 'name',
    scope,
    permission,
    status: false,
    ordering: false,
    messages: messages('Category'),
    paths: { base: `/api/kit/${name}` },
  });
/** The shared places, managed by super admins: the rows of kit_places without a program. */
const sharedPlaces = defineResource({
  name: 'kit-shared-place',
  entity: 'kit_place',
  labels: { singular: 'Place', plural: 'Places' },
  fields: { name: field('text', 'Name', requiredString('name')) },
  labelField: 'name',
  extra: { name_key: v.nullable(v.string()) },
  sorts: ['name'],
  defaultSort: 'name',
  unique: { field: 'name', message: messages('Place').nameTaken },
  scope: 'global',
  permission: { who: 'super-admin' },
  status: true,
  ordering: false,
  messages: messages('Place'),
  paths: { base: '/api/kit/shared-places', options: '/all' },
});
/** The categories of each menu: partitioned by `menu` (a string), unique names and order within a menu. */
const menuCategoryResource = defineResource({
  name: 'kit-menu-category',
  entity: 'kit_content_category',
  labels: { singular: 'Category', plural: 'Categories' },
  fields: { name: field('text', 'Name', requiredString('name')) },
  labelField: 'name',
  sorts: ['order_index', 'name'],
  defaultSort: 'order_index',
  unique: { field: 'name', message: messages('Category').nameTaken },
  scope: 'program',
  permission: { who: 'staff' },
  status: true,
  ordering: true,
  partition: { field: 'menu', label: 'Menu', input: v.picklist(['diet', 'faq'], 'Please enter valid menu.') },
  messages: messages('Category'),
  paths: { base: '/api/kit/menu-categories', options: '/all' },
});
/** Diet items: not partitioned, but their rows and the categories they may name are the menu 'diet' ones. */
const dietItemResource = defineResource({
  name: 'kit-diet-item',
  entity: 'kit_content_item',
  labels: { singular: 'Diet item', plural: 'Diet items' },
  fields: { title: field('text', 'Title', requiredString('title')) },
  labelField: 'title',
  sorts: ['title'],
  defaultSort: 'title',
  scope: 'program',
  permission: { who: 'staff' },
  status: true,
  ordering: false,
  categories: { category: { field: 'category_id', label: 'Category' } },
  messages: messages('Diet item'),
  paths: { base: '/api/kit/diet' },
});
/** A dynamic section's categories and items: partitioned by `section_id` (an id), rows of the menu 'dynamic-section'. */
const sectionCategoryResource = defineResource({
  name: 'kit-section-category',
  entity: 'kit_content_category',
  labels: { singular: 'Section category', plural: 'Section categories' },
  fields: { name: field('text', 'Name', requiredString('name')) },
  labelField: 'name',
  sorts: ['order_index', 'name'],
  defaultSort: 'order_index',
  unique: { field: 'name', message: messages('Category').nameTaken },
  scope: 'program',
  permission: { who: 'staff' },
  status: true,
  ordering: true,
  partition: { field: 'section_id', label: 'Section', input: requiredId('section') },
  messages: messages('Section category'),
  paths: { base: '/api/kit/section-categories', options: '/all' },
});
const sectionItemResource = defineResource({
  name: 'kit-section-item',
  entity: 'kit_content_item',
  labels: { singular: 'Section item', plural: 'Section items' },
  fields: {
    title: field('text', 'Title', requiredString('title')),
    picture: imageField('picture', 'Picture', { minWidth: 300, minHeight: 200 }),
    duration: field('number', 'Minutes', v.optional(v.nullable(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer('Please enter valid minutes.'), v.minValue(1, 'Please enter valid minutes.')))), { output: v.nullable(v.number()) }),
  },
  labelField: 'title',
  sorts: ['order_index', 'title'],
  defaultSort: 'order_index',
  unique: { field: 'title', message: 'An item with this title already exists.' },
  scope: 'program',
  permission: { who: 'staff' },
  status: true,
  ordering: true,
  partition: { field: 'section_id', label: 'Section', input: requiredId('section') },
  categories: { category: { field: 'category_id', label: 'Category' } },
  multipart: true,
  messages: messages('Section item'),
  paths: { base: '/api/kit/section-items' },
});
/**
 * Portals as the spec's multipart clients call them: store `POST ''`, update `POST /{id}` with
 * `_method=PUT` in the body (the method override), delete `DELETE /{id}`.
 */
const portalResource = defineResource({
  name: 'kit-portal',
  entity: 'kit_content_item',
  labels: { singular: 'Portal', plural: 'Portals' },
  fields: {
    title: field('text', 'Title', requiredString('title')),
    picture: imageField('picture', 'Picture', { minWidth: 300, minHeight: 200 }),
  },
  labelField: 'title',
  sorts: ['title'],
  defaultSort: 'title',
  scope: 'program',
  permission: { who: 'staff' },
  status: true,
  ordering: false,
  multipart: true,
  messages: messages('Portal'),
  paths: {
    base: '/api/kit/portals',
    store: { method: 'POST', path: '' },
    update: { method: 'POST', path: '/:id', as: 'PUT' },
    delete: { method: 'DELETE', path: '/:id' },
    destroyMultiple: '/destroy-multiple',
  },
});
/** Items of a menu named in the path, as the spec's shop is per surgery type (`manage-shop/{surgery_type}`). */
const menuItemResource = defineResource({
  name: 'kit-menu-item',
  entity: 'kit_content_item',
  labels: { singular: 'Menu item', plural: 'Menu items' },
  fields: { title: field('text', 'Title', requiredString('title')) },
  labelField: 'title',
  sorts: ['order_index', 'title'],
  defaultSort: 'order_index',
  unique: { field: 'title', message: 'An item with this title already exists.' },
  scope: 'program',
  permission: { who: 'staff' },
  status: true,
  ordering: true,
  partition: { field: 'menu', label: 'Menu', input: v.picklist(['diet', 'faq'], 'Please enter valid menu.') },
  messages: messages('Menu item'),
  paths: {
    base: '/api/kit/menu-items',
    list: '/:menu',
    store: { method: 'POST', path: '/:menu' },
    show: '/:id/:menu',
    update: { method: 'POST', path: '/:id/:menu', as: 'PUT' },
    delete: { method: 'DELETE', path: '/:id/:menu' },
    toggleStatus: { method: 'PATCH', path: '/toggle-status/:id/:menu' },
    updateIndexes: '/update-indexes/:menu',
  },
});
const adminCategories = withPermission('admin-categories', 'global', { who: 'super-admin', slug: 'manage_resources' });
const rightsCategories = withPermission('rights-categories', 'program', { who: 'administrative-rights' });
const ownerCategories = withPermission('owner-categories', 'program', { who: 'sub-user' });

let database: FreshDatabase;
let handle: DatabaseHandle;
let db: Db;
let app: FastifyInstance;
const clock = new ManualClock(new Date('2026-03-01T12:00:00Z'));
let dataDir: string;

const categories = () =>
  createResourceRepository(db, categoryResource, {
    table: kitCategories,
    // A category holding sub-categories is in use.
    inUse: async (tx, _scope, categoryId) =>
      (await tx.select({ id: kitSubCategories.id }).from(kitSubCategories).where(eq(kitSubCategories.category_id, categoryId))).length,
  });
const subCategories = () =>
  createResourceRepository(db, subCategoryResource, { table: kitSubCategories, categories: [{ table: kitCategories, name: kitCategories.name }] });
const guides = () =>
  createResourceRepository(db, guideResource, {
    table: kitGuides,
    categories: [
      { table: kitCategories, name: kitCategories.name },
      { table: kitSubCategories, name: kitSubCategories.name, parent: kitSubCategories.category_id },
    ],
    fileUrl: (key) => app.uploads.urlOf(key),
    inUse: async () => 0,
  });

beforeAll(async () => {
  database = await freshDatabase();
  handle = await openDatabase(database.target);
  db = handle.db;
  for (const statement of CREATE) await db.execute(sql.raw(statement));

  app = Fastify({ logger: false });
  app.setValidatorCompiler(valibotValidatorCompiler);
  app.setSerializerCompiler(jsonSerializerCompiler);
  await app.register(sensible);
  // The 'database' plugin that uploads depends on, here on the test's own handle.
  await app.register(fp(async (instance) => void instance.decorate('db', db), { name: 'database' }));
  app.decorate('clock', clock);
  dataDir = await mkdtemp(path.join(tmpdir(), 'kit-uploads-'));
  app.decorate('config', { ...loadConfig(), dataDir, s3: undefined });
  // The platform's real uploads (local folder under dataDir): claim checks keys, kinds and image sizes.
  await app.register(multipartPlugin);
  await app.register(storagePlugin);
  await app.register(uploadsPlugin);
  app.decorate('audit', createAuditWriter(db, clock));
  // The app's api hook resolves the caller from the session; here the test says who calls.
  app.addHook('onRequest', async (request, reply) => {
    const programId = Number(request.headers['x-program'] ?? 101);
    request.scope = {
      accountId: 900 + programId,
      sessionId: 1,
      type: request.headers['x-type'] === 'program_user' ? 'program_user' : 'sub_user',
      programId,
      permissions: [],
      administrativeRights: request.headers['x-rights'] === '1',
      selfService: request.headers['x-self-service'] === '1',
      flags: null,
    } satisfies Scope;
    // What the app's api hook would check (config.access, config.permission), shown to the test.
    const { access, permission } = request.routeOptions.config;
    reply.header('x-access', String(access)).header('x-permission', String(permission ?? ''));
    // The api hook's menu-area check, which refuses self-service staff a resource closed to them.
    refuseOutsideMenuArea(app, request);
  });
  // The app's answers: 422 with the field map, else the status and the message.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof ValidationError) return reply.code(422).send({ message: error.message, errors: error.errors });
    return reply.code(error.statusCode ?? 500).send({ message: error.message });
  });
  const repos = { categories: categories(), subCategories: subCategories(), guides: guides() };
  await app.register(resourceRoutes(categoryResource, { repository: () => repos.categories, tags: ['Kit'] }), { prefix: '/api/kit/categories' });
  await app.register(resourceRoutes(subCategoryResource, { repository: () => repos.subCategories, tags: ['Kit'] }), {
    prefix: '/api/kit/sub-categories',
  });
  // Guides are not for self-service staff: they sit in an area closed to them (any such area will do here).
  await app.register(resourceRoutes(guideResource, { repository: () => repos.guides, tags: ['Kit'], area: 'patients' }), {
    prefix: '/api/kit/guides',
  });
  const places = createResourceRepository(db, sharedPlaces, {
    table: kitPlaces,
    rows: isNull(kitPlaces.program_id),
    computed: { name_key: sql`${kitPlaces.name_key}` },
    derive: (fields) => ({ name_key: String(fields.name).toLowerCase().replace(/\s+/g, '-') }),
  });
  await app.register(resourceRoutes(sharedPlaces, { repository: () => places, tags: ['Kit'] }), { prefix: sharedPlaces.paths.base });
  const mount = <R extends AnyResource>(resource: R, repository: ResourceRepository<R>) =>
    app.register(resourceRoutes(resource, { repository: () => repository, tags: ['Kit'] }), { prefix: resource.paths.base });
  const dynamicSection = eq(kitContentCategories.menu, 'dynamic-section');
  await mount(menuCategoryResource, createResourceRepository(db, menuCategoryResource, { table: kitContentCategories, rows: isNull(kitContentCategories.section_id) }));
  await mount(
    dietItemResource,
    createResourceRepository(db, dietItemResource, {
      table: kitContentItems,
      rows: eq(kitContentItems.menu, 'diet'),
      insertValues: () => ({ menu: 'diet' }),
      categories: [{ table: kitContentCategories, name: kitContentCategories.name, rows: eq(kitContentCategories.menu, 'diet') }],
    }),
  );
  await mount(
    sectionCategoryResource,
    createResourceRepository(db, sectionCategoryResource, { table: kitContentCategories, rows: dynamicSection, insertValues: () => ({ menu: 'dynamic-section' }) }),
  );
  await mount(
    sectionItemResource,
    createResourceRepository(db, sectionItemResource, {
      table: kitContentItems,
      rows: eq(kitContentItems.menu, 'dynamic-section'),
      insertValues: () => ({ menu: 'dynamic-section' }),
      categories: [{ table: kitContentCategories, name: kitContentCategories.name, rows: dynamicSection }],
      fileUrl: (key) => app.uploads.urlOf(key),
    }),
  );
  await mount(
    portalResource,
    createResourceRepository(db, portalResource, {
      table: kitContentItems,
      rows: eq(kitContentItems.menu, 'portal'),
      insertValues: () => ({ menu: 'portal' }),
      fileUrl: (key) => app.uploads.urlOf(key),
    }),
  );
  await mount(menuItemResource, createResourceRepository(db, menuItemResource, { table: kitContentItems, rows: isNull(kitContentItems.section_id) }));
  for (const resource of [adminCategories, rightsCategories, ownerCategories]) {
    const repository = createResourceRepository(db, resource, { table: kitCategories });
    await app.register(resourceRoutes(resource, { repository: () => repository, tags: ['Kit'] }), { prefix: resource.paths.base });
  }
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
const call = async (method: string, url: string, payload?: unknown, program = 101, selfService = false, headers: Record<string, string> = {}) => {
  const res = await app.inject({
    method: method as 'GET',
    url,
    // Self-service is a program user's flag (a sub user is never self-service).
    headers: { 'x-program': String(program), ...(selfService ? { 'x-self-service': '1', 'x-type': 'program_user' } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: res.statusCode, body: res.json() as Json & { data: Json & { data: Json[] } } };
};
const store = async (base: string, payload: Json, program = 101) => {
  const res = await call('POST', `${base}/store`, payload, program);
  expect(res.status).toBe(201);
  return res.body.data as unknown as Json & { id: number };
};
const auditOf = (action: string) => db.select().from(auditRecords).where(eq(auditRecords.action, action)).orderBy(asc(auditRecords.id));

describe('categories and sub-categories', () => {
  let diet: number;
  let sports: number;
  let soups: number;
  let runs: number;

  beforeAll(async () => {
    diet = (await store('/api/kit/categories', { name: 'Diet' })).id;
    sports = (await store('/api/kit/categories', { name: 'Sports' })).id;
    await store('/api/kit/categories', { name: 'Archived', status: 0 });
    await store('/api/kit/categories', { name: 'Lakeview only' }, 102);
    soups = (await store('/api/kit/sub-categories', { name: 'Soups', category_id: diet })).id;
    await store('/api/kit/sub-categories', { name: 'Salads', category_id: diet });
    runs = (await store('/api/kit/sub-categories', { name: 'Runs', category_id: sports })).id;
  });

  it('GET all gives the program’s active categories by name; by-category-id the sub-categories of one', async () => {
    expect((await call('GET', '/api/kit/categories/all')).body).toEqual({ data: [{ id: diet, name: 'Diet' }, { id: sports, name: 'Sports' }] });
    expect((await call('GET', `/api/kit/sub-categories/by-category-id?categoryId=${diet}`)).body.data).toEqual([
      { id: expect.any(Number), name: 'Salads' },
      { id: soups, name: 'Soups' },
    ]);
    expect((await call('GET', `/api/kit/sub-categories/by-category-id?categoryId=${diet}`, undefined, 102)).body.data).toEqual([]);
    const missing = await call('GET', '/api/kit/sub-categories/by-category-id');
    expect(missing).toEqual({ status: 422, body: { message: 'Category id is required.', errors: { categoryId: ['Category id is required.'] } } });
  });

  it('refuses a category of another program or a sub-category of another category, field by field', async () => {
    const [lake] = await db.select().from(kitCategories).where(eq(kitCategories.program_id, 102));
    const foreign = await call('POST', '/api/kit/sub-categories/store', { name: 'X', category_id: lake!.id });
    expect(foreign).toEqual({ status: 422, body: { message: 'Please enter valid category.', errors: { category_id: ['Please enter valid category.'] } } });
    const mismatch = await call('POST', '/api/kit/guides/store', { body: '<p>x</p>', title: 'G', category_id: diet, sub_category_id: runs });
    expect(mismatch.body.errors).toEqual({ sub_category_id: ['Please enter valid sub category.'] });
    const orphan = await call('POST', '/api/kit/guides/store', { body: '<p>x</p>', title: 'G', sub_category_id: soups });
    expect(orphan.body.errors).toEqual({ sub_category_id: ['Please enter valid sub category.'] });
  });

  it('gives each item its category and sub-category names, and filters the list by them', async () => {
    const guide = await store('/api/kit/guides', { body: '<p>x</p>', title: 'Soup week', category_id: diet, sub_category_id: soups });
    expect(guide).toMatchObject({ category_id: diet, category_name: 'Diet', sub_category_id: soups, sub_category_name: 'Soups' });
    await store('/api/kit/guides', { body: '<p>x</p>', title: 'Run club', category_id: sports, sub_category_id: runs });
    const list = await call('GET', `/api/kit/guides?category_id=${diet}&perPage=All`);
    expect(list.body.data.data.map((g) => g.title)).toEqual(['Soup week']);
    expect((await call('GET', `/api/kit/guides/by-category-id?categoryId=${sports}`)).body.data).toEqual([{ id: expect.any(Number), name: 'Run club' }]);
  });

  it('takes PUT update/:id and DELETE destroy?id= where the spec says so', async () => {
    const temp = await store('/api/kit/categories', { name: 'Temp' });
    const put = await call('PUT', `/api/kit/categories/update/${temp.id}`, { name: 'Temporary', status: 0 });
    expect(put).toEqual({ status: 200, body: { data: expect.objectContaining({ id: temp.id, name: 'Temporary', status: 0 }), message: 'Category updated.' } });
    expect((await call('PUT', '/api/kit/categories/update/abc', { name: 'x', status: 1 })).status).toBe(422);
    const clash = await call('PUT', `/api/kit/categories/update/${temp.id}`, { name: 'DIET', status: 1 });
    expect(clash).toEqual({ status: 422, body: { message: 'A category with this name already exists.', errors: { name: ['A category with this name already exists.'] } } });
    expect((await call('DELETE', `/api/kit/categories/destroy?id=${temp.id}`, undefined, 102)).status).toBe(404);
    expect(await call('DELETE', `/api/kit/categories/destroy?id=${temp.id}`)).toEqual({ status: 200, body: { message: 'Category deleted.' } });
    expect((await call('GET', `/api/kit/categories/${temp.id}`)).body).toEqual({ message: 'Category not found.' });
  });
});

describe('ordering', () => {
  const titles = async (program = 101) =>
    (await call('GET', '/api/kit/guides?perPage=All&search=step', undefined, program)).body.data.data.map((g) => g.title);
  let ids: number[] = [];

  beforeAll(async () => {
    ids = [];
    for (const title of ['step A', 'step B', 'step C', 'step D']) ids.push((await store('/api/kit/guides', { body: '<p>x</p>', title })).id);
    await store('/api/kit/guides', { body: '<p>x</p>', title: 'step Lake' }, 102);
  });

  it('puts new records last and lists by order_index', async () => {
    expect(await titles()).toEqual(['step A', 'step B', 'step C', 'step D']);
    const rows = await db.select().from(kitGuides).where(eq(kitGuides.program_id, 101)).orderBy(asc(kitGuides.order_index));
    const indexes = rows.map((r) => r.order_index);
    expect(new Set(indexes).size).toBe(indexes.length);
  });

  it('reorders records within the places they held, audited', async () => {
    const [a, b, c, d] = ids as [number, number, number, number];
    const before = await db.select({ id: kitGuides.id, order_index: kitGuides.order_index }).from(kitGuides).where(eq(kitGuides.id, b));
    const res = await call('POST', '/api/kit/guides/update-indexes', { ids: [c, b] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Guide order saved.');
    expect(res.body.data).toEqual([
      { id: c, order_index: before[0]!.order_index },
      { id: b, order_index: before[0]!.order_index + 1 },
    ]);
    expect(await titles()).toEqual(['step A', 'step C', 'step B', 'step D']);
    expect(await auditOf('kit-guide.update-indexes')).toEqual([
      expect.objectContaining({ entity: 'kit_guide', program_id: 101, detail: { ids: [c, b] } }),
    ]);
    await call('POST', '/api/kit/guides/update-indexes', { ids: [d, c, b, a] });
    expect(await titles()).toEqual(['step D', 'step C', 'step B', 'step A']);
  });

  it('answers 404 when any id is not the program’s, and 422 for a bad list, changing nothing', async () => {
    const lake = (await call('GET', '/api/kit/guides?search=Lake', undefined, 102)).body.data.data[0]!.id as number;
    expect(await call('POST', '/api/kit/guides/update-indexes', { ids: [ids[0], lake] })).toEqual({ status: 404, body: { message: 'Guide not found.' } });
    expect((await call('POST', '/api/kit/guides/update-indexes', { ids: [ids[0], ids[0]] })).body.errors).toEqual({ ids: ['The ids may not repeat.'] });
    expect(await titles()).toEqual(['step D', 'step C', 'step B', 'step A']);
  });

  it('has no update-indexes where the definition has no ordering', async () => {
    expect((await call('POST', '/api/kit/categories/update-indexes', { ids: [1] })).status).toBe(404);
  });
});

describe('rich text and images', () => {
  it('sanitises rich text on store and on update', async () => {
    const guide = await store('/api/kit/guides', { title: 'Safe', body: '<p onclick="steal()">Hi<script>alert(1)</script></p>' });
    expect(guide.body).toBe('<p>Hi</p>');
    const updated = await call('POST', '/api/kit/guides/update', { id: guide.id, title: 'Safe', body: '<a href="javascript:alert(1)">x</a>', status: 1 });
    expect(updated.body.data.body).not.toContain('javascript');
    const [row] = await db.select().from(kitGuides).where(eq(kitGuides.id, guide.id));
    expect(row!.body).not.toMatch(/script|onclick|javascript/);
  });

  it('refuses rich text that sanitises to nothing in a required field, on store and update', async () => {
    const empty = await call('POST', '/api/kit/guides/store', { title: 'Empty', body: '<script>alert(1)</script>' });
    expect(empty).toEqual({ status: 422, body: { message: 'Body is required.', errors: { body: ['Body is required.'] } } });
    const guide = await store('/api/kit/guides', { title: 'Kept', body: '<p>kept</p>' });
    const emptied = await call('POST', '/api/kit/guides/update', { id: guide.id, title: 'Kept', body: '<img src=x onerror=alert(1)>', status: 1 });
    expect(emptied.body.errors).toEqual({ body: ['Body is required.'] });
    expect((await db.select().from(kitGuides).where(eq(kitGuides.id, guide.id)))[0]!.body).toBe('<p>kept</p>');
  });

  /** A real image stored the way POST /api/uploads stores it, for program `programId`. */
  const uploaded = async (width: number, height: number, programId = 101) =>
    (await app.uploads.store(await makePng(width, height), { field: 'picture', kind: 'image' }, { programId })).key;
  const stored = (key: string) => app.storage.exists(key);

  it('claims the image key on store (checked by its real size), keeps it when update omits it, removes the old file when replaced and on delete', async () => {
    const small = await uploaded(200, 100);
    const tooSmall = await call('POST', '/api/kit/guides/store', { body: '<p>x</p>', title: 'Pic', picture: small });
    expect(tooSmall).toEqual({
      status: 422,
      body: { message: 'Please upload picture with minimum 300 * 200.', errors: { picture: ['Please upload picture with minimum 300 * 200.'] } },
    });
    const lakes = await uploaded(400, 300, 102);
    const foreign = await call('POST', '/api/kit/guides/store', { body: '<p>x</p>', title: 'Pic', picture: lakes });
    expect(foreign.status).toBe(422);
    expect(Object.keys(foreign.body.errors as Json)).toEqual(['picture']);

    const first = await uploaded(400, 300);
    const guide = await store('/api/kit/guides', { body: '<p>x</p>', title: 'Pic', picture: first });
    expect(guide.picture).toBe(`/uploads/${first}`);
    const kept = await call('POST', '/api/kit/guides/update', { id: guide.id, body: '<p>x</p>', title: 'Pic 2', status: 1 });
    expect(kept.body.data.picture).toBe(`/uploads/${first}`);
    expect(await stored(first)).toBe(true);

    const second = await uploaded(600, 400);
    const replaced = await call('POST', '/api/kit/guides/update', { id: guide.id, body: '<p>x</p>', title: 'Pic 2', picture: second, status: 1 });
    expect(replaced.body.data.picture).toBe(`/uploads/${second}`);
    expect(await stored(first)).toBe(false);

    // Another program's id is not found before any file is looked at.
    expect((await call('POST', '/api/kit/guides/update', { id: guide.id, body: '<p>x</p>', title: 'X', picture: lakes, status: 1 }, 102)).status).toBe(404);

    expect((await call('POST', '/api/kit/guides/delete', { id: guide.id })).status).toBe(200);
    expect(await stored(second)).toBe(false);
    expect(await stored(lakes)).toBe(true);
    expect(await auditOf('kit-guide.delete')).toEqual([expect.objectContaining({ detail: { title: 'Pic 2' } })]);
  });

  it('removes an image when update sends null', async () => {
    const key = await uploaded(300, 200);
    const guide = await store('/api/kit/guides', { body: '<p>x</p>', title: 'Null pic', picture: key });
    const cleared = await call('POST', '/api/kit/guides/update', { id: guide.id, body: '<p>x</p>', title: 'Null pic', picture: null, status: 1 });
    expect(cleared.body.data.picture).toBeNull();
    expect(await stored(key)).toBe(false);
  });
});

describe('a global resource over part of a table (rows), with derived columns (derive)', () => {
  const base = '/api/kit/shared-places';
  let own: number;

  beforeAll(async () => {
    // A program's own place in the same table, with the same name a shared place will take.
    [{ id: own }] = (await db.insert(kitPlaces).values({ program_id: 101, name: 'Main Hall' }).returning({ id: kitPlaces.id })) as [{ id: number }];
  });

  it('stores shared rows (no program) with the derived column, and recomputes it on update', async () => {
    const made = await store(base, { name: 'Main Hall' });
    expect(made).toMatchObject({ name: 'Main Hall', name_key: 'main-hall', status: 1 });
    const [row] = await db.select().from(kitPlaces).where(eq(kitPlaces.id, made.id));
    expect(row).toMatchObject({ program_id: null, name_key: 'main-hall' });
    const updated = await call('POST', `${base}/update`, { id: made.id, name: 'North  Wing', status: 1 });
    expect(updated.body.data).toMatchObject({ name: 'North  Wing', name_key: 'north-wing' });
  });

  it('lists, shows, changes and deletes only the rows it holds: a program’s row is not found, and does not take the unique name', async () => {
    await store(base, { name: 'Annex', status: 0 });
    const list = await call('GET', `${base}?perPage=All`);
    expect(list.body.data.data.map((item) => item.name)).toEqual(['Annex', 'North  Wing']);
    expect((await call('GET', `${base}/all`)).body.data).toEqual([{ id: expect.any(Number), name: 'North  Wing' }]);
    // The program's 'Main Hall' does not make the name taken among the shared places.
    expect((await call('POST', `${base}/store`, { name: 'main hall' })).status).toBe(201);
    expect((await call('POST', `${base}/store`, { name: 'MAIN HALL' })).status).toBe(422);
    expect(await call('GET', `${base}/${own}`)).toEqual({ status: 404, body: { message: 'Place not found.' } });
    expect((await call('POST', `${base}/update`, { id: own, name: 'Taken over', status: 1 })).status).toBe(404);
    expect((await call('POST', `${base}/toggle-status`, { id: own, status: 0 })).status).toBe(404);
    expect((await call('POST', `${base}/delete`, { id: own })).status).toBe(404);
    const [row] = await db.select().from(kitPlaces).where(eq(kitPlaces.id, own));
    expect(row).toMatchObject({ program_id: 101, name: 'Main Hall', name_key: null, status: 1 });
  });
});

describe('a partitioned resource (partition), and the category rows a record may name (CategoryTable.rows)', () => {
  const items = '/api/kit/section-items';
  const sectionCategories = '/api/kit/section-categories';
  let first: number;
  let second: number;
  let otherSection: number;

  beforeAll(async () => {
    first = (await store(sectionCategories, { section_id: 1, name: 'Recipes' })).id;
    second = (await store(sectionCategories, { section_id: 1, name: 'Videos' })).id;
    otherSection = (await store(sectionCategories, { section_id: 2, name: 'Recipes' })).id;
  });

  it('requires the partition on list, options, by-category-id, update-indexes and store, named by its field', async () => {
    const required = { message: 'Section is required.', errors: { section_id: ['Section is required.'] } };
    expect(await call('GET', items)).toEqual({ status: 422, body: required });
    expect(await call('GET', `${sectionCategories}/all`)).toEqual({ status: 422, body: required });
    expect(await call('GET', `${items}/by-category-id?categoryId=${first}`)).toEqual({ status: 422, body: required });
    expect(await call('POST', `${sectionCategories}/update-indexes`, { ids: [first] })).toEqual({ status: 422, body: required });
    expect(await call('POST', `${items}/store`, { title: 'No section' })).toEqual({ status: 422, body: required });
    expect((await call('GET', `${items}?section_id=abc`)).body.errors).toEqual({ section_id: ['The id must be a positive integer.'] });
    expect((await call('GET', '/api/kit/menu-categories?menu=shop')).body.errors).toEqual({ menu: ['Please enter valid menu.'] });
  });

  it('keeps each record in its partition: the item carries it, lists and options hold one partition, update cannot move it', async () => {
    expect((await call('GET', `${sectionCategories}/all?section_id=1`)).body.data).toEqual([
      { id: first, name: 'Recipes' },
      { id: second, name: 'Videos' },
    ]);
    expect((await call('GET', `${sectionCategories}/all?section_id=2`)).body.data).toEqual([{ id: otherSection, name: 'Recipes' }]);
    const item = await store(items, { section_id: '1', title: 'Soup', category_id: first });
    expect(item).toMatchObject({ section_id: 1, title: 'Soup', category_id: first, category_name: 'Recipes' });
    const moved = await call('POST', `${items}/update`, { id: item.id, section_id: 2, title: 'Soup 2', category_id: first, status: 1 });
    expect(moved.body.data).toMatchObject({ section_id: 1, title: 'Soup 2' });
    expect((await call('GET', `${items}?section_id=1`)).body.data.data.map((row) => row.title)).toEqual(['Soup 2']);
    expect((await call('GET', `${items}?section_id=2`)).body.data.total).toBe(0);
    // Show, toggle-status and delete find the record by id within the program, as for any resource.
    expect((await call('GET', `${items}/${item.id}`)).body.data).toMatchObject({ section_id: 1 });
    expect((await call('GET', `${items}/${item.id}`, undefined, 102)).status).toBe(404);
    expect((await call('GET', `${items}/by-category-id?categoryId=${first}&section_id=1`)).body.data).toEqual([{ id: item.id, name: 'Soup 2' }]);
    expect((await call('GET', `${items}/by-category-id?categoryId=${first}&section_id=2`)).body.data).toEqual([]);
  });

  it('keeps unique values unique within a partition only', async () => {
    expect((await call('POST', `${sectionCategories}/store`, { section_id: 1, name: 'recipes' })).body.errors).toEqual({
      name: ['A category with this name already exists.'],
    });
    // Renaming section 2's category to a name section 1 holds is fine; to one its own section holds is not.
    expect((await call('POST', `${sectionCategories}/update`, { id: otherSection, name: 'Videos', status: 1 })).status).toBe(200);
    await store(sectionCategories, { section_id: 2, name: 'Tips' });
    expect((await call('POST', `${sectionCategories}/update`, { id: otherSection, name: 'TIPS', status: 1 })).status).toBe(422);
    expect((await call('POST', `${sectionCategories}/update`, { id: otherSection, name: 'Recipes', status: 1 })).status).toBe(200);
  });

  it('puts new records last within their partition', async () => {
    const a = await store(items, { section_id: 5, title: 'Five A' });
    const b = await store(items, { section_id: 5, title: 'Five B' });
    const c = await store(items, { section_id: 6, title: 'Six A' });
    expect([a.order_index, b.order_index, c.order_index]).toEqual([1, 2, 1]);
    expect((await call('GET', `${items}?section_id=5`)).body.data.data.map((row) => row.title)).toEqual(['Five A', 'Five B']);
  });

  it('refuses a category of another partition, on store and on update', async () => {
    const refused = { message: 'Please enter valid category.', errors: { category_id: ['Please enter valid category.'] } };
    expect(await call('POST', `${items}/store`, { section_id: 1, title: 'Crossed', category_id: otherSection })).toEqual({ status: 422, body: refused });
    const item = await store(items, { section_id: 1, title: 'Straight', category_id: second });
    expect(await call('POST', `${items}/update`, { id: item.id, title: 'Straight', category_id: otherSection, status: 1 })).toEqual({ status: 422, body: refused });
  });

  it('reorders only records of the given partition (else 404), audited with it', async () => {
    expect(await call('POST', `${sectionCategories}/update-indexes?section_id=2`, { ids: [second, first] })).toEqual({
      status: 404,
      body: { message: 'Section category not found.' },
    });
    expect((await call('POST', `${sectionCategories}/update-indexes?section_id=1`, { ids: [second, otherSection] })).status).toBe(404);
    const reordered = await call('POST', `${sectionCategories}/update-indexes?section_id=1`, { ids: [second, first] });
    expect(reordered.status).toBe(200);
    expect((await call('GET', `${sectionCategories}/all?section_id=1`)).body.data).toEqual([
      { id: second, name: 'Videos' },
      { id: first, name: 'Recipes' },
    ]);
    expect(await auditOf('kit-section-category.update-indexes')).toEqual([expect.objectContaining({ detail: { ids: [second, first], section_id: 1 } })]);
  });

  it('takes a string partition (menu) the same way, and a category table’s rows bound what a record may name', async () => {
    const diet = (await store('/api/kit/menu-categories', { menu: 'diet', name: 'Breakfast' })).id;
    const faq = (await store('/api/kit/menu-categories', { menu: 'faq', name: 'Breakfast' })).id;
    expect((await call('GET', '/api/kit/menu-categories/all?menu=diet')).body.data).toEqual([{ id: diet, name: 'Breakfast' }]);
    // The section categories are rows of the same table, but not the menu categories' rows.
    expect((await call('GET', '/api/kit/menu-categories?menu=diet&perPage=All')).body.data.data.map((row) => row.id)).toEqual([diet]);
    // Diet items (not partitioned) may name the diet menu's categories only.
    expect(await store('/api/kit/diet', { title: 'Oats', category_id: diet })).toMatchObject({ category_id: diet, category_name: 'Breakfast' });
    expect((await call('POST', '/api/kit/diet/store', { title: 'Oats', category_id: faq })).body.errors).toEqual({ category_id: ['Please enter valid category.'] });
    expect((await call('POST', '/api/kit/diet/store', { title: 'Oats', category_id: first })).body.errors).toEqual({ category_id: ['Please enter valid category.'] });
  });

  it('refuses, at start-up, a partitioned resource whose category table lacks the partition column, and a partition that is not required', () => {
    expect(() =>
      createResourceRepository(db, sectionItemResource, {
        table: kitContentItems,
        categories: [{ table: kitCategories, name: kitCategories.name }],
        fileUrl: String,
      }),
    ).toThrow(/category table kit_categories has no section_id/);
    expect(() =>
      defineResource({ ...sectionCategoryResource, partition: { field: 'section_id', label: 'Section', input: v.optional(v.number()) } }),
    ).toThrow(/must refuse a missing value/);
  });
});

describe('multipart store and update (multipart: true)', () => {
  const items = '/api/kit/section-items';
  const png = { name: 'picture', filename: 'photo.png', type: 'image/png' };
  const send = async (url: string, form: { payload: Buffer; headers: Record<string, string> }, program = 101) => {
    const res = await app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, 'x-program': String(program) } });
    return { status: res.statusCode, body: res.json() as Json & { data: Json; errors?: Record<string, string[]> } };
  };
  const uploadCount = async () => (await db.select({ key: storedUploads.key }).from(storedUploads)).length;
  const keyOf = (url: unknown) => String(url).replace(/^\/uploads\//, '');
  let category: number;

  beforeAll(async () => {
    category = (await store('/api/kit/section-categories', { section_id: 7, name: 'Forms' })).id;
  });

  it('stores a record from a form: the image as a file part (stored, claimed), ids, numbers and flags from their text', async () => {
    const form = await multipart(
      { section_id: '7', title: 'Portal', duration: '15', category_id: String(category), status: '0' },
      { ...png, bytes: await makePng(400, 300) },
    );
    const made = await send(`${items}/store`, form);
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ section_id: 7, title: 'Portal', duration: 15, category_id: category, category_name: 'Forms', status: 0 });
    const key = keyOf(made.body.data.picture);
    expect(key).toMatch(/^101\/[0-9a-f]{32}\.png$/);
    expect(await app.storage.exists(key)).toBe(true);
    const [ledger] = await db.select().from(storedUploads).where(eq(storedUploads.key, key));
    expect(ledger!.claimed_at).not.toBeNull();
    expect(await auditOf('kit-section-item.create')).toEqual(expect.arrayContaining([expect.objectContaining({ detail: { title: 'Portal', status: 0 } })]));
  });

  it('updates from a form: a new file replaces the image, a key sent as text is claimed as in JSON, a blank one removes it', async () => {
    const first = await send(`${items}/store`, await multipart({ section_id: '7', title: 'Replaced' }, { ...png, bytes: await makePng(400, 300) }));
    const id = String(first.body.data.id);
    const firstKey = keyOf(first.body.data.picture);

    const replaced = await send(`${items}/update`, await multipart({ id, title: 'Replaced 2', status: '1', category_id: '' }, { ...png, bytes: await makePng(600, 400) }));
    expect(replaced.status).toBe(200);
    expect(replaced.body.data).toMatchObject({ title: 'Replaced 2', category_id: null, section_id: 7 });
    const secondKey = keyOf(replaced.body.data.picture);
    expect(secondKey).not.toBe(firstKey);
    expect(await app.storage.exists(firstKey)).toBe(false);

    const uploaded = (await app.uploads.store(await makePng(300, 200), { field: 'picture', kind: 'image' }, { programId: 101 })).key;
    const byKey = await send(`${items}/update`, await multipart({ id, title: 'Replaced 3', status: '1', picture: uploaded }));
    expect(byKey.body.data.picture).toBe(`/uploads/${uploaded}`);
    expect(await app.storage.exists(secondKey)).toBe(false);

    const cleared = await send(`${items}/update`, await multipart({ id, title: 'Replaced 3', status: '1', picture: '' }));
    expect(cleared.body.data.picture).toBeNull();
    expect(await app.storage.exists(uploaded)).toBe(false);
    // JSON keeps working on the same routes.
    expect((await call('POST', `${items}/update`, { id: Number(id), title: 'Replaced 4', status: 1 })).body.data).toMatchObject({ title: 'Replaced 4' });
  });

  it('refuses a bad form with 4xx and its message, storing no file', async () => {
    const before = await uploadCount();
    const picture = { ...png, bytes: await makePng(400, 300) };
    const refusal = async (form: Promise<{ payload: Buffer; headers: Record<string, string> }>, url = `${items}/store`, program = 101) => {
      const res = await send(url, await form, program);
      return { status: res.status, errors: res.body.errors, message: res.body.message };
    };
    expect(await refusal(multipart({ section_id: '7' }, picture))).toMatchObject({ status: 422, errors: { title: ['Title is required.'] } });
    expect(await refusal(multipart({ title: 'No section' }, picture))).toMatchObject({ status: 422, errors: { section_id: ['Section is required.'] } });
    expect(await refusal(multipart({ section_id: '7', title: 'Bad minutes', duration: 'ten' }, picture))).toMatchObject({
      status: 422,
      errors: { duration: ['Please enter valid minutes.'] },
    });
    expect(await refusal(multipart({ section_id: '7', title: 'Small' }, { ...png, bytes: await makePng(100, 100) }))).toMatchObject({
      status: 422,
      errors: { picture: ['Please upload picture with minimum 300 * 200.'] },
    });
    expect(await refusal(multipart({ section_id: '7', title: 'Script' }, { ...png, filename: '../../escape.png', bytes: TEXT_AS_PNG }))).toMatchObject({
      status: 422,
      errors: { picture: ['The picture must be jpeg, png, gif and webp.'] },
    });
    expect(await refusal(multipart({ section_id: '7', title: 'Elsewhere' }, { ...picture, name: 'file' }))).toMatchObject({
      status: 422,
      errors: { file: ['This form takes no such file.'] },
    });
    expect(await refusal(multipart({ section_id: '7' }, { ...picture, name: 'title' }))).toMatchObject({ status: 422, errors: { title: ['Title is not a file.'] } });
    expect(await refusal(multipart({ section_id: '7', title: 'Both', picture: 'x' }, picture))).toMatchObject({
      status: 422,
      errors: { picture: ['Please send picture as a file or as a key, not both.'] },
    });
    expect(await refusal(multipart({ section_id: '7', title: 'Two' }, picture, picture))).toMatchObject({
      status: 422,
      errors: { picture: ['Please upload one file at a time.'] },
    });
    const twice = new FormData();
    for (const value of ['7', '8']) twice.append('section_id', value);
    twice.append('title', 'Twice');
    const encoded = new Response(twice);
    expect(
      await refusal(Promise.resolve({ payload: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } })),
    ).toMatchObject({ status: 422, errors: { section_id: ['Please send section once.'] } });
    const broken = await app.inject({
      method: 'POST',
      url: `${items}/store`,
      payload: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nunfinished',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'x-program': '101' },
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
    // A taken title is refused after the file was stored: the file goes again.
    await store(items, { section_id: 7, title: 'Taken' });
    expect(await refusal(multipart({ section_id: '7', title: 'Taken' }, picture))).toMatchObject({
      status: 422,
      errors: { title: ['An item with this title already exists.'] },
    });
    // Another program's record answers 404 before its file is looked at.
    const own = await store(items, { section_id: 7, title: 'Mine' });
    expect(await refusal(multipart({ id: String(own.id), title: 'Theirs', status: '1' }, picture), `${items}/update`, 102)).toMatchObject({ status: 404 });
    // A resource without multipart refuses a form as a body it cannot read.
    expect((await refusal(multipart({ title: 'Guide', body: '<p>x</p>' }, picture), '/api/kit/guides/store')).status).toBe(422);
    expect(await uploadCount()).toBe(before);
  });
});

describe('a partition in the path (/:menu)', () => {
  const base = '/api/kit/menu-items';
  let diet: number;
  let faq: number;

  beforeAll(async () => {
    const made = await call('POST', `${base}/diet`, { title: 'Path soup', menu: 'faq' });
    expect(made.status).toBe(201);
    diet = made.body.data.id as number;
    faq = (await call('POST', `${base}/faq`, { title: 'Path question' })).body.data.id as number;
  });

  it('takes the partition from the path on list and store (a body’s value is ignored), refusing a bad one with 422', async () => {
    expect((await call('GET', `${base}/${diet}/diet`)).body.data).toMatchObject({ title: 'Path soup', menu: 'diet' });
    const list = await call('GET', `${base}/diet?perPage=All&search=Path`);
    expect(list.body.data.data.map((item) => item.title)).toEqual(['Path soup']);
    expect(await call('GET', `${base}/drinks`)).toEqual({ status: 422, body: { message: 'Please enter valid menu.', errors: { menu: ['Please enter valid menu.'] } } });
    expect((await call('POST', `${base}/drinks`, { title: 'X' })).body.errors).toEqual({ menu: ['Please enter valid menu.'] });
    // Unique within the path's partition.
    expect((await call('POST', `${base}/faq`, { title: 'path soup' })).status).toBe(201);
  });

  it('finds a record by id only within the path’s partition: another one’s answers 404, changing nothing', async () => {
    expect(await call('GET', `${base}/${diet}/faq`)).toEqual({ status: 404, body: { message: 'Menu item not found.' } });
    expect((await call('POST', `${base}/${diet}/faq`, { _method: 'PUT', title: 'Moved', status: 1 })).status).toBe(404);
    expect((await call('PATCH', `${base}/toggle-status/${diet}/faq`, { status: 0 })).status).toBe(404);
    expect((await call('DELETE', `${base}/${diet}/faq`)).status).toBe(404);
    expect((await call('GET', `${base}/${diet}/diet`, undefined, 102)).status).toBe(404);
    const updated = await call('POST', `${base}/${diet}/diet`, { _method: 'PUT', title: 'Path soup 2', status: 1 });
    expect(updated.body.data).toMatchObject({ title: 'Path soup 2', menu: 'diet' });
    expect((await call('PATCH', `${base}/toggle-status/${diet}/diet`, { status: 0 })).body.data).toEqual({ id: diet, status: 0 });
  });

  it('reorders within the path’s partition, and deletes there', async () => {
    const second = (await call('POST', `${base}/diet`, { title: 'Path salad' })).body.data.id as number;
    expect((await call('POST', `${base}/update-indexes/diet`, { ids: [second, diet] })).status).toBe(200);
    expect((await call('POST', `${base}/update-indexes/diet`, { ids: [second, faq] })).status).toBe(404);
    expect(await call('DELETE', `${base}/${faq}/faq`)).toEqual({ status: 200, body: { message: 'Menu item deleted.' } });
  });
});

describe('the method override (_method)', () => {
  const portals = '/api/kit/portals';
  const send = async (url: string, form: { payload: Buffer; headers: Record<string, string> }) => {
    const res = await app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, 'x-program': '101' } });
    return { status: res.statusCode, body: res.json() as Json & { data: Json; errors?: Record<string, string[]> } };
  };
  const titleOf = async (id: number) => (await db.select().from(kitContentItems).where(eq(kitContentItems.id, id)))[0]!.title;
  let id: number;

  beforeAll(async () => {
    const made = await call('POST', portals, { title: 'Portal one', _method: 'POST' });
    expect(made.status).toBe(201);
    id = made.body.data.id as number;
  });

  it('takes POST /{id} with _method=PUT as the update, in JSON or as a form’s text part, and drops it', async () => {
    const json = await call('POST', `${portals}/${id}`, { _method: 'PUT', title: 'Portal two', status: 1 });
    expect(json).toEqual({ status: 200, body: { data: expect.objectContaining({ id, title: 'Portal two' }), message: 'Portal updated.' } });
    expect(json.body.data).not.toHaveProperty('_method');
    // Laravel reads the verb in any case; so does the kit. The call's own method is accepted too.
    expect((await call('POST', `${portals}/${id}`, { _method: ' put ', title: 'Portal three', status: 1 })).status).toBe(200);
    expect((await call('POST', `${portals}/${id}`, { _method: 'POST', title: 'Portal four', status: 1 })).status).toBe(200);
    const form = await send(`${portals}/${id}`, await multipart({ _method: 'PUT', title: 'Portal five', status: '1' }, { name: 'picture', filename: 'p.png', type: 'image/png', bytes: await makePng(400, 300) }));
    expect(form.status).toBe(200);
    expect(form.body.data).toMatchObject({ title: 'Portal five', picture: expect.stringMatching(/^\/uploads\/101\//) });
    expect(await titleOf(id)).toBe('Portal five');
  });

  it('refuses a _method that names another verb with 422 on _method, changing nothing and storing no file', async () => {
    const uploads = (await db.select({ key: storedUploads.key }).from(storedUploads)).length;
    const wrong = await call('POST', `${portals}/${id}`, { _method: 'DELETE', title: 'Gone' });
    expect(wrong).toEqual({ status: 422, body: { message: 'The method must be POST or PUT.', errors: { _method: ['The method must be POST or PUT.'] } } });
    expect((await call('POST', `${portals}/${id}`, { _method: 4, title: 'Gone', status: 1 })).body.errors).toEqual({ _method: ['The method must be POST or PUT.'] });
    const form = await send(`${portals}/${id}`, await multipart({ _method: 'PATCH', title: 'Gone', status: '1' }, { name: 'picture', filename: 'p.png', type: 'image/png', bytes: await makePng(400, 300) }));
    expect(form).toMatchObject({ status: 422, body: { errors: { _method: ['The method must be POST or PUT.'] } } });
    // Store is a POST only, and a PUT route's body may name PUT alone.
    expect((await call('POST', portals, { _method: 'PUT', title: 'New' })).body.errors).toEqual({ _method: ['The method must be POST.'] });
    const category = await store('/api/kit/categories', { name: 'Override' });
    expect((await call('PUT', `/api/kit/categories/update/${category.id}`, { _method: 'PUT', name: 'Overridden', status: 1 })).status).toBe(200);
    expect((await call('PUT', `/api/kit/categories/update/${category.id}`, { _method: 'POST', name: 'Overridden', status: 1 })).status).toBe(422);
    expect(await titleOf(id)).toBe('Portal five');
    expect((await db.select({ key: storedUploads.key }).from(storedUploads)).length).toBe(uploads);
  });
});

describe('bulk calls (destroyMultiple, toggleStatusMultiple)', () => {
  const base = '/api/kit/categories';
  const statusOf = async (ids: number[]) =>
    (await db.select({ id: kitCategories.id, status: kitCategories.status }).from(kitCategories).where(inArray(kitCategories.id, ids)).orderBy(asc(kitCategories.id))).map(
      (row) => row.status,
    );
  let ids: number[];
  let held: number;
  let lake: number;

  beforeAll(async () => {
    ids = [];
    for (const name of ['Bulk A', 'Bulk B', 'Bulk C']) ids.push((await store(base, { name })).id);
    held = (await store(base, { name: 'Bulk held' })).id;
    await store('/api/kit/sub-categories', { name: 'Keeps it', category_id: held });
    lake = (await store(base, { name: 'Bulk lake' }, 102)).id;
  });

  it('sets the status of every record at once, audited with the ids', async () => {
    const res = await call('POST', `${base}/toggle-status-multiple`, { ids: [ids[0], ids[1]], status: 0 });
    expect(res).toEqual({
      status: 200,
      body: { data: [{ id: ids[0], status: 0 }, { id: ids[1], status: 0 }], message: '2 categories deactivated.' },
    });
    expect(await statusOf(ids)).toEqual([0, 0, 1]);
    expect((await call('POST', `${base}/toggle-status-multiple`, { ids: [ids[0]], status: 1 })).body.message).toBe('1 category activated.');
    expect(await auditOf('kit-category.toggle-status-multiple')).toEqual([
      expect.objectContaining({ entity: 'kit_category', program_id: 101, success: true, detail: { ids: [ids[0], ids[1]], status: 0 } }),
      expect.objectContaining({ detail: { ids: [ids[0]], status: 1 } }),
    ]);
  });

  it('answers 404 and changes nothing when any id is not the caller’s; 422 for a bad body', async () => {
    expect(await call('POST', `${base}/toggle-status-multiple`, { ids: [ids[2], lake], status: 0 })).toEqual({ status: 404, body: { message: 'Category not found.' } });
    expect(await call('POST', `${base}/destroy-multiple`, { ids: [ids[2], lake] })).toEqual({ status: 404, body: { message: 'Category not found.' } });
    expect(await statusOf(ids)).toEqual([1, 0, 1]);
    expect((await call('POST', `${base}/destroy-multiple`, { ids: [] })).body.errors).toEqual({ ids: ['Ids is required.'] });
    expect((await call('POST', `${base}/toggle-status-multiple`, { ids: [ids[0]], status: 3 })).status).toBe(422);
    expect((await call('POST', `${base}/toggle-status-multiple`, { ids: [ids[0], ids[0]], status: 1 })).body.errors).toEqual({ ids: ['The ids may not repeat.'] });
    // Only where the definition offers them.
    expect((await call('POST', '/api/kit/sub-categories/destroy-multiple', { ids: [ids[0]] })).status).toBe(404);
  });

  it('refuses a delete while any record is in use (409 naming how many), deleting none, audited', async () => {
    const refused = await call('POST', `${base}/destroy-multiple`, { ids: [ids[2], held] });
    expect(refused).toEqual({ status: 409, body: { message: '1 category of the selection is in use and cannot be deleted. Nothing was deleted.' } });
    expect(await statusOf([ids[2]!, held])).toEqual([1, 1]);
    expect(await auditOf('kit-category.delete-multiple')).toEqual([
      expect.objectContaining({ success: false, detail: { ids: [ids[2], held], refused: 'in-use', in_use: [held], records: 1 } }),
    ]);
  });

  it('deletes every record in one go, audited with the ids and names', async () => {
    expect(await call('POST', `${base}/destroy-multiple`, { ids })).toEqual({ status: 200, body: { message: '3 categories deleted.' } });
    expect(await statusOf(ids)).toEqual([]);
    expect((await auditOf('kit-category.delete-multiple')).at(-1)).toEqual(
      expect.objectContaining({ success: true, detail: { ids, labels: ['Bulk A', 'Bulk B', 'Bulk C'] } }),
    );
  });

  it('removes the deleted records’ files once the delete has committed', async () => {
    const picture = { name: 'picture', filename: 'p.png', type: 'image/png' };
    const made: { id: number; key: string }[] = [];
    for (const title of ['Bulk portal 1', 'Bulk portal 2']) {
      const form = await multipart({ title }, { ...picture, bytes: await makePng(400, 300) });
      const res = await app.inject({ method: 'POST', url: '/api/kit/portals', payload: form.payload, headers: { ...form.headers, 'x-program': '101' } });
      const data = (res.json() as { data: { id: number; picture: string } }).data;
      made.push({ id: data.id, key: data.picture.replace(/^\/uploads\//, '') });
    }
    expect(await app.storage.exists(made[0]!.key)).toBe(true);
    expect((await call('POST', '/api/kit/portals/destroy-multiple', { ids: made.map((m) => m.id) })).body).toEqual({ message: '2 portals deleted.' });
    for (const { key } of made) expect(await app.storage.exists(key)).toBe(false);
  });
});

describe('who may call, and the repository on its own', () => {
  it('refuses self-service staff with the definition’s text before validating anything', async () => {
    expect(await call('POST', '/api/kit/guides/store', {}, 101, true)).toEqual({ status: 403, body: { message: 'Guides are not for self-service staff.' } });
    expect((await call('GET', '/api/kit/categories', undefined, 101, true)).status).toBe(200);
  });

  it('hands the app’s api hook the access and permission of the definition', async () => {
    const accessOf = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { 'x-program': '101' } });
      return [res.headers['x-access'], res.headers['x-permission']];
    };
    expect(await accessOf('/api/kit/categories')).toEqual(['staff', '']);
    expect(await accessOf('/api/kit/admin-categories')).toEqual(['super_admin', 'manage_resources']);
    expect(await accessOf('/api/kit/owner-categories/store')).toEqual(['sub_user', '']);
  });

  it('lets only the sub user and staff with administrative rights use an administrative-rights resource', async () => {
    const list = '/api/kit/rights-categories';
    const staff = { 'x-type': 'program_user' };
    expect(await call('POST', `${list}/store`, {}, 101, false, staff)).toEqual({
      status: 403,
      body: { message: 'This change needs administrative rights.' },
    });
    expect((await call('GET', list, undefined, 101, false, { ...staff, 'x-rights': '1' })).status).toBe(200);
    expect((await call('GET', list)).status).toBe(200);
  });

  it('audits store, update and toggle-status with the default details', async () => {
    const made = await store('/api/kit/categories', { name: 'Audited' });
    await call('PUT', `/api/kit/categories/update/${made.id}`, { name: 'Audited 2', status: 1 });
    await call('POST', '/api/kit/categories/toggle-status', { id: made.id, status: 0 });
    const rows = (await db.select().from(auditRecords).where(and(eq(auditRecords.entity, 'kit_category'), eq(auditRecords.entity_id, String(made.id))))).map(
      (r) => [r.action, r.detail],
    );
    expect(rows).toEqual([
      ['kit-category.create', { name: 'Audited', status: 1 }],
      ['kit-category.update', { name: 'Audited 2', changed: ['name'] }],
      ['kit-category.toggle-status', { status: 0 }],
    ]);
  });

  it('refuses a table that lacks a column the definition needs, at start-up', () => {
    expect(() => createResourceRepository(db, categoryResource, { table: kitGuides })).toThrow(/no column name/);
    expect(() => createResourceRepository(db, guideResource, { table: kitGuides, categories: [] })).toThrow(/image fields need fileUrl/);
    expect(() => createResourceRepository(db, subCategoryResource, { table: kitSubCategories })).toThrow(/one category table/);
  });

  it('refuses to mount routes elsewhere than the definition’s base', async () => {
    const other = Fastify({ logger: false });
    other.register(resourceRoutes(categoryResource, { repository: categories, tags: [] }), { prefix: '/api/elsewhere' });
    await expect(other.ready()).rejects.toThrow(/defined at \/api\/kit\/categories but mounted at \/api\/elsewhere/);
    await other.close();
  });
});
