/**
 * The demo's app user: a Northside patient who signs in to the patient app as patient@northside.test
 * with the demo password, and the on-demand messages Northside's staff sent that reach their inbox.
 * Other lanes' seeds add scheduled and automatic messages through the same delivery functions.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { messageDeliveries, patients } from '../db/schema';
import { deliverNow } from '../contexts/messaging';

export const DEMO_APP_PATIENT_EMAIL = 'patient@northside.test';
const NORTHSIDE = 101;
const NORTHSIDE_STAFF = 201;
const DAY_MS = 86_400_000;

/**
 * Makes Northside's most recent app user the demo's app patient (its address and the demo password),
 * then sends three on-demand messages, oldest read, reaching them: one to them alone, one to their stage
 * (a patient-list filter), one to a few chosen patients. Returns the patient's id, or null when Northside
 * has no active patient.
 */
export async function insertDemoAppPatient(tx: Tx, passwordHash: string, now: Date): Promise<number | null> {
  const [patient] = await tx
    .select({ id: patients.id, stage: patients.current_stage })
    .from(patients)
    .where(and(eq(patients.program_id, NORTHSIDE), eq(patients.status, 1)))
    .orderBy(sql`${patients.last_app_activity_at} desc nulls last`, patients.id)
    .limit(1);
  // A demo seeded without patients (tests that need none) has no app patient, hence no messages.
  if (!patient) return null;
  await tx
    .update(patients)
    .set({ email: DEMO_APP_PATIENT_EMAIL, password_hash: passwordHash, is_invited: 1, last_app_activity_at: new Date(now.getTime() - DAY_MS) })
    .where(eq(patients.id, patient.id));

  const others = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.program_id, NORTHSIDE), eq(patients.status, 1), sql`${patients.id} <> ${patient.id}`))
    .orderBy(patients.id)
    .limit(3);
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const sent = { programId: NORTHSIDE, kind: 'on_demand' as const, channels: ['inbox' as const], createdBy: NORTHSIDE_STAFF };

  const welcome = await deliverNow(
    tx,
    {
      ...sent,
      title: 'Welcome to the Northside app',
      message:
        'Welcome! This is where your care team will send you reminders and news about your program.\n\nYou can reply to any message here.',
      audience: { patient_ids: [patient.id] },
    },
    daysAgo(14),
  );
  await deliverNow(
    tx,
    {
      ...sent,
      title: 'Support group this Thursday',
      message: 'Our monthly support group meets this Thursday at 6 pm at the Main Campus, room 210. Family members are welcome.',
      audience: { filter: { stage: patient.stage as 1 | 2 | 3 } },
    },
    daysAgo(3),
  );
  await deliverNow(
    tx,
    {
      ...sent,
      title: 'Pre-op nutrition class moved',
      message: "Next week's pre-op nutrition class moves from Tuesday to Wednesday, same time. Please bring your food log.",
      audience: { patient_ids: [patient.id, ...others.map((o) => o.id)] },
    },
    daysAgo(1),
  );
  // The welcome was read in the app the day it came.
  await tx
    .update(messageDeliveries)
    .set({ status: 'read', read_at: daysAgo(13) })
    .where(and(eq(messageDeliveries.message_id, welcome), eq(messageDeliveries.patient_id, patient.id), eq(messageDeliveries.channel, 'inbox')));
  return patient.id;
}
