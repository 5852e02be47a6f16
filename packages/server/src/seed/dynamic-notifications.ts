/**
 * The demo's dynamic notifications (docs/admin.md "Dynamic notifications"): one of each rule type, on,
 * written by the root super admin. The daily run sends them from the programs' next early morning (or
 * Run now). No images: a seed writes no files.
 */
import type { Tx } from '../db/client';
import { dynamicNotifications } from '../db/schema';

/** The root super admin, who writes the demo's notifications. */
const ROOT_SUPER_ADMIN = 48;

export async function insertDemoDynamicNotifications(tx: Tx, now: Date): Promise<void> {
  const stamp = { user_id: ROOT_SUPER_ADMIN, created_at: now, updated_at: now };
  await tx.insert(dynamicNotifications).values([
    {
      rule_type: 'surgery_date',
      metadata: { type: 'before', days: 1, duration: 'week', surgery_type: '' },
      stages: [1],
      patient_type: 'surgical',
      message: 'Your surgery is one week away.\nStart your clear-liquid diet as your care team told you, and pack your bag.',
      url: 'https://northside.example.com/before-surgery',
      ...stamp,
    },
    {
      rule_type: 'weight',
      metadata: { days: 7, duration: 'day' },
      message: 'We have not seen a weigh-in for a week. Step on the scale today and log it in the app.',
      ...stamp,
    },
    {
      rule_type: 'weight_lost',
      metadata: { weight_lost: 25 },
      stages: [2, 3],
      message: 'You have lost 25 pounds. That is a real milestone: well done!',
      url: 'https://northside.example.com/milestones',
      ...stamp,
    },
    {
      rule_type: 'reminder',
      metadata: { type: 'surgery', days: 1, duration: 'month' },
      stages: [2, 3],
      patient_type: 'surgical',
      message: 'Monthly reminder: take your vitamins every day and book your follow-up visit.',
      ...stamp,
    },
    {
      rule_type: 'food',
      metadata: { days: 3, duration: 'day' },
      message: 'No meals logged for three days. Logging what you eat keeps you on track.',
      ...stamp,
    },
    {
      rule_type: 'signup',
      metadata: { days: 1 },
      message: 'Welcome to the app!\nHere is how to log your first meal and weigh-in.',
      url: 'https://northside.example.com/getting-started',
      status: 0,
      ...stamp,
    },
  ]);
}
