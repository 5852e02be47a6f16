import { FIRST_NAME_PLACEHOLDER } from '@baridesk/contracts';
import type { Tx } from '../db/client';
import { weightReminderSettings } from '../db/schema';

/**
 * The demo's stored weight reminder: Northside (101) sends its own text every 5 days without a weigh-in.
 * Lakeview and program 302 store none, so their screens show the defaults.
 */
export async function insertDemoWeightReminders(tx: Tx, now: Date): Promise<void> {
  await tx.insert(weightReminderSettings).values({
    program_id: 101,
    message:
      `Hi ${FIRST_NAME_PLACEHOLDER}, this is your Northside Bariatrics team. We haven't seen a weigh-in from you for a few days. ` +
      'Logging your weight keeps your progress on track and helps us support you: step on the scale and add it in the app today.',
    status: 1,
    interval_days: 5,
    message_field_status: 1,
    updated_by: 101,
    created_at: now,
    updated_at: now,
  });
}
