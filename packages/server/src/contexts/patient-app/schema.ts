/**
 * The patient-app context's tables: patients' own sign-in sessions (apart from staff sessions) and
 * their Web Push subscriptions.
 */
import { bigserial, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { patients } from '../patients/schema';
import { ts } from '../../db/columns';

/** A patient's signed-in app session. Only a SHA-256 of the bearer token is kept. */
export const patientSessions = pgTable(
  'patient_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    patient_id: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    created_at: ts('created_at').notNull().defaultNow(),
    last_used_at: ts('last_used_at').notNull().defaultNow(),
    revoked_at: ts('revoked_at'),
    ip: varchar('ip', { length: 64 }),
    user_agent: text('user_agent'),
  },
  (t) => [index('patient_sessions_patient_idx').on(t.patient_id), index('patient_sessions_last_used_idx').on(t.last_used_at)],
);

/** A browser or device a patient registered for Web Push (the keys the push service gave it). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    patient_id: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: varchar('p256dh', { length: 255 }).notNull(),
    auth: varchar('auth', { length: 255 }).notNull(),
    user_agent: text('user_agent'),
    created_at: ts('created_at').notNull().defaultNow(),
    last_success_at: ts('last_success_at'),
    failed_at: ts('failed_at'),
  },
  (t) => [index('push_subscriptions_patient_idx').on(t.patient_id)],
);
