/** Identity's password and e-mail links (a table of its own module: it references patients, whose part references programs, and one module holding both would close an import circle). */
import { sql } from 'drizzle-orm';
import { bigserial, check, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { accounts } from './schema';
import { patients } from '../patients/schema';
import { ts } from '../../db/columns';

/** Links e-mailed to set or reset a password; single use, kept as a hash. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    patient_id: integer('patient_id').references(() => patients.id, { onDelete: 'cascade' }),
    // 'security': the short-lived challenge between a correct password and the security answer; 'mfa':
    // the one before the second factor (TypeScript-only values; the column is free text).
    purpose: varchar('purpose', { length: 16 }).notNull().$type<'reset' | 'set' | 'invite' | 'verify' | 'security' | 'mfa'>(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expires_at: ts('expires_at').notNull(),
    used_at: ts('used_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('password_reset_tokens_owner_check', sql`(${t.account_id} is null) <> (${t.patient_id} is null)`),
  ],
);
