/** The super-admin context's tables: permissions, who holds them, the quotes of the day. */
import { date, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { superAdmins } from '../identity/schema';
import { createdUpdated } from '../../db/columns';

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 254 }).notNull(),
  slug: varchar('slug', { length: 64 }).notNull().unique(),
});

export const superAdminPermissions = pgTable(
  'super_admin_permissions',
  {
    super_admin_id: integer('super_admin_id')
      .notNull()
      .references(() => superAdmins.id, { onDelete: 'cascade' }),
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.super_admin_id, t.permission_id] })],
);

/** The quote of the day shown in the patient app; one per date, for every program alike. */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    description: text('description').notNull(),
    date_quote: date('date_quote', { mode: 'string' }).notNull(),
    status: smallint('status').notNull().default(1),
    ...createdUpdated,
  },
  (t) => [uniqueIndex('quotes_date_quote_key').on(t.date_quote)],
);
