/** The content context's tables: menus, who manages them, dynamic content sections. */
import { index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { accounts, ownedByProgram } from '../identity/schema';
import { createdUpdated } from '../../db/columns';

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
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [index('dynamic_content_sections_program_idx').on(t.program_id, t.name)],
);
