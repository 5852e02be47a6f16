import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { checkDynamicMetadata, dynamicNotificationResource } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/client';
import { dynamicNotifications } from '../../../db/schema';
import { createResourceRepository } from '../../platform/resource-kit';
import { imagesOfSentMessages } from '../daily-program-run';

declare module 'fastify' {
  interface FastifyInstance {
    dynamicNotifications: DynamicNotificationsRepository;
  }
}

type Row = Record<string, unknown>;

const sentCount = sql<number>`(select count(*)::int from dynamic_notification_sends s where s.notification_id = dynamic_notifications.id)`.mapWith(Number);

/**
 * Dynamic notifications on the resource kit (global: the daily run checks them for every program). The
 * metadata is checked by the rule chosen (422 on `metadata.<key>`) and stored clean: only the rule's own
 * keys, numbers as numbers. A notification that has sent cannot be deleted (its sends are what keeps a
 * trigger from being sent twice, and its image is the picture of the messages it sent): 409, switch it off.
 * Its messages share its image file, so an image replaced after it sent is kept for them
 * (`filesShownElsewhere`; the kit removes a replaced file otherwise).
 */
export function createDynamicNotificationsRepository(db: Db, fileUrl: (key: string) => string) {
  return createResourceRepository(db, dynamicNotificationResource, {
    table: dynamicNotifications,
    computed: { sent_count: sentCount },
    fileUrl,
    insertValues: (scope) => ({ user_id: scope.accountId }),
    checks: async (_tx, _scope, values) => {
      const checked = checkDynamicMetadata(String(values.rule_type), values.metadata);
      return 'errors' in checked ? checked.errors : null;
    },
    // Runs after the checks passed, so the metadata is the rule's.
    derive: (values: Row) => {
      const checked = checkDynamicMetadata(String(values.rule_type), values.metadata);
      return 'metadata' in checked ? { metadata: checked.metadata } : {};
    },
    inUse: async (tx, _scope, id) => {
      const [row] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from dynamic_notification_sends where notification_id = ${id}`);
      return row?.n ?? 0;
    },
    // The pictures of the messages it sent.
    filesShownElsewhere: (tx, id) => imagesOfSentMessages(tx, sql`select s.message_id from dynamic_notification_sends s where s.notification_id = ${id}`),
  });
}

export type DynamicNotificationsRepository = ReturnType<typeof createDynamicNotificationsRepository>;

export default fp(
  async (fastify) => {
    fastify.decorate('dynamicNotifications', createDynamicNotificationsRepository(fastify.db, (key) => fastify.uploads.urlOf(key)));
  },
  { name: 'dynamic-notifications-repository', dependencies: ['database', 'uploads'] },
);
