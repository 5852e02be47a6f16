/** The uploads' ledger: every stored file, so the ones no record ever claimed can be found and deleted. */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../../db/columns';

/**
 * One row per stored upload, written before its files. `claimed_at` is set when a record takes the key
 * (uploads.claim); the housekeeping run deletes the files and rows of uploads still unclaimed after
 * UPLOAD_UNCLAIMED_HOURS. No foreign keys: a row outlives neither its files nor the program's content,
 * and the key itself names the owner.
 */
export const storedUploads = pgTable(
  'uploads',
  {
    key: varchar('key', { length: 128 }).primaryKey(),
    /** The image's preview beside it; null for a PDF. */
    preview_key: varchar('preview_key', { length: 128 }),
    /** The owning program; null for BariDesk-wide (super admins') files. */
    program_id: integer('program_id'),
    /** The stored format's kind: 'image' or 'document'. */
    kind: varchar('kind', { length: 16 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The account that uploaded it; null when no request stored it (a job, a test). */
    uploaded_by: integer('uploaded_by'),
    created_at: ts('created_at').notNull(),
    claimed_at: ts('claimed_at'),
  },
  // The sweep's search: the oldest unclaimed uploads.
  (t) => [index('uploads_unclaimed_idx').on(t.created_at).where(sql`${t.claimed_at} is null`)],
);
