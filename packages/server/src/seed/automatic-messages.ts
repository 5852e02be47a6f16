/**
 * The demo's automatic messages: Northside's rules (the weight reminder among them, as its settings say),
 * one message the rules already sent to the demo app patient, and a rule due for that patient today, so
 * "Run now" on /automatic-messages (or the next early-morning run) puts a new one in their inbox.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { automaticMessageRules, automaticMessageSends, checklistTemplateItems, checklistTemplates, patients, weightReminderSettings } from '../db/schema';
import { deliverNow, syncWeightReminderRule } from '../contexts/messaging';

const NORTHSIDE = 101;
const DAY_MS = 86_400_000;

export async function insertDemoAutomaticMessages(tx: Tx, appPatientId: number, now: Date): Promise<void> {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const [patient] = await tx.select({ created_at: patients.created_at }).from(patients).where(eq(patients.id, appPatientId));
  const signupAge = Math.max(1, Math.floor((now.getTime() - patient!.created_at.getTime()) / DAY_MS));
  const [item] = await tx
    .select({ id: checklistTemplateItems.id })
    .from(checklistTemplateItems)
    .innerJoin(checklistTemplates, eq(checklistTemplates.id, checklistTemplateItems.template_id))
    .where(and(eq(checklistTemplates.program_id, NORTHSIDE), sql`${checklistTemplateItems.due_days} is not null`))
    .orderBy(checklistTemplates.stage, checklistTemplateItems.position)
    .limit(1);

  const rule = (values: Omit<typeof automaticMessageRules.$inferInsert, 'program_id'>, createdDaysAgo: number) => ({
    program_id: NORTHSIDE,
    created_by: NORTHSIDE,
    created_at: daysAgo(createdDaysAgo),
    updated_at: daysAgo(createdDaysAgo),
    ...values,
  });
  const inserted = await tx
    .insert(automaticMessageRules)
    .values([
      rule({ trigger: 'days_after_signup', days: 1, title: 'Welcome to the program', message: 'Welcome to Northside Bariatrics! Your care team is here for every step. Start by logging your weight in the app.', channels: ['inbox', 'email'] }, 120),
      rule({ trigger: 'days_before_surgery', days: 7, title: 'One week to your surgery', message: 'Your surgery is one week away. Start your pre-op liquid diet as instructed and call us with any questions.', channels: ['inbox', 'email'] }, 100),
      rule({ trigger: 'days_after_surgery', days: 14, title: 'Two weeks after surgery', message: 'Two weeks already! Keep sipping fluids through the day and take your vitamins. Your follow-up visit is coming up.', channels: ['inbox'] }, 100),
      rule({ trigger: 'days_in_stage', days: 30, stage: '2', title: 'A month of Post-Op', message: 'You have been Post-Op for a month. Join our support group to share how it is going.', channels: ['inbox'] }, 90),
      ...(item ? [rule({ trigger: 'checklist_item_due', days: 3, checklist_item_id: item.id, title: 'Checklist item due soon', message: 'An item of your checklist is due in three days. Open the app to see what is left to do.', channels: ['inbox'] }, 60)] : []),
      // Due for the demo app patient today: the run of this morning (or Run now) sends it to them.
      rule({ trigger: 'days_after_signup', days: signupAge, title: 'Thank you for staying with us', message: 'Thank you for being part of Northside Bariatrics. How is the app working for you? Reply to this message to tell us.', channels: ['inbox'] }, 30),
    ])
    .returning({ id: automaticMessageRules.id, title: automaticMessageRules.title, message: automaticMessageRules.message });

  // The weight reminder's rule, from the settings the demo stored.
  const [settings] = await tx.select().from(weightReminderSettings).where(eq(weightReminderSettings.program_id, NORTHSIDE));
  if (settings) {
    await syncWeightReminderRule(
      tx,
      NORTHSIDE,
      { message: settings.message, status: settings.status === 1 ? 1 : 0, interval_days: settings.interval_days, message_field_status: settings.message_field_status === 1 ? 1 : 0 },
      NORTHSIDE,
      daysAgo(120),
    );
  }

  // What the welcome rule sent the app patient the day after they signed up, recorded as the run records it.
  const welcome = inserted[0]!;
  const sentAt = new Date(patient!.created_at.getTime() + DAY_MS);
  await tx.insert(automaticMessageSends).values({ rule_id: welcome.id, patient_id: appPatientId, trigger_key: 'signup', created_at: sentAt });
  const messageId = await deliverNow(
    tx,
    {
      programId: NORTHSIDE,
      kind: 'automatic',
      title: welcome.title,
      message: welcome.message,
      // The seed delivers at once, so the sends row must point at the message before its fan-out reads it: named here instead.
      audience: { patient_ids: [appPatientId] },
      channels: ['inbox'],
      createdBy: null,
      automaticRuleId: welcome.id,
      runAt: sentAt,
    },
    sentAt,
  );
  await tx
    .update(automaticMessageSends)
    .set({ message_id: messageId })
    .where(and(eq(automaticMessageSends.rule_id, welcome.id), eq(automaticMessageSends.patient_id, appPatientId)));
}
