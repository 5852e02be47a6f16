/** The pipeline's statuses (a module of their own: patients reference their status, and the moves reference patients; one module holding both would close an import circle). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { accounts, ownedByProgram } from '../identity/schema';
import { createdUpdated, flag, ts } from '../../db/columns';

// ---------------------------------------------------------------------------------------------
// Pipeline and checklists (mf-patients II)
// ---------------------------------------------------------------------------------------------

/**
 * One column of a program's pipeline board for one stage ("a pipeline" in the API's words): ordered by
 * `position`; one per stage may be the default that new patients (and patients entering the stage) get.
 * Deleting one only sets deleted_at (its patients were moved first), so the move history keeps its names.
 */
export const pipelineStatuses = pgTable(
  'pipeline_statuses',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    stage: smallint('stage').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    position: integer('position').notNull().default(0),
    is_default: flag('is_default'),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
    deleted_at: ts('deleted_at'),
    deleted_by: integer('deleted_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('pipeline_statuses_name_key')
      .on(t.program_id, t.stage, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
    uniqueIndex('pipeline_statuses_default_key')
      .on(t.program_id, t.stage)
      .where(sql`${t.is_default} = 1 and ${t.deleted_at} is null`),
    index('pipeline_statuses_program_stage_idx').on(t.program_id, t.stage, t.position),
    check('pipeline_statuses_stage_check', sql`${t.stage} between 1 and 3`),
  ],
);
