/**
 * What on-demand and scheduled messages share: the check of an audience and template against the
 * caller's program (422 on the field, like the body's own rules), the audience as stored, and a sent
 * message's row as the API shows it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { STAFF_MESSAGE_MESSAGES, type AudienceFilter, type SentMessage } from '@baridesk/contracts';
import type { Db, Tx } from '../../db/client';
import { messageTemplates, messages, patients } from '../../db/schema';
import { isoTimestamp } from '../../lib/sql';
import { staffName } from '../../lib/staff-name';
import { ValidationError } from '../../lib/valibot';
import type { StaffAudience } from './plugins/delivery';

/** The audience fields of a body (exactly one is set: the contract checked it). */
export interface AudienceInput {
  patient_ids?: number[] | null | undefined;
  filter?: AudienceFilter | null | undefined;
  message_template_id?: number | null | undefined;
}

/** The audience as stored and handed to the delivery: the chosen ids, or the filter without its blanks. */
export function audienceOf(input: AudienceInput): StaffAudience {
  if (input.patient_ids) return { patient_ids: input.patient_ids };
  const filter = Object.fromEntries(Object.entries(input.filter ?? {}).filter(([, value]) => value !== undefined && value !== ''));
  return { filter: filter as AudienceFilter };
}

/**
 * Refuses chosen patients or a template of another program (or gone): 422 on the field, so no answer
 * tells whether the id exists elsewhere.
 */
export async function checkAudience(db: Db | Tx, programId: number, input: AudienceInput): Promise<void> {
  if (input.patient_ids) {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(patients)
      .where(and(eq(patients.program_id, programId), inArray(patients.id, input.patient_ids)));
    if ((row?.n ?? 0) !== input.patient_ids.length) throw new ValidationError({ patient_ids: [STAFF_MESSAGE_MESSAGES.unknownPatients] });
  }
  if (input.message_template_id != null) {
    const [template] = await db
      .select({ id: messageTemplates.id })
      .from(messageTemplates)
      .where(and(eq(messageTemplates.id, input.message_template_id), eq(messageTemplates.program_id, programId)));
    if (!template) throw new ValidationError({ message_template_id: [STAFF_MESSAGE_MESSAGES.unknownTemplate] });
  }
}

/** The columns of a sent message as the API shows it. */
export const SENT_MESSAGE_COLUMNS = {
  id: messages.id,
  title: messages.title,
  message: messages.message,
  channels: messages.channels,
  audience: messages.audience,
  recipient_count: messages.recipient_count,
  status: messages.status,
  message_template_id: messages.message_template_id,
  created_by_name: staffName(sql`${messages.created_by}`),
  created_at: isoTimestamp(sql`${messages.created_at}`),
  sent_at: sql<string | null>`case when ${messages.sent_at} is null then null else ${isoTimestamp(sql`${messages.sent_at}`)} end`,
  run_at: sql<string | null>`case when ${messages.run_at} is null then null else ${isoTimestamp(sql`${messages.run_at}`)} end`,
};

export const toSentMessage = (row: { [K in keyof typeof SENT_MESSAGE_COLUMNS]: unknown }): SentMessage => row as SentMessage;
