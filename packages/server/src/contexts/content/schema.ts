/**
 * The content context's tables: menus and who manages them, dynamic content sections, and the content
 * library the patients' app shows (items, their categories and sub-categories, single pages).
 *
 * Every content type shares the three library tables; a row's `menu` names its type (the API's route
 * name: 'faqs', 'diet', 'patient-portals', … or 'dynamic-section' with `section_id`). Each type is a
 * resource of the kit bound to its rows (docs/content.md).
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { accounts, ownedByProgram, programs } from '../identity/schema';
import { createdUpdated, ts } from '../../db/columns';

export const subMenus = pgTable('sub_menus', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 254 }).notNull().unique(),
});

/** Whether each sub-menu of the content menu is switched on for a program. */
export const subMenuManagers = pgTable(
  'sub_menu_managers',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    sub_menu_id: integer('sub_menu_id')
      .notNull()
      .references(() => subMenus.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [uniqueIndex('sub_menu_managers_program_menu_key').on(t.program_id, t.sub_menu_id)],
);

export const dynamicContentSections = pgTable(
  'dynamic_content_sections',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    name: varchar('name', { length: 254 }).notNull(),
    status: smallint('status').notNull().default(1),
    /** Place in the sidebar's Content menu and in the app (new sections go last). */
    order_index: integer('order_index').notNull().default(0),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [index('dynamic_content_sections_program_idx').on(t.program_id, t.name)],
);

/** A section id, on the library's rows of a dynamic section (removed with the section). */
const sectionOf = () => integer('section_id').references(() => dynamicContentSections.id, { onDelete: 'cascade' });

/** Categories of a content type (or of a dynamic section). */
export const contentCategories = pgTable(
  'content_categories',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    menu: varchar('menu', { length: 64 }).notNull(),
    section_id: sectionOf(),
    name: varchar('name', { length: 254 }).notNull(),
    image: varchar('image', { length: 512 }),
    status: smallint('status').notNull().default(1),
    order_index: integer('order_index').notNull().default(0),
    ...createdUpdated,
  },
  (t) => [
    index('content_categories_menu_idx').on(t.program_id, t.menu, t.order_index, t.id),
    index('content_categories_section_idx').on(t.section_id),
    uniqueIndex('content_categories_name_key').on(t.program_id, t.menu, sql`coalesce(${t.section_id}, 0)`, sql`lower(${t.name})`),
  ],
);

/** Sub-categories: each belongs to a category of the same type (and section). */
export const contentSubCategories = pgTable(
  'content_sub_categories',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    menu: varchar('menu', { length: 64 }).notNull(),
    section_id: sectionOf(),
    category_id: integer('category_id')
      .notNull()
      .references(() => contentCategories.id),
    name: varchar('name', { length: 254 }).notNull(),
    image: varchar('image', { length: 512 }),
    status: smallint('status').notNull().default(1),
    order_index: integer('order_index').notNull().default(0),
    ...createdUpdated,
  },
  (t) => [
    index('content_sub_categories_menu_idx').on(t.program_id, t.menu, t.order_index, t.id),
    index('content_sub_categories_category_idx').on(t.category_id),
    index('content_sub_categories_section_idx').on(t.section_id),
    uniqueIndex('content_sub_categories_name_key').on(t.category_id, sql`lower(${t.name})`),
  ],
);

/**
 * The items of every list-shaped content type. Columns are the union of what the types need; each
 * type's definition names the ones it uses (a FAQ: title and body; a team member: title, subtitle,
 * image, body, phone, email; a video: title, video_url, image, body; a member portal: title, link, image).
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    menu: varchar('menu', { length: 64 }).notNull(),
    section_id: sectionOf(),
    category_id: integer('category_id').references(() => contentCategories.id),
    sub_category_id: integer('sub_category_id').references(() => contentSubCategories.id),
    title: varchar('title', { length: 254 }).notNull(),
    subtitle: varchar('subtitle', { length: 254 }),
    body: text('body'),
    image: varchar('image', { length: 512 }),
    link: varchar('link', { length: 2048 }),
    video_url: varchar('video_url', { length: 2048 }),
    duration_minutes: smallint('duration_minutes'),
    phone: varchar('phone', { length: 32 }),
    email: varchar('email', { length: 254 }),
    address: varchar('address', { length: 512 }),
    /** The special program's grouping: 1 Weight Management, 2 Weight Loss Surgery; null elsewhere. */
    weight_loss_type: smallint('weight_loss_type'),
    status: smallint('status').notNull().default(1),
    order_index: integer('order_index').notNull().default(0),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [
    index('content_items_menu_idx').on(t.program_id, t.menu, t.order_index, t.id),
    index('content_items_section_idx').on(t.section_id, t.order_index),
    index('content_items_category_idx').on(t.category_id),
    index('content_items_sub_category_idx').on(t.sub_category_id),
  ],
);

/** Single-record content types (a web page: blog, education, BMI, diabetes, shop, newsletter, …), one row per program and page. */
export const contentPages = pgTable(
  'content_pages',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    page: varchar('page', { length: 64 }).notNull(),
    title: varchar('title', { length: 254 }),
    link: varchar('link', { length: 2048 }),
    body: text('body'),
    image: varchar('image', { length: 512 }),
    updated_by: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [uniqueIndex('content_pages_program_page_key').on(t.program_id, t.page)],
);

/**
 * A program's content version, raised by database triggers on every write to the tables the patients'
 * app reads (migration 0020), so GET /api/app/content can answer from a cache and 304 with one lookup.
 */
export const contentVersions = pgTable('content_versions', {
  program_id: integer('program_id')
    .primaryKey()
    .references(() => programs.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  updated_at: ts('updated_at').notNull().defaultNow(),
});
