import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { asc, eq } from 'drizzle-orm';
import { mobileSupportMailResource } from '@baridesk/contracts';
import type { Db } from '../../../db/client';
import { mobileSupportMails, patients, programs } from '../../../db/schema';
import { renderMail } from '../../platform/mail';
import { createResourceRepository, searchColumns } from '../../platform/resource-kit';

declare module 'fastify' {
  interface FastifyInstance {
    mobileSupportMails: MobileSupportMails;
  }
}

/** The queue that mails one support request from the app to one support address (retried with back-off while the mail server refuses). */
export const SUPPORT_REQUEST_MAIL_JOB = 'admin.support-request-mail';

export interface SupportRequestMailJob {
  /** One request's id, shared by its mails: the jobs' singleton keys, and the number the mail names. */
  requestId: string;
  to: string;
  patientId: number;
  message: string;
  sentAt: string;
}

/** The mail a support address gets: who wrote from which program, and the text as written. */
export function supportRequestMail(sender: { name: string; email: string | null; program: string }, message: string, requestId: string) {
  return renderMail(`[BariDesk app support] ${sender.program}`, {
    greetingName: 'support team',
    intro: [`${sender.name}${sender.email ? ` <${sender.email}>` : ''}, a patient of ${sender.program}, wrote from the app (request ${requestId}):`, message],
    outro: [sender.email ? 'Reply to the patient’s address above.' : 'The patient has no e-mail address on file: reach them through their program.'],
  });
}

/**
 * The addresses the patient app's support requests go to (kept by super admins), and the sending: one job
 * per address, so one refusing server delays only its own mail and a retry never mails the others twice.
 */
export function createMobileSupportMails(db: Db) {
  const kit = createResourceRepository(db, mobileSupportMailResource, { table: mobileSupportMails, search: searchColumns(mobileSupportMails.email) });
  return {
    ...kit,

    /** The active addresses, by address. */
    async activeAddresses(): Promise<string[]> {
      const rows = await db.select({ email: mobileSupportMails.email }).from(mobileSupportMails).where(eq(mobileSupportMails.status, 1)).orderBy(asc(mobileSupportMails.email));
      return rows.map((row) => row.email);
    },

    /** The jobs of one request: one per address. */
    requestJobs(addresses: readonly string[], patientId: number, message: string, now: Date): SupportRequestMailJob[] {
      const requestId = randomUUID();
      return addresses.map((to) => ({ requestId, to, patientId, message, sentAt: now.toISOString() }));
    },

    /** The patient as the mail names them, read when it is sent. */
    async sender(patientId: number) {
      const [row] = await db
        .select({ first: patients.first_name, last: patients.last_name, email: patients.email, program: programs.title })
        .from(patients)
        .innerJoin(programs, eq(programs.id, patients.program_id))
        .where(eq(patients.id, patientId));
      if (!row) return null;
      return { name: `${row.first} ${row.last}`.trim() || 'A patient', email: row.email, program: row.program };
    },
  };
}

export type MobileSupportMails = ReturnType<typeof createMobileSupportMails>;

export default fp(
  async (fastify) => {
    const repository = createMobileSupportMails(fastify.db);
    fastify.decorate('mobileSupportMails', repository);
    fastify.jobs.work<SupportRequestMailJob>(SUPPORT_REQUEST_MAIL_JOB, async ({ requestId, to, patientId, message }) => {
      const sender = await repository.sender(patientId);
      // A patient removed since (patients are kept, so only a database clean-up does that): nobody to name.
      if (!sender) return;
      await fastify.mailer.send({ to, ...supportRequestMail(sender, message, requestId) });
    });
  },
  { name: 'mobile-support-mails', dependencies: ['database', 'jobs', 'mailer'] },
);
