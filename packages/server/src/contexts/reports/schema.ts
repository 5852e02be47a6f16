/** The reports context's tables: exports made in the background (large spreadsheets and every PDF). */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { accounts, programs } from '../identity/schema';
import { ts } from '../../db/columns';

/**
 * One export made by the job queue instead of in the request: a spreadsheet of more rows than a request
 * streams at once, or a PDF. `kind` names the export's definition and `params` holds the query it was
 * asked with (already validated), so the job writes exactly what the screen had filtered. The file goes
 * to the storage interface under `file_key` and is readable by `account_id` alone until `expires_at`;
 * housekeeping then removes the row and the file. The id is random: it is the only handle the browser
 * holds, and it says nothing about how many exports exist.
 *
 * status: queued → running → done | failed | cancelled (a cancel may come at any point before done;
 * the job reads the status between two chunks and stops).
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The program whose data it holds; null for a super admin's export of several programs. */
    program_id: integer('program_id').references(() => programs.id, { onDelete: 'cascade' }),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 64 }).notNull(),
    format: varchar('format', { length: 8 }).notNull().$type<'xlsx' | 'pdf'>(),
    params: jsonb('params').notNull().$type<Record<string, unknown>>(),
    status: varchar('status', { length: 16 })
      .notNull()
      .default('queued')
      .$type<'queued' | 'running' | 'done' | 'failed' | 'cancelled'>(),
    /** Rows (or pages) the export will hold, as counted when it was asked; null when not known. */
    total: integer('total'),
    /** Rows (or pages) written so far: the progress the banner shows. */
    done: integer('done').notNull().default(0),
    file_name: varchar('file_name', { length: 254 }).notNull(),
    file_key: text('file_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** Why it failed, in words for the user. */
    error: text('error'),
    created_at: ts('created_at').notNull().defaultNow(),
    started_at: ts('started_at'),
    finished_at: ts('finished_at'),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [
    index('report_exports_account_idx').on(t.account_id, t.created_at),
    index('report_exports_expires_idx').on(t.expires_at),
    check('report_exports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed', 'cancelled')`),
    check('report_exports_format_check', sql`${t.format} in ('xlsx', 'pdf')`),
  ],
);
