/** The pipeline context's tables: rules, moves, the daily sweeps (statuses: statuses-schema.ts). */
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { checklistTemplateItems } from '../checklists/schema';
import { accounts, ownedByProgram } from '../identity/schema';
import { loggedBy } from '../patients/schema';
import { pipelineStatuses } from './statuses-schema';
import { createdUpdated, ts } from '../../db/columns';

/**
 * A pipeline automation rule (customize pipeline): in `stage`, move a patient (from `from_status_id`,
 * or any status) to `to_status_id` when its trigger fires. type 1 Surgery Date passed `days` days,
 * 6 Surgery Date added, 2 Checklist Item `checklist_item_id` completed, 4 Checklist `percent` % Complete,
 * 5 `days` Days in Stage. Lower `priority` runs first. See packages/domain/src/pipeline-engine.ts.
 */
export const pipelineRules = pgTable(
  'pipeline_rules',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    stage: smallint('stage').notNull(),
    type: smallint('type').notNull(),
    from_status_id: integer('from_status_id').references(() => pipelineStatuses.id, { onDelete: 'no action' }),
    to_status_id: integer('to_status_id')
      .notNull()
      .references(() => pipelineStatuses.id, { onDelete: 'no action' }),
    days: integer('days'),
    checklist_item_id: integer('checklist_item_id').references(() => checklistTemplateItems.id, { onDelete: 'no action' }),
    percent: smallint('percent'),
    priority: integer('priority').notNull().default(0),
    status: smallint('status').notNull().default(1),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [
    index('pipeline_rules_program_stage_idx').on(t.program_id, t.stage, t.priority, t.id),
    check('pipeline_rules_stage_check', sql`${t.stage} between 1 and 3`),
    check('pipeline_rules_type_check', sql`${t.type} in (1, 2, 4, 5, 6)`),
    check('pipeline_rules_status_check', sql`${t.status} in (0, 1)`),
    check('pipeline_rules_days_check', sql`${t.days} is null or ${t.days} between 0 and 3650`),
    check('pipeline_rules_percent_check', sql`${t.percent} is null or ${t.percent} between 1 and 100`),
  ],
);

/**
 * Every change of a patient's pipeline status: by hand (moved_by, no rule) or by a rule (rule_id and
 * the trigger key of the occurrence that fired it). (patient, rule, trigger_key) is unique, so one
 * occurrence never moves a patient twice, whoever runs the engine and however often.
 */
export const pipelineMoves = pgTable(
  'pipeline_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    stage: smallint('stage').notNull(),
    from_status_id: integer('from_status_id').references(() => pipelineStatuses.id, { onDelete: 'no action' }),
    to_status_id: integer('to_status_id').references(() => pipelineStatuses.id, { onDelete: 'no action' }),
    moved_by: integer('moved_by').references(() => accounts.id, { onDelete: 'set null' }),
    rule_id: integer('rule_id').references(() => pipelineRules.id, { onDelete: 'set null' }),
    rule_type: smallint('rule_type'),
    trigger_key: varchar('trigger_key', { length: 128 }),
    moved_at: ts('moved_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pipeline_moves_rule_occurrence_key')
      .on(t.patient_id, t.rule_id, t.trigger_key)
      .where(sql`${t.rule_id} is not null`),
    index('pipeline_moves_patient_idx').on(t.patient_id, t.moved_at, t.id),
    index('pipeline_moves_program_status_idx').on(t.program_id, t.to_status_id, t.moved_at),
    // The pipeline report: a program's moves of a period, newest first.
    index('pipeline_moves_program_moved_idx').on(t.program_id, t.moved_at, t.id),
    // Deleting a rule empties rule_id on its moves: without this it would read every move.
    index('pipeline_moves_rule_idx').on(t.rule_id).where(sql`${t.rule_id} is not null`),
  ],
);

/** One daily sweep of a program's time-based rules, for the program's calendar day `day`. */
export const pipelineSweeps = pgTable(
  'pipeline_sweeps',
  {
    program_id: ownedByProgram(),
    day: date('day', { mode: 'string' }).notNull(),
    started_at: ts('started_at').notNull().defaultNow(),
    finished_at: ts('finished_at'),
    patients: integer('patients').notNull().default(0),
    moves: integer('moves').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.program_id, t.day] })],
);
