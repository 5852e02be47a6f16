import fp from 'fastify-plugin';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { OnDemandMessageBody, OnDemandMessageListQuery, Page, SentMessage, SentMessageDetail } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { messages } from '../../../db/schema';
import { likePattern, pageWindow, toPage } from '../../../lib/paging';
import type { StaffScope } from '../../../lib/scope';
import { SENT_MESSAGE_COLUMNS, audienceOf, checkAudience, toSentMessage } from '../staff-messages';
import type { Delivery } from './delivery';

declare module 'fastify' {
  interface FastifyInstance {
    onDemandMessages: OnDemandMessages;
  }
}

const SORT_COLUMNS = {
  title: [messages.title],
  created_at: [messages.created_at],
  sent_at: [messages.sent_at],
  recipient_count: [messages.recipient_count],
} as const;

/**
 * A program's on-demand messages: written by staff and sent at once to chosen patients or to a filter
 * of the patient list. Storing and sending is the delivery service's (fastify.delivery); this lists,
 * shows and checks them, always within the caller's program.
 */
export function createOnDemandMessages(db: Db, delivery: () => Delivery) {
  const own = (programId: number, id: number): SQL =>
    and(eq(messages.program_id, programId), eq(messages.kind, 'on_demand'), eq(messages.id, id)) as SQL;

  return {
    async list(scope: StaffScope, query: OnDemandMessageListQuery): Promise<Page<SentMessage>> {
      const conditions: SQL[] = [eq(messages.program_id, scope.programId), eq(messages.kind, 'on_demand')];
      if (query.search) {
        const pattern = likePattern(query.search);
        conditions.push(or(ilike(messages.title, pattern), ilike(messages.message, pattern)) as SQL);
      }
      const order = query.direction === 'desc' ? desc : asc;
      // Not yet sent sorts as newest (nulls last ascending is PostgreSQL's default), then by id.
      const { limit, offset } = pageWindow(query.page, query.perPage);
      const where = and(...conditions);
      const [rows, [count]] = await Promise.all([
        db
          .select(SENT_MESSAGE_COLUMNS)
          .from(messages)
          .where(where)
          .orderBy(...[...SORT_COLUMNS[query.sort], messages.id].map((column) => order(column)))
          .limit(limit)
          .offset(offset),
        db.select({ n: sql<number>`count(*)::int` }).from(messages).where(where),
      ]);
      return toPage(rows.map(toSentMessage), count?.n ?? 0, query.page, query.perPage);
    },

    /** One of the program's on-demand messages with its per-channel summary, or null. */
    async get(scope: StaffScope, id: number): Promise<SentMessageDetail | null> {
      const [row] = await db.select(SENT_MESSAGE_COLUMNS).from(messages).where(own(scope.programId, id));
      if (!row) return null;
      return { ...toSentMessage(row), summary: await delivery().summary(id) };
    },

    /** Whether the message is one of the program's on-demand messages (before its recipients are read). */
    async exists(scope: StaffScope, id: number): Promise<boolean> {
      const [row] = await db.select({ id: messages.id }).from(messages).where(own(scope.programId, id));
      return row !== undefined;
    },

    /** Stores the message and queues its sending (the delivery service's fan-out); answers at once. */
    async create(scope: StaffScope, body: OnDemandMessageBody): Promise<SentMessage> {
      await checkAudience(db, scope.programId, body);
      const { id } = await delivery().createMessage({
        programId: scope.programId,
        kind: 'on_demand',
        title: body.title,
        message: body.message,
        channels: body.channels,
        audience: audienceOf(body),
        createdBy: scope.accountId,
        ...(body.message_template_id != null ? { messageTemplateId: body.message_template_id } : {}),
      });
      const [row] = await db.select(SENT_MESSAGE_COLUMNS).from(messages).where(own(scope.programId, id));
      return toSentMessage(row!);
    },
  };
}

export type OnDemandMessages = ReturnType<typeof createOnDemandMessages>;

export default fp(
  async (fastify: FastifyInstance) => {
    fastify.decorate('onDemandMessages', createOnDemandMessages(fastify.db, () => fastify.delivery));
  },
  { name: 'on-demand-messages', dependencies: ['database', 'delivery'] },
);
