/** The messaging context's tables: message templates, the weight reminder's settings. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { accounts, ownedByProgram, programs } from '../identity/schema';
import { createdUpdated } from '../../db/columns';

/**
 * A program's message templates: a title and the text sent to the patient app, picked when writing an
 * on-demand or scheduled message. A title is unique within its program whatever its case.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    title: varchar('title', { length: 254 }).notNull(),
    message: text('message').notNull(),
    status: smallint('status').notNull().default(1),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [
    index('message_templates_program_title_idx').on(t.program_id, t.title),
    uniqueIndex('message_templates_program_title_key').on(t.program_id, sql`lower(${t.title})`),
  ],
);

/**
 * A program's weight reminder (the /weight-reminder-message screen): the text the patient app sends
 * when no weight has been logged for `interval_days`, whether the reminder is on (`status`), and
 * whether the program's own text is used (`message_field_status` 1) or the app's default (0).
 */
export const weightReminderSettings = pgTable(
  'weight_reminder_settings',
  {
    id: serial('id').primaryKey(),
    program_id: integer('program_id')
      .notNull()
      .unique()
      .references(() => programs.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: smallint('status').notNull().default(1),
    interval_days: integer('interval_days').notNull().default(7),
    message_field_status: smallint('message_field_status').notNull().default(1),
    updated_by: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [check('weight_reminder_settings_interval_check', sql`${t.interval_days} between 1 and 365`)],
);
