import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import { SUPPORT_TYPES, type SupportMessageBody, type SupportTypeSlug } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { queryRows } from '../../../db/client';
import { supportMessages } from '../../../db/schema';
import type { StaffScope } from '../../../lib/scope';
import { renderMail } from '../../platform/mail';

declare module 'fastify' {
  interface FastifyInstance {
    supportMessages: SupportMessages;
  }
}

/** The queue that mails a stored support message (pg-boss retries it with back-off when the mail server fails). */
export const SUPPORT_MAIL_JOB = 'messaging.support-mail';

interface Sender {
  program: string;
  name: string;
  email: string;
}

/** The e-mail the support address gets: who wrote, from which program, the type, and the text as written. */
export function supportMail(type: SupportTypeSlug, sender: Sender, message: string, id: number) {
  return renderMail(`[BariDesk ${SUPPORT_TYPES[type].title}] ${sender.program}`, {
    greetingName: 'support team',
    intro: [
      `${sender.name} <${sender.email}> of ${sender.program} sent a ${SUPPORT_TYPES[type].title} message (no. ${id}):`,
      message,
    ],
    outro: ['Reply to the sender’s address above.'],
  });
}

/**
 * Support messages from the help group: stored for the program, then mailed to the support address by a
 * job, so a mail server that is down delays the mail instead of losing the message or failing the request.
 */
export function createSupportMessages(db: Db) {
  return {
    async store(scope: StaffScope, body: SupportMessageBody, now: Date) {
      const [row] = await db
        .insert(supportMessages)
        .values({ program_id: scope.programId, account_id: scope.accountId, type: body.type, message: body.message, created_at: now })
        .returning();
      return row!;
    },

    /** The stored message and its sender, or null when it is gone or already mailed. */
    async toMail(id: number) {
      const [row] = await queryRows<{ id: number; type: SupportTypeSlug; message: string; program: string; name: string | null; email: string | null }>(
        db,
        sql`select s.id, s.type, s.message, pr.title as program, pu.name, a.email
            from support_messages s join programs pr on pr.id = s.program_id
            left join accounts a on a.id = s.account_id left join program_users pu on pu.id = s.account_id
            where s.id = ${id} and s.mailed_at is null`,
      );
      return row ?? null;
    },

    async markMailed(id: number, now: Date) {
      await db.update(supportMessages).set({ mailed_at: now }).where(eq(supportMessages.id, id));
    },
  };
}

export type SupportMessages = ReturnType<typeof createSupportMessages>;

export default fp(
  async (fastify) => {
    const repository = createSupportMessages(fastify.db);
    fastify.decorate('supportMessages', repository);
    fastify.jobs.work<{ id: number }>(SUPPORT_MAIL_JOB, async ({ id }) => {
      const row = await repository.toMail(id);
      if (!row) return;
      const sender = { program: row.program, name: row.name ?? row.email ?? 'A program user', email: row.email ?? 'unknown address' };
      // The address super admins set (/admin/support-email), read now so a change applies to mails still waiting; else SUPPORT_EMAIL.
      const { email: to } = await fastify.appSettings.supportEmail();
      await fastify.mailer.send({ to, ...supportMail(row.type, sender, row.message, row.id) });
      await repository.markMailed(id, fastify.clock.now());
    });
  },
  { name: 'support-messages', dependencies: ['database', 'jobs', 'mailer', 'app-settings'] },
);
