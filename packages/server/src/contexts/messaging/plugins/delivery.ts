/**
 * Delivery of messages to patients (fastify.delivery). A message is stored and its fan-out queued at
 * once; the fan-out job (`messaging.fan-out`) resolves the audience in batches of patients and inserts
 * one delivery per patient and channel with `on conflict do nothing` on (message, patient, channel), the
 * idempotency key: a fan-out run twice, or resumed after its worker was killed, adds nothing twice.
 * Inbox deliveries are delivered by that insert; e-mail and push deliveries are queued and sent in
 * batches by `messaging.send-email` and `messaging.send-push`. See docs/messaging.md.
 */
import fp from 'fastify-plugin';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  DELIVERY_FAILURES,
  type DeliveryChannelName,
  type DeliveryRecipient,
  type DeliveryRecipientsQuery,
  type DeliveryStatusName,
  type DeliverySummary,
  type Page,
  type PatientListFilters,
  type PatientListQuery,
} from '@baridesk/contracts';
import type { Db, Tx } from '../../../db/client';
import { queryRows } from '../../../db/client';
import { messageDeliveries, messages, patients, programs, pushSubscriptions } from '../../../db/schema';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import type { StaffScope } from '../../../lib/scope';
import { listConditions } from '../../patients';
import { type MailContent, type Mailer, renderMail } from '../../platform/mail';
import type { MessageKind } from '../schema';
import type { Jobs } from '../../platform/jobs';
import type { PushSender } from './delivery-push';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: Delivery;
  }
}

/** The patient list's search and filters, as a staff member chose them. */
export type PatientListCriteria = Pick<PatientListQuery, 'search'> & PatientListFilters;

/** The audiences staff choose: patients by id (ids outside the message's program are ignored), or a filter of the patient list. */
export type StaffAudience = { patient_ids: number[] } | { filter: PatientListCriteria };

/** Who a message goes to. */
export type Audience =
  | StaffAudience
  /** The patients of the automatic_message_sends rows that point at the message. */
  | { automatic: true }
  /** An audience another context defines (see registerAudience): its rule's name and the message's parameters. */
  | { registered: RegisteredAudience };

/** A registered audience as a message stores it: ids and names only (the jsonb is not audited). */
export interface RegisteredAudience {
  name: string;
  params: Record<string, unknown>;
}

/**
 * The rule of a registered audience: a condition on `patients` (the program and "active" are added by
 * audienceCondition). It reads its parameters as the message stored them, so it must refuse ones it
 * does not understand (throw): the fan-out then fails and is retried rather than reaching anyone.
 */
export type AudienceRule = (programId: number, params: Record<string, unknown>) => SQL;

/**
 * The registered audience rules by name ('<context>.<what>'). Module-wide on purpose: a fan-out in any
 * process (the gateway, a scheduler service) must read a message's audience alike, and every process
 * loads the same plugins, each registering its rules while the plugins register (before any job runs).
 */
const registeredRules = new Map<string, AudienceRule>();

/** Registers (or replaces, for an app built again in the same process) the rule of a named audience. */
export function registerAudience(name: string, rule: AudienceRule): void {
  registeredRules.set(name, rule);
}

export interface NewMessage {
  programId: number;
  kind: MessageKind;
  title: string;
  message: string;
  channels: DeliveryChannelName[];
  audience: Audience;
  createdBy: number | null;
  messageTemplateId?: number;
  scheduledMessageId?: number;
  runAt?: Date;
  automaticRuleId?: number;
  /**
   * A picture the app shows with the text: an upload key the caller's record already claimed (the message
   * shares the record's file; it does not claim it again). Null or left out: none.
   */
  image?: string | null;
  /** A link the app opens from the message (an http(s) URL the caller validated). */
  link?: string | null;
}

export const JOBS = {
  fanOut: 'messaging.fan-out',
  sendEmail: 'messaging.send-email',
  sendPush: 'messaging.send-push',
  sweep: 'messaging.delivery-sweep',
} as const;

export interface FanOutJob {
  messageId: number;
}
export interface SendBatchJob {
  messageId: number;
  /** The batch: the message's queued deliveries of patients fromPatientId..toPatientId. */
  fromPatientId: number;
  toPatientId: number;
}

/** Patients per fan-out statement: big enough to be fast, small enough that a killed run loses little. */
export const FAN_OUT_BATCH = 2_000;
/** Retries of a fan-out job (a message not yet committed, a database hiccup) before the message is failed. */
export const FAN_OUT_RETRIES = 5;
/** Deliveries per e-mail or push job. */
export const SEND_BATCH = 100;
/** Tries of one e-mail or push delivery before it is failed for good (the job's first run and its retries). */
export const MAX_ATTEMPTS = 5;
/**
 * A fan-out that recorded nothing for this long is resumed by the sweep: its worker died (a batch of
 * FAN_OUT_BATCH patients takes well under a second).
 */
export const STALLED_AFTER_MS = 30_000;

/** Not a staff member: the program a background job works for, all the patient list's filters need. */
const programWide = (programId: number): StaffScope => ({
  accountId: 0,
  sessionId: 0,
  type: 'sub_user',
  programId,
  permissions: [],
  administrativeRights: false,
  selfService: false,
  flags: null,
});

/** A text[] literal of ids, one parameter whatever the count (a list of 50,000 parameters would not do). */
const idArray = (ids: readonly number[]): string => `{${ids.filter((n) => Number.isSafeInteger(n)).join(',')}}`;

/**
 * The condition on `patients` choosing an audience's patients (of the program; active ones only: others
 * cannot sign in). The one rule of who a message reaches: scheduled messages read their audience's zones with it.
 */
export function audienceCondition(programId: number, audience: Audience, messageId: number | null): SQL {
  const base = sql`${patients.program_id} = ${programId} and ${patients.status} = 1`;
  if ('patient_ids' in audience) return sql`${base} and ${patients.id} = any(${idArray(audience.patient_ids)}::int[])`;
  if ('filter' in audience) return sql`${base} and ${and(...listConditions(programWide(programId), audience.filter))}`;
  if ('registered' in audience) {
    const rule = registeredRules.get(audience.registered.name);
    if (!rule) throw new Error(`No audience rule is registered as "${audience.registered.name}".`);
    return sql`${base} and ${rule(programId, audience.registered.params)}`;
  }
  return sql`${base} and exists (select 1 from automatic_message_sends s where s.message_id = ${messageId} and s.patient_id = ${patients.id})`;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The e-mail of a message: its title as the subject, its paragraphs, and where else to read it. */
export function messageMail(input: { title: string; message: string; firstName: string | null; programName: string }): MailContent {
  const paragraphs = input.message
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return renderMail(input.title.replace(/\s+/g, ' ').trim(), {
    greetingName: input.firstName,
    intro: paragraphs,
    outro: [`You can read this message in the ${input.programName} app too.`],
  });
}

/** Stores a message, queued; its fan-out is the caller's to start (createMessage queues it). */
export async function insertMessage(db: Tx, input: NewMessage, at: Date): Promise<number> {
  const [row] = await db
    .insert(messages)
    .values({
      program_id: input.programId,
      kind: input.kind,
      title: input.title,
      message: input.message,
      channels: input.channels.length > 0 ? [...new Set(input.channels)] : ['inbox'],
      audience: input.audience,
      status: 'queued',
      created_by: input.createdBy,
      message_template_id: input.messageTemplateId ?? null,
      scheduled_message_id: input.scheduledMessageId ?? null,
      run_at: input.runAt ?? null,
      automatic_rule_id: input.automaticRuleId ?? null,
      image: input.image ?? null,
      link: input.link ?? null,
      created_at: at,
    })
    .returning({ id: messages.id });
  if (!row) throw new Error('The message was not stored.');
  return row.id;
}

/**
 * Records the deliveries of a message: its audience resolved in batches of patients by id, resuming after
 * the last patient already recorded (a batch is one statement, so a killed run leaves whole patients),
 * each batch's rows inserted with `on conflict do nothing` on (message, patient, channel). Inbox
 * deliveries are delivered by it; e-mail and push ones are queued, or failed with the reason.
 * Returns the message's channels.
 */
export async function recordDeliveries(
  db: Tx,
  message: typeof messages.$inferSelect,
  { now, pushEnabled }: { now: () => Date; pushEnabled: boolean },
): Promise<DeliveryChannelName[]> {
  const messageId = message.id;
  const channels = (message.channels.length > 0 ? message.channels : ['inbox']) as DeliveryChannelName[];
  const audience = message.audience as Audience;
  const condition = audienceCondition(message.program_id, audience, message.id);
  const [resume] = await queryRows<{ last: number | null }>(
    db,
    sql`select max(patient_id) as last from message_deliveries where message_id = ${messageId}`,
  );
  let after = resume?.last ?? 0;
  const channelRows = sql.join(
    channels.map((c) => sql`(${c}::varchar)`),
    sql`, `,
  );
  for (;;) {
    const stamp = now().toISOString();
    const [batch] = await queryRows<{ last: number | null; n: number }>(
      db,
      sql`with recipients as (
            select ${patients.id} as id, ${patients.email} as email from ${patients}
            where ${condition} and ${patients.id} > ${after}
            order by ${patients.id} limit ${FAN_OUT_BATCH}
          ), recorded as (
            insert into message_deliveries (message_id, program_id, patient_id, channel, status, error, queued_at, sent_at, delivered_at, failed_at)
            select ${messageId}, ${message.program_id}, r.id, c.channel, s.status, e.error, ${stamp}::timestamptz,
                   case when s.status = 'delivered' then ${stamp}::timestamptz end,
                   case when s.status = 'delivered' then ${stamp}::timestamptz end,
                   case when s.status = 'failed' then ${stamp}::timestamptz end
            from recipients r cross join (values ${channelRows}) as c(channel)
            cross join lateral (select case
                when c.channel = 'email' and coalesce(btrim(r.email), '') = '' then ${DELIVERY_FAILURES.noEmail}
                when c.channel = 'push' and not ${pushEnabled}::boolean then ${DELIVERY_FAILURES.pushOff}
                when c.channel = 'push' and not exists (select 1 from ${pushSubscriptions} ps where ps.patient_id = r.id)
                  then ${DELIVERY_FAILURES.noPushSubscription}
              end as error) e
            cross join lateral (select case
                when c.channel = 'inbox' then 'delivered'
                when e.error is not null then 'failed'
                else 'queued'
              end as status) s
            on conflict (message_id, patient_id, channel) do nothing
          )
          select max(id)::int as last, count(*)::int as n from recipients`,
    );
    if (!batch || batch.n === 0 || batch.last === null) break;
    after = batch.last;
    if (batch.n < FAN_OUT_BATCH) break;
  }
  return channels;
}

/** The fan-out is over: the message is sent, to this many recipients. */
async function markMessageSent(db: Tx, messageId: number, channels: readonly DeliveryChannelName[], at: Date) {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from message_deliveries where message_id = ${messageId} and channel = ${channels[0] ?? 'inbox'}`,
  );
  await db.update(messages).set({ status: 'sent', recipient_count: count?.n ?? 0, sent_at: at }).where(eq(messages.id, messageId));
}

/**
 * A message stored and fanned out at once, in the caller's transaction: for the demo seed and scripts,
 * which run without the job queue. E-mail and push deliveries stay queued (no job sends them): seed inbox messages.
 */
export async function deliverNow(db: Tx, input: NewMessage, at: Date): Promise<number> {
  const id = await insertMessage(db, input, at);
  const [message] = await db.select().from(messages).where(eq(messages.id, id));
  const channels = await recordDeliveries(db, message!, { now: () => at, pushEnabled: false });
  await markMessageSent(db, id, channels, at);
  return id;
}

/**
 * What a push notification carries: the title, the start of the text, the message's id (the app opens it),
 * and its picture's URL (relative to the gateway, as every upload URL) and link when it has them.
 */
export function pushPayload(
  message: { title: string; message: string; image: string | null; link: string | null },
  messageId: number,
  fileUrl: (key: string) => string,
): string {
  return JSON.stringify({
    title: message.title,
    body: message.message.slice(0, 1000),
    messageId,
    ...(message.image ? { image: fileUrl(message.image) } : {}),
    ...(message.link ? { link: message.link } : {}),
  });
}

export interface DeliveryDeps {
  db: Db;
  now: () => Date;
  queue: Pick<Jobs, 'send'>;
  mailer: Mailer;
  push: PushSender;
  log: FastifyBaseLogger;
  /** An upload key's URL (`fastify.uploads.urlOf`): a message's picture in the push payload. */
  fileUrl: (key: string) => string;
}

export function createDelivery({ db, now, queue, mailer, push, log, fileUrl }: DeliveryDeps) {
  /** Queues the fan-out of a message; a second call while the first is queued or running is a no-op. */
  async function queueFanOut(messageId: number) {
    await queue.send(JOBS.fanOut, { messageId } satisfies FanOutJob, { singletonKey: `fan-out:${messageId}` });
  }

  async function createMessage(input: NewMessage, tx?: Tx): Promise<{ id: number }> {
    const id = await insertMessage(tx ?? db, input, now());
    // Inside a caller's transaction the job could run before the row is committed (and the queue holds
    // its own connection): the sweep queues it within a minute, or the caller calls queueFanOut after
    // its commit. Outside one, it is queued now.
    if (!tx) await queueFanOut(id);
    return { id };
  }

  async function countAudience(scope: Pick<StaffScope, 'programId'>, audience: StaffAudience | { registered: RegisteredAudience }): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${patients} where ${audienceCondition(scope.programId, audience, null)}`,
    );
    return row?.n ?? 0;
  }

  async function summary(messageId: number): Promise<DeliverySummary> {
    const rows = await db
      .select({ channel: messageDeliveries.channel, status: messageDeliveries.status, n: sql<number>`count(*)::int` })
      .from(messageDeliveries)
      .where(eq(messageDeliveries.message_id, messageId))
      .groupBy(messageDeliveries.channel, messageDeliveries.status);
    const result = { inbox: {}, email: {}, push: {} } as DeliverySummary;
    for (const { channel, status, n } of rows) result[channel as DeliveryChannelName][status as DeliveryStatusName] = n;
    return result;
  }

  async function recipients(programId: number, messageId: number, query: DeliveryRecipientsQuery): Promise<Page<DeliveryRecipient>> {
    const { limit, offset } = pageWindow(query.page, query.perPage);
    const search = query.search ? sql`and ${patients.search_text} like lower(${likePattern(query.search)})` : sql``;
    const having = query.status ? sql`having bool_or(d.status = ${query.status})` : sql``;
    const direction = query.direction === 'desc' ? sql`desc` : sql`asc`;
    const rows = await queryRows<{
      patient_id: number;
      name: string;
      email: string | null;
      channels: Record<string, { status: DeliveryStatusName; error: string | null; attempts: number } & Record<string, string | null>>;
      total: number;
    }>(
      db,
      sql`select d.patient_id, ${patients.name} as name, ${patients.email} as email,
            jsonb_object_agg(d.channel, jsonb_build_object('status', d.status, 'error', d.error, 'attempts', d.attempts,
              'queued_at', d.queued_at, 'sent_at', d.sent_at, 'delivered_at', d.delivered_at, 'read_at', d.read_at,
              'failed_at', d.failed_at)) as channels,
            count(*) over ()::int as total
          from message_deliveries d join ${patients} on ${patients.id} = d.patient_id
          where d.message_id = ${messageId} and d.program_id = ${programId} ${search}
          group by d.patient_id, ${patients.name}, ${patients.email}, ${patients.last_name}, ${patients.first_name}
          ${having}
          order by ${patients.last_name} ${direction}, ${patients.first_name} ${direction}, d.patient_id ${direction}
          limit ${limit} offset ${offset}`,
    );
    const total = rows[0]?.total ?? (offset > 0 ? await countRecipients(programId, messageId, query) : 0);
    const data = rows.map(({ patient_id, name, email, channels }) => ({
      patient_id,
      name,
      email,
      channels: Object.fromEntries(
        Object.entries(channels).map(([channel, d]) => [
          channel,
          {
            status: d.status,
            error: d.error,
            attempts: d.attempts,
            queued_at: iso(d.queued_at ?? null) ?? '',
            sent_at: iso(d.sent_at ?? null),
            delivered_at: iso(d.delivered_at ?? null),
            read_at: iso(d.read_at ?? null),
            failed_at: iso(d.failed_at ?? null),
          },
        ]),
      ) as DeliveryRecipient['channels'],
    }));
    return toPage(data, total, query.page, query.perPage);
  }

  /** The total when the page asked for lies past the end (the window function saw no row). */
  async function countRecipients(programId: number, messageId: number, query: DeliveryRecipientsQuery): Promise<number> {
    const search = query.search ? sql`and ${patients.search_text} like lower(${likePattern(query.search)})` : sql``;
    const having = query.status ? sql`having bool_or(d.status = ${query.status})` : sql``;
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select d.patient_id from message_deliveries d join ${patients} on ${patients.id} = d.patient_id
          where d.message_id = ${messageId} and d.program_id = ${programId} ${search} group by d.patient_id ${having}) r`,
    );
    return row?.n ?? 0;
  }

  // -------------------------------------------------------------------------------------------
  // The jobs
  // -------------------------------------------------------------------------------------------

  /**
   * Resolves the audience in batches of patients (by id, resuming after the last patient already
   * recorded) and records every delivery of a batch in one statement, then queues the e-mail and push
   * batches and marks the message sent. Throws while the message is not visible yet (a caller's
   * transaction not committed): the queue retries.
   */
  async function fanOut({ messageId }: FanOutJob): Promise<void> {
    const [message] = await db.select().from(messages).where(eq(messages.id, messageId));
    if (!message) throw new Error(`Message ${messageId} does not exist (yet).`);
    if (message.status === 'sent' || message.status === 'failed') return;
    if (message.status === 'queued') {
      await db.update(messages).set({ status: 'sending' }).where(and(eq(messages.id, messageId), eq(messages.status, 'queued')));
    }
    const channels = await recordDeliveries(db, message, { now, pushEnabled: push.enabled });
    for (const channel of ['email', 'push'] as const) {
      if (channels.includes(channel)) await queueSendBatches(messageId, channel);
    }
    await markMessageSent(db, messageId, channels, now());
  }

  /** One job per SEND_BATCH queued deliveries of the channel, by ranges of patient ids. */
  async function queueSendBatches(messageId: number, channel: 'email' | 'push') {
    const ranges = await queryRows<{ from_id: number; to_id: number }>(
      db,
      sql`select min(patient_id)::int as from_id, max(patient_id)::int as to_id from (
            select patient_id, (row_number() over (order by patient_id) - 1) / ${SEND_BATCH} as batch
            from message_deliveries where message_id = ${messageId} and channel = ${channel} and status = 'queued'
          ) b group by batch order by 1`,
    );
    const name = channel === 'email' ? JOBS.sendEmail : JOBS.sendPush;
    for (const { from_id, to_id } of ranges) {
      const data: SendBatchJob = { messageId, fromPatientId: from_id, toPatientId: to_id };
      await queue.send(name, data, { singletonKey: `${channel}:${messageId}:${from_id}` });
    }
  }

  /** The batch's deliveries still queued, each counted as one more try. */
  async function claimBatch(job: SendBatchJob, channel: 'email' | 'push') {
    return queryRows<{ id: number; patient_id: number; attempts: number; email: string | null; first_name: string | null }>(
      db,
      sql`update message_deliveries d set attempts = d.attempts + 1
          from ${patients}
          where ${patients.id} = d.patient_id and d.message_id = ${job.messageId} and d.channel = ${channel} and d.status = 'queued'
            and d.patient_id between ${job.fromPatientId} and ${job.toPatientId}
          returning d.id, d.patient_id, d.attempts, ${patients.email} as email, ${patients.first_name} as first_name`,
    );
  }

  async function markSent(id: number) {
    const at = now();
    await db.update(messageDeliveries).set({ status: 'sent', sent_at: at, error: null }).where(eq(messageDeliveries.id, id));
  }

  /** A failed try: failed for good after MAX_ATTEMPTS (or when `final`), else left queued for the retry. */
  async function markTryFailed(id: number, attempts: number, reason: string, final = false): Promise<boolean> {
    const done = final || attempts >= MAX_ATTEMPTS;
    await db
      .update(messageDeliveries)
      .set(done ? { status: 'failed', error: reason.slice(0, 500), failed_at: now() } : { error: reason.slice(0, 500) })
      .where(eq(messageDeliveries.id, id));
    return !done;
  }

  async function messageForSending(messageId: number) {
    const [row] = await db
      .select({ title: messages.title, message: messages.message, image: messages.image, link: messages.link, programName: programs.title })
      .from(messages)
      .innerJoin(programs, eq(programs.id, messages.program_id))
      .where(eq(messages.id, messageId));
    return row;
  }

  /** Sends a batch of e-mails through the mailer; a refused one is retried by the job's retry. */
  async function sendEmailBatch(job: SendBatchJob): Promise<void> {
    const message = await messageForSending(job.messageId);
    if (!message) return;
    const batch = await claimBatch(job, 'email');
    let retry = false;
    for (const delivery of batch) {
      if (!delivery.email) {
        await markTryFailed(delivery.id, delivery.attempts, DELIVERY_FAILURES.noEmail, true);
        continue;
      }
      try {
        await mailer.send({ to: delivery.email, ...messageMail({ ...message, firstName: delivery.first_name }) }, log);
        await markSent(delivery.id);
      } catch (error) {
        retry = (await markTryFailed(delivery.id, delivery.attempts, error instanceof Error ? error.message : String(error))) || retry;
      }
    }
    if (retry) throw new Error(`Some e-mails of message ${job.messageId} could not be sent; they are tried again.`);
  }

  /**
   * Sends a batch of push notifications to every device of each patient: sent when one device took it;
   * a subscription the push service no longer knows (404/410) is removed.
   */
  async function sendPushBatch(job: SendBatchJob): Promise<void> {
    const message = await messageForSending(job.messageId);
    if (!message) return;
    const batch = await claimBatch(job, 'push');
    let retry = false;
    const payload = pushPayload(message, job.messageId, fileUrl);
    for (const delivery of batch) {
      if (!push.enabled) {
        await markTryFailed(delivery.id, delivery.attempts, DELIVERY_FAILURES.pushOff, true);
        continue;
      }
      const devices = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.patient_id, delivery.patient_id));
      let sent = false;
      let reason: string = devices.length === 0 ? DELIVERY_FAILURES.noPushSubscription : DELIVERY_FAILURES.subscriptionGone;
      let gone = 0;
      for (const device of devices) {
        const outcome = await push.send(device, payload);
        if (outcome.ok) {
          sent = true;
          await db.update(pushSubscriptions).set({ last_success_at: now(), failed_at: null }).where(eq(pushSubscriptions.id, device.id));
        } else if (outcome.gone) {
          gone += 1;
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
        } else {
          reason = outcome.reason;
          await db.update(pushSubscriptions).set({ failed_at: now() }).where(eq(pushSubscriptions.id, device.id));
        }
      }
      if (sent) await markSent(delivery.id);
      else if (gone === devices.length) await markTryFailed(delivery.id, delivery.attempts, reason, true);
      else retry = (await markTryFailed(delivery.id, delivery.attempts, reason)) || retry;
    }
    if (retry) throw new Error(`Some push notifications of message ${job.messageId} could not be sent; they are tried again.`);
  }

  /** A fan-out that failed its last try: the message is failed (what was recorded stays). */
  async function failMessage(messageId: number) {
    await db.update(messages).set({ status: 'failed' }).where(and(eq(messages.id, messageId), sql`${messages.status} in ('queued', 'sending')`));
  }

  /**
   * Queues the fan-out of messages nobody is fanning out: created inside a caller's transaction, or
   * whose worker died mid-run (nothing recorded for STALLED_AFTER_MS). Idempotent, so a fan-out queued
   * twice costs a little time, never a second delivery.
   */
  async function sweep(): Promise<number> {
    const stalledBefore = new Date(now().getTime() - STALLED_AFTER_MS);
    const rows = await queryRows<{ id: number }>(
      db,
      sql`select m.id::int as id from ${messages} m
          where (m.status = 'queued' and m.created_at < ${new Date(now().getTime() - 5_000)})
             or (m.status = 'sending' and coalesce(
                  (select max(d.queued_at) from message_deliveries d where d.message_id = m.id), m.created_at) < ${stalledBefore})`,
    );
    for (const { id } of rows) {
      // A fresh key: the dead worker's job may still count as active until the queue expires it.
      await queue.send(JOBS.fanOut, { messageId: id } satisfies FanOutJob, { singletonKey: `fan-out:${id}:${now().getTime()}` });
    }
    return rows.length;
  }

  return {
    createMessage,
    queueFanOut,
    countAudience,
    registerAudience,
    summary,
    recipients,
    jobs: { fanOut, failMessage, sendEmailBatch, sendPushBatch, sweep },
  };
}

export type DeliveryService = ReturnType<typeof createDelivery>;
/** What other contexts use: create a message, count an audience, read a message's deliveries. */
export type Delivery = Omit<DeliveryService, 'jobs'>;

/** The plugin: the service, and its jobs on the queue. */
async function deliveryPlugin(fastify: FastifyInstance) {
  const { jobs: queue } = fastify;
  const service = createDelivery({
    db: fastify.db,
    now: () => fastify.clock.now(),
    queue,
    mailer: fastify.mailer,
    push: fastify.webPush,
    log: fastify.log,
    fileUrl: (key) => fastify.uploads.urlOf(key),
  });
  const { jobs, ...delivery } = service;
  fastify.decorate('delivery', delivery satisfies Delivery);
  fastify.decorate('deliveryJobs', jobs);

  // A fan-out of 50,000 patients takes seconds; one whose worker died is resumed by the sweep long before
  // this expiry, which only frees the queue's own record of it.
  queue.work<FanOutJob>(
    JOBS.fanOut,
    async (data, job) => {
      try {
        await jobs.fanOut(data);
      } catch (error) {
        // The last try failed: the message is failed (visible on the show screens), and the sweep leaves it.
        if (job.retryCount >= FAN_OUT_RETRIES) await jobs.failMessage(data.messageId);
        throw error;
      }
    },
    { expireInSeconds: 15 * 60, retryLimit: FAN_OUT_RETRIES },
  );
  queue.work<SendBatchJob>(JOBS.sendEmail, (data) => jobs.sendEmailBatch(data), { retryLimit: MAX_ATTEMPTS - 1, concurrency: 2 });
  queue.work<SendBatchJob>(JOBS.sendPush, (data) => jobs.sendPushBatch(data), { retryLimit: MAX_ATTEMPTS - 1, concurrency: 2 });
  queue.work(JOBS.sweep, async () => {
    await jobs.sweep();
  });
  fastify.addHook('onReady', async () => {
    if (!queue.workersOn) return;
    await queue.schedule(JOBS.sweep, '* * * * *', {});
    // A worker starting after a crash resumes what the dead one left at once, not at the next minute.
    await jobs.sweep();
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivery jobs' handlers (wired to the queue; tests and the benchmark call them too). */
    deliveryJobs: DeliveryService['jobs'];
  }
}

export default fp(deliveryPlugin, { name: 'delivery', dependencies: ['database', 'mailer', 'web-push', 'jobs', 'uploads'] });
