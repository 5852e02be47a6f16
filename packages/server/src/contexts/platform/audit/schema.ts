/** The audit trail. */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { ts } from '../../../db/columns';

/** Who did what to which record, when and from where. Written by the audit plugin only. */
export const auditRecords = pgTable(
  'audit_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    actor_account_id: integer('actor_account_id'),
    actor_type: varchar('actor_type', { length: 20 }),
    program_id: integer('program_id'),
    action: varchar('action', { length: 64 }).notNull(),
    entity: varchar('entity', { length: 64 }).notNull(),
    entity_id: varchar('entity_id', { length: 64 }),
    patient_id: integer('patient_id'),
    ip: varchar('ip', { length: 64 }),
    user_agent: text('user_agent'),
    success: boolean('success').notNull().default(true),
    detail: jsonb('detail'),
  },
  (t) => [
    index('audit_records_patient_idx').on(t.patient_id, t.at),
    index('audit_records_program_idx').on(t.program_id, t.at),
    index('audit_records_actor_idx').on(t.actor_account_id, t.at),
    // The trail unfiltered, newest first, and by action within dates (the /admin/audit screen).
    index('audit_records_at_idx').on(t.at),
    index('audit_records_action_idx').on(t.action, t.at),
    // Reads of many patients at once (lists, boards, exports) keep the patients shown in detail.patientIds
    // with patient_id null: a patient's access history finds them through this index.
    index('audit_records_patient_ids_idx')
      .using('gin', sql`(${t.detail} -> 'patientIds') jsonb_path_ops`)
      .where(sql`${t.detail} ? 'patientIds'`),
  ],
);
