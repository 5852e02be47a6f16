/**
 * The messaging context's tables: message templates, the weight reminder's settings, and the messages
 * staff send to patients (on demand, scheduled, automatic) with one delivery record per recipient and
 * channel, the support messages program users send to the product team, and patients' replies.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DeliveryChannelName } from '@baridesk/contracts';
import { accounts, ownedByProgram, programs } from '../identity/schema';
import { patients } from '../patients/schema';
import { createdUpdated, ts } from '../../db/columns';

/**
 * A program's message templates: a title and the text sent to the patient app, picked when writing an
 * on-demand or scheduled message. A title is unique within its program whatever its case.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    title: varchar('title', { length: 254 }).notNull(),
    message: text('message').notNull(),
    status: smallint('status').notNull().default(1),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [
    index('message_templates_program_title_idx').on(t.program_id, t.title),
    uniqueIndex('message_templates_program_title_key').on(t.program_id, sql`lower(${t.title})`),
  ],
);

/**
 * A program's weight reminder (the /weight-reminder-message screen): the text the patient app sends
 * when no weight has been logged for `interval_days`, whether the reminder is on (`status`), and
 * whether the program's own text is used (`message_field_status` 1) or the app's default (0).
 */
export const weightReminderSettings = pgTable(
  'weight_reminder_settings',
  {
    id: serial('id').primaryKey(),
    program_id: integer('program_id')
      .notNull()
      .unique()
      .references(() => programs.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    status: smallint('status').notNull().default(1),
    interval_days: integer('interval_days').notNull().default(7),
    message_field_status: smallint('message_field_status').notNull().default(1),
    updated_by: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [check('weight_reminder_settings_interval_check', sql`${t.interval_days} between 1 and 365`)],
);

/**
 * Where a message came from. `system`: sent by the product itself (e.g. an event reminder); `dynamic`, `trophy`, `group`: a super admin's dynamic notification, a trophy earned, a message to a patient group. The other
 * names these tables hold (channels, delivery and scheduled statuses, automatic triggers, support types)
 * are the API's, defined once in @baridesk/contracts; the tables' check constraints repeat them in SQL.
 */
export const MESSAGE_KINDS = ['on_demand', 'scheduled', 'automatic', 'system', 'dynamic', 'trophy', 'group'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

const channelsColumn = () =>
  varchar('channels', { length: 8 })
    .array()
    .$type<DeliveryChannelName[]>()
    .notNull()
    .default(sql`'{inbox}'::varchar[]`);

/**
 * A program's scheduled message: the audience and content of an on-demand message, first sent at
 * `send_at` (the local date-time `local_send_at` in `timezone`, or in each patient's own zone when
 * `patient_timezone` is 1), again by `rrule` (RFC 5545) when it recurs. `next_run_at` is the next
 * instant a run is due (null once cancelled or completed); each run is a row of `messages`.
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    title: varchar('title', { length: 254 }).notNull(),
    message: text('message').notNull(),
    channels: channelsColumn(),
    audience: jsonb('audience').notNull(),
    send_at: ts('send_at').notNull(),
    local_send_at: varchar('local_send_at', { length: 16 }).notNull(),
    timezone: varchar('timezone', { length: 64 }).notNull(),
    patient_timezone: smallint('patient_timezone').notNull().default(0),
    rrule: text('rrule'),
    message_template_id: integer('message_template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 12 }).notNull().default('active'),
    next_run_at: ts('next_run_at'),
    last_run_at: ts('last_run_at'),
    runs_count: integer('runs_count').notNull().default(0),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [
    index('scheduled_messages_program_idx').on(t.program_id, t.created_at, t.id),
    index('scheduled_messages_due_idx').on(t.next_run_at).where(sql`${t.status} = 'active'`),
    check('scheduled_messages_status_check', sql`${t.status} in ('active', 'paused', 'cancelled', 'completed')`),
  ],
);

/**
 * A program's automatic message rule: when `trigger` holds for a patient (`days` after signup, before or
 * after the surgery date, in `stage`; no weight for `days`; `checklist_item_id` due), the message is
 * sent once for that trigger. `status` is the rule's on/off switch (the spec's message field status).
 */
export const automaticMessageRules = pgTable(
  'automatic_message_rules',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    trigger: varchar('trigger', { length: 32 }).notNull(),
    days: integer('days').notNull().default(0),
    stage: varchar('stage', { length: 64 }),
    checklist_item_id: integer('checklist_item_id'),
    title: varchar('title', { length: 254 }).notNull(),
    message: text('message').notNull(),
    channels: channelsColumn(),
    status: smallint('status').notNull().default(1),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...createdUpdated,
  },
  (t) => [
    index('automatic_message_rules_program_idx').on(t.program_id, t.trigger),
    check('automatic_message_rules_days_check', sql`${t.days} between 0 and 3650`),
  ],
);

/**
 * Every message sent to patients, whatever its origin: its content, channels and audience as asked
 * (`{patient_ids}`, `{filter}` of the patient list, or `{automatic: true}`: the patients of
 * automatic_message_sends pointing at it). A scheduled message's run is unique per run time.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    kind: varchar('kind', { length: 12 }).notNull(),
    title: varchar('title', { length: 254 }).notNull(),
    message: text('message').notNull(),
    /** A picture and a link the app shows with the text (a dynamic notification's, a trophy's); null for staff messages. */
    image: varchar('image', { length: 512 }),
    link: varchar('link', { length: 2048 }),
    channels: channelsColumn(),
    audience: jsonb('audience').notNull(),
    recipient_count: integer('recipient_count'),
    status: varchar('status', { length: 12 }).notNull().default('queued'),
    message_template_id: integer('message_template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    scheduled_message_id: integer('scheduled_message_id').references(() => scheduledMessages.id, { onDelete: 'set null' }),
    run_at: ts('run_at'),
    automatic_rule_id: integer('automatic_rule_id').references(() => automaticMessageRules.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
    sent_at: ts('sent_at'),
  },
  (t) => [
    index('messages_program_kind_idx').on(t.program_id, t.kind, t.created_at, t.id),
    uniqueIndex('messages_scheduled_run_key').on(t.scheduled_message_id, t.run_at).where(sql`${t.scheduled_message_id} is not null`),
    check('messages_kind_check', sql`${t.kind} in ('on_demand', 'scheduled', 'automatic', 'system', 'dynamic', 'trophy', 'group')`),
    check('messages_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
  ],
);

/**
 * One recipient of one message on one channel. The unique key (message, patient, channel) is the
 * idempotency key: a fan-out run twice, or resumed after its worker died, never adds a second one.
 */
export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    message_id: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    program_id: integer('program_id').notNull(),
    patient_id: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 8 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    error: text('error'),
    queued_at: ts('queued_at').notNull().defaultNow(),
    sent_at: ts('sent_at'),
    delivered_at: ts('delivered_at'),
    read_at: ts('read_at'),
    failed_at: ts('failed_at'),
  },
  (t) => [
    uniqueIndex('message_deliveries_key').on(t.message_id, t.patient_id, t.channel),
    index('message_deliveries_inbox_idx').on(t.patient_id, t.channel, t.message_id),
    index('message_deliveries_message_status_idx').on(t.message_id, t.channel, t.status),
    index('message_deliveries_failed_idx').on(t.program_id, t.failed_at).where(sql`${t.status} = 'failed'`),
    check('message_deliveries_channel_check', sql`${t.channel} in ('inbox', 'email', 'push')`),
    check('message_deliveries_status_check', sql`${t.status} in ('queued', 'sent', 'delivered', 'read', 'failed')`),
  ],
);

/**
 * What an automatic rule already sent: one row per rule, patient and trigger occurrence (`trigger_key`,
 * e.g. the surgery date or the stage entry the rule counted from), so a trigger is never sent twice.
 */
export const automaticMessageSends = pgTable(
  'automatic_message_sends',
  {
    rule_id: integer('rule_id')
      .notNull()
      .references(() => automaticMessageRules.id, { onDelete: 'cascade' }),
    patient_id: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    trigger_key: varchar('trigger_key', { length: 64 }).notNull(),
    message_id: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.rule_id, t.patient_id, t.trigger_key] }), index('automatic_message_sends_message_idx').on(t.message_id)],
);

/** A patient's reply from the app to a message (or a new question when message_id is null). Staff see
 * unhandled ones on the alerts screen. */
export const messageReplies = pgTable(
  'message_replies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    program_id: ownedByProgram(),
    patient_id: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'cascade' }),
    message_id: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    handled_at: ts('handled_at'),
    handled_by: integer('handled_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [index('message_replies_program_idx').on(t.program_id, t.handled_at, t.created_at)],
);

/** A support message a program user sent from the help group to the product team, and when it was mailed. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    program_id: ownedByProgram(),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    type: varchar('type', { length: 32 }).notNull(),
    message: text('message').notNull(),
    mailed_at: ts('mailed_at'),
    created_at: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('support_messages_program_idx').on(t.program_id, t.created_at)],
);
