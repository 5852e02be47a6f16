/** The checklists context's tables: templates and their items, patients' checklist items, checklist notes. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts, ownedByProgram } from '../identity/schema';
import { loggedBy } from '../patients/schema';
import { createdUpdated, flag, ts } from '../../db/columns';

/**
 * Staff notes on a patient's checklist: on one stage's checklist (1 Pre-Op, 2 Post-Op, 3 the third
 * checklist), and on one item of it when checklist_item_id is set (the patient checklist items of
 * mf-patients II). Never shown to the patient. Deleting one only sets deleted_at.
 */
export const checklistNotes = pgTable(
  'checklist_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    stage: smallint('stage').notNull(),
    checklist_item_id: integer('checklist_item_id').references((): AnyPgColumn => patientChecklistItems.id, {
      onDelete: 'set null',
    }),
    note: text('note').notNull(),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
    deleted_at: ts('deleted_at'),
    deleted_by: integer('deleted_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('checklist_notes_program_patient_idx')
      .on(t.program_id, t.patient_id, t.stage, t.created_at)
      .where(sql`${t.deleted_at} is null`),
    index('checklist_notes_patient_idx').on(t.patient_id),
    check('checklist_notes_stage_check', sql`${t.stage} between 1 and 3`),
  ],
);

/**
 * A checklist template: the items a patient's checklist of one stage starts from. The stage's default
 * template is applied when a patient enters the stage; others are added by hand. Soft-deleted.
 */
export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    stage: smallint('stage').notNull(),
    name: varchar('name', { length: 254 }).notNull(),
    description: text('description'),
    status: smallint('status').notNull().default(1),
    is_default: flag('is_default'),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
    deleted_at: ts('deleted_at'),
    deleted_by: integer('deleted_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('checklist_templates_name_key')
      .on(t.program_id, t.stage, sql`lower(${t.name})`)
      .where(sql`${t.deleted_at} is null`),
    uniqueIndex('checklist_templates_default_key')
      .on(t.program_id, t.stage)
      .where(sql`${t.is_default} = 1 and ${t.deleted_at} is null`),
    check('checklist_templates_stage_check', sql`${t.stage} between 1 and 3`),
    check('checklist_templates_status_check', sql`${t.status} in (0, 1)`),
  ],
);

/**
 * An item of a template, in `position` order, with an optional due-date rule: `due_days` days (may be
 * negative) after `due_anchor` ('stage_start', 'consult_date' or 'surgery_date'). Removing one from a
 * template only sets deleted_at: patients' copies and the "Checklist Item completed" rules keep it.
 */
export const checklistTemplateItems = pgTable(
  'checklist_template_items',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    template_id: integer('template_id')
      .notNull()
      .references(() => checklistTemplates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    title: varchar('title', { length: 254 }).notNull(),
    description: text('description'),
    due_anchor: varchar('due_anchor', { length: 20 }).$type<'stage_start' | 'consult_date' | 'surgery_date'>(),
    due_days: integer('due_days'),
    ...createdUpdated,
    deleted_at: ts('deleted_at'),
  },
  (t) => [
    index('checklist_template_items_template_idx').on(t.template_id, t.position),
    check(
      'checklist_template_items_due_check',
      sql`(${t.due_anchor} is null and ${t.due_days} is null) or (${t.due_anchor} in ('stage_start', 'consult_date', 'surgery_date') and ${t.due_days} between -3650 and 3650)`,
    ),
  ],
);

/**
 * One item of a patient's checklist for one stage: a copy of a template item (template_item_id) or one
 * added by hand. Ticked = completed_at set, by completed_by. A template item is on a patient's list once.
 */
export const patientChecklistItems = pgTable(
  'patient_checklist_items',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    patient_id: loggedBy(),
    stage: smallint('stage').notNull(),
    template_id: integer('template_id').references(() => checklistTemplates.id, { onDelete: 'set null' }),
    template_item_id: integer('template_item_id').references(() => checklistTemplateItems.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 254 }).notNull(),
    description: text('description'),
    position: integer('position').notNull().default(0),
    due_date: date('due_date', { mode: 'string' }),
    completed_at: ts('completed_at'),
    completed_by: integer('completed_by').references(() => accounts.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [
    index('patient_checklist_items_patient_idx').on(t.patient_id, t.stage, t.position, t.id),
    index('patient_checklist_items_program_stage_idx').on(t.program_id, t.stage, t.due_date, t.id).where(sql`${t.completed_at} is null`),
    index('patient_checklist_items_template_item_idx').on(t.template_item_id),
    // The stalled and lost reports: a patient's last tick, and whether any tick came after a day, read from the index alone.
    index('patient_checklist_items_patient_completed_idx').on(t.patient_id, t.completed_at).where(sql`${t.completed_at} is not null`),
    uniqueIndex('patient_checklist_items_template_item_key')
      .on(t.patient_id, t.template_item_id)
      .where(sql`${t.template_item_id} is not null`),
    check('patient_checklist_items_stage_check', sql`${t.stage} between 1 and 3`),
  ],
);
