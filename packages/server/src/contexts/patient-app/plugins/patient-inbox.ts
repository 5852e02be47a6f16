/**
 * What a signed-in patient reaches in the app: the sign-in lookup, their inbox (their own inbox
 * deliveries: a message they were not sent does not exist for them), read marks, replies into
 * message_replies, and their Web Push subscriptions. Every query is bound to the patient's id.
 */
import fp from 'fastify-plugin';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppMessage, AppMessagesQuery, Page, PushSubscriptionBody } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/client';
import { messageDeliveries, messageReplies, patients, programs, pushSubscriptions } from '../../../db/schema';
import { pageWindow, toPage } from '../../../lib/paging';

declare module 'fastify' {
  interface FastifyInstance {
    patientInbox: PatientInboxRepository;
  }
}

/** `fileUrl` gives a message picture's URL from its upload key (`fastify.uploads.urlOf`). */
export function createPatientInboxRepository(db: Db, fileUrl: (key: string) => string) {
  /** The patient's inbox delivery of a message, or undefined when they were not sent it. */
  async function inboxDelivery(patientId: number, messageId: number) {
    const [row] = await db
      .select({ id: messageDeliveries.id, readAt: messageDeliveries.read_at })
      .from(messageDeliveries)
      .where(
        and(
          eq(messageDeliveries.patient_id, patientId),
          eq(messageDeliveries.channel, 'inbox'),
          eq(messageDeliveries.message_id, messageId),
          inArray(messageDeliveries.status, ['delivered', 'read']),
        ),
      );
    return row;
  }

  return {
    /**
     * The patients who may sign in with this e-mail address (one per program at most: addresses are unique
     * within a program only) and have set a password.
     */
    candidatesForLogin(email: string) {
      return db
        .select({
          id: patients.id,
          programId: patients.program_id,
          programTitle: programs.title,
          passwordHash: patients.password_hash,
          status: patients.status,
          programStatus: programs.status,
        })
        .from(patients)
        .innerJoin(programs, eq(programs.id, patients.program_id))
        .where(and(sql`lower(${patients.email}) = ${email.toLowerCase()}`, isNotNull(patients.password_hash)))
        .orderBy(patients.id);
    },

    /** The inbox, newest message first, with each one's read state. */
    async messages(patientId: number, query: AppMessagesQuery): Promise<Page<AppMessage>> {
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const rows = await queryRows<{
        id: number;
        title: string;
        message: string;
        kind: string;
        image: string | null;
        link: string | null;
        delivered_at: Date | string;
        read_at: Date | string | null;
        total: number;
      }>(
        db,
        sql`select m.id::int as id, m.title, m.message, m.kind, m.image, m.link, d.delivered_at, d.read_at, count(*) over ()::int as total
            from message_deliveries d join messages m on m.id = d.message_id
            where d.patient_id = ${patientId} and d.channel = 'inbox' and d.status in ('delivered', 'read')
            order by d.message_id desc
            limit ${limit} offset ${offset}`,
      );
      const total =
        rows[0]?.total ??
        (offset > 0
          ? ((
              await queryRows<{ n: number }>(
                db,
                sql`select count(*)::int as n from message_deliveries
                    where patient_id = ${patientId} and channel = 'inbox' and status in ('delivered', 'read')`,
              )
            )[0]?.n ?? 0)
          : 0);
      const data = rows.map((r) => ({
        id: r.id,
        title: r.title,
        message: r.message,
        kind: r.kind,
        image: r.image ? fileUrl(r.image) : null,
        link: r.link,
        delivered_at: new Date(r.delivered_at).toISOString(),
        read: r.read_at !== null,
        read_at: r.read_at === null ? null : new Date(r.read_at).toISOString(),
      }));
      return toPage(data, total, query.page, query.perPage);
    },

    /** Marks the message read (the first time counts); false when the patient was not sent it. */
    async markRead(patientId: number, messageId: number, now: Date): Promise<boolean> {
      const delivery = await inboxDelivery(patientId, messageId);
      if (!delivery) return false;
      if (delivery.readAt === null) {
        await db.update(messageDeliveries).set({ status: 'read', read_at: now }).where(eq(messageDeliveries.id, delivery.id));
      }
      return true;
    },

    /** Stores a reply to a message the patient was sent; undefined when they were not sent it. */
    async reply(patient: { patientId: number; programId: number }, messageId: number, body: string, now: Date) {
      if (!(await inboxDelivery(patient.patientId, messageId))) return undefined;
      const [row] = await db
        .insert(messageReplies)
        .values({ program_id: patient.programId, patient_id: patient.patientId, message_id: messageId, body, created_at: now })
        .returning({ id: messageReplies.id });
      return row;
    },

    /**
     * Registers a device. An endpoint is one browser: registered again by whoever signs in on it, it
     * moves to them (the previous patient no longer gets pushes on a device they left).
     */
    async subscribe(patientId: number, body: PushSubscriptionBody, userAgent: string | undefined, now: Date) {
      const values = {
        patient_id: patientId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        user_agent: userAgent?.slice(0, 500) ?? null,
      };
      const [before] = await db
        .select({ patientId: pushSubscriptions.patient_id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, body.endpoint));
      await db
        .insert(pushSubscriptions)
        .values({ ...values, created_at: now })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, failed_at: null } });
      return { movedFrom: before && before.patientId !== patientId ? before.patientId : null };
    },

    /** Forgets one of the patient's devices; false when they have no such subscription. */
    async unsubscribe(patientId: number, endpoint: string): Promise<boolean> {
      const removed = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.patient_id, patientId), eq(pushSubscriptions.endpoint, endpoint)))
        .returning({ id: pushSubscriptions.id });
      return removed.length > 0;
    },

  };
}

export type PatientInboxRepository = ReturnType<typeof createPatientInboxRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('patientInbox', createPatientInboxRepository(fastify.db, (key) => fastify.uploads.urlOf(key)));
  },
  { name: 'patient-inbox', dependencies: ['database', 'uploads'] },
);
